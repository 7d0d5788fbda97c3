/**
 * Bookings as the operator sees them: the paged, filtered list, the CSV
 * export, and status changes. The server decides every transition and every
 * refund.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { daysBetween, sydneyDate } from "../../../app/lib/dates.ts";
import { isPaid } from "../../../app/lib/paid.ts";
import { refundCents, refundPercent } from "../../../app/lib/policy.ts";
import type { BookingReadiness } from "../../../app/lib/readiness.ts";
import { csvLine, csvRecord } from "../../csv.server.ts";
import type { DB } from "../../db/client.server.ts";
import {
  type BookingRow,
  type BookingStatus,
  bookings,
  type PaymentRow,
  payments,
  refunds,
} from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import type { PaymentProvider } from "../../payments/provider.server.ts";
import { revokeBookingLinks } from "../bookings/booking-links.server.ts";
import { canTransition, nextStatuses, statusLabel } from "../bookings/booking-status.ts";
import { cancelBooking } from "../bookings/cancel-booking.server.ts";
import { readinessForBookings } from "../dive-ops/participants.server.ts";
import {
  REFUNDABLE_STATES,
  type RefundNote,
  refundNotes,
  retryBookingRefunds,
} from "../money/refunds.server.ts";

export { canTransition, isBookingStatus, nextStatuses } from "../bookings/booking-status.ts";

export interface AdminBooking {
  id: string;
  reference: string;
  adventure_id: string;
  adventure_title: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_email: string;
  customer_phone: string;
  group_size: number;
  selected_date: string;
  special_requirements: string;
  total_amount: number;
  currency: string;
  booking_status: BookingStatus;
  payment_status: string;
  /** The part a voucher paid, in dollars (0 when none). */
  voucher_amount: number;
  refund_amount: number;
  created_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  next_statuses: readonly BookingStatus[];
  /** Status of the latest refund (pending, succeeded, failed), or null when none was made. */
  refund_status: string | null;
  /** What the operator must look at (a late payment refunded, a refund not made yet), or null. */
  attention: string | null;
  /** Whether the group is ready for the trip (confirmed and completed bookings); null otherwise. */
  readiness: BookingReadiness | null;
}

function toAdminBooking(
  b: BookingRow,
  paymentStatus: string | undefined = undefined,
  refund: RefundNote | undefined = undefined,
  readiness: BookingReadiness | null = null,
): AdminBooking {
  return {
    id: b.id,
    reference: b.reference,
    adventure_id: b.adventureId,
    adventure_title: b.adventureTitle,
    customer_first_name: b.customerFirstName,
    customer_last_name: b.customerLastName,
    customer_email: b.customerEmail,
    customer_phone: b.customerPhone,
    group_size: b.groupSize,
    selected_date: b.selectedDate,
    special_requirements: b.specialRequirements,
    total_amount: b.totalAmountCents / 100,
    currency: b.currency,
    booking_status: b.bookingStatus,
    // A booking a voucher paid in full has no payment of its own: it is paid all the same.
    payment_status:
      paymentStatus ?? (b.voucherCents >= b.totalAmountCents && b.confirmedAt ? "paid" : "unpaid"),
    voucher_amount: b.voucherCents / 100,
    refund_amount: b.refundAmountCents / 100,
    created_at: b.createdAt.toISOString(),
    confirmed_at: b.confirmedAt?.toISOString() ?? null,
    cancelled_at: b.cancelledAt?.toISOString() ?? null,
    next_statuses: nextStatuses(b.bookingStatus),
    refund_status: refund?.refund_status ?? null,
    attention: [b.attention, refund?.refund_attention].filter(Boolean).join(" ") || null,
    readiness,
  };
}

export interface BookingFilter {
  status?: BookingStatus;
  /** Name, email or reference; case-insensitive. */
  q?: string;
  /** Only confirmed bookings from this day (YYYY-MM-DD) on whose group is not ready, soonest first. */
  notReadyFrom?: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A whole booking reference, e.g. TW-7K3Q9P: looked up through its unique index. */
const REFERENCE = /^TW-[A-Z0-9]{4,12}$/i;

function bookingWhere(filter: BookingFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(bookings.bookingStatus, filter.status));
  const q = filter.q?.trim();
  if (q) {
    if (REFERENCE.test(q)) {
      parts.push(eq(bookings.reference, q.toUpperCase()));
    } else {
      // One ILIKE over the joined text: a third of the work of one per column.
      const like = `%${escapeLike(q)}%`;
      parts.push(
        ilike(
          sql`${bookings.customerFirstName} || ' ' || ${bookings.customerLastName} || ' ' || ${bookings.customerEmail} || ' ' || ${bookings.reference}`,
          like,
        ),
      );
    }
  }
  return parts.length ? and(...parts) : undefined;
}

