/**
 * One zod schema per admin content payload (adventures, gallery, reviews, FAQs, sections),
 * used by the admin forms before sending and by the API on every write, so
 * both sides agree on each rule and message. Also the constants the forms
 * offer and the small text helpers that turn form fields into lists.
 */

import {
  ADVENTURE_CATEGORY_VALUES,
  DEFAULT_CATEGORY,
  DEFAULT_SKILL_LEVEL,
  LEGACY_CATEGORIES,
  LEGACY_SKILL_LEVELS,
  SKILL_LEVEL_VALUES,
} from "./adventure-catalogue.ts";
import { GALLERY_CATEGORIES } from "./categories.ts";
import { CURRENCY_LIST_TEXT, DEFAULT_CURRENCY, isCurrency, toCurrency } from "./currency.ts";
import { isIsoDate } from "./dates.ts";
import { DEFAULT_GROUP_SIZE, MAX_GROUP_SIZE, parseGroupSize } from "./group-size.ts";
import { SLUG_PATTERN } from "./slug.ts";
import { z } from "./zod.ts";

/* ---------- Constants ---------- */

/** Content pages: the spec's ten plus the three legal pages, whose text is a content section too. */
export const CONTENT_PAGES = [
  { value: "homepage", label: "Homepage" },
  { value: "adventures", label: "Adventures" },
  { value: "about", label: "About" },
  { value: "contact", label: "Contact" },
  { value: "gallery", label: "Gallery" },
  { value: "reviews", label: "Reviews" },
  { value: "faq", label: "FAQ" },
  { value: "book", label: "Book" },
  { value: "weekend", label: "Typical Weekend" },
  { value: "global", label: "Global (every page)" },
  { value: "privacy", label: "Privacy policy" },
  { value: "terms", label: "Terms" },
  { value: "cancellation", label: "Cancellation policy" },
] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number]["value"];
const CONTENT_PAGE_VALUES = CONTENT_PAGES.map((p) => p.value) as [ContentPage, ...ContentPage[]];

