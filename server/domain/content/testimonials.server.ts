import { and, avg, count, desc, eq, or } from "drizzle-orm";
import { prettifyAdventureType } from "../../../app/lib/adventure-type.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, testimonials } from "../../db/schema.ts";

/**
 * The one rule for which reviews the public sees and counts: approved ones.
 * A customer's review waits as pending until the operator approves it, and a
 * hidden one stays out; every public list, average and count filters on this.
 */
export const shownReview = () => eq(testimonials.status, "approved");

/** A review as the public pages read it: the stored review plus the adventure's title. */
export interface PublicTestimonial {
  id: string;
  customer_name: string;
  content: string;
  rating: number;
  adventure_type: string;
  /** The adventure's title when adventure_type names one, else the type made readable. */
  adventure_title: string;
  location: string;
  is_featured: boolean;
  /** The customer's photo (an upload URL), or "". */
  image: string;
  created_at: string;
}

/** Every shown review, newest first (ties broken by id so the order is stable). */
export async function listTestimonials(db: DB): Promise<PublicTestimonial[]> {
  const rows = await db
    .select({
      id: testimonials.id,
      customerName: testimonials.customerName,
      content: testimonials.content,
      rating: testimonials.rating,
      adventureType: testimonials.adventureType,
      location: testimonials.location,
      isFeatured: testimonials.isFeatured,
      image: testimonials.image,
      createdAt: testimonials.createdAt,
      adventureTitle: adventures.title,
    })
    .from(testimonials)
    .leftJoin(adventures, eq(adventures.id, testimonials.adventureType))
    .where(shownReview())
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  return rows.map((r) => ({
    id: r.id,
    customer_name: r.customerName,
    content: r.content,
    rating: r.rating,
    adventure_type: r.adventureType,
    adventure_title: r.adventureTitle ?? prettifyAdventureType(r.adventureType),
    location: r.location,
    is_featured: r.isFeatured,
    image: r.image,
    created_at: r.createdAt.toISOString(),
  }));
}

export interface RatingSummary {
  count: number;
  /** Rounded to one decimal, as the pages show it; 0 when there is none. */
  average: number;
}

/** Rounded as the pages print it (toFixed), so the number and its text always agree. */
const oneDecimal = (x: number) => Number(x.toFixed(1));

/** Average and count of a list of shown reviews (the pages that list them summarise the same rows). */
export function summarise(reviews: readonly { rating: number }[]): RatingSummary {
  if (reviews.length === 0) return { count: 0, average: 0 };
  const sum = reviews.reduce((s, r) => s + r.rating, 0);
  return { count: reviews.length, average: oneDecimal(sum / reviews.length) };
}

/**
 * The shown reviews of one adventure, summarised in the database (an
 * adventure page needs only the numbers). A review names its adventure in
 * adventure_type (the operator's form and the seed) or adventure_id (a
 * customer's review, which sets both).
 */
export async function adventureRating(db: DB, adventureId: string): Promise<RatingSummary> {
  const [row] = await db
    .select({ n: count(), mean: avg(testimonials.rating) })
    .from(testimonials)
    .where(
      and(
        shownReview(),
        or(eq(testimonials.adventureType, adventureId), eq(testimonials.adventureId, adventureId)),
      ),
    );
  const n = Number(row?.n ?? 0);
  return n === 0 ? { count: 0, average: 0 } : { count: n, average: oneDecimal(Number(row.mean)) };
}
