/**
 * The adventure catalogue as the admin managers write it. One table, two
 * shapes: the professional one (pro manager) and the simple one (enhanced
 * manager), mapped onto the same rows (docs/decisions/002-one-adventures-table.md).
 */
import { and, asc, count, eq, ne, or } from "drizzle-orm";
import type { ProAdventureInput, SimpleAdventureInput } from "../../../../app/lib/admin-forms/index.ts";
import { DEFAULT_CURRENCY } from "../../../../app/lib/currency.ts";
import {
  DEFAULT_GROUP_SIZE,
  groupSizeRange,
  groupSizeText,
  parseGroupSize,
} from "../../../../app/lib/group-size.ts";
import { fromCents, toCents } from "../../../../app/lib/money.ts";
import type { DB } from "../../../db/client.server.ts";
import { adventures, bookings } from "../../../db/schema.ts";
import { conflict, notFound } from "../../../errors.server.ts";
import { type AdventureRow, toProAdventure } from "../adventures.server.ts";
import { siteRules } from "../policy.server.ts";
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from "./db-errors.server.ts";

type AdventureValues = Omit<typeof adventures.$inferInsert, "id" | "createdAt" | "updatedAt" | "viewCount">;

/** Every adventure, active or not, in the operator's order. */
async function listAllAdventures(db: DB): Promise<AdventureRow[]> {
  return db.select().from(adventures).orderBy(asc(adventures.sortOrder), asc(adventures.title));
}

export async function listProAdventures(db: DB) {
  const site = await siteRules(db);
  // Crew needed is the operator's staffing, on the console's list only (never the public one).
  return (await listAllAdventures(db)).map((a) => ({
    ...toProAdventure(a, site),
    view_count: a.viewCount,
    crew_needs: a.crewNeeded,
  }));
}

async function findAdventure(db: DB, id: string): Promise<AdventureRow> {
  const [row] = await db.select().from(adventures).where(eq(adventures.id, id)).limit(1);
  if (!row) throw notFound("Adventure not found");
  return row;
}

const slugTaken = (slug: string) =>
  conflict(`The slug "${slug}" is already used by another adventure. Choose a different slug.`);

/**
 * Refuses a slug another adventure uses. A new adventure takes its slug as
 * its id, so an id equal to the slug (an adventure renamed since) counts too.
 */
async function assertSlugFree(db: DB, slug: string, exceptId?: string): Promise<void> {
  const where = exceptId
    ? and(eq(adventures.slug, slug), ne(adventures.id, exceptId))
    : or(eq(adventures.slug, slug), eq(adventures.id, slug));
  const [{ n }] = await db.select({ n: count() }).from(adventures).where(where);
  if (n > 0) throw slugTaken(slug);
}

async function insertAdventure(db: DB, id: string, values: AdventureValues): Promise<AdventureRow> {
  await assertSlugFree(db, values.slug);
  try {
    const [row] = await db
      .insert(adventures)
      .values({ id, ...values })
      .returning();
    return row;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw slugTaken(values.slug);
    throw error;
  }
}

async function updateAdventure(db: DB, id: string, values: Partial<AdventureValues>): Promise<AdventureRow> {
  await findAdventure(db, id);
  if (values.slug) await assertSlugFree(db, values.slug, id);
  try {
    const [row] = await db.update(adventures).set(values).where(eq(adventures.id, id)).returning();
    return row;
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION && values.slug) throw slugTaken(values.slug);
    throw error;
  }
}

/* ---------- Professional shape ---------- */

/** Fields the seed leaves to the table's defaults; the professional form always sends them. */
type DefaultedField =
  | "currency"
  | "is_active"
  | "booking_enabled"
  | "social_image"
  | "advance_booking_days"
  | "booking_cutoff_hours"
  | "policy_override"
  | "terms_conditions";
export type AdventureFields = Omit<ProAdventureInput, DefaultedField> &
  Partial<Pick<ProAdventureInput, DefaultedField>>;

/** The professional shape as table values (a field left undefined takes its column default). */
export function proValues(a: AdventureFields): AdventureValues {
  return {
    slug: a.slug,
    title: a.title,
    tagline: a.tagline,
    shortDescription: a.short_description,
    fullDescription: a.full_description,
    heroImage: a.hero_image,
    heroImageAlt: a.hero_image_alt,
    galleryImages: a.gallery_images,
    basePriceCents: toCents(a.base_price),
    currency: a.currency,
    priceDisplay: a.price_display,
    duration: a.duration,
    groupSizeMin: a.group_size_min,
    groupSizeMax: a.group_size_max,
    skillLevel: a.skill_level,
    category: a.category,
    tags: a.tags,
    location: a.location,
    meetingPoint: a.meeting_point,
    whatToBring: a.what_to_bring,
    includedItems: a.included_items,
    excludedItems: a.excluded_items,
    highlights: a.highlights,
    itinerary: a.itinerary,
    bestFor: a.best_for,
    isActive: a.is_active,
    isFeatured: a.is_featured,
    requiresCertification: a.requires_certification,
    bookingEnabled: a.booking_enabled,
    minAge: a.min_age,
    maxAge: a.max_age,
    fitnessRequirements: a.fitness_requirements,
    metaTitle: a.meta_title,
    metaDescription: a.meta_description,
    metaKeywords: a.meta_keywords,
    socialImage: a.social_image,
    advanceBookingDays: a.advance_booking_days,
    bookingCutoffHours: a.booking_cutoff_hours,
    policyOverride: a.policy_override,
    termsConditions: a.terms_conditions,
    sortOrder: a.sort_order,
  };
}

