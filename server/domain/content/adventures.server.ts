import { and, asc, eq, sql } from "drizzle-orm";
import { durationHours } from "../../../app/lib/adventure-filters.ts";
import { groupSizeRange, groupSizeText } from "../../../app/lib/group-size.ts";
import type { PolicyRules } from "../../../app/lib/policy.ts";
import { adventurePolicyText } from "../../../app/lib/policy-words.ts";
import { minimumAge } from "../../../app/lib/readiness.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures } from "../../db/schema.ts";
import { policyOf, siteRules } from "./policy.server.ts";

export type AdventureRow = typeof adventures.$inferSelect;

/**
 * The professional adventure at the API: prices in dollars, as every amount at
 * the API. `site` is the site's cancellation rules, which the adventure's own
 * override (`policy_override`, null when it has none) refines.
 */
export function toProAdventure(a: AdventureRow, site: PolicyRules) {
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    tagline: a.tagline,
    short_description: a.shortDescription,
    full_description: a.fullDescription,
    hero_image: a.heroImage,
    hero_image_alt: a.heroImageAlt,
    gallery_images: a.galleryImages,
    base_price: a.basePriceCents / 100,
    currency: a.currency,
    price_display: a.priceDisplay,
    duration: a.duration,
    group_size_min: a.groupSizeMin,
    group_size_max: a.groupSizeMax,
    skill_level: a.skillLevel,
    category: a.category,
    tags: a.tags,
    location: a.location,
    meeting_point: a.meetingPoint,
    what_to_bring: a.whatToBring,
    included_items: a.includedItems,
    excluded_items: a.excludedItems,
    highlights: a.highlights,
    itinerary: a.itinerary,
    best_for: a.bestFor,
    is_active: a.isActive,
    is_featured: a.isFeatured,
    requires_certification: a.requiresCertification,
    booking_enabled: a.bookingEnabled,
    min_age: a.minAge,
    max_age: a.maxAge,
    fitness_requirements: a.fitnessRequirements,
    meta_title: a.metaTitle,
    meta_description: a.metaDescription,
    meta_keywords: a.metaKeywords,
    social_image: a.socialImage,
    advance_booking_days: a.advanceBookingDays,
    booking_cutoff_hours: a.bookingCutoffHours,
    // The adventure's effective policy in words made from the tiers its refunds follow.
    cancellation_policy: adventurePolicyText(policyOf(site, a)),
    policy_override: a.policyOverride ?? null,
    // The rules its bookings follow (the override over the site's): the booking form words its summary from them.
    policy: policyOf(site, a),
    terms_conditions: a.termsConditions,
    sort_order: a.sortOrder,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}
export type ProAdventure = ReturnType<typeof toProAdventure>;

/**
 * The server adventure of the public list: the
 * professional fields plus the names the public pages read
 * (groupSize, price_num, featured, image).
 */
function toPublicAdventure(a: AdventureRow, site: PolicyRules) {
  return {
    ...toProAdventure(a, site),
    // What the visitor can book: the adventure's range within the business maximum.
    groupSize: groupSizeText(
      groupSizeRange({ group_size_min: a.groupSizeMin, group_size_max: a.groupSizeMax }),
    ),
    // The age the participant forms enforce: the adventure's own, never below its activity's floor.
    min_age: minimumAge(a),
    price_num: a.basePriceCents / 100,
    featured: a.isFeatured,
    image: a.heroImage,
  };
}
export type PublicAdventure = ReturnType<typeof toPublicAdventure>;

/** Active adventures in the operator's order (sort_order, then title). */
export async function listActiveAdventures(db: DB): Promise<PublicAdventure[]> {
  const rows = await db
    .select()
    .from(adventures)
    .where(eq(adventures.isActive, true))
    .orderBy(asc(adventures.sortOrder), asc(adventures.title));
  const site = await siteRules(db);
  return rows.map((a) => toPublicAdventure(a, site));
}

export async function findActiveAdventure(db: DB, slug: string): Promise<PublicAdventure | null> {
  const [row] = await db.select().from(adventures).where(eq(adventures.slug, slug)).limit(1);
  return row?.isActive ? toPublicAdventure(row, await siteRules(db)) : null;
}

/**
 * Up to `limit` other active adventures sharing the category or the skill
 * level (relatedAmong's order).
 */
export async function findRelatedAdventures(
  db: DB,
  adventure: Pick<PublicAdventure, "id" | "category" | "skill_level" | "duration">,
  limit = 3,
): Promise<PublicAdventure[]> {
  return relatedAmong(await listActiveAdventures(db), adventure, limit);
}

type Ranked = Pick<
  PublicAdventure,
  "id" | "category" | "skill_level" | "duration" | "featured" | "sort_order"
>;

/**
 * The related adventures among `candidates`: those sharing both the category
 * and the skill level first, then the same category, then the same level;
 * ties go to the most similar length of trip, then the featured, then the
 * list's order. The adventure itself and those sharing neither are left out.
 */
export function relatedAmong<T extends Ranked>(
  candidates: T[],
  adventure: Pick<PublicAdventure, "id" | "category" | "skill_level" | "duration">,
  limit: number,
): T[] {
  const score = (a: T) =>
    2 * Number(a.category === adventure.category) + Number(a.skill_level === adventure.skill_level);
  const hours = durationHours(adventure.duration);
  const distance = (a: T) => {
    const d = Math.abs(durationHours(a.duration) - hours);
    return Number.isFinite(d) ? d : Number.MAX_VALUE;
  };
  return candidates
    .filter((a) => a.id !== adventure.id && score(a) > 0)
    .sort(
      (a, b) =>
        score(b) - score(a) ||
        distance(a) - distance(b) ||
        Number(b.featured) - Number(a.featured) ||
        a.sort_order - b.sort_order,
    )
    .slice(0, limit);
}

/** One more page view of an active adventure (the admin lists show view_count). */
export async function incrementViewCount(db: DB, id: string): Promise<void> {
  await db
    .update(adventures)
    // A view is not an edit: keep updated_at as it was.
    .set({ viewCount: sql`${adventures.viewCount} + 1`, updatedAt: sql`${adventures.updatedAt}` })
    .where(and(eq(adventures.id, id), eq(adventures.isActive, true)));
}
