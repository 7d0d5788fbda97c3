import { addDays, daysBetween, formatDateAU, sydneyDate } from "./dates.ts";

/**
 * The cancellation policy, counted in Sydney calendar
 * days before the trip date: 7 or more days: full refund; 3-6 days: 50%;
 * 0-2 days: none. Weather cancellations by the operator are always refunded
 * in full (not this function's business: the operator chooses that).
 */
export function refundPercent(tripDate: string, at: Date = new Date()): 0 | 50 | 100 {
  const days = daysBetween(sydneyDate(at), tripDate);
  if (days >= 7) return 100;
  if (days >= 3) return 50;
  return 0;
}

/** The rule of refundPercent in one sentence, for pages that state it next to a refund. */
export const POLICY_TEXT =
  "Full refund 7 or more days before the trip, 50% 3-6 days before, no refund within 48 hours (counted in Sydney calendar days).";

/** Refund in cents for a paid amount, rounded down to the cent. */
export function refundCents(paidCents: number, tripDate: string, at: Date = new Date()): number {
  return Math.floor((paidCents * refundPercent(tripDate, at)) / 100);
}

/** Last Sydney calendar day on which cancelling still gives a full refund (trip date - 7 days). */
export function freeCancellationUntil(tripDate: string): string {
  const [y, m, d] = tripDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 7)).toISOString().slice(0, 10);
}

/**
 * One line for the booking summary: the free-cancellation deadline while it
 * is still ahead, otherwise the part of the policy that applies now.
 */
export function cancellationSummary(tripDate: string, at: Date = new Date()): string {
  const freeUntil = freeCancellationUntil(tripDate);
  const today = sydneyDate(at);
  if (today <= freeUntil) return `Free cancellation until ${formatDateAU(freeUntil)}`;
  const days = daysBetween(today, tripDate);
  if (days >= 3) {
    const halfUntil = addDays(tripDate, -3);
    return `50% refund if cancelled by ${formatDateAU(halfUntil)}; no refund within 48 hours of the trip`;
  }
  return "Non-refundable: the trip is within 48 hours (weather cancellations are always refunded)";
}
