/**
 * Admin authentication: the owner's password (and each staff member's, see
 * staff.server.ts), random bearer
 * tokens stored only as SHA-256 hashes with idle and absolute expiry, server-
 * side logout, and a password change (in the console or in the configuration
 * between two starts) that ends every session. Nothing here
 * logs a password or a token. How often a password may be tried is
 * server/security/login-throttle.server.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { StaffRole } from "../../../app/lib/staff-access.ts";
import type { DB } from "../../db/client.server.ts";
import { adminSessions, settings, staffMembers } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { getSetting, setSetting } from "../content/settings.server.ts";
import { hashAdminPassword, PASSWORD_HASH_KEY } from "./admin-password.server.ts";

/** A token unused for this long is dead. */
export const IDLE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
/** No token lives longer than this, however busy. */
export const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per token (saves a write per request). */
const TOUCH_EVERY_MS = 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** 32 random bytes (256 bits), base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Where a session was opened from, for the operator's list of sessions. */
export interface SessionOrigin {
  userAgent: string;
  address: string;
}

/** A User-Agent is kept only as long as naming the browser needs. */
const USER_AGENT_MAX = 512;
const ADDRESS_MAX = 100;

export async function createSession(
  db: DB,
  now: Date,
  origin: SessionOrigin,
  /** The staff member signing in; null is the owner. */
  staffId: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_LIFETIME_MS);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminSessions)
      .values({
        tokenHash: hashToken(token),
        staffId,
        createdAt: now,
        lastUsedAt: now,
        expiresAt,
        userAgent: origin.userAgent.slice(0, USER_AGENT_MAX),
        address: origin.address.slice(0, ADDRESS_MAX),
      })
      .returning({ id: adminSessions.id });
    // Who signed in, from where: the log's answer to "was that us?" (no request actor exists yet).
    await recordAudit(
      tx,
      {
        action: "sign_in",
        entity: "session",
        entityId: row.id,
        after: { device: origin.userAgent.slice(0, 120) },
      },
      { staffId, address: origin.address },
    );
  });
  // Expired and revoked sessions are of no use to anyone: drop them now and then.
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, now),
        lt(adminSessions.lastUsedAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
        lt(adminSessions.revokedAt, new Date(now.getTime() - IDLE_TIMEOUT_MS)),
      ),
    );
  return { token, expiresAt };
}

/** Who holds a live session: the owner (no staff id) or a member, with the role they have now. */
export interface SessionHolder {
  staffId: string | null;
  role: StaffRole;
}

/**
 * The holder when the token belongs to a live session (a member's only while
 * they are active, with the role they have now, read on every request);
 * null otherwise. Refreshes its idle timer and the address it was last used from.
 */
export async function verifySession(
  db: DB,
  token: string,
  now: Date,
  address: string,
): Promise<SessionHolder | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [found] = await db
    .select({ session: adminSessions, role: staffMembers.role, status: staffMembers.status })
    .from(adminSessions)
    .leftJoin(staffMembers, eq(staffMembers.id, adminSessions.staffId))
    .where(eq(adminSessions.tokenHash, tokenHash));
  const row = found?.session;
  if (!row || row.revokedAt) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  if (now.getTime() - row.lastUsedAt.getTime() >= IDLE_TIMEOUT_MS) return null;
  if (row.staffId !== null && found.status !== "active") return null;
  if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(adminSessions)
      .set({ lastUsedAt: now, address: address.slice(0, ADDRESS_MAX) })
      .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
  }
  return { staffId: row.staffId, role: row.staffId === null ? "owner" : (found.role as StaffRole) };
}

/**
 * Ends live sessions: every one (a new ADMIN_PASSWORD, the recovery command),
 * or one person's (`holder`: null is the owner): whoever held a token must
 * sign in again.
 */
export async function revokeAllSessions(db: DB, now: Date, holder?: string | null): Promise<number> {
  const whose =
    holder === undefined
      ? undefined
      : holder === null
        ? isNull(adminSessions.staffId)
        : eq(adminSessions.staffId, holder);
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(isNull(adminSessions.revokedAt), whose))
    .returning({ tokenHash: adminSessions.tokenHash });
  return rows.length;
}

export async function revokeSession(db: DB, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(adminSessions)
      .set({ revokedAt: now })
      .where(and(eq(adminSessions.tokenHash, hashToken(token)), isNull(adminSessions.revokedAt)))
      .returning({ id: adminSessions.id });
    // Recorded under the request's holder (logout runs behind the admin guard).
    for (const { id } of ended)
      await recordAudit(tx, { action: "sign_out", entity: "session", entityId: id });
  });
}

