import { addDays, daysBetween, formatDateAU, sydneyDate } from "./dates.ts";
import { departureAt, startMinutesOf } from "./departure.ts";

/**
 * The cancellation policy, as data the operator edits (Admin → Settings for
 * the site, an adventure's editor for its own): the refund, the customer's
 * words for it (adventure pages, the booking summary, the cancellation page,
 * the booking page, emails, the FAQ) and the date-change window are all made
 * from these rules, so what a customer reads is what a cancellation refunds.
 *
 * A tier is counted in days or in hours before the departure:
 * - days are Sydney calendar days before the trip date (a cancellation on the
 *   trip's own day is 0 days before);
 * - hours are hours before the departure's start: the adventure's start time
 *   (the first time its itinerary lists) on the trip date in Australia/Sydney,
 *   or the start of the trip's day (midnight, Sydney) when it lists none.
 * Weather cancellations by the operator are always refunded in full or moved
 * free of charge: that is the operator's choice, not a tier.
 */
export interface RefundTier {
  /** The tier applies from this many Sydney calendar days before the trip (and up to the previous tier). */
  daysBefore?: number;
  /** Or from this many hours before the departure's start. Exactly one of the two is set. */
  hoursBefore?: number;
  /** Share of what was paid that a cancellation gives back, 0-100. */
  refundPercent: number;
}

/** A point before the departure: Sydney calendar days before the trip date, or hours before its start. */
export interface BeforeDeparture {
  daysBefore?: number;
  hoursBefore?: number;
}

/**
 * Tiers from the earliest cancellation to the latest: the point each starts
 * at falling, the last one 0 (the trip day or the departure). The refund
 * never rises as the trip nears.
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

/** Everything the operator sets: the site's default, or an adventure's own. */
export interface PolicyRules {
  tiers: CancellationPolicy;
  /**
   * Free date changes from the booking link close this far before the
   * departure; null: while a cancellation still refunds something.
   */
  changeCutoff: BeforeDeparture | null;
  /**
   * A booking moved to another date keeps the refund terms of the date it was
   * first booked for (tiers counted from that date), instead of the new date's.
   */
  movedKeepsOriginalTerms: boolean;
}

/** The site default with nothing set: today's tiers, changes while a refund remains, a move takes the new date's terms. */
export const DEFAULT_POLICY_RULES: PolicyRules = {
  tiers: CANCELLATION_POLICY,
  changeCutoff: null,
  movedKeepsOriginalTerms: false,
};

/** An adventure's own rules, each part optional (a part left out is the site's). */
export type PolicyOverride = Partial<PolicyRules>;

/** The rules one adventure's bookings follow, with its departure's start time. */
export interface EffectivePolicy extends PolicyRules {
  /** Minutes after midnight (Sydney) the departure starts, from the itinerary; null when unknown. */
  startMinutes: number | null;
}

/**
 * The one resolution of an adventure's policy: its own override, part by part,
 * over the site's default (the built-in default where the operator set none),
 * with the start time its hours are counted from.
 */
export function effectivePolicy(
  site: PolicyRules | null | undefined,
  override: PolicyOverride | null | undefined,
  itinerary: readonly string[] = [],
): EffectivePolicy {
  const base = site ?? DEFAULT_POLICY_RULES;
  return {
    tiers: override?.tiers ?? base.tiers,
    changeCutoff: override?.changeCutoff !== undefined ? override.changeCutoff : base.changeCutoff,
    movedKeepsOriginalTerms: override?.movedKeepsOriginalTerms ?? base.movedKeepsOriginalTerms,
    startMinutes: startMinutesOf(itinerary),
  };
}

/** Every function below takes the tiers alone (counted from midnight) or a whole policy. */
export type AnyPolicy = CancellationPolicy | PolicyRules | EffectivePolicy;

const DEFAULT_POLICY: EffectivePolicy = { ...DEFAULT_POLICY_RULES, startMinutes: null };

function rulesOf(policy: AnyPolicy): EffectivePolicy {
  if (Array.isArray(policy)) return { ...DEFAULT_POLICY, tiers: policy as CancellationPolicy };
  const p = policy as PolicyRules | EffectivePolicy;
  return { ...p, startMinutes: "startMinutes" in p ? p.startMinutes : null };
}

