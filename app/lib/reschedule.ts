/**
 * The customer's own date change ("reschedule") from their booking link: when
 * it is offered, and what it costs. Pure, so the page, the server and the
 * tests share one definition.
 *
 * The rule: a confirmed, paid booking may move to another bookable date of
 * the same adventure, free of charge, until the policy's date-change cut-off
 * (`changeOpen`: the operator's cut-off, or, when none is set, while a
 * cancellation would still refund something). A different price on the new
 * date is settled: more is paid through a checkout, less is refunded.
 */
import { isIsoDate } from "./dates.ts";
import { START_TIME_PATTERN, splitDepartureKey } from "./departure.ts";
import { formatMoney } from "./money.ts";
import { type AnyPolicy, CANCELLATION_POLICY } from "./policy.ts";
import { changeOpen } from "./policy-refund.ts";
import { changeClosedText } from "./policy-words.ts";
import { bookingSubtotalCents, type PriceLine } from "./price-lines.ts";
import { keptDiscountTotalCents } from "./promo.ts";

/** Why the page does not offer a date change (each has its own sentence). */
export type RescheduleBlock =
  | "not_confirmed"
  | "weather"
  | "not_paid"
  | "no_refund_window"
  | "change_pending"
  | "no_other_dates";

/** Each block's sentence; the closed window's follows the policy's cut-off ("the trip is within 48 hours"). */
export function rescheduleBlockText(block: RescheduleBlock, policy: AnyPolicy = CANCELLATION_POLICY): string {
  if (block !== "no_refund_window") return BLOCK_TEXT[block];
  const closed = changeClosedText(policy);
  return `${closed.charAt(0).toUpperCase()}${closed.slice(1)} (Sydney time), so its date can no longer be changed online. Please contact us: we will do what we can.`;
}

const BLOCK_TEXT: Record<Exclude<RescheduleBlock, "no_refund_window">, string> = {
  not_confirmed: "Only a confirmed booking can change its date online.",
  weather:
    "Your trip was called off for the weather: you can move it to another date free of charge, keep the amount as credit or take a full refund.",
  not_paid: "This booking has no card payment on record, so its date cannot be changed online.",
  change_pending:
    "A date change for this booking is waiting for its payment. Finish or cancel that payment first; an unpaid change ends by itself after 30 minutes.",
  no_other_dates: "There is no other date with room for your group at the moment. Please contact us.",
};

/** The sentences under the built-in policy (the texts that do not depend on it are the same under any). */
export const RESCHEDULE_BLOCK_TEXT: Record<RescheduleBlock, string> = {
  ...BLOCK_TEXT,
  no_refund_window: rescheduleBlockText("no_refund_window"),
};

/**
 * The rules that depend on the booking alone (the dates are checked by the
 * caller, which knows the calendar): null when a change may be offered.
 */
export function rescheduleBlock(
  booking: { status: string; paid: boolean; date: string; changePending: boolean; calledOff?: boolean },
  at: Date,
  policy: AnyPolicy = CANCELLATION_POLICY,
): RescheduleBlock | null {
  if (booking.status !== "confirmed") return "not_confirmed";
  // A departure called off for weather moves free of charge from its own page, never through a paid change.
  if (booking.calledOff) return "weather";
  if (!booking.paid) return "not_paid";
  if (!changeOpen(booking.date, at, policy)) return "no_refund_window";
  if (booking.changePending) return "change_pending";
  return null;
}

/**
 * What a booking costs after a move: the new per-person price for the people
 * of the spec's booking, the lines it was booked with kept as they are (a
 * category's and an extra's price belong to the adventure, not to the date),
 * less the discount it keeps (keptDiscountTotalCents).
 */
export function movedTotalCents(
  newUnitCents: number,
  groupSize: number,
  lines: readonly PriceLine[],
  discountCents = 0,
): number {
  return keptDiscountTotalCents(bookingSubtotalCents(newUnitCents, groupSize, lines), discountCents);
}

/** New total minus what the booking costs now: positive is paid, negative refunded. */
export function priceDifferenceCents(
  newUnitCents: number,
  groupSize: number,
  currentTotalCents: number,
  discountCents = 0,
  lines: readonly PriceLine[] = [],
) {
  return movedTotalCents(newUnitCents, groupSize, lines, discountCents) - currentTotalCents;
}

/** The difference in words, for the date list and the review step. */
export function differenceText(differenceCents: number, currency: string): string {
  if (differenceCents > 0) return `Pay ${formatMoney(differenceCents, currency, true)} more`;
  if (differenceCents < 0) return `Refund ${formatMoney(-differenceCents, currency, true)}`;
  return "No change in price";
}

/**
 * A move that lowers the refund a cancellation would give (a nearer date puts
 * the booking in a later tier), said in money before the customer confirms:
 * "Your refund if you cancel drops from $200.00 to $100.00". Null when the
 * move keeps the refund share (a lower price alone is refunded at once, not lost).
 */
export function refundDropText(
  now: { percent: number; cents: number },
  after: { percent: number; cents: number },
  currency: string,
): string | null {
  if (after.percent >= now.percent) return null;
  return `Your refund if you cancel drops from ${formatMoney(now.cents, currency, true)} to ${formatMoney(after.cents, currency, true)}`;
}

/**
 * The date list's choice read back (one radio carries one value: the
 * departure's key, its date and "T" with its time where it has one), or null
 * when it names no departure.
 */
export function parseDepartureKey(key: string): { date: string; startTime: string } | null {
  const { date, startTime } = splitDepartureKey(key);
  if (key.split("T").length > 2 || !isIsoDate(date)) return null;
  if (startTime && !START_TIME_PATTERN.test(startTime)) return null;
  return { date, startTime };
}