export const CONTENT_TYPES = ["text", "html", "json"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const MEDIA_FILE_TYPES = ["image", "video", "document"] as const;

export const MEDIA_FOLDERS = [
  "uploads",
  "adventures",
  "gallery",
  "testimonials",
  "backgrounds",
  "logos",
] as const;

/** What the upload accepts: images, videos, .pdf, .doc and .docx. */
export const UPLOAD_ACCEPT = "image/*,video/*,.pdf,.doc,.docx";

/* ---------- Text helpers shared by the forms ---------- */

/** "a, b ,, c" -> ["a", "b", "c"]: comma-separated, trimmed, empties dropped. */
export function splitComma(text: string): string[] {
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** One entry per line, trimmed, blank lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const joinLines = (items: readonly string[] | null | undefined) => (items ?? []).join("\n");
export const joinComma = (items: readonly string[] | null | undefined) => (items ?? []).join(", ");

/**
 * A web address as the forms accept it: an absolute http(s) URL, or a path on
 * this site ("/uploads/...", "/images/..."), which is what the media library
 * hands out and what keeps the responsive image variants working.
 */
export function isWebAddress(value: string): boolean {
  if (/[\s"'<>\\`]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/** Size in KB with one decimal, as the media library lists it. */
export function formatKB(bytes: number): string {
  return `${(Math.max(0, bytes) / 1024).toFixed(1)} KB`;
}

/* ---------- Field builders ---------- */

const typeError = (label: string, kind: string) => (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? `${label} is required` : `${label} must be ${kind}`;

const requiredText = (label: string, max: number) =>
  z
    .string({ error: typeError(label, "text") })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default("");

const urlMessage = (label: string) =>
  `${label} must be a URL (https://… or a path on this site such as /uploads/photo.webp)`;

const requiredUrl = (label: string) =>
  requiredText(label, 2000).refine(isWebAddress, { message: urlMessage(label), abort: true });

const optionalUrl = (label: string) =>
  optionalText(label, 2000).refine((v) => v === "" || isWebAddress(v), { message: urlMessage(label) });

const textList = (label: string, maxItems = 60, maxLength = 1000) =>
  z
    .array(
      z
        .string({ error: `Each entry of ${label} must be text` })
        .trim()
        .max(maxLength, `Each entry of ${label} must be at most ${maxLength} characters`),
      { error: `${label} must be a list` },
    )
    .max(maxItems, `${label} can have at most ${maxItems} entries`)
    .transform((items) => items.filter(Boolean))
    .default([]);

const urlList = (label: string) =>
  z
    .array(
      z
        .string({ error: `Each entry of ${label} must be text` })
        .trim()
        .refine((v) => v === "" || isWebAddress(v), { message: `Each entry of ${label} must be a URL` }),
      { error: `${label} must be a list` },
    )
    .max(30, `${label} can have at most 30 entries`)
    .transform((items) => items.filter(Boolean))
    .default([]);

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: typeError(label, "a number") })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const money = (label: string) =>
  z
    .number({ error: typeError(label, "a number") })
    .min(0, `${label} must be at least 0`)
    .max(100_000, `${label} must be at most 100000`)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      `${label} can have at most 2 decimal places`,
    );

const bool = (label: string, fallback: boolean) =>
  z.boolean({ error: `${label} must be true or false` }).default(fallback);

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

/* ---------- Gallery, testimonials, FAQs ---------- */

export const galleryImageSchema = z.object({
  title: requiredText("Title", 200),
  image_url: requiredUrl("Image URL"),
  category: z.enum(GALLERY_CATEGORIES.map((c) => c.value) as [string, ...string[]], {
    error: (iss) =>
      iss.input === undefined || iss.input === ""
        ? "Category is required"
        : "Choose a category from the list",
  }),
  tags: textList("Tags", 20, 60),
  description: optionalText("Description", 1000),
  alt: optionalText("Alt text", 300),
});
export type GalleryImageInput = z.infer<typeof galleryImageSchema>;

export const testimonialSchema = z.object({
  customer_name: requiredText("Customer name", 100),
  adventure_type: requiredText("Adventure", 120),
  location: requiredText("Location", 200),
  content: requiredText("Review text", 5000),
  rating: int("Rating", 1, 5).default(5),
  is_featured: bool("Featured", false),
});
export type TestimonialInput = z.infer<typeof testimonialSchema>;

/** The review statuses the operator sets (a customer's review arrives as "pending"). */
export const MODERATION_STATUSES = ["approved", "hidden"] as const;
const MODERATION_MESSAGE = "Status must be approved or hidden";

/**
 * Approve, hide, feature or unfeature a review. Only an approved review is
 * shown, so only an approved one can be featured; hiding one unfeatures it.
 */
export const testimonialStatusSchema = z
  .object({
    status: z.enum(MODERATION_STATUSES, { error: MODERATION_MESSAGE }),
    is_featured: z.boolean({ error: "Featured must be true or false" }).optional(),
  })
  .refine((v) => !(v.status === "hidden" && v.is_featured === true), {
    message: "Only an approved review can be featured",
    path: ["is_featured"],
  });
export type TestimonialStatusInput = z.infer<typeof testimonialStatusSchema>;

export const faqSchema = z.object({
  category: requiredText("Category", 100),
  question: requiredText("Question", 500),
  answer: requiredText("Answer", 5000),
  order: int("Order", 0, 10_000).default(0),
  is_active: bool("Active", true),
});
export type FaqInput = z.infer<typeof faqSchema>;

/* ---------- Content sections ---------- */

/**
 * Sections that hold a link or an image address (social_*, logo_*,
 * whatsapp_url, *_image, *_background): their content must be a web address,
 * whichever screen writes it, so a page never links to javascript: or a typo.
 */
export function isAddressSection(section: string): boolean {
  return /^(social_[a-z0-9]+|logo_[a-z0-9]+|whatsapp_url)$|(_image|_background|_image_[a-z0-9]+)$/.test(
    section,
  );
}

/**
 * The rule per content type and section: json must parse; an address section
 * must hold a URL. Null when the content fits.
 */
export function contentTypeError(type: string, content: string, section = ""): string | null {
  if (type === "json") {
    try {
      JSON.parse(content);
    } catch {
      return "Content must be valid JSON for the json type";
    }
  }
  if (isAddressSection(section) && !isWebAddress(content.trim())) {
    return "Content must be a URL (https://… or a path on this site such as /uploads/photo.webp)";
  }
  return null;
}

const sectionName = requiredText("Section name", 80).regex(
  /^[a-z0-9][a-z0-9_-]*$/,
  "Section name may contain only lowercase letters, digits, hyphens and underscores",
);
const contentBody = requiredText("Content", 100_000);

export const contentCreateSchema = z
  .object({
    page: z.enum(CONTENT_PAGE_VALUES, { error: "Choose a page from the list" }),
    section: sectionName,
    type: z.enum(CONTENT_TYPES, { error: "Type must be text, html or json" }).default("text"),
    title: optionalText("Title", 200),
    content: contentBody,
    description: optionalText("Description", 500),
    is_active: bool("Active", true),
  })
  .superRefine((s, ctx) => {
    const error = contentTypeError(s.type, s.content, s.section);
    if (error) ctx.addIssue({ code: "custom", path: ["content"], message: error });
  });
export type ContentCreateInput = z.infer<typeof contentCreateSchema>;

/** PUT: any of these; the website editor sends content only. */
export const contentUpdateSchema = z.object({
  title: z
    .string({ error: "Title must be text" })
    .trim()
    .max(200, "Title must be at most 200 characters")
    .optional(),
  content: contentBody.optional(),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(500, "Description must be at most 500 characters")
    .optional(),
  is_active: z.boolean({ error: "Active must be true or false" }).optional(),
});
export type ContentUpdateInput = z.infer<typeof contentUpdateSchema>;

export const isContentPage = (page: string): page is ContentPage =>
  (CONTENT_PAGE_VALUES as string[]).includes(page);

/* ---------- Media library ---------- */

export const mediaCreateSchema = z.object({
  url: requiredUrl("File URL"),
  filename: requiredText("Filename", 255),
  original_name: optionalText("Original name", 255),
  file_type: z
    .enum(MEDIA_FILE_TYPES, { error: "File type must be image, video or document" })
    .default("image"),
  mime_type: optionalText("MIME type", 120),
  file_size: int("File size", 0, 2_000_000_000).default(0),
  alt_text: optionalText("Alt text", 300),
  caption: optionalText("Caption", 1000),
  tags: textList("Tags", 20, 60),
  folder: z.enum(MEDIA_FOLDERS, { error: "Choose a folder from the list" }).default("uploads"),
  dimensions: z
    .object(
      { width: int("Width", 1, 100_000), height: int("Height", 1, 100_000) },
      { error: "Dimensions must have width and height" },
    )
    .nullable()
    .default(null),
});
export type MediaCreateInput = z.infer<typeof mediaCreateSchema>;

/** The text fields sent with an upload (multipart form fields). */
export const uploadFieldsSchema = z.object({
  folder: z.enum(MEDIA_FOLDERS, { error: "Choose a folder from the list" }).default("uploads"),
  tags: optionalText("Tags", 1000).transform(splitComma),
});

/* ---------- Availability calendar ---------- */

/** The spots a date can offer (admin spec: available spots 1 to 20, default 6). */
export const MIN_SPOTS = 1;
export const MAX_SPOTS = 20;

const spots = z
  .number({ error: `Available spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}` })
  .int(`Available spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}`)
  .min(MIN_SPOTS, `Available spots must be at least ${MIN_SPOTS}`)
  .max(MAX_SPOTS, `Available spots must be at most ${MAX_SPOTS}`);

/** Dollars with at most two decimals; empty means no override. */
const priceOverride = z
  .union([z.number(), z.literal(""), z.null()], { error: "Price override must be a number of dollars" })
  .transform((v) => (v === "" || v === null ? null : v))
  .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= 100_000), {
    message: "Price override must be between 0 and 100000",
  })
  .refine((v) => v === null || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: "Price override can have at most two decimals (step 0.01)",
  });

