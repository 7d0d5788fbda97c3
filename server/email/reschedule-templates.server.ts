/**
 * Date-change emails: the customer's "moved" email and the operator's notice
 * (once per change), and the pair sent when a date change's difference was
 * paid after the change had ended. The domain enqueues them in the
 * transaction of the move or refund they report.
 */
import { departureText } from "../../app/lib/departure.ts";
import { peopleText } from "../../app/lib/group-size.ts";
import { formatMoney } from "../../app/lib/money.ts";
import type { SiteInfo } from "../../app/lib/site.ts";
import type { BookingRow, bookingChanges, PaymentRow } from "../db/schema.ts";
import type { OutgoingEmail } from "./outbox.server.ts";

type ChangeRow = typeof bookingChanges.$inferSelect;

/**
 * The customer's "moved" email (with the calendar file for the new date) and
 * the operator's notice. The email does not carry a new link: minting one
 * would switch off the link the customer already has, so it points to that
 * one (and to the page that emails a fresh one).
 */
export function movedEmails(m: {
  booking: BookingRow;
  change: Pick<ChangeRow, "id" | "fromDate" | "toDate" | "fromStartTime" | "toStartTime">;
  site: SiteInfo;
  notify: string;
  publicUrl: string;
  /** The calendar file for the new date. */
  ics: string;
  refundCents: number;
  paidCents?: number;
  /** A free move from a departure called off for weather. */
  weather?: boolean;
}): { customer: OutgoingEmail; operator: OutgoingEmail } {
  const { booking: b, change, site } = m;
  const money = (cents: number) => formatMoney(cents, b.currency, true);
  // Each departure with its start time where it has one: a move may change only the time.
  const newDate = departureText(change.toDate, change.toStartTime, "full");
  const oldDate = departureText(change.fromDate, change.fromStartTime, "full");
  const moneyLine = m.weather
    ? "We called the old date off for the weather, so the move is free: nothing more to pay."
    : m.refundCents > 0
      ? `The new date costs less: ${money(m.refundCents)} is refunded to your card; it usually shows within 5-10 business days.`
      : m.paidCents
        ? `You paid ${money(m.paidCents)} for the difference in price.`
        : "The price is the same; nothing more to pay.";
  const customer: OutgoingEmail = {
    kind: "booking_rescheduled",
    to: b.customerEmail,
    subject: `Your booking has moved to ${newDate}`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `Your booking ${b.reference} for ${b.adventureTitle} has moved from ${oldDate} to ${newDate} (${peopleText(b.groupSize)}).`,
      moneyLine,
      `Total for the booking now: ${money(b.totalAmountCents)}.`,
      "",
      "The calendar file for the new date is attached. Your private booking link from the confirmation email keeps working and shows the new date;",
      `if you cannot find it, ask for a fresh one at ${m.publicUrl}/my-booking`,
      "",
      "If you have any questions, just reply to this email.",
      "",
      site.title,
    ].join("\n"),
    attachments: [
      {
        filename: `booking-${b.reference}.ics`,
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: m.ics,
      },
    ],
    dedupeKey: `booking_rescheduled:${change.id}`,
  };
  const operator: OutgoingEmail = {
    kind: "booking_rescheduled_notice",
    to: m.notify,
    subject: `Booking ${b.reference} moved to ${newDate} by the customer${m.weather ? " (weather)" : ""}`,
    text: [
      `${b.customerFirstName} ${b.customerLastName}`.trim() +
        ` (${b.customerEmail}) moved booking ${b.reference} online.`,
      "",
      `Adventure: ${b.adventureTitle}`,
      `From: ${oldDate}`,
      `To: ${newDate}`,
      `Group: ${peopleText(b.groupSize)}`,
      m.weather
        ? "Free move after the weather cancellation: no payment, no refund."
        : m.refundCents > 0
          ? `Refunded for the lower price: ${money(m.refundCents)}`
          : m.paidCents
            ? `Paid for the higher price: ${money(m.paidCents)}`
            : "Same price.",
      "",
      "The spots on the old date are open again.",
    ].join("\n"),
    dedupeKey: `booking_rescheduled_notice:${change.id}`,
  };
  return { customer, operator };
}

/** Where a change was going: its date and the departure's start time ("" when it has none). */
type ChangeDeparture = Pick<ChangeRow, "toDate" | "toStartTime">;

/** The attention line on the booking when a date change's payment came after the change had ended. */
export function lateChangeAttention(payment: PaymentRow, to: ChangeDeparture | null): string {
  const amount = formatMoney(payment.amountTotalCents, payment.currency, true);
  const toDate = to ? departureText(to.toDate, to.toStartTime, "full") : "the new date";
  return `A date change to ${toDate} was paid after it had ended; the booking was not moved and ${amount} is refunded in full automatically.`;
}

/** The customer's email and the operator's notice for a date change paid too late (refunded in full). */
export function lateChangeEmails(m: {
  booking: BookingRow;
  payment: PaymentRow;
  to: ChangeDeparture | null;
  siteTitle: string;
  notify: string;
}): { customer: OutgoingEmail; operator: OutgoingEmail } {
  const { booking: b, payment } = m;
  const amount = formatMoney(payment.amountTotalCents, payment.currency, true);
  const toDate = m.to ? departureText(m.to.toDate, m.to.toStartTime, "full") : "the new date";
  return {
    customer: {
      kind: "reschedule_late_refund",
      to: b.customerEmail,
      subject: `Your date change for ${b.reference} did not go through`,
      text: [
        `Hi ${b.customerFirstName},`,
        "",
        `Your payment of ${amount} for moving ${b.adventureTitle} to ${toDate} arrived after the date change had ended, so your booking was not changed.`,
        `The ${amount} is refunded in full automatically; it usually shows within 5-10 business days.`,
        "You can try again from the link in your confirmation email, or reply to this email.",
        "",
        m.siteTitle,
      ].join("\n"),
      dedupeKey: `reschedule_late_refund:${payment.id}`,
    },
    operator: {
      kind: "reschedule_late_notice",
      to: m.notify,
      subject: `Late date-change payment refunded: ${b.reference}`,
      text: [
        `Booking ${b.reference} (${b.customerFirstName} ${b.customerLastName}, ${b.customerEmail}): a date change to ${toDate} was paid after it had ended.`,
        `The booking stays as it is (${departureText(b.selectedDate, b.startTime, "full")}, ${b.bookingStatus}) and ${amount} is refunded in full automatically.`,
        "",
        "The booking is marked in the admin area: Bookings.",
      ].join("\n"),
      dedupeKey: `reschedule_late_notice:${payment.id}`,
    },
  };
}