/** What the operator wrote wrong, and where (a field path such as "tiers.1.refundPercent"). */
export interface PolicyIssue {
  path: string;
  message: string;
}

const isCount = (n: unknown, max: number) =>
  typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= max;
const MAX_DAYS = 365;
const MAX_HOURS = 24 * 365;

/** A point before the departure in hours from the start of the trip's day, for ordering mixed tiers. */
const orderHours = (b: { daysBefore?: number; hoursBefore?: number }) =>
  b.hoursBefore !== undefined ? b.hoursBefore : (b.daysBefore ?? 0) * 24;

function beforeIssue(b: { daysBefore?: number; hoursBefore?: number }, path: string): PolicyIssue | null {
  const hasDays = b.daysBefore !== undefined;
  const hasHours = b.hoursBefore !== undefined;
  if (hasDays === hasHours) return { path, message: "Give either days or hours before the departure" };
  if (hasDays && !isCount(b.daysBefore, MAX_DAYS))
    return { path: `${path}.daysBefore`, message: `Days before must be whole, from 0 to ${MAX_DAYS}` };
  if (hasHours && !isCount(b.hoursBefore, MAX_HOURS))
    return { path: `${path}.hoursBefore`, message: `Hours before must be whole, from 0 to ${MAX_HOURS}` };
  return null;
}

/** Why a list of tiers cannot be a policy, and at which tier, or null when it can. */
export function tiersIssue(policy: CancellationPolicy, path = "tiers"): PolicyIssue | null {
  if (policy.length === 0) return { path, message: "A policy needs at least one tier" };
  if (policy.length > 10) return { path, message: "A policy has at most 10 tiers" };
  for (const [i, t] of policy.entries()) {
    const at = `${path}.${i}`;
    const before = beforeIssue(t, at);
    if (before) return before;
    if (!isCount(t.refundPercent, 100))
      return { path: `${at}.refundPercent`, message: "Refunds are whole percentages from 0 to 100" };
    const prev = policy[i - 1];
    if (prev && orderHours(t) >= orderHours(prev))
      return { path: at, message: "Tiers go from the most days before to the fewest" };
    if (prev && t.refundPercent > prev.refundPercent)
      return { path: `${at}.refundPercent`, message: "A later cancellation never gets more back" };
  }
  if (orderHours(policy[policy.length - 1]) !== 0)
    return {
      path: `${path}.${policy.length - 1}`,
      message: "The last tier must start on the trip day (0 days before)",
    };
  return null;
}

/** Why a list of tiers cannot be a policy, or null when it can. */
export function policyProblem(policy: CancellationPolicy): string | null {
  return tiersIssue(policy)?.message ?? null;
}

/** Why rules (the site's, or an adventure's override with its parts optional) cannot be a policy, naming the field. */
export function rulesIssue(rules: PolicyOverride): PolicyIssue | null {
  if (rules.tiers !== undefined) {
    const issue = tiersIssue(rules.tiers);
    if (issue) return issue;
  }
  if (rules.changeCutoff) {
    const issue = beforeIssue(rules.changeCutoff, "changeCutoff");
    if (issue) return issue;
  }
  return null;
}

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
function tierIndex(tripDate: string, at: Date, p: EffectivePolicy): number {
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

/** The instant a point before the departure falls at: the end of its Sydney day for days, exact for hours. */
function deadline(
  b: { daysBefore?: number; hoursBefore?: number },
  tripDate: string,
  start: number | null,
): Date {
  if (b.hoursBefore !== undefined)
    return new Date(departureAt(tripDate, start).getTime() - b.hoursBefore * 3_600_000);
  return departureAt(addDays(tripDate, -(b.daysBefore ?? 0) + 1), null);
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
  return sydneyDate(new Date(deadline(full, tripDate, p.startMinutes).getTime() - 1));
}

/** Whether the free date change is still open at `at` (the rule the reschedule block reads). */
export function changeOpen(tripDate: string, at: Date, policy: AnyPolicy = DEFAULT_POLICY): boolean {
  const p = rulesOf(policy);
  if (p.changeCutoff) return stillBefore(p.changeCutoff, tripDate, at, p.startMinutes);
  return refundPercent(tripDate, at, p) > 0;
}

/* ---------- The words, made from the tiers ---------- */

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
  const end = deadline(t, tripDate, start);
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