const availabilityNotes = z
  .string({ error: "Notes must be text" })
  .trim()
  .max(1000, "Notes must be at most 1000 characters");

/**
 * A new date of the calendar. "Today" is a parameter because it is Sydney's
 * date where the check runs: the server's for the API, the browser's for the
 * form, so both refuse a date before today.
 */
export function availabilityCreateSchema(today: string) {
  return z.object({
    adventure_id: z.string({ error: "Choose an adventure" }).trim().min(1, "Choose an adventure").max(200),
    date: z
      .string({ error: "Date is required" })
      .trim()
      .min(1, "Date is required")
      .refine(isIsoDate, "Date must be a real date written YYYY-MM-DD")
      .refine((d) => !isIsoDate(d) || d >= today, "Date cannot be before today"),
    available_spots: spots.default(6),
    price_override: priceOverride.optional().default(null),
    notes: availabilityNotes.optional().default(""),
    is_available: z.boolean({ error: "is_available must be true or false" }).optional().default(true),
    weather_dependent: z
      .boolean({ error: "weather_dependent must be true or false" })
      .optional()
      .default(true),
  });
}

/** PUT: any of the date's settings, at least one. */
export const availabilityUpdateSchema = z
  .object({
    available_spots: spots.optional(),
    price_override: priceOverride.optional(),
    notes: availabilityNotes.optional(),
    is_available: z.boolean({ error: "is_available must be true or false" }).optional(),
    weather_dependent: z.boolean({ error: "weather_dependent must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Send at least one field to change",
    path: ["available_spots"],
  });

/* ---------- Errors ---------- */

/** Field -> first message, named as the server names them (errors.server.ts fromZod). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "body";
    out[key] ??= issue.message;
  }
  return out;
}

/** Runs a schema for a form: the parsed value, or the messages per field. */
export function check<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; errors: Record<string, string> } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: fieldErrors(result.error) };
}
