import { startMinutesOf } from "./departure.ts";

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
 *
 * This module is what the rules are and whether they hold; what a
 * cancellation refunds and when a change closes is `policy-refund`, and every
 * sentence about them is `policy-words`, both reading the rules through
 * `rulesOf` here and nothing else.
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

/** Every policy function takes the tiers alone (counted from midnight) or a whole policy. */
export type AnyPolicy = CancellationPolicy | PolicyRules | EffectivePolicy;

/** The built-in rules with no start time: what a function given no policy counts by. */
export const DEFAULT_POLICY: EffectivePolicy = { ...DEFAULT_POLICY_RULES, startMinutes: null };

/** Any policy as a whole one: bare tiers take the built-in change cut-off and terms, counted from midnight. */
export function rulesOf(policy: AnyPolicy): EffectivePolicy {
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
export const orderHours = (b: { daysBefore?: number; hoursBefore?: number }) =>
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
