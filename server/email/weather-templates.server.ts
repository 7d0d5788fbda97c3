/**
 * Weather emails: the offer sent when a departure is called off (its three
 * choices and the link to choose), and the confirmation of the credit or the
 * full refund the customer (or the default) chose. The domain enqueues them
 * in the transaction of the change they report, each once (dedupe key per offer).
 * A call-off takes a whole date; each email names the booking's own departure
 * (its start time, where it has one).
 */
import { formatDateAU, sydneyDate } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import { peopleText } from "../../app/lib/group-size.ts";
import { formatMoney } from "../../app/lib/money.ts";
import { CHOICE_TEXT } from "../../app/lib/weather.ts";
import type { BookingRow, weatherCancellations } from "../db/schema.ts";
import type { OutgoingEmail } from "./outbox.server.ts";

type CancellationRow = typeof weatherCancellations.$inferSelect;

/** The offer: the operator's message, the three choices, the link, and what happens without an answer. */
export function weatherOfferEmail(
  b: BookingRow,
  c: Pick<CancellationRow, "id" | "message" | "respondBy" | "defaultChoice">,
  link: string,
  siteTitle: string,
): OutgoingEmail {
  const by = `${formatDateAU(sydneyDate(c.respondBy), "full")}`;
  return {
    kind: "weather_offer",
    to: b.customerEmail,
    subject: `Weather: your ${b.adventureTitle} on ${departureText(b.selectedDate, b.startTime)} is cancelled`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      c.message,
      "",
      `Your booking ${b.reference} (${b.adventureTitle}, ${departureText(b.selectedDate, b.startTime, "full")}, ${peopleText(b.groupSize)}) will not run. You have three choices:`,
      "",
      `1. ${CHOICE_TEXT.move.title}: ${CHOICE_TEXT.move.detail}`,
      `2. ${CHOICE_TEXT.credit.title}: ${CHOICE_TEXT.credit.detail}`,
      `3. ${CHOICE_TEXT.refund.title}: ${CHOICE_TEXT.refund.detail}`,
      "",
      "Choose here:",
      link,
      "",
      `If we have not heard from you by ${by}, we will ${c.defaultChoice === "credit" ? "give you credit for the full amount" : "refund you in full"}.`,
      "Keep this email to yourself: the link opens your booking.",
      "",
      siteTitle,
    ].join("\n"),
    dedupeKey: `weather_offer:${b.id}:${c.id}`,
  };
}

/** The credit chosen: the voucher's code, amount and expiry (and any earlier voucher's part back on it). */
export function weatherCreditEmail(
  b: BookingRow,
  v: { code: string; initialCents: number; currency: string; expiresAt: Date },
  voucherBack: number,
  siteTitle: string,
  publicUrl: string,
  offerId: string,
): OutgoingEmail {
  return {
    kind: "weather_credit",
    to: b.customerEmail,
    // The code stays out of the subject (shown in notifications and lists): the body carries it.
    subject: `Your credit voucher: ${formatMoney(v.initialCents, v.currency, true)}`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `Your booking ${b.reference} for ${b.adventureTitle} on ${departureText(b.selectedDate, b.startTime, "full")} is cancelled for the weather, and the full amount is yours as credit.`,
      "",
      `Voucher code: ${v.code}`,
      `Amount: ${formatMoney(v.initialCents, v.currency, true)}`,
      `Valid until: ${formatDateAU(sydneyDate(v.expiresAt), "full")}`,
      ...(voucherBack > 0
        ? [
            "",
            `The ${formatMoney(voucherBack, b.currency, true)} paid with your earlier voucher is back on that voucher.`,
          ]
        : []),
      "",
      `Enter the code when you book at ${publicUrl}/book: it pays for as much of the booking as its balance covers.`,
      "",
      siteTitle,
    ].join("\n"),
    dedupeKey: `weather_credit:${offerId}`,
  };
}

/** The full refund chosen: what goes back to the card (and any voucher's part back on its voucher). */
export function weatherRefundEmail(
  b: BookingRow,
  cents: number,
  voucherBack: number,
  siteTitle: string,
  offerId: string,
): OutgoingEmail {
  return {
    kind: "weather_refund",
    to: b.customerEmail,
    subject: `Your booking ${b.reference} is refunded in full`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `Your booking ${b.reference} for ${b.adventureTitle} on ${departureText(b.selectedDate, b.startTime, "full")} is cancelled for the weather.`,
      cents > 0
        ? `A refund of ${formatMoney(cents, b.currency, true)}, everything you paid by card, is on its way; it usually shows within 5-10 business days.`
        : "Nothing was paid by card for this booking, so there is nothing to refund to a card.",
      ...(voucherBack > 0
        ? [
            `The ${formatMoney(voucherBack, b.currency, true)} paid with your voucher is back on that voucher.`,
          ]
        : []),
      "",
      "We hope to see you on another day.",
      "",
      siteTitle,
    ].join("\n"),
    dedupeKey: `weather_refund:${offerId}`,
  };
}
