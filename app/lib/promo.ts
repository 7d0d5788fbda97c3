/**
 * Promo codes as the browser and the server both see them: how a code is
 * written, the one rule that decides whether it applies to a booking and the
 * discount it gives, and the words of each refusal. Pure: the server reads
 * the code's row and its counts, then asks `promoOutcome` (ADR 33).
 *
 * - The discount is taken from the booking's subtotal (price per person x
 *   group size, or its category lines, plus its extra lines); a percent is
 *   rounded to the nearest cent (half up).
 * - A card cannot be charged less than the currency's minimum: a discount
 *   that would leave less than that is cut so the minimum stays to pay. Only
 *   a code that covers the whole subtotal (100 %, or a fixed amount at least
 *   the subtotal) makes the total 0: the booking is then confirmed without a
 *   card, as one a voucher pays in full.
 * - One code per booking; a code never combines with another.
 */
import { extrasField } from "./extras.ts";
import { MAX_GROUP_SIZE } from "./group-size.ts";
import { categoryCountsField } from "./price-categories.ts";
import { z } from "./zod.ts";

export const PROMO_CODE_MAX = 32;

/** Codes are typed by people: letter case and spaces do not matter ("summer 10" is SUMMER10). */
export function normalisePromoCode(input: string): string {
  return input.toUpperCase().replace(/\s+/g, "");
}

/** A code the operator may create: 3-32 letters, digits, - and _. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** The optional code of a booking or a check: blank means none. */
export const promoCodeField = z
  .string({ error: "Promo code must be text" })
  .trim()
  .max(PROMO_CODE_MAX, `Promo code must be at most ${PROMO_CODE_MAX} characters`)
  .transform(normalisePromoCode)
  .optional()
  .default("");

/** What the operator sets on a code: the rule's inputs. */
export interface PromoRule {
  kind: "percent" | "fixed";
  percent: number | null;
  amountCents: number | null;
  currency: string;
  adventureIds: string[];
  validFrom: string | null;
  validTo: string | null;
  tripFrom: string | null;
  tripTo: string | null;
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  minGroupSize: number;
  firstBookingOnly: boolean;
  isActive: boolean;
}

/** The booking a code is asked about, and what the server counted for it. */
export interface PromoContext {
  adventureId: string;
  /** Null for a check before a date is chosen (the trip window is then checked by the booking). */
  tripDate: string | null;
  groupSize: number;
  subtotalCents: number;
  currency: string;
  /** Today in Sydney (YYYY-MM-DD): the booking date the validity window is about. */
  today: string;
  minChargeCents: number;
  /** Uses so far; null when not counted (a check before the booking). */
  uses: number | null;
  /** Uses so far by this email; null when no email is known yet. */
  emailUses: number | null;
  /** Whether the email has an earlier confirmed booking; null when no email is known yet. */
  hasEarlierBooking: boolean | null;
}

export const PROMO_REFUSALS = {
  unknown: "This promo code is not valid",
  inactive: "This promo code is no longer active",
  notYet: "This promo code cannot be used yet",
  expired: "This promo code has expired",
  adventure: "This promo code is not valid for this adventure",
  tripDates: "This promo code is not valid for this trip date",
  currency: "This promo code is not valid for prices in this currency",
  usedUp: "This promo code has been used up",
  emailUsedUp: "This promo code has already been used with this email address",
  firstBooking: "This promo code is for a first booking only",
  minGroup: (n: number) => `This promo code needs a group of at least ${n}`,
} as const;

export type PromoOutcome = { ok: true; discountCents: number } | { ok: false; message: string };

/**
 * The discount a code gives on a subtotal: a percent rounded to the nearest
 * cent (half up) or the fixed amount, never more than the subtotal, and cut
 * so the card's minimum stays to pay unless the code covers everything.
 */
export function promoDiscountCents(
  rule: Pick<PromoRule, "kind" | "percent" | "amountCents">,
  subtotalCents: number,
  minChargeCents: number,
): number {
  const raw =
    rule.kind === "percent"
      ? Math.floor((subtotalCents * (rule.percent ?? 0) + 50) / 100)
      : (rule.amountCents ?? 0);
  const discount = Math.max(0, Math.min(raw, subtotalCents));
  const rest = subtotalCents - discount;
  if (rest > 0 && rest < minChargeCents) return Math.max(0, subtotalCents - minChargeCents);
  return discount;
}

