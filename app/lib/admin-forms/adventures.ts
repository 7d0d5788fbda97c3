/**
 * The adventure payloads: the professional editor's (adventures_pro), the
 * enhanced manager's simple database adventure, and the legacy static form,
 * with the number coercions their forms apply before sending.
 */

import {
  ADVENTURE_CATEGORY_VALUES,
  DEFAULT_CATEGORY,
  DEFAULT_SKILL_LEVEL,
  LEGACY_CATEGORIES,
  LEGACY_SKILL_LEVELS,
  SKILL_LEVEL_VALUES,
} from "../adventure-catalogue.ts";
import { CURRENCY_LIST_TEXT, DEFAULT_CURRENCY, isCurrency, toCurrency } from "../currency.ts";
import { DEFAULT_GROUP_SIZE, MAX_GROUP_SIZE, parseGroupSize } from "../group-size.ts";
import { SLUG_PATTERN } from "../slug.ts";
import { z } from "../zod.ts";
import {
  bool,
  int,
  money,
  optionalText,
  optionalUrl,
  requiredText,
  requiredUrl,
  textList,
  urlList,
} from "./fields.ts";
import { policyOverrideSchema } from "./policy.ts";

const slugField = requiredText("Slug", 120).regex(
  SLUG_PATTERN,
  "Slug may contain only lowercase letters, digits and single hyphens",
);

