/**
 * What cancelling a booking now would refund under the cancellation policy,
 * for the operator to confirm before cancelling: the paid payment, what was
 * refunded or promised already, and the policy's share of the rest.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { daysBetween, sydneyDate } from "../../../app/lib/dates.ts";
import { refundCents, refundPercent } from "../../../app/lib/policy-refund.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, type PaymentRow, payments, refunds } from "../../db/schema.ts";
import { bookingTerms } from "../bookings/booking-terms.server.ts";
import { REFUNDABLE_STATES } from "../money/refunds.server.ts";
import { loadBooking, type RefundPreview } from "./admin-bookings.server.ts";

async function paidPayment(db: DB, bookingId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.paymentStatus, REFUNDABLE_STATES)))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row ?? null;
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
  // The same terms a cancellation refunds by: the adventure's effective policy.
  const terms = await bookingTerms(db, booking);
  const percent = payment ? refundPercent(terms.date, now, terms.policy) : 0;
  const cents = payment
    ? Math.max(0, Math.min(refundCents(paidCents, terms.date, now, terms.policy), paidCents - already))
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

export async function refundPreview(db: DB, id: string, now = new Date()): Promise<RefundPreview> {
  const booking = await loadBooking(db, id);
  return (await planRefund(db, booking, now)).preview;
}