/** payment_status of each booking's latest payment (paid ones first). */
async function paymentStatuses(db: DB, ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const rows = await db
    .select({ bookingId: payments.bookingId, paymentStatus: payments.paymentStatus })
    .from(payments)
    .where(inArray(payments.bookingId, ids))
    .orderBy(desc(payments.createdAt));
  for (const r of rows) {
    if (!r.bookingId) continue;
    const known = out.get(r.bookingId);
    if (!known || (!isPaid({ paymentStatus: known }) && isPaid(r))) {
      out.set(r.bookingId, r.paymentStatus);
    }
  }
  return out;
}

/** Rows in the admin shape, each with its payment status and refund state. */
export async function toAdminBookings(db: DB, rows: BookingRow[]): Promise<AdminBooking[]> {
  const ids = rows.map((r) => r.id);
  const going = rows.filter((r) => r.bookingStatus === "confirmed" || r.bookingStatus === "completed");
  const [statuses, notes, readiness] = await Promise.all([
    paymentStatuses(db, ids),
    refundNotes(db, ids),
    readinessForBookings(
      db,
      going.map((r) => r.id),
    ),
  ]);
  return rows.map((r) => toAdminBooking(r, statuses.get(r.id), notes.get(r.id), readiness.get(r.id) ?? null));
}

async function countBookings(db: DB, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(bookings).where(where);
  return total;
}

export interface BookingPage {
  bookings: AdminBooking[];
  total: number;
  page: number;
  page_size: number;
}

/** Newest first; offset paging over the (status, created_at) / created_at indexes. */
export async function listBookings(
  db: DB,
  filter: BookingFilter,
  page: number,
  pageSize: number,
): Promise<BookingPage> {
  if (filter.notReadyFrom) return listNotReady(db, filter, filter.notReadyFrom, page, pageSize);
  const where = bookingWhere(filter);
  const offset = (page - 1) * pageSize;
  let rows: BookingRow[];
  let total: number;
  if (filter.q && !REFERENCE.test(filter.q.trim())) {
    // A text search scans anyway: count in the same pass instead of a second scan.
    const found = await db
      .select({ booking: bookings, total: sql<number>`(count(*) over ())::int` })
      .from(bookings)
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(pageSize)
      .offset(offset);
    rows = found.map((f) => f.booking);
    total = found[0]?.total ?? (offset > 0 ? await countBookings(db, where) : 0);
  } else {
    // The index serves the page; the count is a separate index-only count.
    [rows, total] = await Promise.all([
      db
        .select()
        .from(bookings)
        .where(where)
        .orderBy(desc(bookings.createdAt), desc(bookings.id))
        .limit(pageSize)
        .offset(offset),
      countBookings(db, where),
    ]);
  }
  return {
    bookings: await toAdminBookings(db, rows),
    total,
    page,
    page_size: pageSize,
  };
}

/**
 * Upcoming confirmed bookings whose group is not ready, soonest trip first.
 * Readiness is worked out by the one rule in code, so the upcoming
 * confirmed bookings are read whole and filtered here: a small company's
 * (one instructor, groups of at most four) run to some hundreds at most.
 */
async function listNotReady(
  db: DB,
  filter: BookingFilter,
  from: string,
  page: number,
  pageSize: number,
): Promise<BookingPage> {
  const upcoming = await db
    .select()
    .from(bookings)
    .where(
      and(
        bookingWhere({ q: filter.q }),
        eq(bookings.bookingStatus, "confirmed"),
        gte(bookings.selectedDate, from),
      ),
    )
    .orderBy(asc(bookings.selectedDate), asc(bookings.id));
  const readiness = await readinessForBookings(
    db,
    upcoming.map((b) => b.id),
  );
  const notReady = upcoming.filter((b) => readiness.get(b.id)?.status !== "ready");
  const offset = (page - 1) * pageSize;
  return {
    bookings: await toAdminBookings(db, notReady.slice(offset, offset + pageSize)),
    total: notReady.length,
    page,
    page_size: pageSize,
  };
}

/* ---------- CSV ---------- */

const CSV_COLUMNS = [
  "reference",
  "created_at",
  "adventure_title",
  "selected_date",
  "customer_first_name",
  "customer_last_name",
  "customer_email",
  "customer_phone",
  "group_size",
  "total_amount",
  "currency",
  "booking_status",
  "payment_status",
  "refund_amount",
  "special_requirements",
] as const;

function csvRow(b: AdminBooking): string {
  return csvRecord(CSV_COLUMNS, {
    ...b,
    total_amount: b.total_amount.toFixed(2),
    refund_amount: b.refund_amount.toFixed(2),
  });
}

/** Every matching booking as CSV lines, read in keyset batches (bounded memory). */
export async function* bookingsCsv(db: DB, filter: BookingFilter, batch = 1000): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  const base = bookingWhere(filter);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          lt(bookings.createdAt, after.createdAt),
          and(eq(bookings.createdAt, after.createdAt), lt(bookings.id, after.id)),
        )
      : undefined;
    const rows: BookingRow[] = await db
      .select()
      .from(bookings)
      .where(and(base, cursor))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(batch);
    if (!rows.length) return;
    const admin = await toAdminBookings(db, rows);
    yield admin.map(csvRow).join("");
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/* ---------- Refunds ---------- */