/** Whether `rule` applies to the booking in `ctx`, and its discount; else why not. */
export function promoOutcome(rule: PromoRule | null, ctx: PromoContext): PromoOutcome {
  const no = (message: string): PromoOutcome => ({ ok: false, message });
  if (!rule) return no(PROMO_REFUSALS.unknown);
  if (!rule.isActive) return no(PROMO_REFUSALS.inactive);
  if (rule.validFrom && ctx.today < rule.validFrom) return no(PROMO_REFUSALS.notYet);
  if (rule.validTo && ctx.today > rule.validTo) return no(PROMO_REFUSALS.expired);
  if (rule.adventureIds.length > 0 && !rule.adventureIds.includes(ctx.adventureId)) {
    return no(PROMO_REFUSALS.adventure);
  }
  const trip = ctx.tripDate;
  if (trip && ((rule.tripFrom && trip < rule.tripFrom) || (rule.tripTo && trip > rule.tripTo))) {
    return no(PROMO_REFUSALS.tripDates);
  }
  if (rule.kind === "fixed" && rule.currency.toLowerCase() !== ctx.currency.toLowerCase()) {
    return no(PROMO_REFUSALS.currency);
  }
  if (ctx.groupSize < rule.minGroupSize) return no(PROMO_REFUSALS.minGroup(rule.minGroupSize));
  if (rule.maxUses !== null && ctx.uses !== null && ctx.uses >= rule.maxUses) {
    return no(PROMO_REFUSALS.usedUp);
  }
  if (rule.maxUsesPerEmail !== null && ctx.emailUses !== null && ctx.emailUses >= rule.maxUsesPerEmail) {
    return no(PROMO_REFUSALS.emailUsedUp);
  }
  if (rule.firstBookingOnly && ctx.hasEarlierBooking) return no(PROMO_REFUSALS.firstBooking);
  return { ok: true, discountCents: promoDiscountCents(rule, ctx.subtotalCents, ctx.minChargeCents) };
}

/**
 * A booking's total after a change of date or group: it keeps the discount it
 * was given, in cents (never more than the new subtotal); the code is not
 * checked again, as the booking was made with it.
 */
export function keptDiscountTotalCents(subtotalCents: number, discountCents: number): number {
  return subtotalCents - Math.min(Math.max(0, discountCents), subtotalCents);
}

/** How a code's discount reads: "10% off" or "$25.00 off". */
export function promoLabel(rule: Pick<PromoRule, "kind" | "percent" | "amountCents">): string {
  return rule.kind === "percent"
    ? `${rule.percent}% off`
    : `$${((rule.amountCents ?? 0) / 100).toFixed(2)} off`;
}

/** POST /api/promo-codes/check: the code and the booking it would apply to. */
export const promoCheckSchema = z.object({
  code: z
    .string({ error: "Enter a promo code" })
    .trim()
    .min(1, "Enter a promo code")
    .max(PROMO_CODE_MAX, `Promo code must be at most ${PROMO_CODE_MAX} characters`)
    .transform(normalisePromoCode),
  adventure_id: z
    .string({ error: "Please select an adventure" })
    .trim()
    .min(1, "Please select an adventure")
    .max(100, "Unknown adventure"),
  selected_date: z.string({ error: "Please choose a date" }).trim().max(10).optional().default(""),
  start_time: z.string({ error: "Departure time must be text" }).trim().max(5).optional().default(""),
  group_size: z.coerce
    .number({ error: "Group size must be a number" })
    .int("Group size must be a whole number")
    .min(1, "Group size must be at least 1")
    .max(MAX_GROUP_SIZE, `Group size must be at most ${MAX_GROUP_SIZE}`),
  customer_email: z.string({ error: "Email must be text" }).trim().max(254).optional().default(""),
  /**
   * The booking's counts per price category and its extras, as the booking would send them:
   * the server prices them as it will charge them. Absent: the price per person times the group.
   */
  categories: categoryCountsField,
  extras: extrasField,
});

/** What the check answers: the discount on this booking, and the total after it (cents). */
export interface PromoCheck {
  code: string;
  label: string;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  currency: string;
}
