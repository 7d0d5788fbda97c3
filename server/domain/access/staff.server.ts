/**
 * Staff accounts: the people the owner invites to the console, each with
 * their own email, password (argon2id, as the owner's) and role
 * (app/lib/staff-access.ts). The owner is the site's own account (the
 * password in settings or ADMIN_PASSWORD, its two-factor, its sessions with
 * no staff id), so an upgrade changes nothing until someone is invited; the
 * owner's sign-in email is a setting the owner sets before the first invite.
 *
 * An invitation is a one-use link (a 256-bit token, only its SHA-256 kept,
 * valid INVITE_LINK_HOURS) emailed through the outbox in the transaction that
 * creates it. Suspending a member ends their sessions in the same
 * transaction; removing one deletes the row, and the database deletes their
 * sessions and links with it. Sessions are rows every process reads on each
 * request, so either takes effect at once everywhere.
 */
import { verify } from "@node-rs/argon2";
import { and, asc, count, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { siteInfo } from "../../../app/lib/site.ts";
import type { InvitableRole, StaffRole } from "../../../app/lib/staff-access.ts";
import {
  INVITE_LINK_HOURS,
  type StaffList,
  type StaffMember,
  type StaffStatus,
} from "../../../app/lib/staff-api.ts";
import type { DB } from "../../db/client.server.ts";
import { adminSessions, settings, staffLinks, staffMembers } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { staffInviteEmail } from "../../email/staff-templates.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { rowFields } from "../audit/audited.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getSetting, setSetting } from "../content/settings.server.ts";
import { hashAdminPassword } from "./admin-password.server.ts";
import { hashToken, newToken } from "./auth.server.ts";
import { membersSessions } from "./sessions.server.ts";
import { disableTwoFactor, getTwoFactor, OWNER_TWO_FACTOR, staffTwoFactor } from "./two-factor.server.ts";

/** The owner's sign-in email once staff exist (settings). */
export const OWNER_EMAIL_KEY = "owner_email";
/** The owner's choice that every member needs two-factor, not only managers (settings). */
export const REQUIRE_TWO_FACTOR_KEY = "staff_two_factor_required";

export const INVITE_EMAIL_KIND = "staff_invite";

/** How long a password-reset link works, and the least time between two reset emails to one member. */

const INVITE_LINK_MS = INVITE_LINK_HOURS * 60 * 60 * 1000;
/** Longer than any token minted here: anything longer is not looked up. */
const MAX_TOKEN_LENGTH = 100;

/** The invitation's page: the invitee sets a password there. */
export const inviteUrl = (publicUrl: string, token: string) => `${publicUrl}/staff/invite/${token}`;

/** An email as stored and compared: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Whether anyone was ever invited: from then on, sign-in asks for an email. */
export async function hasStaff(db: DB): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(staffMembers);
  return (row?.n ?? 0) > 0;
}

export async function ownerEmail(db: DB): Promise<string | null> {
  return (await getSetting<string>(db, OWNER_EMAIL_KEY)) ?? null;
}

export async function twoFactorRequiredForEveryone(db: DB): Promise<boolean> {
  return (await getSetting<boolean>(db, REQUIRE_TWO_FACTOR_KEY)) === true;
}

/** Sets the owner's sign-in email; a 409-worthy "taken" when a member already signs in with it. */
export async function setOwnerSettings(
  db: DB,
  input: { email: string; requireTwoFactor?: boolean },
): Promise<"ok" | "taken"> {
  const email = normaliseEmail(input.email);
  const [member] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.email, email));
  if (member) return "taken";
  await db.transaction(async (tx) => {
    const before = {
      email: await ownerEmail(tx),
      require_two_factor: await twoFactorRequiredForEveryone(tx),
    };
    await setSetting(tx, OWNER_EMAIL_KEY, email);
    if (input.requireTwoFactor !== undefined)
      await setSetting(tx, REQUIRE_TWO_FACTOR_KEY, input.requireTwoFactor);
    const after = { email, require_two_factor: input.requireTwoFactor ?? before.require_two_factor };
    await recordAudit(tx, { action: "update", entity: "staff", entityId: "owner", before, after });
  });
  return "ok";
}

export type MemberRow = typeof staffMembers.$inferSelect;

export async function findMember(db: DB, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id));
  return row;
}

export async function findMemberByEmail(db: DB, email: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(eq(staffMembers.email, normaliseEmail(email)));
  return row;
}

