/**
 * At most MAX_OPEN_CHECKOUTS unfinished checkouts at once per email address,
 * and CLIENT_CAP_FACTOR times as many per client address, so nobody can hold
 * every spot of every date for free or test cards by the thousand. A checkout
 * stops counting when it is paid, cancelled, released or expired; its hold is
 * released as before.
 *
 * The client address is a hotel's or a mobile network's, shared by strangers:
 * its cap must leave room for several households (as the hourly budgets of
 * ADR 7 do), and its refusal never says "you" have open checkouts. A person's
 * own abandoned checkouts are counted by their email, and they can release
 * them by email (bookings/checkout-release).
 *
 * The count and the insert that follows it must not interleave with another
 * request of the same person: the caller's transaction first takes an
 * advisory lock per email and per client (released at commit), so on
 * PostgreSQL with many processes, and on PGlite, the N+1st waits, then sees N.
 */
import { and, asc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings, payments } from "../../db/schema.ts";
import { HttpError } from "../../errors.server.ts";

/** How many people's checkouts one client address may carry: several households behind one address. */
export const CLIENT_CAP_FACTOR = 4;

/**
 * A 429 that knows when to come back (the route turns it into Retry-After).
 * `by` says whose count was full: the email's (the person's own checkouts,
 * which they can release by email) or the client address's (shared).
 */
export class TooManyCheckouts extends HttpError {
  readonly retryAfterSeconds: number;
  readonly by: "email" | "client";
  constructor(open: number, retryAfterSeconds: number, by: "email" | "client") {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    const wait = `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
    super(
      429,
      by === "email"
        ? `You already have ${open} unfinished checkouts. Finish or cancel one of them, or try again in ${wait}.`
        : `Too many unfinished checkouts from your network right now. Please try again in ${wait}.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
    this.by = by;
  }
}

export interface CheckoutOwner {
  email?: string | null;
  /** Hashed client address (server/security/client.server.ts). */
  clientKey?: string | null;
}

/** Emails are compared case-insensitively: Mia@Example.com and mia@example.com are one person. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * Locks the owner's keys for the rest of the transaction and throws
 * TooManyCheckouts when the email already has `max` open checkouts, or the
 * client address `max * CLIENT_CAP_FACTOR`.
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
    if (open.count >= (column === "email" ? max : max * CLIENT_CAP_FACTOR)) {
      const seconds = Math.max(1, Math.ceil((open.oldestExpiry.getTime() - now.getTime()) / 1000));
      throw new TooManyCheckouts(open.count, seconds, column);
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

/** One unfinished checkout of an email address, as the release page lists it. */
export interface OpenCheckout {
  paymentId: string;
  kind: "booking" | "custom" | "voucher";
  adventure: string | null;
  date: string | null;
  groupSize: number | null;
  amountCents: number;
  currency: string;
  startedAt: Date;
}

/**
 * The open checkouts an email address can end itself: the ones the cap counts
 * for it that have a session at the provider (a booking's held checkout, an
 * open custom payment or gift voucher), oldest first.
 */
export async function listOpenCheckouts(db: DB, email: string, now: Date): Promise<OpenCheckout[]> {
  const address = normalEmail(email);
  const rows = await db
    .select({
      paymentId: payments.id,
      kind: payments.kind,
      adventure: adventures.title,
      date: bookings.selectedDate,
      groupSize: bookings.groupSize,
      amountCents: payments.amountTotalCents,
      currency: payments.currency,
      startedAt: payments.createdAt,
    })
    .from(payments)
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(
      and(
        eq(payments.status, "open"),
        eq(payments.paymentStatus, "unpaid"),
        gt(payments.expiresAt, now),
        or(
          and(
            eq(payments.kind, "booking"),
            eq(bookings.bookingStatus, "pending_payment"),
            sql`lower(${bookings.customerEmail}) = ${address}`,
          ),
          and(
            inArray(payments.kind, ["custom", "voucher"]),
            sql`lower(${payments.customerEmail}) = ${address}`,
          ),
        ),
      ),
    )
    .orderBy(asc(payments.createdAt));
  return rows as OpenCheckout[];
}
