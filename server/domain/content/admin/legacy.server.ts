import { adventures } from "../../../db/seed-data.ts";

/** An adventure of the original built-in catalogue, in the legacy static model (read-only). */
export interface LegacyAdventure {
  id: string;
  slug: string;
  title: string;
  description: string;
  shortDescription: string;
  image: string;
  features: string[];
  duration: string;
  groupSize: string;
  price: string;
  priceNum: number;
  category: "Diving" | "Camping" | "Both";
  skillLevel: "Beginner" | "Certified" | "Advanced";
  tags: string[];
  detailedDescription: string;
  included: string[];
  itinerary: string[];
  location: string;
  bestFor: string[];
}

/**
 * The original built-in catalogue, shaped as the legacy static model. It is
 * read from the seed data (the same nine adventures the database started
 * with) and never from the database: the legacy screen persists nothing.
 */
export function legacyCatalogue(): LegacyAdventure[] {
  return adventures.map((a) => ({
    id: a.id,
    slug: a.slug,
    title: a.title,
    description: a.short_description,
    shortDescription: a.tagline,
    image: a.hero_image,
    features: [...a.highlights],
    duration: a.duration,
    groupSize: a.legacy.groupSize,
    price: a.price_display,
    priceNum: a.base_price,
    category: a.legacy.category,
    skillLevel: a.legacy.skillLevel,
    tags: [...a.tags],
    detailedDescription: a.full_description,
    included: [...a.included_items],
    itinerary: [...a.itinerary],
    location: a.location,
    bestFor: [...a.best_for],
  }));
}
