/**
 * Who must keep their own two-factor sign-in once they have it: the rule the
 * two-factor API refuses "turn it off" by, and the words it answers with.
 */
import { type StaffRole, twoFactorRequired } from "../../../app/lib/staff-access.ts";
import type { DB } from "../../db/client.server.ts";
import { hasStaff, twoFactorRequiredForEveryone } from "./staff.server.ts";

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
export async function twoFactorLock(
  db: DB,
  holder: { staffId: string | null; role: StaffRole },
): Promise<string | null> {
  if (holder.staffId === null) return (await hasStaff(db)) ? TWO_FACTOR_KEPT.owner : null;
  if (twoFactorRequired(holder.role, false)) return TWO_FACTOR_KEPT.role;
  return (await twoFactorRequiredForEveryone(db)) ? TWO_FACTOR_KEPT.everyone : null;
}
