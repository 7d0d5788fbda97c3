/**
 * Price categories: an adventure sells Adult, Child (8-15), Observer, Infant
 * seats at their own prices. With none or one category the booking is the
 * spec's (one price per person times group_size). With several, the customer
 * books a count of each; the server turns the counts into price lines, and the
 * group-size limit applies to the spots taken (an infant on a lap takes none;
 * an observer on the boat takes one). An observer (needs_dive_paperwork false)
 * gives details and the waiver, never certification or the medical questions.
 */

import { addDays } from "./dates.ts";
import { type PriceLine, priceLine } from "./price-lines.ts";
import { ageOn, latestBirthDate } from "./readiness.ts";
import { z } from "./zod.ts";

export interface PriceCategory {
  id: string;
  name: string;
  price_cents: number;
  age_min: number;
  /** Null: no upper age. */
  age_max: number | null;
  takes_spot: boolean;
  needs_dive_paperwork: boolean;
}

/** Category id -> how many people the customer books in it. */
export type CategoryCounts = Record<string, number>;

/** The counts as a booking or a price check sends them (checked against the adventure by `priceCategoryCounts`). */
export const categoryCountsField = z
  .record(z.string().max(100), z.number({ error: "Count must be a number" }))
  .refine((r) => Object.keys(r).length <= 20, "At most 20 categories")
  .optional();

/** "Child (8-15)", "Adult (16+)", "Infant (0-1)"; a category open to all ages is its name alone. */
export function categoryLabel(c: Pick<PriceCategory, "name" | "age_min" | "age_max">): string {
  if (c.age_max === null) return c.age_min > 0 ? `${c.name} (${c.age_min}+)` : c.name;
  return `${c.name} (${c.age_min}-${c.age_max})`;
}

/** Several categories: the booking is counted per category; otherwise it is the spec's group_size. */
export const usesCategories = (categories: readonly PriceCategory[]): boolean => categories.length > 1;

/** The cheapest price, for "from $X" on the adventure page. */
export function fromPriceCents(categories: readonly PriceCategory[]): number | null {
  return categories.length ? Math.min(...categories.map((c) => c.price_cents)) : null;
}

export interface CategoryBooking {
  lines: PriceLine[];
  /** Spots taken: what group_size holds, what capacity and the group-size limit count. */
  spots: number;
  /** Everyone booked, spot or not: how many participants the booking has. */
  people: number;
}

/**
 * The counts as price lines (categories in their order, empty ones left out),
 * or the reason they cannot be booked, naming the field. Counts the server
 * does not know, negative or fractional counts, and a booking of nobody who
 * takes a spot are refused; the group-size range is checked by the caller on
 * `spots`.
 */
export function priceCategoryCounts(
  categories: readonly PriceCategory[],
  counts: CategoryCounts,
): CategoryBooking | { field: string; error: string } {
  const known = new Set(categories.map((c) => c.id));
  for (const [id, n] of Object.entries(counts)) {
    if (!known.has(id)) return { field: `categories.${id}`, error: "Unknown price category" };
    if (!Number.isInteger(n) || n < 0 || n > 100) {
      return { field: `categories.${id}`, error: "Count must be a whole number from 0 to 100" };
    }
  }
  const lines: PriceLine[] = [];
  let spots = 0;
  let people = 0;
  for (const c of categories) {
    const quantity = counts[c.id] ?? 0;
    if (quantity === 0) continue;
    lines.push(
      priceLine({
        kind: "category",
        ref_id: c.id,
        label: categoryLabel(c),
        quantity,
        unit_cents: c.price_cents,
      }),
    );
    people += quantity;
    if (c.takes_spot) spots += quantity;
  }
  if (spots === 0) return { field: "categories", error: "Book at least one person who takes a spot" };
  return { lines, spots, people };
}

/**
 * Whether a birth date fits a category on the trip date, and if not, what the
 * customer and the operator read ("Child (8-15) is for ages 8 to 15; this
 * date of birth makes them 34 on the trip date").
 */