/** A new adventure's id is its slug (as the seeded ones), so its links read well. */
export async function createProAdventure(db: DB, input: ProAdventureInput) {
  return toProAdventure(await insertAdventure(db, input.slug, proValues(input)), await siteRules(db));
}

export async function updateProAdventure(db: DB, id: string, input: ProAdventureInput) {
  return toProAdventure(await updateAdventure(db, id, proValues(input)), await siteRules(db));
}

/**
 * Bookings keep their adventure (foreign key restrict): an adventure that was
 * ever booked is deactivated instead, which hides it and stops bookings.
 */
export async function deleteAdventure(db: DB, id: string): Promise<{ id: string; title: string }> {
  const row = await findAdventure(db, id);
  const [{ n }] = await db.select({ n: count() }).from(bookings).where(eq(bookings.adventureId, id));
  const inUse = () =>
    conflict(
      `"${row.title}" has ${n === 1 ? "a booking" : "bookings"} and cannot be deleted. Deactivate it instead (turn off Active), which hides it from the site and stops new bookings.`,
    );
  if (n > 0) throw inUse();
  try {
    await db.delete(adventures).where(eq(adventures.id, id));
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw inUse();
    throw error;
  }
  return { id: row.id, title: row.title };
}

/* ---------- Simple shape (enhanced manager) ---------- */

/** The simple adventure shape (the enhanced manager's) read from a row. */
function toSimpleAdventure(a: AdventureRow) {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    description: a.shortDescription,
    short_description: a.tagline,
    image: a.heroImage,
    image_alt: a.heroImageAlt,
    features: a.highlights,
    duration: a.duration,
    group_size: groupSizeText(
      groupSizeRange({ group_size_min: a.groupSizeMin, group_size_max: a.groupSizeMax }),
    ),
    price: a.priceDisplay,
    price_num: fromCents(a.basePriceCents),
    category: a.category,
    skill_level: a.skillLevel,
    tags: a.tags,
    detailed_description: a.fullDescription,
    included: a.includedItems,
    itinerary: a.itinerary,
    location: a.location,
    best_for: a.bestFor,
    gallery_images: a.galleryImages,
    featured: a.isFeatured,
    sort_order: a.sortOrder,
    is_active: a.isActive,
  };
}
export type SimpleAdventure = ReturnType<typeof toSimpleAdventure>;

/** Only the fields the simple shape carries; the professional-only fields keep their values. */
function simpleValues(s: SimpleAdventureInput, current?: AdventureRow) {
  const size = s.group_size ? parseGroupSize(s.group_size) : null;
  return {
    slug: s.slug,
    title: s.title,
    shortDescription: s.description,
    tagline: s.short_description,
    fullDescription: s.detailed_description,
    heroImage: s.image,
    heroImageAlt: s.image_alt,
    highlights: s.features,
    duration: s.duration,
    groupSizeMin: size?.min ?? current?.groupSizeMin ?? DEFAULT_GROUP_SIZE.min,
    groupSizeMax: size?.max ?? current?.groupSizeMax ?? DEFAULT_GROUP_SIZE.max,
    priceDisplay: s.price,
    basePriceCents: toCents(s.price_num),
    category: s.category,
    skillLevel: s.skill_level,
    tags: s.tags,
    includedItems: s.included,
    itinerary: s.itinerary,
    location: s.location,
    bestFor: s.best_for,
    galleryImages: s.gallery_images,
    isFeatured: s.featured,
    sortOrder: s.sort_order,
  } satisfies Partial<AdventureValues>;
}

export async function listSimpleAdventures(db: DB) {
  return (await listAllAdventures(db)).map(toSimpleAdventure);
}

export async function createSimpleAdventure(db: DB, input: SimpleAdventureInput) {
  const values: AdventureValues = { ...simpleValues(input), currency: DEFAULT_CURRENCY };
  return toSimpleAdventure(await insertAdventure(db, input.slug, values));
}

export async function updateSimpleAdventure(db: DB, id: string, input: SimpleAdventureInput) {
  const current = await findAdventure(db, id);
  return toSimpleAdventure(await updateAdventure(db, id, simpleValues(input, current)));
}
