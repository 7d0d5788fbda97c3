/**
 * The emails of a change the operator makes to a booking (its date, its group
 * size or both): the customer's "changed" email with the calendar file, and
 * the link to pay a dearer change by card. The operator made the change, so
 * no notice goes back to them. Neither email carries a private booking link:
 * the customer's link from the confirmation keeps working.
 */
import type { ChangeSettlement } from "../../app/lib/booking-change.ts";
import { formatDateTimeAU } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import { peopleText } from "../../app/lib/group-size.ts";
import { formatMoney } from "../../app/lib/money.ts";
import type { SiteInfo } from "../../app/lib/site.ts";
import type { BookingRow, bookingChanges } from "../db/schema.ts";
import type { OutgoingEmail } from "./outbox.server.ts";

type ChangeRow = typeof bookingChanges.$inferSelect;

/** "Date: Sat 5 Dec 2026 → Sun 13 Dec 2026, 1:00 pm", and the same for the group, for what changed. */
function changeLines(
  b: BookingRow,
  change: Pick<ChangeRow, "fromDate" | "toDate" | "fromStartTime" | "toStartTime">,
  fromGroup: number,
) {
  const lines: string[] = [];
  if (change.fromDate !== change.toDate || change.fromStartTime !== change.toStartTime)
    lines.push(
      `Date: ${departureText(change.fromDate, change.fromStartTime, "full")} → ${departureText(change.toDate, change.toStartTime, "full")}`,
    );
  if (fromGroup !== b.groupSize) lines.push(`Group: ${peopleText(fromGroup)} → ${peopleText(b.groupSize)}`);
  return lines;
}

export function bookingChangedEmail(m: {
  /** The booking after the change. */
  booking: BookingRow;
  change: Pick<
    ChangeRow,
    "id" | "fromDate" | "toDate" | "fromStartTime" | "toStartTime" | "priceDifferenceCents"
  >;
  fromGroupSize: number;
  settlement: ChangeSettlement;
  refundCents: number;
  /** Paid by card through the change's link. */
  paidCents?: number;
  /** Still to pay after the change. */
  owedCents: number;
  site: SiteInfo;
  ics: string;
}): OutgoingEmail {
  const { booking: b, change } = m;
  const money = (cents: number) => formatMoney(cents, b.currency, true);
  const moneyLine =
    m.paidCents !== undefined
      ? `You paid ${money(m.paidCents)} for the difference in price.`
      : m.settlement === "refund"
        ? `${money(m.refundCents)} is refunded the way you paid; a card refund usually shows within 5-10 business days.`
        : m.settlement === "waive" && change.priceDifferenceCents > 0
          ? "We have waived the difference in price: nothing more to pay."
          : m.owedCents > 0
            ? `Still to pay: ${money(m.owedCents)}.`
            : "Nothing more to pay.";
  return {
    kind: "booking_changed",
    to: b.customerEmail,
    subject: `Your booking has changed: ${b.adventureTitle} on ${departureText(b.selectedDate, b.startTime)} (${b.reference})`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `We have changed your booking ${b.reference} for ${b.adventureTitle}:`,
      ...changeLines(b, change, m.fromGroupSize),
      "",
      moneyLine,
      `Total for the booking now: ${money(b.totalAmountCents)}.`,
      "",
      "The calendar file for the booking is attached. Your private booking link from the confirmation email keeps working and shows the change.",
      "",
      "If anything here is not what you agreed with us, just reply to this email.",
      "",
      m.site.title,
    ].join("\n"),
    attachments: [
      {
        filename: `booking-${b.reference}.ics`,
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: m.ics,
      },
    ],
    dedupeKey: `booking_changed:${change.id}`,
  };
}

/** The link to pay a dearer change: the booking changes when it is paid, the new spots held until then. */
export function changeLinkEmail(m: {
  booking: BookingRow;
  change: Pick<
    ChangeRow,
    "id" | "fromDate" | "toDate" | "fromStartTime" | "toStartTime" | "groupSize" | "priceDifferenceCents"
  >;
  payUrl: string;
  expiresAt: Date;
  site: SiteInfo;
}): OutgoingEmail {
  const { booking: b, change } = m;
  const due = formatMoney(change.priceDifferenceCents, b.currency, true);
  const target = { ...b, groupSize: change.groupSize };
  return {
    kind: "change_payment_link",
    to: b.customerEmail,
    subject: `Pay ${due} to change your booking ${b.reference}`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `As agreed, we are changing your booking ${b.reference} for ${b.adventureTitle}:`,
      ...changeLines(target, change, b.groupSize),
      "",
      `The change costs ${due} more. We are holding the places for you until ${formatDateTimeAU(m.expiresAt)} (Sydney time).`,
      `Pay ${due} by card: ${m.payUrl}`,
      "",
      "Your booking changes as soon as you pay, and an email confirms it. Until then it stays as it is; if the link runs out, reply to this email for a new one.",
      "",
      m.site.title,
    ].join("\n"),
    dedupeKey: `change_payment_link:${change.id}`,
  };
}
