/**
 * Everything about one booking on one console screen: the booking in the
 * list's shape, its payments, refunds, voucher use, date changes, the state of
 * its private links (never a token or its hash) and the operator's notes. The
 * participants come from dive-ops' own call, as in the list and the manifest.
 */
import { asc, desc, eq } from "drizzle-orm";
import { isPaid } from "../../../app/lib/paid.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  bookingChanges,
  bookingLinks,
  bookingNotes,
  payments,
  refunds,
  voucherEntries,
  vouchers,
} from "../../db/schema.ts";
import { linkExpired, linkLastDay } from "../bookings/booking-links.server.ts";
import { owedCents } from "../bookings/operator-booking.server.ts";
import { REFUNDABLE_STATES, refundableCents } from "../money/refunds.server.ts";
import { type AdminBooking, loadBooking, toAdminBookings } from "./admin-bookings.server.ts";

export type LinkState = "live" | "revoked" | "expired" | "none";

export interface BookingNoteView {
  id: string;
  body: string;
  created_at: string;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const dollars = (cents: number) => cents / 100;

export async function bookingNotesOf(db: DB, bookingId: string): Promise<BookingNoteView[]> {
  const rows = await db
    .select()
    .from(bookingNotes)
    .where(eq(bookingNotes.bookingId, bookingId))
    .orderBy(desc(bookingNotes.createdAt), desc(bookingNotes.id));
  return rows.map((n) => ({ id: n.id, body: n.body, created_at: n.createdAt.toISOString() }));
}

export async function bookingPage(db: DB, bookingId: string, at: Date) {
  const row = await loadBooking(db, bookingId);
  const [[booking], [adventure], paid, refundRows, voucherRows, changes, links, notes] = await Promise.all([
    toAdminBookings(db, [row]),
    db
      .select({ duration: adventures.duration, slug: adventures.slug })
      .from(adventures)
      .where(eq(adventures.id, row.adventureId)),
    db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt)),
    db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(desc(refunds.createdAt)),
    db
      .select({ entry: voucherEntries, codeSuffix: vouchers.codeSuffix })
      .from(voucherEntries)
      .innerJoin(vouchers, eq(vouchers.id, voucherEntries.voucherId))
      .where(eq(voucherEntries.bookingId, bookingId))
      .orderBy(asc(voucherEntries.createdAt)),
    db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.bookingId, bookingId))
      .orderBy(desc(bookingChanges.createdAt)),
    db
      .select({
        channel: bookingLinks.channel,
        participantId: bookingLinks.participantId,
        createdAt: bookingLinks.createdAt,
        revokedAt: bookingLinks.revokedAt,
      })
      .from(bookingLinks)
      .where(eq(bookingLinks.bookingId, bookingId))
      .orderBy(desc(bookingLinks.createdAt)),
    bookingNotesOf(db, bookingId),
  ]);

  // What the refund form may still take: the same sum the refund's transaction checks under its lock.
  let leftCents = 0;
  for (const p of paid)
    if (REFUNDABLE_STATES.includes(p.paymentStatus)) leftCents += await refundableCents(db, p);

  const expired = adventure ? linkExpired(row, adventure, at) : false;
  const live = links.filter((l) => !l.revokedAt);
  const state: LinkState =
    live.length > 0 ? (expired ? "expired" : "live") : row.linksRevokedAt ? "revoked" : "none";

  const paidCents = paid.filter(isPaid).reduce((sum, p) => sum + p.amountTotalCents, 0);

  return {
    booking: booking as AdminBooking,
    /** Who made it (website or operator) and how the rest of the total is paid. */
    source: row.source,
    payment_method: row.paymentMethod,
    /** The promo code the booking used and the discount it gave on the subtotal, or null. */
    promo: row.promoCode
      ? {
          code: row.promoCode,
          discount: dollars(row.promoDiscountCents),
          subtotal: dollars(row.totalAmountCents + row.promoDiscountCents),
        }
      : null,
    /** What is still to pay (a booking paid on the day, before the operator records the money). */
    owed: dollars(owedCents(row, paidCents)),
    payments: paid.map((p) => ({
      id: p.id,
      kind: p.kind,
      /** card, or how the operator took it by hand (cash, bank_transfer). */
      method: p.provider === "manual" ? (p.metadata.method ?? "cash") : "card",
      amount: dollars(p.amountTotalCents),
      refunded: dollars(p.refundedCents),
      currency: p.currency,
      payment_status: p.paymentStatus,
      paid_at: iso(p.paidAt),
      created_at: p.createdAt.toISOString(),
    })),
    refunds: refundRows.map((r) => ({
      id: r.id,
      amount: dollars(r.amountCents),
      currency: r.currency,
      reason: r.reason,
      note: r.note,
      status: r.status,
      failure_reason: r.failureReason,
      created_at: r.createdAt.toISOString(),
    })),
    refundable: dollars(leftCents),
    /**
     * Card checkouts still open on this booking (its payment link, a change's link): the
     * address to pass on again. It can only pay; it opens nothing of the booking.
     */
    open_checkouts: paid
      .filter((p) => p.status === "open" && p.paymentStatus === "unpaid" && p.checkoutUrl && p.expiresAt > at)
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        amount: dollars(p.amountTotalCents),
        currency: p.currency,
        url: p.checkoutUrl,
        expires_at: p.expiresAt.toISOString(),
      })),
    vouchers: voucherRows.map(({ entry, codeSuffix }) => ({
      id: entry.id,
      kind: entry.kind,
      code_suffix: codeSuffix,
      amount: dollars(entry.amountCents),
      note: entry.note,
      created_at: entry.createdAt.toISOString(),
    })),
    changes: changes.map((c) => ({
      id: c.id,
      from_date: c.fromDate,
      to_date: c.toDate,
      /** The departures' own start times ("" where a date's one departure has none). */
      from_start_time: c.fromStartTime,
      to_start_time: c.toStartTime,
      group_size: c.groupSize,
      /** customer (from their link) or operator (from this page), and how the operator settled it. */
      source: c.source,
      settlement: c.settlement,
      price_difference: dollars(c.priceDifferenceCents),
      status: c.status,
      created_at: c.createdAt.toISOString(),
      completed_at: iso(c.completedAt),
    })),
    links: {
      state,
      live: live.length,
      revoked_at: iso(row.linksRevokedAt),
      last_day: adventure ? linkLastDay(row, adventure) : null,
      /** Whether a fresh link can be made now (never after a revocation, never an expired one). */
      can_mint: !row.linksRevokedAt && !expired && Boolean(adventure),
      items: links.map((l) => ({
        channel: l.channel,
        participant: l.participantId !== null,
        created_at: l.createdAt.toISOString(),
        revoked_at: iso(l.revokedAt),
      })),
    },
    notes,
  };
}

export type BookingPageView = Awaited<ReturnType<typeof bookingPage>>;
