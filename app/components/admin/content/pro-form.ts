/**
 * The professional editor's form: its values as the operator types them, how
 * an adventure opens in it, the payload it sends, and which tab holds each field.
 */
import type { RegisterOptions, UseFormRegisterReturn } from "react-hook-form";
import { coerceProNumbers, joinLines, type ProNumberFields, splitLines } from "../../../lib/admin-forms";
import { DEFAULT_CATEGORY, DEFAULT_SKILL_LEVEL } from "../../../lib/adventure-catalogue";
import { currencyCode, DEFAULT_CURRENCY } from "../../../lib/currency";
import { DEFAULT_GROUP_SIZE, groupSizeRange } from "../../../lib/group-size";
import type { ProAdventure } from "./types";

export const PRO_TABS = [
  { id: "basic", label: "Basic Info" },
  { id: "details", label: "Details" },
  { id: "media", label: "Media" },
  { id: "pricing", label: "Pricing" },
  { id: "seo", label: "SEO" },
] as const;
export type TabId = (typeof PRO_TABS)[number]["id"];

const LIST_FIELDS = [
  "highlights",
  "included_items",
  "excluded_items",
  "itinerary",
  "what_to_bring",
  "best_for",
  "tags",
  "gallery_images",
] as const;
type ListField = (typeof LIST_FIELDS)[number];

type TextFields = Omit<
  ProAdventure,
  | keyof ProNumberFields
  | ListField
  | "id"
  | "is_active"
  | "is_featured"
  | "requires_certification"
  | "booking_enabled"
  | "created_at"
  | "updated_at"
  // Not the operator's text: the one policy's words (app/lib/policy-words.ts), shown read-only.
  | "cancellation_policy"
  // The adventure's own rules are written through the API's policy_override (an update without it keeps them).
  | "policy_override"
  | "policy"
>;

export type ProForm = TextFields &
  ProNumberFields &
  Record<ListField, string> & {
    is_active: boolean;
    is_featured: boolean;
    requires_certification: boolean;
    booking_enabled: boolean;
  };

/** Blank defaults for a new adventure: category scuba-diving, beginner, AUD, active and bookable. */
export function blankProForm(): ProForm {
  return {
    title: "",
    slug: "",
    tagline: "",
    short_description: "",
    full_description: "",
    hero_image: "",
    hero_image_alt: "",
    gallery_images: "",
    base_price: "",
    currency: currencyCode(DEFAULT_CURRENCY),
    price_display: "",
    duration: "",
    group_size_min: String(DEFAULT_GROUP_SIZE.min),
    group_size_max: String(DEFAULT_GROUP_SIZE.max),
    skill_level: DEFAULT_SKILL_LEVEL,
    category: DEFAULT_CATEGORY,
    tags: "",
    location: "",
    meeting_point: "",
    what_to_bring: "",
    included_items: "",
    excluded_items: "",
    highlights: "",
    itinerary: "",
    best_for: "",
    is_active: true,
    is_featured: false,
    requires_certification: false,
    booking_enabled: true,
    min_age: "12",
    max_age: "",
    fitness_requirements: "",
    meta_title: "",
    meta_description: "",
    meta_keywords: "",
    social_image: "",
    advance_booking_days: "1",
    booking_cutoff_hours: "",
    terms_conditions: "",
    sort_order: "0",
  };
}

/** An existing adventure in the form (missing lists become empty). */
export function proFormFrom(a: ProAdventure): ProForm {
  const num = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  const form = blankProForm();
  for (const key of Object.keys(form) as (keyof ProForm)[]) {
    const v = (a as unknown as Record<string, unknown>)[key];
    if (typeof v === "string" || typeof v === "boolean") (form as Record<string, unknown>)[key] = v;
  }
  for (const key of LIST_FIELDS) form[key] = joinLines(Array.isArray(a[key]) ? a[key] : []);
  form.base_price = num(a.base_price);
  // Stored lower-case, shown and chosen as the code people read.
  form.currency = currencyCode(a.currency);
  // What the adventure can really be booked for: a row saved before the
  // business maximum applied here opens with its range cut to that maximum.
  const range = groupSizeRange(a);
  form.group_size_min = num(range.min);
  form.group_size_max = num(range.max);
  form.min_age = num(a.min_age);
  form.max_age = num(a.max_age);
  form.advance_booking_days = num(a.advance_booking_days);
  form.booking_cutoff_hours = num(a.booking_cutoff_hours);
  form.sort_order = num(a.sort_order);
  return form;
}

/** The payload the API takes: lists split, numbers coerced. */
export function proPayload(f: ProForm) {
  const lists = Object.fromEntries(LIST_FIELDS.map((k) => [k, splitLines(f[k])]));
  return { ...f, ...lists, ...coerceProNumbers(f) };
}

/** The tab each field sits on, so the first error can be shown. */
const FIELD_TAB: Record<string, TabId> = {
  title: "basic",
  slug: "basic",
  tagline: "basic",
  short_description: "basic",
  full_description: "basic",
  category: "basic",
  skill_level: "basic",
  duration: "basic",
  location: "basic",
  highlights: "details",
  included_items: "details",
  excluded_items: "details",
  itinerary: "details",
  what_to_bring: "details",
  best_for: "details",
  tags: "details",
  meeting_point: "details",
  fitness_requirements: "details",
  min_age: "details",
  max_age: "details",
  terms_conditions: "details",
  hero_image: "media",
  hero_image_alt: "media",
  gallery_images: "media",
  social_image: "media",
  base_price: "pricing",
  currency: "pricing",
  price_display: "pricing",
  group_size_min: "pricing",
  group_size_max: "pricing",
  advance_booking_days: "pricing",
  booking_cutoff_hours: "pricing",
  sort_order: "pricing",
  meta_title: "seo",
  meta_description: "seo",
  meta_keywords: "seo",
};

/** What the schema checks: the payload, with an empty base price missing (it is required). */
export function checkedPayload(f: ProForm) {
  const payload = proPayload(f);
  return f.base_price.trim() === "" ? { ...payload, base_price: undefined } : payload;
}

/** The first field with an error that sits on a tab, and that tab. */
export function firstErrorTab(errors: Record<string, string>): [string, TabId] | null {
  const first = Object.keys(errors).find((k) => FIELD_TAB[k]);
  return first ? [first, FIELD_TAB[first]] : null;
}

/** A registered field with its message, as the form's inputs take it. */
export type ProFieldProps = UseFormRegisterReturn & { error: string | undefined };
/** Registers a field of the form and adds its current message. */
export type ProText = (key: keyof ProForm, options?: RegisterOptions<ProForm>) => ProFieldProps;
