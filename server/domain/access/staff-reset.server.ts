/**
 * A staff member's password after the invitation: a forgotten one by a
 * one-use link by email (an hour, at most one every five minutes), the new
 * password set from it with every session of the member ended; and a change
 * from the member's own sign-in screen, which ends their other sessions. The
 * owner's password is the site's and is reset from the server, never by email.
 */
import { and, eq, gt } from "drizzle-orm";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { staffLinks, staffMembers } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { staffResetEmail } from "../../email/staff-templates.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { hashAdminPassword } from "./admin-password.server.ts";
import { hashToken, newToken } from "./auth.server.ts";
import {
  findMemberByEmail,
  type InviteDeps,
  memberOfLink,
  revokeMemberSessions,
  useLink,
} from "./staff.server.ts";

export const RESET_EMAIL_KIND = "staff_password_reset";
/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;
const RESET_LINK_MS = RESET_LINK_MINUTES * 60 * 1000;
const RESET_RESEND_MS = 5 * 60 * 1000;

/** The address a reset link opens. */
export const resetUrl = (publicUrl: string, token: string) => `${publicUrl}/staff/reset/${token}`;

/**
 * A member's "forgot my password": an active member with this email gets a
 * one-use link (an hour) unless one went out within RESET_RESEND_MS; anyone
 * else gets nothing. The caller answers the same either way, so the form
 * tells nobody who has an account. The owner's password is the site's and is
 * reset from the server (ADMIN_PASSWORD or the recovery command), not by email.
 */
export async function requestPasswordReset(deps: InviteDeps, email: string): Promise<boolean> {
  const member = await findMemberByEmail(deps.db, email);
  if (member?.status !== "active") return false;
  return deps.db.transaction(async (tx) => {
    await tx
      .select({ id: staffMembers.id })
      .from(staffMembers)
      .where(eq(staffMembers.id, member.id))
      .for("update");
    const [recent] = await tx
      .select({ at: staffLinks.createdAt })
      .from(staffLinks)
      .where(
        and(
          eq(staffLinks.staffId, member.id),
          eq(staffLinks.purpose, "reset"),
          gt(staffLinks.createdAt, new Date(deps.now.getTime() - RESET_RESEND_MS)),
        ),
      );
    if (recent) return false;
    const token = newToken();
    await tx
      .delete(staffLinks)
      .where(and(eq(staffLinks.staffId, member.id), eq(staffLinks.purpose, "reset")));
    await tx.insert(staffLinks).values({
      tokenHash: hashToken(token),
      staffId: member.id,
      purpose: "reset",
      createdAt: deps.now,
      expiresAt: new Date(deps.now.getTime() + RESET_LINK_MS),
    });
    const site = siteInfo(await loadSiteContent(tx));
    await enqueueEmail(tx, {
      kind: RESET_EMAIL_KIND,
      to: member.email,
      ...staffResetEmail(site, {
        name: member.name,
        url: resetUrl(deps.publicUrl, token),
        validMinutes: RESET_LINK_MINUTES,
      }),
    });
    return true;
  });
}

/** The active member a live reset link names, or undefined. */
export const memberOfReset = (db: DB, token: string, now: Date) => memberOfLink(db, token, "reset", now);

/** Stores an active member's new password hash; false when they are not (or no longer) active. */
async function storePassword(tx: DB, staffId: string, digest: string, now: Date): Promise<boolean> {
  const [member] = await tx
    .update(staffMembers)
    .set({ passwordHash: digest, updatedAt: now })
    .where(and(eq(staffMembers.id, staffId), eq(staffMembers.status, "active")))
    .returning({ id: staffMembers.id });
  return Boolean(member);
}

/**
 * Sets a new password from a reset link: the link used up by one conditional
 * update, the password stored and every session of the member ended, in one
 * transaction. False when the link was used (or expired) meanwhile.
 */
export async function resetPassword(db: DB, token: string, password: string, now: Date): Promise<boolean> {
  const digest = await hashAdminPassword(password);
  return db.transaction(async (tx) => {
    const staffId = await useLink(tx, token, "reset", now);
    if (!staffId) return false;
    if (!(await storePassword(tx, staffId, digest, now))) return false;
    await revokeMemberSessions(tx, staffId, now);
    return true;
  });
}

/**
 * A signed-in member changes their own password (the current one was checked
 * by the caller): the new hash is stored and every other session of theirs
 * ends in one transaction; the session holding `keepToken` stays. Answers
 * how many sessions ended, or null when the member is no longer active.
 */
export async function changeMemberPassword(
  db: DB,
  staffId: string,
  password: string,
  keepToken: string,
  now: Date,
): Promise<number | null> {
  const digest = await hashAdminPassword(password);
  return db.transaction(async (tx) => {
    if (!(await storePassword(tx, staffId, digest, now))) return null;
    const ended = await revokeMemberSessions(tx, staffId, now, keepToken);
    // The entry says the password changed; the markers are not values, and a secret is recorded as changed only.
    await recordAudit(tx, {
      action: "update",
      entity: "password",
      entityId: staffId,
      before: { password: "old" },
      after: { password: "new", sessions_ended: ended },
    });
    return ended;
  });
}