const orList = (values: readonly string[]) => `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;

const categoryField = z
  .enum(ADVENTURE_CATEGORY_VALUES, { error: `Category must be ${orList(ADVENTURE_CATEGORY_VALUES)}` })
  .default(DEFAULT_CATEGORY);

const skillField = z
  .enum(SKILL_LEVEL_VALUES, { error: `Skill level must be ${orList(SKILL_LEVEL_VALUES)}` })
  .default(DEFAULT_SKILL_LEVEL);

/* ---------- Professional adventure ---------- */

export const proAdventureSchema = z
  .object({
    title: requiredText("Title", 200),
    slug: slugField,
    tagline: optionalText("Tagline", 300),
    short_description: optionalText("Short description", 2000),
    full_description: optionalText("Full description", 20_000),
    hero_image: optionalUrl("Hero image"),
    hero_image_alt: optionalText("Hero image alt text", 300),
    gallery_images: urlList("Gallery images"),
    base_price: money("Base price"),
    // Any case is accepted (the form shows "AUD"); stored as the one form, "aud".
    currency: z
      .string({ error: `Currency must be ${CURRENCY_LIST_TEXT}` })
      .refine(isCurrency, `Currency must be ${CURRENCY_LIST_TEXT}`)
      .transform(toCurrency)
      .default(DEFAULT_CURRENCY),
    price_display: optionalText("Price display", 100),
    duration: optionalText("Duration", 100),
    group_size_min: int("Minimum group size", 1, MAX_GROUP_SIZE).default(DEFAULT_GROUP_SIZE.min),
    group_size_max: int("Maximum group size", 1, MAX_GROUP_SIZE).default(DEFAULT_GROUP_SIZE.max),
    skill_level: skillField,
    category: categoryField,
    tags: textList("Tags", 30, 60),
    location: optionalText("Location", 300),
    meeting_point: optionalText("Meeting point", 500),
    what_to_bring: textList("What to bring"),
    included_items: textList("Included items"),
    excluded_items: textList("Excluded items"),
    highlights: textList("Highlights"),
    itinerary: textList("Itinerary"),
    best_for: textList("Best for"),
    is_active: bool("Active", true),
    is_featured: bool("Featured", false),
    requires_certification: bool("Requires certification", false),
    booking_enabled: bool("Booking enabled", true),
    min_age: int("Minimum age", 0, 120).default(12),
    max_age: int("Maximum age", 0, 120).nullable().default(null),
    fitness_requirements: optionalText("Fitness requirements", 2000),
    meta_title: optionalText("Meta title", 200),
    meta_description: optionalText("Meta description", 500),
    meta_keywords: optionalText("Meta keywords", 500),
    social_image: optionalUrl("Social image"),
    advance_booking_days: int("Advance booking days", 0, 365).default(1),
    // Off (null) unless the operator sets it: the days above are then the only notice.
    booking_cutoff_hours: int("Booking cut-off hours", 0, 8760).nullable().optional(),
    // Null: the site's cancellation policy applies; left out, an update keeps what the adventure has.
    policy_override: policyOverrideSchema.optional(),
    terms_conditions: optionalText("Terms and conditions", 10_000),
    sort_order: int("Sort order", -100_000, 100_000).default(0),
  })
  .superRefine((a, ctx) => {
    if (a.group_size_max < a.group_size_min) {
      ctx.addIssue({
        code: "custom",
        path: ["group_size_max"],
        message: "Maximum group size must be at least the minimum group size",
      });
    }
    if (a.max_age !== null && a.max_age < a.min_age) {
      ctx.addIssue({
        code: "custom",
        path: ["max_age"],
        message: "Maximum age must be at least the minimum age",
      });
    }
  });
export type ProAdventureInput = z.infer<typeof proAdventureSchema>;

/** The number fields of the professional form, as typed (strings), before coercion. */
export interface ProNumberFields {
  base_price: string;
  group_size_min: string;
  group_size_max: string;
  min_age: string;
  max_age: string;
  advance_booking_days: string;
  booking_cutoff_hours: string;
  sort_order: string;
}

const toNumber = (raw: string, fallback: number) => (raw.trim() === "" ? fallback : Number(raw));

/**
 * Numbers are coerced before sending. base_price defaults to 0, the group
 * size to the default range (1 to the business maximum of 4: a default of 8
 * would make an adventure that checkout refuses above 4), min_age 12, max_age
 * null when empty, advance_booking_days 1, sort_order 0. Anything that is not
 * a number stays NaN so the schema reports it.
 */
export function coerceProNumbers(f: ProNumberFields) {
  return {
    base_price: toNumber(f.base_price, 0),
    group_size_min: toNumber(f.group_size_min, DEFAULT_GROUP_SIZE.min),
    group_size_max: toNumber(f.group_size_max, DEFAULT_GROUP_SIZE.max),
    min_age: toNumber(f.min_age, 12),
    max_age: f.max_age.trim() === "" ? null : Number(f.max_age),
    advance_booking_days: toNumber(f.advance_booking_days, 1),
    // Empty: no cut-off in hours (the days alone apply).
    booking_cutoff_hours: f.booking_cutoff_hours.trim() === "" ? null : Number(f.booking_cutoff_hours),
    sort_order: toNumber(f.sort_order, 0),
  };
}

/** Changing the base price sets the display price to 'From $' + value. */
export const priceDisplayFor = (basePrice: string) => `From $${basePrice}`;

/** SEO guidance (advisory): the counter's colour for a length against a recommended range. */
export function seoLengthStatus(
  length: number,
  min: number,
  max: number,
): "empty" | "short" | "good" | "long" {
  if (length === 0) return "empty";
  if (length < min) return "short";
  if (length > max) return "long";
  return "good";
}

/* ---------- Simple (database) adventure, the enhanced manager ---------- */

export const simpleAdventureSchema = z.object({
  slug: slugField,
  title: requiredText("Title", 200),
  short_description: requiredText("Short description", 300),
  description: requiredText("Full description", 2000),
  detailed_description: optionalText("Detailed description", 20_000),
  image: requiredUrl("Main image URL"),
  image_alt: optionalText("Image alt text", 300),
  gallery_images: urlList("Gallery images"),
  features: textList("Features"),
  duration: optionalText("Duration", 100),
  group_size: optionalText("Group size", 60)
    .refine((v) => v === "" || parseGroupSize(v) !== null, {
      message: `Group size must read like "1-${MAX_GROUP_SIZE} people"`,
    })
    .refine((v) => {
      const g = v === "" ? null : parseGroupSize(v);
      return g === null || g.max <= MAX_GROUP_SIZE;
    }, `Group size can be at most ${MAX_GROUP_SIZE} people`),
  price: optionalText("Price", 100),
  price_num: money("Price (number)"),
  category: categoryField,
  skill_level: skillField,
  tags: textList("Tags", 30, 60),
  included: textList("Included"),
  itinerary: textList("Itinerary"),
  location: optionalText("Location", 300),
  best_for: textList("Best for"),
  featured: bool("Featured", false),
  sort_order: int("Sort order", -100_000, 100_000).default(0),
});
export type SimpleAdventureInput = z.infer<typeof simpleAdventureSchema>;

/** price_num is parsed as a decimal and sort_order as an integer (empty -> 0); NaN stays for the schema. */
export function parseDecimal(raw: string): number {
  return raw.trim() === "" ? 0 : Number.parseFloat(raw);
}
export function parseInteger(raw: string): number {
  return raw.trim() === "" ? 0 : Number.parseInt(raw, 10);
}

/* ---------- Legacy (static) adventure: form only, nothing is sent ---------- */

export const legacyAdventureSchema = z.object({
  id: requiredText("ID", 120),
  slug: requiredText("Slug", 120),
  title: requiredText("Title", 200),
  description: requiredText("Description", 2000),
  shortDescription: optionalText("Short description", 300),
  image: optionalText("Image", 2000),
  price: requiredText("Price", 100),
  priceNum: money("Price number"),
  duration: requiredText("Duration", 100),
  groupSize: optionalText("Group size", 60),
  category: z.enum(LEGACY_CATEGORIES, { error: `Category must be ${orList(LEGACY_CATEGORIES)}` }),
  skillLevel: z.enum(LEGACY_SKILL_LEVELS, { error: `Skill level must be ${orList(LEGACY_SKILL_LEVELS)}` }),
  location: optionalText("Location", 300),
});
