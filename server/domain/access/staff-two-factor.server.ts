/**
 * Who must have two-factor sign-in once staff exist: the owner (the account
 * that opens everything), managers, and everyone when the owner says so. Such
 * a person cannot turn theirs off (the two-factor API answers with the words
 * here), and one who has none may use only their own sign-in screen until
 * they set it up (requireAdmin). With no staff the owner's stays optional.
 */
import { type StaffRole, twoFactorRequired } from "../../../app/lib/staff-access.ts";
import type { DB } from "../../db/client.server.ts";
import { hasStaff, twoFactorRequiredForEveryone } from "./staff.server.ts";
import { getTwoFactor, OWNER_TWO_FACTOR, staffTwoFactor } from "./two-factor.server.ts";

type Person = { staffId: string | null; role: StaffRole };

export const SET_UP_TWO_FACTOR =
  "Your role needs two-factor sign-in. Set it up under Your sign-in (/admin/account); until then only that screen works.";

/**
 * Whether a person must set two-factor up before anything but their own
 * sign-in screen: a member whose role needs it and who has none (the owner
 * reset a lost one, or required it after they joined), or the owner with
 * none once staff exist (the recovery command turned it off).
 */
export async function needsTwoFactorFirst(db: DB, holder: Person): Promise<boolean> {
  if (holder.staffId === null) return (await hasStaff(db)) && !(await getTwoFactor(db, OWNER_TWO_FACTOR));
  if (!twoFactorRequired(holder.role, await twoFactorRequiredForEveryone(db))) return false;
  return !(await getTwoFactor(db, staffTwoFactor(holder.staffId)));
}

/** Why turning one's own two-factor off is refused, and the way out for a lost authenticator. */
const TWO_FACTOR_KEPT = {
  owner:
    "Two-factor sign-in is required for the Owner once staff exist, so it cannot be turned off. If you lost your authenticator and recovery codes, run `npm run admin:two-factor-off` on the server.",
  role: "Two-factor sign-in is required for your role, so it cannot be turned off. If you lost your authenticator, ask the owner to reset it from the staff screen.",
  everyone:
    "The owner requires two-factor sign-in for everyone, so it cannot be turned off. If you lost your authenticator, ask the owner to reset it from the staff screen.",
};

/**
 * Why a person may not turn their own two-factor off (the refusal's text), or
 * null when they may: the owner once anyone was invited (the owner's account
 * opens everything), a role that needs it (twoFactorRequired), everyone when
 * the owner requires it. With no staff the owner's two-factor stays optional.
 */
export async function twoFactorLock(db: DB, holder: Person): Promise<string | null> {
  if (holder.staffId === null) return (await hasStaff(db)) ? TWO_FACTOR_KEPT.owner : null;
  if (twoFactorRequired(holder.role, false)) return TWO_FACTOR_KEPT.role;
  return (await twoFactorRequiredForEveryone(db)) ? TWO_FACTOR_KEPT.everyone : null;
}
