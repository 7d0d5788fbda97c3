/**
 * Admin authentication: one password, random bearer
 * tokens stored only as SHA-256 hashes with idle and absolute expiry, server-
 * side logout, and a password change that ends every session. Nothing here
 * logs a password or a token. How often a password may be tried is
 * server/security/login-throttle.server.ts.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { adminSessions } from "../../db/schema.ts";
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

export async function createSession(db: DB, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_LIFETIME_MS);
  await db
    .insert(adminSessions)
    .values({ tokenHash: hashToken(token), createdAt: now, lastUsedAt: now, expiresAt });
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

/** True when the token belongs to a live session; refreshes its idle timer. */
export async function verifySession(db: DB, token: string, now: Date): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const tokenHash = hashToken(token);
  const [row] = await db.select().from(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
  if (!row || row.revokedAt) return false;
  if (row.expiresAt.getTime() <= now.getTime()) return false;
  if (now.getTime() - row.lastUsedAt.getTime() >= IDLE_TIMEOUT_MS) return false;
  if (now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(adminSessions)
      .set({ lastUsedAt: now })
      .where(and(eq(adminSessions.tokenHash, tokenHash), isNull(adminSessions.revokedAt)));
  }
  return true;
}

/** Ends every live session (a password change: whoever held a token must sign in again). */
export async function revokeAllSessions(db: DB, now: Date): Promise<number> {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(isNull(adminSessions.revokedAt))
    .returning({ tokenHash: adminSessions.tokenHash });
  return rows.length;
}

export async function revokeSession(db: DB, token: string, now: Date): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), isNull(adminSessions.revokedAt)));
}

/**
 * Stores a new password and ends every session in one transaction, then
 * answers a fresh session for the operator who made the change (they stay
 * signed in on that device; everyone else holding a token is out).
 */
export async function replacePassword(
  db: DB,
  newPassword: string,
  now: Date,
): Promise<{ token: string; expiresAt: Date; revoked: number }> {
  const digest = await hashAdminPassword(newPassword);
  return db.transaction(async (tx) => {
    await setSetting(tx, PASSWORD_HASH_KEY, digest);
    const revoked = await revokeAllSessions(tx, now);
    const session = await createSession(tx, now);
    return { ...session, revoked };
  });
}

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Checks a login password: against ADMIN_PASSWORD in constant time (both sides
 * hashed to equal length first), else against the stored argon2id hash.
 */
export function passwordChecker(db: DB, fromEnv: string | undefined) {
  const envDigest = fromEnv ? sha256(fromEnv) : null;
  return async (password: string): Promise<boolean> => {
    if (envDigest) return timingSafeEqual(sha256(password), envDigest);
    const stored = await getSetting<string>(db, PASSWORD_HASH_KEY);
    if (!stored) return false;
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  };
}

/** "Bearer abc" -> "abc"; anything else -> null. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}
