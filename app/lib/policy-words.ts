/**
 * Every sentence about the cancellation policy, made from its rules
 * (`policy`) and from the same counting as the refund (`policy-refund`):
 * adventure pages, the booking summary, the cancellation page, the FAQ, the
 * booking page and emails say what a cancellation refunds because they are
 * made from what it refunds.
 */
import { addDays, formatDateAU, sydneyDate } from "./dates.ts";
import {
  type AnyPolicy,
  type CancellationPolicy,
  DEFAULT_POLICY,
  orderHours,
  type RefundTier,
  rulesOf,
} from "./policy.ts";
import { deadline, tierIndex } from "./policy-refund.ts";

/** What the operator does when the weather calls a trip off, in the policy's words. */
export const WEATHER_CANCELLATION_TEXT = "Weather cancellations give a full refund or a free reschedule.";

const unitText = (n: number, unit: "day" | "hour") => `${n} ${n === 1 ? unit : `${unit}s`}`;
const pointText = (b: { daysBefore?: number; hoursBefore?: number }) =>
  b.hoursBefore !== undefined ? unitText(b.hoursBefore, "hour") : unitText(b.daysBefore ?? 0, "day");
const inDays = (t: RefundTier) => t.hoursBefore === undefined;

/**
 * "7 or more days", "3-6 days", "0-2 days", "1 day"; with hours: "48 or more
 * hours", "24 hours to 3 days", "less than 48 hours".
 */
function rangeText(i: number, tiers: CancellationPolicy): string {
  const t = tiers[i];
  if (i === 0)
    return t.hoursBefore !== undefined ? `${t.hoursBefore} or more hours` : `${t.daysBefore} or more days`;
  const prev = tiers[i - 1];
  if (inDays(t) && inDays(prev)) {
    const from = t.daysBefore ?? 0;
    const to = (prev.daysBefore ?? 0) - 1;
    if (from === to) return unitText(from, "day");
    return `${from}-${to} days`;
  }
  if (orderHours(t) === 0) return `less than ${pointText(prev)}`;
  return `${pointText(t)} to ${pointText(prev)}`;
}

/** "full refund", "50% refund", "no refund". */
function refundWords(percent: number): string {
  if (percent === 100) return "full refund";
  if (percent === 0) return "no refund";
  return `${percent}% refund`;
}

/**
 * The window that refunds nothing, when the policy ends in one: for tiers in
 * days, as hours before the trip ("48 hours" for 0-2 days: the trip date is at
 * most two midnights away) or "the trip day" when only the trip day itself
 * refunds nothing; for a window that opens a number of hours before, those hours.
 */
