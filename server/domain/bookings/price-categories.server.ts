/**
 * An adventure's price categories as the booking reads them, and a booking's
 * counts turned into its price lines and spots. With none or one category the
 * booking is the spec's (unit price times group_size, no lines); with several
 * the counts are required, priced here from the database, and group_size must
 * be the spots they take, so capacity, holds and the manifest count as before.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { BookingInput } from "../../../app/lib/booking.ts";
import {
  categoryAtPosition,
  type PriceCategory,
  priceCategoryCounts,
  usesCategories,
} from "../../../app/lib/price-categories.ts";
import { hasCategoryLines, type PriceLine } from "../../../app/lib/price-lines.ts";
import type { DB } from "../../db/client.server.ts";
import {
  type AdventurePriceCategoryRow,
  adventurePriceCategories,
  type BookingRow,
} from "../../db/schema.ts";
import { badRequest } from "../../errors.server.ts";

export const toPriceCategory = (r: AdventurePriceCategoryRow): PriceCategory => ({
  id: r.id,
  name: r.name,
  price_cents: r.priceCents,
  age_min: r.ageMin,
  age_max: r.ageMax,
  takes_spot: r.takesSpot,
  needs_dive_paperwork: r.needsDivePaperwork,
});

/** The adventure's categories in the operator's order. */
export async function adventureCategories(db: DB, adventureId: string): Promise<PriceCategory[]> {
  const rows = await db
    .select()
    .from(adventurePriceCategories)
    .where(eq(adventurePriceCategories.adventureId, adventureId))
    .orderBy(asc(adventurePriceCategories.sort), asc(adventurePriceCategories.name));
  return rows.map(toPriceCategory);
}

/**
 * The booking's category lines (empty for the spec's booking). Refused with a
 * 400 naming the field: counts for an adventure without several categories,
 * counts missing where they are needed, a bad count, or a group_size that is
 * not the spots the counts take.
 */
export function categoryLines(
  categories: readonly PriceCategory[],
  input: Pick<BookingInput, "categories" | "group_size">,
): PriceLine[] {
  if (!usesCategories(categories)) {
    if (input.categories === undefined) return [];
    const msg = "This adventure has one price; send group_size only";
    throw badRequest(`categories: ${msg}`, { categories: msg });
  }
  if (input.categories === undefined) {
    const msg = "Choose how many people of each price category";
    throw badRequest(`categories: ${msg}`, { categories: msg });
  }
  const booked = priceCategoryCounts(categories, input.categories);
  if ("error" in booked)
    throw badRequest(`${booked.field}: ${booked.error}`, { [booked.field]: booked.error });
  if (booked.spots !== input.group_size) {
    const spots = `${booked.spots} ${booked.spots === 1 ? "spot" : "spots"}`;
    const msg = `The chosen categories take ${spots}; group size must be ${booked.spots}`;
    throw badRequest(`group_size: ${msg}`, { group_size: msg });
  }
  return booked.lines;
}

/**
 * The category of the booking's person at a position (1-based): the people
 * who take a spot, in the order of the booking's lines. Null for the spec's
 * booking, or when the category has since been removed.
 */
export async function positionCategory(
  db: DB,
  booking: Pick<BookingRow, "adventureId" | "priceLines">,
  position: number,
): Promise<PriceCategory | null> {
  if (!hasCategoryLines(booking.priceLines)) return null;
  return categoryAtPosition(await adventureCategories(db, booking.adventureId), booking.priceLines, position);
}

/** Every adventure's categories in one query (the booking form lists them all), or those of `only`. */
export async function categoriesByAdventure(
  db: DB,
  only?: readonly string[],
): Promise<Map<string, PriceCategory[]>> {
  const rows = await db
    .select()
    .from(adventurePriceCategories)
    .where(only ? inArray(adventurePriceCategories.adventureId, [...only]) : undefined)
    .orderBy(asc(adventurePriceCategories.sort), asc(adventurePriceCategories.name));
  const out = new Map<string, PriceCategory[]>();
  for (const r of rows) out.set(r.adventureId, [...(out.get(r.adventureId) ?? []), toPriceCategory(r)]);
  return out;
}

/**
 * What a form posted without JavaScript says about the people, for an
 * adventure with several categories: the counts (category_<id> fields; blank
 * is 0, anything else passed on as typed for the rules to refuse) and the
 * spots they take as group_size. Nothing for an adventure with one price.
 */
export async function postedCategoryCounts(
  db: DB,
  form: FormData,
  adventureId: string,
): Promise<{ categories: Record<string, number>; group_size: number } | undefined> {
  const categories = await adventureCategories(db, adventureId);
  if (!usesCategories(categories)) return undefined;
  const counts = Object.fromEntries(
    categories.map((c) => [c.id, Number(String(form.get(`category_${c.id}`) ?? "").trim() || 0)]),
  );
  const booked = priceCategoryCounts(categories, counts);
  return { categories: counts, group_size: "spots" in booked ? booked.spots : 0 };
}

type PaperworkBooking = Pick<BookingRow, "id" | "adventureId" | "priceLines">;

/**
 * Each person marked with whether their category asks for dive paperwork
 * (ADR 39): false for an observer of a booking by category, absent for the
 * spec's booking (the adventure decides). Every readiness reads its people
 * through this (a booking's page and emails, the lists, the manifest, the
 * reminders), so an observer is ready with details and the waiver everywhere.
 * One query for the categories of all the bookings' adventures, none when no
 * booking is by category.
 */
export async function withPaperwork<P extends { bookingId: string; position: number }>(
  db: DB,
  of: readonly PaperworkBooking[],
  people: readonly P[],
): Promise<(P & { needsDivePaperwork?: boolean })[]> {
  const byCategory = new Map(of.filter((b) => hasCategoryLines(b.priceLines)).map((b) => [b.id, b]));
  if (!byCategory.size) return [...people];
  const categories = await categoriesByAdventure(db, [
    ...new Set([...byCategory.values()].map((b) => b.adventureId)),
  ]);
  return people.map((p) => {
    const b = byCategory.get(p.bookingId);
    const category = b && categoryAtPosition(categories.get(b.adventureId) ?? [], b.priceLines, p.position);
    return category ? { ...p, needsDivePaperwork: category.needs_dive_paperwork } : p;
  });
}
