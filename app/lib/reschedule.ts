/**
 * The customer's own date change ("reschedule") from their booking link: when
 * it is offered, and what it costs. Pure, so the page, the server and the
 * tests share one definition.
 *
 * The rule: a confirmed, paid booking may move to another bookable date of
 * the same adventure, free of charge, while the trip is outside the
 * no-refund window of the cancellation policy (refundPercent > 0, counted in
 * Sydney calendar days). A different price on the new date is settled: more
 * is paid through a checkout, less is refunded.
 */
import { bookingTotalCents } from "./booking.ts";
import { formatMoney } from "./money.ts";
import { noRefundWindowText, refundPercent } from "./policy.ts";

/** Why the page does not offer a date change (each has its own sentence). */
export type RescheduleBlock =
  | "not_confirmed"
  | "weather"
  | "not_paid"
  | "no_refund_window"
  | "change_pending"
  | "no_other_dates";

/** "the trip is within 48 hours": no refund, so no free change either. */
const inWindow = noRefundWindowText();

export const RESCHEDULE_BLOCK_TEXT: Record<RescheduleBlock, string> = {
  not_confirmed: "Only a confirmed booking can change its date online.",
  weather:
    "Your trip was called off for the weather: you can move it to another date free of charge, keep the amount as credit or take a full refund.",
  not_paid: "This booking has no card payment on record, so its date cannot be changed online.",
  no_refund_window: `${inWindow.charAt(0).toUpperCase()}${inWindow.slice(1)} (Sydney time), so its date can no longer be changed online. Please contact us: we will do what we can.`,
  change_pending:
    "A date change for this booking is waiting for its payment. Finish or cancel that payment first; an unpaid change ends by itself after 30 minutes.",
  no_other_dates: "There is no other date with room for your group at the moment. Please contact us.",
};

/**
 * The rules that depend on the booking alone (the dates are checked by the
 * caller, which knows the calendar): null when a change may be offered.
 */
export function rescheduleBlock(
  booking: { status: string; paid: boolean; date: string; changePending: boolean; calledOff?: boolean },
  at: Date,
): RescheduleBlock | null {
  if (booking.status !== "confirmed") return "not_confirmed";
  // A departure called off for weather moves free of charge from its own page, never through a paid change.
  if (booking.calledOff) return "weather";
  if (!booking.paid) return "not_paid";
  if (refundPercent(booking.date, at) === 0) return "no_refund_window";
  if (booking.changePending) return "change_pending";
  return null;
}

/** New total minus what the booking costs now: positive is paid, negative refunded. */
export function priceDifferenceCents(newUnitCents: number, groupSize: number, currentTotalCents: number) {
  return bookingTotalCents(newUnitCents, groupSize) - currentTotalCents;
}

/** The difference in words, for the date list and the review step. */
export function differenceText(differenceCents: number, currency: string): string {
  if (differenceCents > 0) return `Pay ${formatMoney(differenceCents, currency, true)} more`;
  if (differenceCents < 0) return `Refund ${formatMoney(-differenceCents, currency, true)}`;
  return "No change in price";
}
