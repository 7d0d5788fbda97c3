import { addDays, daysBetween, formatDateAU, sydneyDate } from "./dates.ts";

/**
 * The cancellation policy, as data: the refund, the customer's words for it
 * (adventure pages, the booking summary, the cancellation page, the booking
 * page, emails, the admin form) and the date-change window are all made from
 * these tiers, so what a customer reads is what a cancellation refunds.
 *
 * Days are Sydney calendar days before the trip date (a cancellation on the
 * trip's own day is 0 days before). Weather cancellations by the operator are
 * always refunded in full or moved free of charge: that is the operator's
 * choice, not a tier.
 */
export interface RefundTier {
  /** The tier applies from this many days before the trip (and up to the next tier). */
  daysBefore: number;
  /** Share of what was paid that a cancellation gives back, 0-100. */
  refundPercent: number;
}

/**
 * Tiers from the earliest cancellation to the latest: `daysBefore` falling,
 * the last one 0 (the trip day). The refund never rises as the trip nears.
 */
export type CancellationPolicy = readonly RefundTier[];

/** Full refund 7 or more days before; 50% 3-6 days before; none 0-2 days before (within 48 hours). */
export const CANCELLATION_POLICY: CancellationPolicy = [
  { daysBefore: 7, refundPercent: 100 },
  { daysBefore: 3, refundPercent: 50 },
  { daysBefore: 0, refundPercent: 0 },
];

/** What the operator does when the weather calls a trip off, in the policy's words. */
export const WEATHER_CANCELLATION_TEXT = "Weather cancellations give a full refund or a free reschedule.";

/** Why a list of tiers cannot be a policy, or null when it can. */
export function policyProblem(policy: CancellationPolicy): string | null {
  if (policy.length === 0) return "A policy needs at least one tier";
  if (policy.at(-1)?.daysBefore !== 0) return "The last tier must start on the trip day (0 days before)";
  for (const [i, t] of policy.entries()) {
    if (!Number.isInteger(t.daysBefore) || t.daysBefore < 0)
      return "Days before must be whole and not negative";
    if (!Number.isInteger(t.refundPercent) || t.refundPercent < 0 || t.refundPercent > 100)
      return "Refunds are whole percentages from 0 to 100";
    const prev = policy[i - 1];
    if (prev && t.daysBefore >= prev.daysBefore) return "Tiers go from the most days before to the fewest";
    if (prev && t.refundPercent > prev.refundPercent) return "A later cancellation never gets more back";
  }
  return null;
}

/** The tier a cancellation `days` Sydney calendar days before the trip falls in. */
function tierIndex(days: number, policy: CancellationPolicy): number {
  const i = policy.findIndex((t) => days >= t.daysBefore);
  // A trip already past counts as the last tier.
  return i === -1 ? policy.length - 1 : i;
}

/** The refund share for cancelling at `at` (Sydney calendar days before the trip). */
export function refundPercent(
  tripDate: string,
  at: Date = new Date(),
  policy: CancellationPolicy = CANCELLATION_POLICY,
): number {
  return policy[tierIndex(daysBetween(sydneyDate(at), tripDate), policy)].refundPercent;
}

/** Refund in cents for a paid amount, rounded down to the cent. */
export function refundCents(
  paidCents: number,
  tripDate: string,
  at: Date = new Date(),
  policy: CancellationPolicy = CANCELLATION_POLICY,
): number {
  return Math.floor((paidCents * refundPercent(tripDate, at, policy)) / 100);
}

/**
 * Last Sydney calendar day on which cancelling still gives a full refund
 * (trip date minus the full-refund tier's days), or null when no tier refunds in full.
 */
export function freeCancellationUntil(
  tripDate: string,
  policy: CancellationPolicy = CANCELLATION_POLICY,
): string | null {
  const full = policy.find((t) => t.refundPercent === 100);
  return full ? addDays(tripDate, -full.daysBefore) : null;
}

/* ---------- The words, made from the tiers ---------- */

/** The last day of tier i, in days before the trip (the day before the previous tier starts). */
const lastDayOf = (i: number, policy: CancellationPolicy) => policy[i - 1].daysBefore - 1;

/** "7 or more days", "3-6 days", "0-2 days", "1 day". */
function daysRange(i: number, policy: CancellationPolicy): string {
  const from = policy[i].daysBefore;
  if (i === 0) return `${from} or more days`;
  const to = lastDayOf(i, policy);
  if (from === to) return `${from} ${from === 1 ? "day" : "days"}`;
  return `${from}-${to} days`;
}

/** "full refund", "50% refund", "no refund". */
function refundWords(percent: number): string {
  if (percent === 100) return "full refund";
  if (percent === 0) return "no refund";
  return `${percent}% refund`;
}

/**
 * The window that refunds nothing, when the policy ends in one, as hours
 * before the trip ("48 hours" for 0-2 days: the trip date is at most two
 * midnights away) or "the trip day" when only the trip day itself refunds nothing.
 */
function noRefundWindow(policy: CancellationPolicy): string | null {
  const last = policy.length - 1;
  if (policy[last].refundPercent !== 0) return null;
  if (last === 0) return null;
  const days = lastDayOf(last, policy);
  return days === 0 ? "the trip day" : `${days * 24} hours`;
}

