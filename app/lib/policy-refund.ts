/**
 * What a cancellation refunds and when a free date change closes, counted
 * from the policy's rules (`policy`): days are Sydney calendar days before
 * the trip date, hours are hours before the departure's start.
 */
import { addDays, daysBetween, sydneyDate } from "./dates.ts";
import { departureAt } from "./departure.ts";
import { type AnyPolicy, DEFAULT_POLICY, type EffectivePolicy, rulesOf } from "./policy.ts";

/** At `at`, is the departure still at least `b` away? Days count Sydney calendar days, hours count to the start. */
export function stillBefore(
  b: { daysBefore?: number; hoursBefore?: number },
  tripDate: string,
  at: Date,
  startMinutes: number | null,
): boolean {
  if (b.hoursBefore !== undefined)
    return departureAt(tripDate, startMinutes).getTime() - at.getTime() >= b.hoursBefore * 3_600_000;
  return daysBetween(sydneyDate(at), tripDate) >= (b.daysBefore ?? 0);
}

/** The tier a cancellation at `at` falls in. */
export function tierIndex(tripDate: string, at: Date, p: EffectivePolicy): number {
  const i = p.tiers.findIndex((t) => stillBefore(t, tripDate, at, p.startMinutes));
  // A trip already past counts as the last tier.
  return i === -1 ? p.tiers.length - 1 : i;
}

/** The refund share for cancelling at `at`. */
export function refundPercent(
  tripDate: string,
  at: Date = new Date(),
  policy: AnyPolicy = DEFAULT_POLICY,
): number {
  const p = rulesOf(policy);
  return p.tiers[tierIndex(tripDate, at, p)].refundPercent;
}

/** Refund in cents for a paid amount, rounded down to the cent. */
export function refundCents(
  paidCents: number,
  tripDate: string,
  at: Date = new Date(),
  policy: AnyPolicy = DEFAULT_POLICY,
): number {
  return Math.floor((paidCents * refundPercent(tripDate, at, policy)) / 100);
}

/**
 * The date a booking's refund is counted from: its date now, or, when the
 * policy keeps a moved booking's original terms, the date it was first booked for.
 */
export function termsDate(currentDate: string, originalDate: string | null, policy: AnyPolicy): string {
  return rulesOf(policy).movedKeepsOriginalTerms && originalDate ? originalDate : currentDate;
}

/**
 * The instant a tier in hours ends: that many hours before the departure. (A tier in days ends
 * with its Sydney day, which callers give as a date: `addDays(tripDate, -daysBefore)`.)
 */
export function deadline(hoursBefore: number, tripDate: string, start: number | null): Date {
  return new Date(departureAt(tripDate, start).getTime() - hoursBefore * 3_600_000);
}

/**
 * Last Sydney calendar day on which cancelling still gives a full refund,
 * or null when no tier refunds in full (for a tier in hours, the day its
 * last full-refund moment falls on).
 */
export function freeCancellationUntil(tripDate: string, policy: AnyPolicy = DEFAULT_POLICY): string | null {
  const p = rulesOf(policy);
  const full = p.tiers.find((t) => t.refundPercent === 100);
  if (!full) return null;
  if (full.hoursBefore === undefined) return addDays(tripDate, -(full.daysBefore ?? 0));
  return sydneyDate(new Date(deadline(full.hoursBefore, tripDate, p.startMinutes).getTime() - 1));
}

/** Whether the free date change is still open at `at` (the rule the reschedule block reads). */
export function changeOpen(tripDate: string, at: Date, policy: AnyPolicy = DEFAULT_POLICY): boolean {
  const p = rulesOf(policy);
  if (p.changeCutoff) return stillBefore(p.changeCutoff, tripDate, at, p.startMinutes);
  return refundPercent(tripDate, at, p) > 0;
}