export function categoryAgeError(
  c: Pick<PriceCategory, "name" | "age_min" | "age_max">,
  dateOfBirth: string,
  tripDate: string,
): string | null {
  const age = ageOn(dateOfBirth, tripDate);
  if (age >= c.age_min && (c.age_max === null || age <= c.age_max)) return null;
  const range = c.age_max === null ? `ages ${c.age_min} and over` : `ages ${c.age_min} to ${c.age_max}`;
  return `${c.name} is for ${range}; this date of birth makes them ${age} on the trip date`;
}

/**
 * Which category each participant position belongs to: the lines in order,
 * one position per person (2 adults, 1 child -> adult, adult, child).
 */
export function categoryOfPositions(lines: readonly PriceLine[]): string[] {
  return lines.filter((l) => l.kind === "category").flatMap((l) => Array(l.quantity).fill(l.ref_id));
}

/**
 * The category of the booking's person at a position (1-based): the people
 * who take a spot, in the order of the booking's lines (an infant holds no
 * position). Null for the spec's booking, or a category since removed.
 */
export function categoryAtPosition(
  categories: readonly PriceCategory[],
  lines: readonly PriceLine[],
  position: number,
): PriceCategory | null {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const spotLines = lines.filter((l) => l.kind === "category" && byId.get(l.ref_id)?.takes_spot !== false);
  return byId.get(categoryOfPositions(spotLines)[position - 1] ?? "") ?? null;
}

/** How many categories an adventure may have: a short list the customer reads at a glance. */
export const MAX_PRICE_CATEGORIES = 8;

const categoryField = z
  .object({
    /** An existing category's id (kept, so booked lines still name it); absent for a new one. */
    id: z.string().trim().max(100).optional(),
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(60, "Name must be at most 60 characters"),
    price: z
      .number({ error: "Price must be a number" })
      .min(0, "Price cannot be negative")
      .max(100_000, "Price must be at most 100000"),
    age_min: z.number({ error: "Minimum age must be a number" }).int().min(0).max(120).default(0),
    age_max: z
      .number({ error: "Maximum age must be a number" })
      .int()
      .min(0)
      .max(120)
      .nullable()
      .default(null),
    takes_spot: z.boolean().default(true),
    needs_dive_paperwork: z.boolean().default(true),
  })
  .refine((c) => c.age_max === null || c.age_max >= c.age_min, {
    path: ["age_max"],
    message: "Maximum age must be at least the minimum age",
  });

/** The console's whole list of an adventure's categories, in the order shown to customers. */
export const priceCategoriesSchema = z.object({
  categories: z
    .array(categoryField)
    .max(MAX_PRICE_CATEGORIES, `At most ${MAX_PRICE_CATEGORIES} categories`)
    .refine(
      (list) => list.length < 2 || list.some((c) => c.takes_spot),
      "At least one category must take a spot",
    )
    .refine(
      (list) => new Set(list.map((c) => c.name.toLowerCase())).size === list.length,
      "Each category needs its own name",
    ),
});
export type PriceCategoriesInput = z.output<typeof priceCategoriesSchema>;

/**
 * The date input's limits for a category on the trip date: the latest birth
 * date of someone old enough, the earliest of someone not too old (none
 * without an upper age), so the browser refuses what the server refuses.
 */
export function categoryBirthDateLimits(
  c: Pick<PriceCategory, "age_min" | "age_max">,
  tripDate: string,
  minimumAge = 0,
): { max: string; min?: string } {
  const max = latestBirthDate(tripDate, Math.max(c.age_min, minimumAge));
  if (c.age_max === null) return { max };
  return { max, min: addDays(latestBirthDate(tripDate, c.age_max + 1), 1) };
}

/** What the participant form says under the date of birth: "Child (8-15): ages 8 to 15 on the trip date." */
export function categoryAgeHint(c: Pick<PriceCategory, "name" | "age_min" | "age_max">): string {
  const range = c.age_max === null ? `at least ${c.age_min}` : `ages ${c.age_min} to ${c.age_max}`;
  return `Booked as ${categoryLabel(c)}: ${range} on the trip date.`;
}