function noRefundWindow(tiers: CancellationPolicy): string | null {
  const last = tiers.length - 1;
  if (tiers[last].refundPercent !== 0) return null;
  if (last === 0) return null;
  const prev = tiers[last - 1];
  if (prev.hoursBefore !== undefined) return unitText(prev.hoursBefore, "hour");
  const days = (prev.daysBefore ?? 0) - 1;
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
export function policyRule(policy: AnyPolicy = DEFAULT_POLICY): string {
  const { tiers } = rulesOf(policy);
  return tiers
    .map((t, i) => `${rangeText(i, tiers)}${i === 0 ? " before" : ""}, ${refundWords(t.refundPercent)}`)
    .join("; ");
}

/** The policy with what happens when the weather calls a trip off: an adventure's cancellation policy. */
export function adventurePolicyText(policy: AnyPolicy = DEFAULT_POLICY): string {
  return `${capitalised(policyRule(policy))}. ${WEATHER_CANCELLATION_TEXT}`;
}

/**
 * The policy as a sentence for pages that state it next to a refund: "Full
 * refund 7 or more days before the trip, 50% 3-6 days before, no refund
 * within 48 hours".
 */
export function policySentence(policy: AnyPolicy = DEFAULT_POLICY): string {
  const { tiers } = rulesOf(policy);
  const window = noRefundWindow(tiers);
  const parts = tiers.map((t, i) => {
    if (window && i === tiers.length - 1) return `no refund ${within(window)}`;
    const share =
      t.refundPercent === 100 || t.refundPercent === 0 ? refundWords(t.refundPercent) : `${t.refundPercent}%`;
    return `${share} ${rangeText(i, tiers)} before${i === 0 ? " the trip" : ""}`;
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
export function policyRows(policy: AnyPolicy = DEFAULT_POLICY): PolicyRow[] {
  const { tiers } = rulesOf(policy);
  const window = noRefundWindow(tiers);
  return tiers.map((t, i) => {
    const range = rangeText(i, tiers);
    // "less than 48 hours" already says the window.
    const inWindow =
      window && i === tiers.length - 1 && !range.startsWith("less") ? ` (${within(window)})` : "";
    return {
      when: `${range} before${inWindow}`,
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
export function policyFaqText(policy: AnyPolicy = DEFAULT_POLICY): string {
  const [first, ...rest] = policyRows(policy);
  const later = rest.map(
    (r) =>
      `${r.when} ${r.refundPercent === 0 ? "are non-refundable" : `receive a ${r.refund.toLowerCase()}`}`,
  );
  const opening = `Cancel ${first.when} your trip for a ${first.refund.toLowerCase()}.`;
  return later.length ? `${opening} Cancellations ${later.join(", and cancellations ")}.` : opening;
}

/** The tiers as an HTML list (the cancellation page's text): "<li>3-6 days before: 50% refund.</li>". */
export function policyHtmlList(policy: AnyPolicy = DEFAULT_POLICY): string {
  return `<ul>${policyRows(policy)
    .map((r) => `<li>${r.when}: ${r.refund.toLowerCase()}.</li>`)
    .join("")}</ul>`;
}

/**
 * Stored website text (FAQ answers, the cancellation page) names the policy by
 * these markers, filled in when the text is read, so the words follow every
 * edit of the site's policy.
 */
export const POLICY_MARKERS = { faq: "{cancellation_policy}", tiers: "{cancellation_tiers}" } as const;

/** Stored text with the policy's markers filled in from the site's policy. */
export function withPolicyWords(text: string, policy: AnyPolicy = DEFAULT_POLICY): string {
  if (!text.includes("{cancellation_")) return text;
  return text
    .replaceAll(POLICY_MARKERS.faq, policyFaqText(policy))
    .replaceAll(POLICY_MARKERS.tiers, policyHtmlList(policy));
}

/** "until 48 hours before the trip" / "until the day before the trip": the date-change window in words. */
export function changeWindowText(policy: AnyPolicy = DEFAULT_POLICY): string {
  const p = rulesOf(policy);
  if (p.changeCutoff) {
    if (orderHours(p.changeCutoff) === 0)
      return p.changeCutoff.hoursBefore !== undefined ? "until the trip starts" : "until the trip day";
    return `until ${pointText(p.changeCutoff)} before the trip`;
  }
  const window = noRefundWindow(p.tiers);
  if (window === "the trip day") return "until the day before the trip";
  return window ? `until ${window} before the trip` : "until the trip day";
}

/**
 * Where a booking in the no-refund window stands, "the trip is within 48
 * hours", for the messages that say why something is no longer possible.
 */
export function noRefundWindowText(policy: AnyPolicy = DEFAULT_POLICY): string {
  const window = noRefundWindow(rulesOf(policy).tiers);
  return window ? tripIs(window) : "the trip is today";
}

/** Where a booking past the date-change cut-off stands: "the trip is within 72 hours". */
export function changeClosedText(policy: AnyPolicy = DEFAULT_POLICY): string {
  const p = rulesOf(policy);
  if (!p.changeCutoff) return noRefundWindowText(p);
  if (orderHours(p.changeCutoff) === 0)
    return p.changeCutoff.hoursBefore !== undefined ? "the trip has started" : "the trip is today";
  return `the trip is within ${pointText(p.changeCutoff)}`;
}

const timeText = (at: Date) =>
  new Intl.DateTimeFormat("en-AU", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Australia/Sydney",
  }).format(at);

/** "12 December 2026" for a tier in days (to the end of that day), "9:00 am, 12 December 2026" for one in hours. */
function lastMomentText(t: RefundTier, tripDate: string, start: number | null): string {
  if (t.hoursBefore === undefined) return formatDateAU(addDays(tripDate, -(t.daysBefore ?? 0)));
  const end = deadline(t.hoursBefore, tripDate, start);
  return `${timeText(end)}, ${formatDateAU(sydneyDate(end))}`;
}

/**
 * One line for the booking summary: the free-cancellation deadline while it
 * is still ahead, otherwise the part of the policy that applies now.
 */
export function cancellationSummary(
  tripDate: string,
  at: Date = new Date(),
  policy: AnyPolicy = DEFAULT_POLICY,
): string {
  const p = rulesOf(policy);
  const { tiers } = p;
  const i = tierIndex(tripDate, at, p);
  const tier = tiers[i];
  const lastDay = lastMomentText(tier, tripDate, p.startMinutes);
  const window = noRefundWindow(tiers);
  if (tier.refundPercent === 0) {
    const when = window && i === tiers.length - 1 ? tripIs(window) : "the trip is close";
    return `Non-refundable: ${when} (weather cancellations are always refunded)`;
  }
  if (tier.refundPercent === 100) return `Free cancellation until ${lastDay}`;
  const next = tiers[i + 1];
  const after = !next
    ? ""
    : next.refundPercent === 0 && window && i + 1 === tiers.length - 1
      ? `; no refund ${window === "the trip day" ? "on the trip day" : `within ${window} of the trip`}`
      : `; ${refundWords(next.refundPercent)} after that`;
  return `${tier.refundPercent}% refund if cancelled by ${lastDay}${after}`;
}

/** How the tiers are counted, for the sentence beside them: "Sydney calendar days", or hours to the start. */
export function policyCounting(policy: AnyPolicy = DEFAULT_POLICY): string {
  const { tiers } = rulesOf(policy);
  if (tiers.every(inDays)) return "counted in Sydney calendar days";
  if (tiers.every((t) => !inDays(t))) return "counted in hours before the start time, Sydney time";
  return "days counted in Sydney calendar days, hours before the start time";
}