/**
 * Stores a new owner password and ends every owner session in one transaction, then
 * answers a fresh session for the operator who made the change (they stay
 * signed in on that device; everyone else holding a token is out).
 */
export async function replacePassword(
  db: DB,
  newPassword: string,
  now: Date,
  origin: SessionOrigin,
): Promise<{ token: string; expiresAt: Date; revoked: number }> {
  const digest = await hashAdminPassword(newPassword);
  return db.transaction(async (tx) => {
    await setSetting(tx, PASSWORD_HASH_KEY, digest);
    const revoked = await revokeAllSessions(tx, now, null);
    // The entry says the password changed; the markers are not values, and a secret is recorded as changed only.
    await recordAudit(tx, {
      action: "update",
      entity: "password",
      entityId: "owner",
      before: { password: "old" },
      after: { password: "new", sessions_ended: revoked },
    });
    const session = await createSession(tx, now, origin);
    return { ...session, revoked };
  });
}

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest();

async function verifyHash(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Which password the sessions were opened under: ADMIN_PASSWORD (as an
 * argon2id hash) or the stored one. Written at every start, so a password
 * that changed while the server was down ends every session.
 */
export const PASSWORD_SOURCE_KEY = "admin_password_source";
type PasswordSource = { source: "environment"; hash: string } | { source: "database" };

/**
 * At start: records which password is in force and, when it is not the one
 * of the last start (a new ADMIN_PASSWORD, one set or removed), ends every
 * session in the same transaction. Answers how many sessions ended, or null
 * when nothing changed. Several processes starting at once: the record is
 * swapped conditionally, so only one of them ends the sessions and the
 * others see its record (argon2 hashes are salted, so each compares by
 * verifying, not by equality).
 */
export async function syncPasswordSource(
  db: DB,
  fromEnv: string | undefined,
  now: Date,
): Promise<number | null> {
  for (let tries = 0; tries < 3; tries++) {
    const current = await getSetting<PasswordSource>(db, PASSWORD_SOURCE_KEY);
    let next: PasswordSource;
    if (fromEnv) {
      if (current?.source === "environment" && (await verifyHash(current.hash, fromEnv))) return null;
      next = { source: "environment", hash: await hashAdminPassword(fromEnv) };
    } else {
      if (current?.source === "database") return null;
      next = { source: "database" };
    }
    const ended = await db.transaction(async (tx) => {
      const swapped = current
        ? await tx
            .update(settings)
            .set({ value: next, updatedAt: now })
            .where(
              and(
                eq(settings.key, PASSWORD_SOURCE_KEY),
                sql`${settings.value} = ${JSON.stringify(current)}::jsonb`,
              ),
            )
            .returning({ key: settings.key })
        : await tx
            .insert(settings)
            .values({ key: PASSWORD_SOURCE_KEY, value: next })
            .onConflictDoNothing()
            .returning({ key: settings.key });
      if (!swapped.length) return null;
      // The stored password on a first start (or an upgrade) is no change: the console's own changes end sessions.
      if (!current && !fromEnv) return 0;
      return revokeAllSessions(tx, now);
    });
    if (ended !== null) return !current && !fromEnv ? null : ended;
  }
  throw new Error("The admin password source kept changing while this process started");
}

/**
 * Checks a login password: against ADMIN_PASSWORD in constant time (both sides
 * hashed to equal length first), else against the stored argon2id hash. Only
 * the password of the latest start counts: a process still running with an
 * older ADMIN_PASSWORD (a rolling restart) accepts neither, so it cannot open
 * a session the change meant to end.
 */
export function passwordChecker(db: DB, fromEnv: string | undefined) {
  const envDigest = fromEnv ? sha256(fromEnv) : null;
  return async (password: string): Promise<boolean> => {
    const source = await getSetting<PasswordSource>(db, PASSWORD_SOURCE_KEY);
    if (envDigest) {
      if (!timingSafeEqual(sha256(password), envDigest)) return false;
      if (!source) return true;
      return source.source === "environment" && (await verifyHash(source.hash, password));
    }
    if (source && source.source !== "database") return false;
    const stored = await getSetting<string>(db, PASSWORD_HASH_KEY);
    return stored ? verifyHash(stored, password) : false;
  };
}

/** "Bearer abc" -> "abc"; anything else -> null. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}