async function paidPayment(db: DB, bookingId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.paymentStatus, REFUNDABLE_STATES)))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row ?? null;
}

export interface RefundPreview {
  booking_id: string;
  reference: string;
  booking_status: BookingStatus;
  selected_date: string;
  days_before_trip: number;
  paid: boolean;
  paid_amount: number;
  already_refunded: number;
  refund_percent: number;
  refund_amount: number;
  currency: string;
}

interface RefundPlan {
  preview: RefundPreview;
  payment: PaymentRow | null;
  cents: number;
}

async function planRefund(db: DB, booking: BookingRow, now: Date): Promise<RefundPlan> {
  const payment = await paidPayment(db, booking.id);
  const paidCents = payment?.amountTotalCents ?? 0;
  const already = payment ? payment.refundedCents + (await pendingRefundCents(db, payment.id)) : 0;
  const percent = payment ? refundPercent(booking.selectedDate, now) : 0;
  const cents = payment
    ? Math.max(0, Math.min(refundCents(paidCents, booking.selectedDate, now), paidCents - already))
    : 0;
  return {
    payment,
    cents,
    preview: {
      booking_id: booking.id,
      reference: booking.reference,
      booking_status: booking.bookingStatus,
      selected_date: booking.selectedDate,
      days_before_trip: daysBetween(sydneyDate(now), booking.selectedDate),
      paid: payment !== null,
      paid_amount: paidCents / 100,
      already_refunded: already / 100,
      refund_percent: percent,
      refund_amount: cents / 100,
      currency: payment?.currency ?? booking.currency,
    },
  };
}

/** Refunds claimed but not yet confirmed by the provider: already promised, so not offered again. */
async function pendingRefundCents(db: DB, paymentId: string): Promise<number> {
  const [{ cents }] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, "pending")));
  return cents;
}

async function loadBooking(db: DB, id: string): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound("Booking not found");
  return row;
}

export async function refundPreview(db: DB, id: string, now = new Date()): Promise<RefundPreview> {
  const booking = await loadBooking(db, id);
  return (await planRefund(db, booking, now)).preview;
}

export interface StatusDeps {
  db: DB;
  log: Logger;
  payments: PaymentProvider;
  now: () => Date;
  /** Cancelling offers the freed spots to the waitlist, whose emails link to the site. */
  env: { publicUrl: string };
}

/**
 * Moves a booking to `to` if the rules allow it. Cancelling goes through
 * cancelBooking (claim, release, refund exactly once); completing is one
 * conditional update.
 */
export async function changeBookingStatus(
  deps: StatusDeps,
  id: string,
  to: BookingStatus,
): Promise<{ booking: AdminBooking; refund_amount: number }> {
  const { db, log } = deps;
  if (to === "cancelled") {
    const result = await cancelBooking(deps, id, { by: "operator" });
    const [booking] = await toAdminBookings(db, [result.booking]);
    return { booking, refund_amount: result.refundCents / 100 };
  }
  const booking = await loadBooking(db, id);
  const from = booking.bookingStatus;
  if (!canTransition(from, to)) {
    throw conflict(
      from === to
        ? `This booking is already ${statusLabel(to)}.`
        : `A ${statusLabel(from)} booking cannot be marked ${statusLabel(to)}.`,
    );
  }
  const at = deps.now();
  const [updated] = await db
    .update(bookings)
    .set({ bookingStatus: to, updatedAt: at, holdExpiresAt: null })
    .where(and(eq(bookings.id, id), eq(bookings.bookingStatus, from)))
    .returning();
  if (!updated) throw conflict("This booking was changed at the same time. Reload and try again.");

  // A booking settled by hand must not be paid (again) through a checkout left open.
  if (from === "pending_payment" && booking.checkoutSessionId) {
    await deps.payments.expire(booking.checkoutSessionId).catch((error: unknown) => {
      log.warn("could not expire the checkout session", { booking: id, error });
    });
  }
  log.info("booking status changed", { booking: id, from, to });
  const [admin] = await toAdminBookings(db, [updated]);
  return { booking: admin, refund_amount: 0 };
}

/** The operator's one click for a refund that has not gone through: sent again, never twice. */
export async function retryRefund(deps: StatusDeps, id: string): Promise<{ booking: AdminBooking }> {
  await loadBooking(deps.db, id);
  const sent = await retryBookingRefunds(deps, id);
  if (sent === 0) throw conflict("This booking has no refund waiting to be made.");
  const [booking] = await toAdminBookings(deps.db, [await loadBooking(deps.db, id)]);
  return { booking };
}

/**
 * The operator switches off every private link to a booking (a forwarded
 * email, a shared screen): the customer can ask for a fresh one by email.
 */
export async function revokeLinks(deps: StatusDeps, id: string): Promise<{ revoked: number }> {
  await loadBooking(deps.db, id);
  const revoked = await revokeBookingLinks(deps.db, id, deps.now());
  deps.log.info("booking links revoked", { booking: id, revoked });
  return { revoked };
}