/** The owner's screen: the owner's own state and every member, oldest first. */
export async function listStaff(db: DB, now: Date): Promise<StaffList> {
  const rows = await db
    .select()
    .from(staffMembers)
    .orderBy(asc(staffMembers.createdAt), asc(staffMembers.email));
  const live = await db
    .select({ staffId: staffLinks.staffId })
    .from(staffLinks)
    .where(and(eq(staffLinks.purpose, "invite"), isNull(staffLinks.usedAt), gt(staffLinks.expiresAt, now)));
  const invited = new Set(live.map((r) => r.staffId));
  const factors = await db
    .select({ key: settings.key })
    .from(settings)
    .where(sql`${settings.key} like 'staff_two_factor:%'`);
  const withFactor = new Set(factors.map((f) => f.key.slice("staff_two_factor:".length)));
  const sessions = await membersSessions(db, now);
  const members: StaffMember[] = rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role as InvitableRole,
    status: r.status as StaffStatus,
    two_factor: withFactor.has(r.id),
    invite_expired: r.status === "invited" && !invited.has(r.id),
    sessions: sessions.get(r.id) ?? [],
    created_at: r.createdAt.toISOString(),
  }));
  return {
    owner: { email: await ownerEmail(db), two_factor: Boolean(await getTwoFactor(db, OWNER_TWO_FACTOR)) },
    require_two_factor: await twoFactorRequiredForEveryone(db),
    members,
  };
}

export interface InviteDeps {
  db: DB;
  publicUrl: string;
  now: Date;
}

/** Mints a fresh invitation link for an invited member (older ones stop working) and queues its email. */
async function sendInvite(tx: DB, deps: InviteDeps, member: MemberRow): Promise<void> {
  const token = newToken();
  await tx.delete(staffLinks).where(and(eq(staffLinks.staffId, member.id), eq(staffLinks.purpose, "invite")));
  await tx.insert(staffLinks).values({
    tokenHash: hashToken(token),
    staffId: member.id,
    purpose: "invite",
    createdAt: deps.now,
    expiresAt: new Date(deps.now.getTime() + INVITE_LINK_MS),
  });
  const site = siteInfo(await loadSiteContent(tx));
  await enqueueEmail(tx, {
    kind: INVITE_EMAIL_KIND,
    to: member.email,
    ...staffInviteEmail(site, {
      name: member.name,
      role: member.role as InvitableRole,
      url: inviteUrl(deps.publicUrl, token),
      validHours: INVITE_LINK_HOURS,
    }),
  });
}

/** Invites a person: their row (invited) and the email with their link, in one transaction. */
export async function inviteMember(
  deps: InviteDeps,
  input: { email: string; name: string; role: InvitableRole },
): Promise<{ ok: true; member: MemberRow } | { ok: false; reason: "taken" }> {
  const email = normaliseEmail(input.email);
  if (email === (await ownerEmail(deps.db))) return { ok: false, reason: "taken" };
  return deps.db.transaction(async (tx) => {
    const [member] = await tx
      .insert(staffMembers)
      .values({ email, name: input.name.trim(), role: input.role, status: "invited", createdAt: deps.now })
      .onConflictDoNothing()
      .returning();
    if (!member) return { ok: false as const, reason: "taken" as const };
    await sendInvite(tx, deps, member);
    await recordAudit(tx, {
      action: "invite",
      entity: "staff",
      entityId: member.id,
      after: rowFields(member),
    });
    return { ok: true as const, member };
  });
}

/** Sends a member who has not accepted yet a new link; false when they have accepted already (or are gone). */
export async function reinvite(deps: InviteDeps, id: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for("update");
    if (member?.status !== "invited") return false;
    await sendInvite(tx, deps, member);
    await recordAudit(tx, { action: "invite_again", entity: "staff", entityId: id });
    return true;
  });
}

/**
 * The member a live link of `purpose` names, in the status the link is for, or
 * undefined (unknown, used, expired, or for someone removed or suspended).
 */
export async function memberOfLink(
  db: DB,
  token: string,
  purpose: "invite" | "reset",
  now: Date,
): Promise<MemberRow | undefined> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [row] = await db
    .select({ member: staffMembers })
    .from(staffLinks)
    .innerJoin(staffMembers, eq(staffMembers.id, staffLinks.staffId))
    .where(
      and(
        eq(staffLinks.tokenHash, hashToken(token)),
        eq(staffLinks.purpose, purpose),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, now),
        eq(staffMembers.status, purpose === "invite" ? "invited" : "active"),
      ),
    );
  return row?.member;
}

/** The member a live invitation link names, or undefined. */
export const memberOfInvite = (db: DB, token: string, now: Date) => memberOfLink(db, token, "invite", now);

/** Uses up a live link of `purpose` (one conditional update): its member's id, or null when it was used or expired. */
export async function useLink(tx: DB, token: string, purpose: "invite" | "reset", now: Date) {
  const [link] = await tx
    .update(staffLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffLinks.tokenHash, hashToken(token)),
        eq(staffLinks.purpose, purpose),
        isNull(staffLinks.usedAt),
        gt(staffLinks.expiresAt, now),
      ),
    )
    .returning({ staffId: staffLinks.staffId });
  return link?.staffId ?? null;
}

