/**
 * How hard anyone may guess the admin password (decision record 8). Every
 * count lives in the shared rate_limits table, so all app processes on one
 * database see the same numbers, and every count that lets a request reach
 * the password check is taken with one atomic statement BEFORE the check: a
 * parallel burst cannot slip more guesses past a limit than the limit itself.
 *
 * Rows, all keyed by hashed keys (never an address):
 * - login:client:<key>   attempts by one client in a fixed window (reset when it signs in);
 * - login:failures       failed attempts by clients not known to this site, in a fixed window;
 * - login:failed:<net>   failures (and, while the budget is spent, checks) of one network in a day;
 * - login:known:<key>    a marker that this client signed in successfully; expires on its own.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { DB } from "../db/client.server.ts";
import { rateLimits } from "../db/schema.ts";
import { type HitResult, hit, reset } from "./rate-limit.server.ts";

export const LOGIN_POLICY = {
  /** Sign-in attempts (right or wrong) one client may make per window. */
  perClient: { limit: 5, windowMs: 15 * 60 * 1000 },
  /** Failed attempts by unknown clients, all together, per window, before the site counts as under attack. */
  globalFailures: { limit: 20, windowMs: 60 * 60 * 1000 },
  /**
   * While the global budget is spent: password checks one network may still
   * have, its failures of the same day included. A newcomer with the right
   * password still gets in (and a typo or two fit); a network that keeps
   * guessing waits for the next day.
   */
  perNetworkUnderAttack: { limit: 3, windowMs: 24 * 60 * 60 * 1000 },
  /** How long a client that signed in stays known (and so past the global budget). */
  knownClientMs: 30 * 24 * 60 * 60 * 1000,
} as const;

const clientRow = (key: string) => `login:client:${key}`;
const knownRow = (key: string) => `login:known:${key}`;
const networkRow = (key: string) => `login:failed:${key}`;
export const GLOBAL_FAILURES_KEY = "login:failures";

/** Counts one sign-in attempt (or password check) by this client; `allowed` is false past the limit. */
export function countAttempt(db: DB, client: string, now: Date): Promise<HitResult> {
  return hit(db, clientRow(client), LOGIN_POLICY.perClient, now);
}

/** A client that signed in starts afresh, and so does its network. */
export async function clearAttempts(db: DB, client: string, network: string): Promise<void> {
  await reset(db, clientRow(client));
  await reset(db, networkRow(network));
}

/** Takes back one counted unit of `key`, within its current window only. */
async function giveBack(db: DB, key: string, now: Date): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
}

/**
 * Takes one unit of the global failure budget before an unknown client's
 * password is checked (so the budget holds under a parallel burst too). The
 * unit is given back with releaseFailure() when the attempt did not fail.
 */
export function reserveFailure(db: DB, now: Date): Promise<HitResult> {
  return hit(db, GLOBAL_FAILURES_KEY, LOGIN_POLICY.globalFailures, now);
}

/** Gives back a reserved unit of the global budget (the attempt turned out not to be a failure). */
export function releaseFailure(db: DB, now: Date): Promise<void> {
  return giveBack(db, GLOBAL_FAILURES_KEY, now);
}

/**
 * Counts against the network of an unknown client: a failure once it has
 * happened, or, while the global budget is spent, a check about to happen
 * (before the password is looked at, so a burst cannot pass the limit).
 * `allowed` is false once the day's failures and checks reach the limit. A
 * counted check that turned out not to fail is given back with
 * releaseNetworkCheck().
 */
export function countNetworkFailure(db: DB, network: string, now: Date): Promise<HitResult> {
  return hit(db, networkRow(network), LOGIN_POLICY.perNetworkUnderAttack, now);
}

export function releaseNetworkCheck(db: DB, network: string, now: Date): Promise<void> {
  return giveBack(db, networkRow(network), now);
}

/** True when this client signed in successfully within LOGIN_POLICY.knownClientMs. */
export async function isKnownClient(db: DB, client: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ key: rateLimits.key })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, knownRow(client)), gt(rateLimits.resetAt, now)));
  return row !== undefined;
}

/** Remembers (or re-remembers) that this client signed in; the row expires by itself. */
export async function rememberClient(db: DB, client: string, now: Date): Promise<void> {
  const resetAt = new Date(now.getTime() + LOGIN_POLICY.knownClientMs);
  await db
    .insert(rateLimits)
    .values({ key: knownRow(client), hits: 1, resetAt })
    .onConflictDoUpdate({ target: rateLimits.key, set: { hits: 1, resetAt } });
}

/** A wait in seconds as a person reads it: "15 minutes", "1 minute" (rounded up). */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
