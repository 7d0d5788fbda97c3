/**
 * At most MAX_OPEN_CHECKOUTS unfinished checkouts at once per email address
 * and per client address, so nobody can hold every spot of every date for
 * free or test cards by the thousand. A checkout stops counting when it is
 * paid, cancelled or expired; its hold is released as before.
 *
 * The count and the insert that follows it must not interleave with another
 * request of the same person: the caller's transaction first takes an
 * advisory lock per email and per client (released at commit), so on
 * PostgreSQL with many processes, and on PGlite, the N+1st waits, then sees N.
 */
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { bookings, payments } from "../../db/schema.ts";
import { HttpError } from "../../errors.server.ts";

/** A 429 that knows when to come back (the route turns it into Retry-After). */
export class TooManyCheckouts extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(open: number, retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      `You already have ${open} unfinished checkouts. Finish or cancel one of them, or try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface CheckoutOwner {
  email?: string | null;
  /** Hashed client address (server/security/client.server.ts). */
  clientKey?: string | null;
}

/** Emails are compared case-insensitively: Mia@Example.com and mia@example.com are one person. */
const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Locks the owner's keys for the rest of the transaction and throws
 * TooManyCheckouts when either already has `max` open checkouts.
 */
export async function reserveCheckoutSlot(
  tx: DB,
  owner: CheckoutOwner,
  max: number,
  now: Date,
): Promise<void> {
  const email = owner.email ? normalEmail(owner.email) : null;
  const client = owner.clientKey || null;
  // Always in the same order, so two requests never wait on each other in a cycle.
  const keys = [email && `open-checkouts:email:${email}`, client && `open-checkouts:client:${client}`]
    .filter((k): k is string => Boolean(k))
    .sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  for (const [column, value] of [
    ["email", email],
    ["client", client],
  ] as const) {
    if (!value) continue;
    const open = await openCheckouts(tx, column, value, now);
    if (open.count >= max) {
      const seconds = Math.max(1, Math.ceil((open.oldestExpiry.getTime() - now.getTime()) / 1000));
      throw new TooManyCheckouts(open.count, seconds);
    }
  }
}

/** Open checkouts of one email or client: pending bookings still held, custom payments still open. */
async function openCheckouts(
  tx: DB,
  by: "email" | "client",
  value: string,
  now: Date,
): Promise<{ count: number; oldestExpiry: Date }> {
  const bookingOwner =
    by === "email" ? sql`lower(${bookings.customerEmail}) = ${value}` : eq(bookings.clientKey, value);
  const paymentOwner =
    by === "email" ? sql`lower(${payments.customerEmail}) = ${value}` : eq(payments.clientKey, value);
  const held = await tx
    .select({ expires: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(bookingOwner, eq(bookings.bookingStatus, "pending_payment"), gt(bookings.holdExpiresAt, now)));
  const custom = await tx
    .select({ expires: payments.expiresAt })
    .from(payments)
    .where(
      and(
        paymentOwner,
        inArray(payments.kind, ["custom", "voucher"]),
        inArray(payments.status, ["creating", "open"]),
        eq(payments.paymentStatus, "unpaid"),
        gt(payments.expiresAt, now),
      ),
    );
  const times = [...held, ...custom].map((r) => (r.expires as Date).getTime());
  return { count: times.length, oldestExpiry: new Date(times.length ? Math.min(...times) : now.getTime()) };
}
