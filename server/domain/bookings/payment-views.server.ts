/**
 * Read models of the ledger: the status check's answer for one checkout
 * session, and what the success page shows once it is paid.
 */
import { eq } from "drizzle-orm";
import { isPaid } from "../../../app/lib/paid.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings, type PaymentRow, payments } from "../../db/schema.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { startTimeLabel } from "./booking-emails.server.ts";

export interface PaymentStatusView {
  session_id: string;
  kind: PaymentRow["kind"];
  status: string;
  payment_status: string;
  /** Dollars, like every amount at our API. */
  amount_total: number;
  amount_total_cents: number;
  currency: string;
  booking_id: string | null;
  booking_reference: string | null;
  booking_status: string | null;
  expires_at: string;
  paid_at: string | null;
}

export async function statusView(deps: BookingDeps, payment: PaymentRow): Promise<PaymentStatusView> {
  let booking: { reference: string; status: string } | undefined;
  if (payment.bookingId) {
    [booking] = await deps.db
      .select({ reference: bookings.reference, status: bookings.bookingStatus })
      .from(bookings)
      .where(eq(bookings.id, payment.bookingId));
  }
  return {
    session_id: payment.sessionId,
    kind: payment.kind,
    status: payment.status,
    payment_status: payment.paymentStatus,
    amount_total: payment.amountTotalCents / 100,
    amount_total_cents: payment.amountTotalCents,
    currency: payment.currency,
    booking_id: payment.bookingId,
    booking_reference: booking?.reference ?? null,
    booking_status: booking?.status ?? null,
    expires_at: payment.expiresAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  };
}

/** What the success page shows for a paid session, or null. */
export async function paidSummary(db: DB, sessionId: string) {
  if (!sessionId || sessionId.length > 255) return null;
  const [payment] = await db.select().from(payments).where(eq(payments.sessionId, sessionId)).limit(1);
  if (!payment || !isPaid(payment)) return null;
  if (!payment.bookingId) {
    return {
      kind: "custom" as const,
      amountTotalCents: payment.amountTotalCents,
      unitAmountCents: payment.unitAmountCents,
      quantity: payment.quantity,
      currency: payment.currency,
      email: payment.customerEmail,
    };
  }
  const [row] = await db
    .select({ booking: bookings, adventure: adventures })
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(eq(bookings.id, payment.bookingId));
  if (!row) return null;
  const { booking: b, adventure: a } = row;
  return {
    kind: "booking" as const,
    bookingId: b.id,
    reference: b.reference,
    status: b.bookingStatus,
    adventureTitle: b.adventureTitle,
    adventureSlug: a.slug,
    image: a.heroImage,
    imageAlt: a.heroImageAlt || a.title,
    date: b.selectedDate,
    duration: a.duration,
    groupSize: b.groupSize,
    unitPriceCents: b.unitPriceCents,
    amountTotalCents: payment.amountTotalCents,
    currency: payment.currency,
    firstName: b.customerFirstName,
    email: b.customerEmail,
    meetingPoint: a.meetingPoint,
    location: a.location,
    whatToBring: a.whatToBring,
    startTime: startTimeLabel(a.itinerary),
  };
}
