/**
 * The operator's change of a booking's date or group size, and how the price
 * difference is settled. One rule for the console's preview, the server's
 * change and the tests: which ways to settle a difference the booking's money
 * allows, and what a refund can send back.
 */

/**
 * - `none`: the price is the same.
 * - `link`: the customer pays a dearer change by card through an emailed link;
 *   the booking moves when it is paid, the new spots held meanwhile.
 * - `owed`: the total follows the new price now; what is still to pay shows on
 *   the booking page, to be taken on the day or recorded as cash or transfer.
 * - `refund`: a cheaper change sends the difference back on what was paid.
 * - `waive`: the operator keeps the old total: no charge for a dearer change,
 *   no refund for a cheaper one.
 */
export const CHANGE_SETTLEMENTS = ["none", "link", "owed", "refund", "waive"] as const;
export type ChangeSettlement = (typeof CHANGE_SETTLEMENTS)[number];

/** The console's words for each way to settle. */
export const SETTLEMENT_LABELS: Record<ChangeSettlement, string> = {
  none: "Same price: nothing to pay or refund",
  link: "Email the customer a link to pay the difference by card",
  owed: "Add it to what the customer owes (pay on the day, cash or transfer)",
  refund: "Refund the difference",
  waive: "Waive the difference (the total stays as it is)",
};

export interface ChangeMoney {
  /** New total minus the booking's total now. */
  differenceCents: number;
  /** The total the new date and group size cost. */
  newTotalCents: number;
  /** What is still to pay before the change (a booking paid on the day owes its total). */
  owedBeforeCents: number;
  /** Voucher part plus money paid and not refunded. */
  coveredCents: number;
  /** What the booking's payments can still give back (card or recorded by hand). */
  refundableCents: number;
}

/**
 * The ways this change may be settled (the first is the console's default),
 * and the refund a cheaper one sends: never more than the difference, than
 * the payments can give back, or than was covered beyond the new total. A
 * link is offered only for a booking paid in full: one that still owes money
 * adds the difference to what it owes. A voucher part is never paid out: a
 * cheaper change of a booking paid by voucher is waived.
 */
export function changeSettlements(m: ChangeMoney): { options: ChangeSettlement[]; refundCents: number } {
  const d = m.differenceCents;
  if (d === 0) return { options: ["none"], refundCents: 0 };
  if (d > 0) {
    return {
      options: m.owedBeforeCents === 0 ? ["link", "owed", "waive"] : ["owed", "waive"],
      refundCents: 0,
    };
  }
  const over = m.coveredCents - m.newTotalCents;
  if (over <= 0) return { options: ["owed"], refundCents: 0 };
  const refundCents = Math.max(0, Math.min(-d, m.refundableCents, over));
  return { options: refundCents > 0 ? ["refund", "waive"] : ["waive"], refundCents };
}

/** The total a settled change leaves on the booking: a waived difference keeps the old total. */
export function totalAfterChange(
  settlement: ChangeSettlement,
  currentTotalCents: number,
  newTotalCents: number,
): number {
  return settlement === "waive" ? currentTotalCents : newTotalCents;
}
