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
import { bookingTerms } from "./booking-terms.server.ts";
import { bookedExtras } from "./extras.server.ts";

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
  // The refund terms the summary's cancellation line is made from.
  const terms = await bookingTerms(db, b);
  return {
    kind: "booking" as const,
    terms,
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
    startTime: startTimeLabel(a.itinerary, b.startTime),
  };
}

/** How long after cancelling at the checkout its return to /book fills the form in again. */
export const CANCELLED_FORM_WINDOW_MS = 60 * 60 * 1000;

/**
 * What the customer had entered for a booking whose checkout they just
 * cancelled, to fill the /book form in again on the cancel return. Only for
 * a booking's own checkout, cancelled (not expired or paid) within the last
 * hour: the session id in the return address shows no more than the success
 * page shows for it, and not for long.
 */
export async function cancelledBookingForm(db: DB, sessionId: string, now: Date) {
  if (!sessionId || sessionId.length > 255) return null;
  const [row] = await db
    .select({ payment: payments, booking: bookings })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.sessionId, sessionId))
    .limit(1);
  if (row?.payment.kind !== "booking" || row.payment.status !== "cancelled") return null;
  if (now.getTime() - row.payment.updatedAt.getTime() > CANCELLED_FORM_WINDOW_MS) return null;
  const b = row.booking;
  // The counts per category and the extras with their sizes, where it had them.
  const people = b.priceLines.filter((l) => l.kind === "category");
  const extras = await bookedExtras(db, b);
  return {
    ...(people.length ? { categories: Object.fromEntries(people.map((l) => [l.ref_id, l.quantity])) } : {}),
    ...(extras ? { extras } : {}),
    adventureId: b.adventureId,
    customerFirstName: b.customerFirstName,
    customerLastName: b.customerLastName,
    customerEmail: b.customerEmail,
    customerPhone: b.customerPhone,
    groupSize: String(b.groupSize),
    selectedDate: b.selectedDate,
    specialRequirements: b.specialRequirements,
  };
}
