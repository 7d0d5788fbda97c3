/**
 * Admin authentication (brief, "Admin access"): one password, random bearer
 * tokens stored only as SHA-256 hashes with idle and absolute expiry, server-
 * side logout, and a per-client login rate limit. Nothing here logs a
 * password or a token.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { DB } from "../db/client.server.ts";
import { adminSessions } from "../db/schema.ts";
import { PASSWORD_HASH_KEY } from "./admin-password.server.ts";
import { getSetting } from "./settings.server.ts";

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

export async function revokeSession(db: DB, token: string, now: Date): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: now })
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), isNull(adminSessions.revokedAt)));
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

/**
 * Failed logins per client within a fixed window; in memory (one process).
 * After `max` failures the client must wait until the window ends.
 */
export class LoginRateLimiter {
  readonly max: number;
  readonly windowMs: number;
  private readonly entries = new Map<string, { failures: number; resetAt: number }>();

  constructor(max = 5, windowMs = 15 * 60 * 1000) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Seconds until this client may try again, or 0 when it may try now. */
  retryAfter(client: string, now: number): number {
    const entry = this.entries.get(client);
    if (!entry) return 0;
    if (entry.resetAt <= now) {
      this.entries.delete(client);
      return 0;
    }
    return entry.failures >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(client: string, now: number): void {
    const entry = this.entries.get(client);
    if (!entry || entry.resetAt <= now) {
      this.entries.set(client, { failures: 1, resetAt: now + this.windowMs });
    } else {
      entry.failures += 1;
    }
    if (this.entries.size > 10_000) this.prune(now);
  }

  succeed(client: string): void {
    this.entries.delete(client);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
  }
}

/** "Bearer abc" -> "abc"; anything else -> null. */
export function bearerToken(header: string | undefined | null): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : null;
}
