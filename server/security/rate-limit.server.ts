/**
 * Fixed-window counters kept in the database (table rate_limits), so every app
 * process on one database shares them. One atomic upsert per hit: the count
 * is incremented and read back in the same statement, so parallel requests,
 * in one process or several, can never all see "under the limit".
 */
import { lt, sql } from "drizzle-orm";
import type { DB } from "../db/client.server.ts";
import { rateLimits } from "../db/schema.ts";

export interface Window {
  /** Hits allowed within one window. */
  limit: number;
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfter: number;
}

/** Counts one hit against `key` and answers whether it is within the window's limit. */
export async function hit(db: DB, key: string, window: Window, now: Date): Promise<HitResult> {
  const resetAt = new Date(now.getTime() + window.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
  return {
    allowed: row.hits <= window.limit,
    hits: row.hits,
    retryAfter: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Forgets a key (e.g. a client's failed logins after it signs in). */
export async function reset(db: DB, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Drops windows that ended (run by the periodic sweep). */
export async function pruneExpired(db: DB, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