/**
 * Accepts an invitation: the link is used up by one conditional update, and
 * in the same transaction the member's password is stored and they become
 * active. False when the link was used (or expired) meanwhile.
 */
export async function acceptInvite(db: DB, token: string, password: string, now: Date): Promise<boolean> {
  const digest = await hashAdminPassword(password);
  return db.transaction(async (tx) => {
    const staffId = await useLink(tx, token, "invite", now);
    if (!staffId) return false;
    const [member] = await tx
      .update(staffMembers)
      .set({ passwordHash: digest, status: "active", updatedAt: now })
      .where(and(eq(staffMembers.id, staffId), eq(staffMembers.status, "invited")))
      .returning({ id: staffMembers.id });
    if (!member) throw new Error("An invitation's member was not waiting for it");
    return true;
  });
}

/**
 * Ends every session of one member (suspended, their factor reset, a new
 * password), but the one holding `keepToken` when given (the device that
 * changed the password). Answers how many ended.
 */
export async function revokeMemberSessions(
  db: DB,
  id: string,
  now: Date,
  keepToken?: string,
): Promise<number> {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(adminSessions.staffId, id),
        isNull(adminSessions.revokedAt),
        keepToken === undefined ? undefined : ne(adminSessions.tokenHash, hashToken(keepToken)),
      ),
    )
    .returning({ id: adminSessions.id });
  return rows.length;
}

export type ChangeResult =
  | { ok: true; member: MemberRow; ended: number }
  | { ok: false; reason: "not-found" | "invited" };

/**
 * The owner changes a member: a role (read on every request, so it applies
 * at the member's next call), suspending (their sessions end in the same
 * transaction) or reinstating, or resetting a lost second factor (their
 * sessions end too: whoever held one signs in again and sets a new one up).
 */
export async function changeMember(
  db: DB,
  id: string,
  change: { role?: InvitableRole; status?: "active" | "suspended"; resetTwoFactor?: boolean },
  now: Date,
): Promise<ChangeResult> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select().from(staffMembers).where(eq(staffMembers.id, id)).for("update");
    if (!member) return { ok: false as const, reason: "not-found" as const };
    // An invited member has no password yet: "active" would let nobody in, and "suspended" has nothing to stop.
    if (change.status && member.status === "invited")
      return { ok: false as const, reason: "invited" as const };
    const [next] = await tx
      .update(staffMembers)
      .set({
        ...(change.role ? { role: change.role } : {}),
        ...(change.status ? { status: change.status } : {}),
        updatedAt: now,
      })
      .where(eq(staffMembers.id, id))
      .returning();
    let ended = 0;
    if (change.status === "suspended" || change.resetTwoFactor)
      ended = await revokeMemberSessions(tx, id, now);
    if (change.resetTwoFactor) await disableTwoFactor(tx, staffTwoFactor(id));
    await recordAudit(tx, {
      action: change.resetTwoFactor ? "reset_two_factor" : "update",
      entity: "staff",
      entityId: id,
      before: rowFields(member),
      after: { ...rowFields(next), ...(change.resetTwoFactor ? { two_factor: "reset" } : {}) },
    });
    return { ok: true as const, member: next, ended };
  });
}

/** Removes a member: their row, and by cascade their sessions and links; their two-factor state with it. */
export async function removeMember(db: DB, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(staffMembers).where(eq(staffMembers.id, id)).returning();
    if (!gone) return false;
    await disableTwoFactor(tx, staffTwoFactor(id));
    await recordAudit(tx, { action: "delete", entity: "staff", entityId: id, before: rowFields(gone) });
    return true;
  });
}

/**
 * An argon2id hash of nothing anyone types, checked when no active member has
 * the email given: an unknown address takes as long as a wrong password.
 */
let decoy: Promise<string> | null = null;

/** The active member with this email and password, or null. */
export async function checkMemberPassword(
  db: DB,
  email: string,
  password: string,
): Promise<MemberRow | null> {
  const member = await findMemberByEmail(db, email);
  const stored = member?.status === "active" ? member.passwordHash : null;
  decoy ??= hashAdminPassword(newToken());
  try {
    const ok = await verify(stored ?? (await decoy), password);
    return ok && stored && member ? member : null;
  } catch {
    return null;
  }
}

/** A session's holder: the owner (no staff id) or an active member with their current role. */
export interface Holder {
  staffId: string | null;
  role: StaffRole;
  email: string | null;
  name: string;
}

export function ownerHolder(email: string | null): Holder {
  return { staffId: null, role: "owner", email, name: "Owner" };
}

export function memberHolder(member: MemberRow): Holder {
  return { staffId: member.id, role: member.role as StaffRole, email: member.email, name: member.name };
}
