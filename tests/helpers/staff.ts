/**
 * Staff members for tests: a member of a role, signed in (their row inserted
 * active, their session opened as a sign-in would), without the invitation.
 */
import { randomBytes } from "node:crypto";
import type { InvitableRole } from "../../app/lib/staff-access.ts";
import type { DB } from "../../server/db/client.server.ts";
import { staffMembers } from "../../server/db/schema.ts";
import { hashAdminPassword } from "../../server/domain/access/admin-password.server.ts";
import { createSession } from "../../server/domain/access/auth.server.ts";
import {
  getTwoFactor,
  OWNER_TWO_FACTOR,
  staffTwoFactor,
  type TwoFactorSlot,
} from "../../server/domain/access/two-factor.server.ts";
import { setSetting } from "../../server/domain/content/settings.server.ts";

export const STAFF_PASSWORD = "staff-member-password-1";

export async function insertMember(
  db: DB,
  role: InvitableRole,
  options: { email?: string; password?: string } = {},
): Promise<{ id: string; email: string }> {
  const email = options.email ?? `${role}-${randomBytes(4).toString("hex")}@example.com`;
  const [row] = await db
    .insert(staffMembers)
    .values({
      email,
      name: `Test ${role}`,
      role,
      status: "active",
      passwordHash: await hashAdminPassword(options.password ?? STAFF_PASSWORD),
    })
    .returning({ id: staffMembers.id });
  return { id: row.id, email };
}

/**
 * A two-factor record in `slot`, as confirming an enrolment leaves one (its
 * secret is never read: sessions here are opened directly). The owner needs
 * one once staff exist, a manager always.
 */
export async function giveTwoFactor(db: DB, slot: TwoFactorSlot): Promise<void> {
  await setSetting(db, slot.record, {
    secret: "unused-in-these-tests",
    enabled_at: new Date().toISOString(),
    last_step: 0,
    recovery: [],
  });
}

/**
 * A live session of a member of `role`: the bearer token. A manager has a
 * two-factor record, as accepting the invitation leaves one (its secret is
 * never read here: the session is opened directly).
 */
export async function memberToken(
  db: DB,
  role: InvitableRole,
): Promise<{ id: string; email: string; token: string }> {
  const member = await insertMember(db, role);
  if (role === "manager") await giveTwoFactor(db, staffTwoFactor(member.id));
  // The owner of a site with staff has two-factor: it is asked for before the first invitation,
  // and without it the owner may only set it up. Tokens the owner already holds stay valid.
  if (!(await getTwoFactor(db, OWNER_TWO_FACTOR))) await giveTwoFactor(db, OWNER_TWO_FACTOR);
  const { token } = await createSession(
    db,
    new Date(),
    { userAgent: "test", address: "127.0.0.1" },
    member.id,
  );
  return { ...member, token };
}
