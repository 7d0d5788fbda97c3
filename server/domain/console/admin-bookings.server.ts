/**
 * Bookings as the operator sees them: the admin shape of a booking and the
 * paged, filtered list. The CSV export (bookings-csv), the refund preview
 * (refund-preview) and the status changes (booking-actions) build on these;
 * the server decides every transition and every refund.
 */
import { and, asc, desc, eq, gte, ilike, inArray, type SQL, sql } from "drizzle-orm";
import { isPaid } from "../../../app/lib/paid.ts";
import type { PriceLine } from "../../../app/lib/price-lines.ts";
import type { BookingReadiness } from "../../../app/lib/readiness.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, type BookingStatus, bookings, payments } from "../../db/schema.ts";
import { notFound } from "../../errors.server.ts";
import { nextStatuses } from "../bookings/booking-status.ts";
import { readinessForBookings } from "../dive-ops/participants.server.ts";
import { type RefundNote, refundNotes } from "../money/refund-notes.server.ts";

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
  /** The departure's own start time ("HH:MM"), or "" where its date has one departure without one. */
  start_time: string;
  special_requirements: string;
  total_amount: number;
  currency: string;
  /** The booking's price lines (categories, extras), only when it has any: the spec's answer is unchanged. */
  price_lines?: PriceLine[];
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
    start_time: b.startTime,
    special_requirements: b.specialRequirements,
    total_amount: b.totalAmountCents / 100,
    currency: b.currency,
    ...(b.priceLines.length ? { price_lines: b.priceLines } : {}),
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

/** The filter as a WHERE clause (also the CSV export's). */
export function bookingWhere(filter: BookingFilter): SQL | undefined {
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

/** One booking, or 404. */
export async function loadBooking(db: DB, id: string): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound("Booking not found");
  return row;
}

/** What cancelling now would refund (refund-preview), as the operator's confirmation shows it. */
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
