/**
 * The one "is it paid" rule. The payments ledger records "paid" when the
 * money arrives and moves to "partially_refunded" or "refunded" as refunds
 * succeed: a refund does not undo the fact that the visitor paid. A payment
 * provider may also answer "no_payment_required" (nothing was due); that
 * counts as paid only once the checkout is complete, because an open or
 * expired session with nothing to pay has not bought anything.
 */

/** Ledger payment states in which the money was taken; SQL filters use this list. */
export const PAID_STATES = ["paid", "partially_refunded", "refunded"] as const;

export function isPaid(payment: { paymentStatus: unknown; status?: unknown }): boolean {
  const { paymentStatus, status } = payment;
  if (typeof paymentStatus !== "string") return false;
  if ((PAID_STATES as readonly string[]).includes(paymentStatus)) return true;
  return paymentStatus === "no_payment_required" && status === "complete";
}
