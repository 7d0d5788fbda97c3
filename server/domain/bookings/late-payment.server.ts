/**
 * A payment that arrives after its booking's hold was released (the checkout
 * expired or was cancelled, and the money came through anyway) on a date that
 * has no room left: never overbook. Inside the payment's own transaction the
 * booking stays cancelled and is marked for the operator, the whole payment is
 * claimed as a refund (the caller sends it after the commit), and the customer
 * and the operator are told, the customer with other open dates (a date
 * counts once, when any of its departures has room for the group).
 */
import { and, asc, eq, gte, ne, sql } from "drizzle-orm";
import { firstBookableDate } from "../../../app/lib/booking-window.ts";
import { sydneyDate } from "../../../app/lib/dates.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import type { SiteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { availability, type BookingRow, bookings, type PaymentRow } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { type BookingFacts, latePaymentRefundEmail } from "../../email/templates.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { claimRefund, type RefundRow } from "../money/refunds.server.ts";

export type LateCause = "date_full" | "booking_cancelled";

/** How many other dates the customer's email offers. */
const OTHER_DATES = 5;

export async function refundLatePayment(
  tx: DB,
  args: {
    booking: BookingRow;
    facts: BookingFacts;
    payment: PaymentRow;
    adventure: AdventureRow;
    site: SiteInfo;
    notify: string;
    publicUrl: string;
    at: Date;
    /** date_full: the hold ran out and the date filled; booking_cancelled: a person cancelled it. */
    cause: LateCause;
  },
): Promise<RefundRow | null> {
  const { booking, facts, payment, adventure, site, notify, at, cause } = args;
  const refund = await claimRefund(tx, {
    payment,
    bookingId: booking.id,
    amountCents: payment.amountTotalCents,
    reason: "late_payment",
    at,
  });
  const amount = formatMoney(refund?.amountCents ?? 0, payment.currency, true);
  const date = departureText(booking.selectedDate, booking.startTime);
  const why =
    cause === "date_full"
      ? `Paid after its hold was released, when ${date} no longer had ${booking.groupSize} free ${booking.groupSize === 1 ? "spot" : "spots"}`
      : "Paid after the booking had been cancelled";
  const note = `${why}: the booking stays cancelled and the payment of ${amount} is refunded in full automatically. The customer was emailed other dates.`;
  await tx
    .update(bookings)
    .set({
      attention: note,
      refundAmountCents: sql`${bookings.refundAmountCents} + ${refund?.amountCents ?? 0}`,
      updatedAt: at,
    })
    .where(eq(bookings.id, booking.id));

  const open = await tx
    .selectDistinct({ date: availability.date })
    .from(availability)
    .where(
      and(
        eq(availability.adventureId, adventure.id),
        gte(availability.date, firstBookableDate(sydneyDate(at), adventure.advanceBookingDays)),
        // Other dates: the email names dates, and says the booking's own filled up.
        ne(availability.date, booking.selectedDate),
        eq(availability.isAvailable, true),
        sql`${availability.availableSpots} - ${availability.bookedSpots} >= ${booking.groupSize}`,
      ),
    )
    .orderBy(asc(availability.date))
    .limit(OTHER_DATES);
  const bookUrl = `${args.publicUrl}/book?adventure=${encodeURIComponent(adventure.id)}`;
  await enqueueEmail(tx, {
    kind: "late_payment_refund",
    bookingId: booking.id,
    to: booking.customerEmail,
    ...latePaymentRefundEmail(
      facts,
      open.map((o) => o.date),
      bookUrl,
      site,
      cause,
      refund?.amountCents ?? 0,
    ),
    dedupeKey: `late_payment_refund:${booking.id}`,
  });
  await enqueueEmail(tx, {
    kind: "late_payment_notice",
    bookingId: booking.id,
    to: notify,
    subject: `Late payment refunded: ${booking.reference}, ${adventure.title} on ${date} ${cause === "date_full" ? "was full" : "was cancelled"}`,
    text: [
      `Booking ${booking.reference} (${booking.customerFirstName} ${booking.customerLastName}, ${booking.customerEmail}) was paid after ${cause === "date_full" ? "its hold had been released" : "it had been cancelled"}.`,
      cause === "date_full"
        ? `${departureText(booking.selectedDate, booking.startTime, "full")} no longer had room for ${booking.groupSize}, so nothing was overbooked: the booking stays cancelled and ${amount} is refunded in full automatically.`
        : `The booking had been cancelled before the payment arrived: it stays cancelled and ${amount} is refunded in full automatically.`,
      `The customer was emailed ${open.length ? `${open.length} other open dates` : "that no other date is open; please contact them"}.`,
      "",
      "The booking is marked in the admin area: Bookings.",
    ].join("\n"),
    dedupeKey: `late_payment_notice:${booking.id}`,
  });
  return refund;
}