/** "no refund within 48 hours" / "no refund on the trip day". */
const within = (window: string) => (window === "the trip day" ? "on the trip day" : `within ${window}`);

/** "the trip is within 48 hours" / "the trip is today": where a booking in that window stands. */
const tripIs = (window: string) =>
  window === "the trip day" ? "the trip is today" : `the trip is within ${window}`;

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * The policy in one line, as the spec words it: "7 or more days before, full
 * refund; 3-6 days, 50% refund; 0-2 days, no refund".
 */
export function policyRule(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  return policy
    .map((t, i) => `${daysRange(i, policy)}${i === 0 ? " before" : ""}, ${refundWords(t.refundPercent)}`)
    .join("; ");
}

/** The policy with what happens when the weather calls a trip off: an adventure's cancellation policy. */
export function adventurePolicyText(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  return `${capitalised(policyRule(policy))}. ${WEATHER_CANCELLATION_TEXT}`;
}

/**
 * The policy as a sentence for pages that state it next to a refund: "Full
 * refund 7 or more days before the trip, 50% 3-6 days before, no refund
 * within 48 hours".
 */
export function policySentence(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  const window = noRefundWindow(policy);
  const parts = policy.map((t, i) => {
    if (window && i === policy.length - 1) return `no refund ${within(window)}`;
    const share =
      t.refundPercent === 100 || t.refundPercent === 0 ? refundWords(t.refundPercent) : `${t.refundPercent}%`;
    return `${share} ${daysRange(i, policy)} before${i === 0 ? " the trip" : ""}`;
  });
  return capitalised(parts.join(", "));
}

export interface PolicyRow {
  /** "7 or more days before", "0-2 days before (within 48 hours)". */
  when: string;
  /** "Full refund", "50% refund", "No refund". */
  refund: string;
  refundPercent: number;
}

/** The policy as a table, one row per tier: the cancellation page's summary. */
export function policyRows(policy: CancellationPolicy = CANCELLATION_POLICY): PolicyRow[] {
  const window = noRefundWindow(policy);
  return policy.map((t, i) => {
    const inWindow = window && i === policy.length - 1 ? ` (${within(window)})` : "";
    return {
      when: `${daysRange(i, policy)} before${inWindow}`,
      refund: capitalised(refundWords(t.refundPercent)),
      refundPercent: t.refundPercent,
    };
  });
}

/**
 * The policy as the FAQ answers it: "Cancel 7 or more days before your trip
 * for a full refund. Cancellations 3-6 days before receive a 50% refund, and
 * cancellations 0-2 days before (within 48 hours) are non-refundable."
 */
export function policyFaqText(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  const [first, ...rest] = policyRows(policy);
  const later = rest.map(
    (r) =>
      `${r.when} ${r.refundPercent === 0 ? "are non-refundable" : `receive a ${r.refund.toLowerCase()}`}`,
  );
  const opening = `Cancel ${first.when} your trip for a ${first.refund.toLowerCase()}.`;
  return later.length ? `${opening} Cancellations ${later.join(", and cancellations ")}.` : opening;
}

/** The tiers as an HTML list (the cancellation page's text as first written): "<li>3-6 days before: 50% refund.</li>". */
export function policyHtmlList(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  return `<ul>${policyRows(policy)
    .map((r) => `<li>${r.when}: ${r.refund.toLowerCase()}.</li>`)
    .join("")}</ul>`;
}

/**
 * The date-change window in words: a booking may move while a cancellation
 * would still refund something, "until 48 hours before the trip".
 */
export function changeWindowText(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  const window = noRefundWindow(policy);
  if (window === "the trip day") return "until the day before the trip";
  return window ? `until ${window} before the trip` : "until the trip day";
}

/**
 * Where a booking in the no-refund window stands, "the trip is within 48
 * hours", for the messages that say why something is no longer possible.
 */
export function noRefundWindowText(policy: CancellationPolicy = CANCELLATION_POLICY): string {
  const window = noRefundWindow(policy);
  return window ? tripIs(window) : "the trip is today";
}

/**
 * One line for the booking summary: the free-cancellation deadline while it
 * is still ahead, otherwise the part of the policy that applies now.
 */
export function cancellationSummary(
  tripDate: string,
  at: Date = new Date(),
  policy: CancellationPolicy = CANCELLATION_POLICY,
): string {
  const i = tierIndex(daysBetween(sydneyDate(at), tripDate), policy);
  const tier = policy[i];
  const lastDay = formatDateAU(addDays(tripDate, -tier.daysBefore));
  const window = noRefundWindow(policy);
  if (tier.refundPercent === 0) {
    const when = window && i === policy.length - 1 ? tripIs(window) : "the trip is close";
    return `Non-refundable: ${when} (weather cancellations are always refunded)`;
  }
  if (tier.refundPercent === 100) return `Free cancellation until ${lastDay}`;
  const next = policy[i + 1];
  const after = !next
    ? ""
    : next.refundPercent === 0 && window && i + 1 === policy.length - 1
      ? `; no refund ${window === "the trip day" ? "on the trip day" : `within ${window} of the trip`}`
      : `; ${refundWords(next.refundPercent)} after that`;
  return `${tier.refundPercent}% refund if cancelled by ${lastDay}${after}`;
}
