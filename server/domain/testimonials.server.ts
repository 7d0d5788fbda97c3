import { desc, eq } from "drizzle-orm";
import { prettifyAdventureType } from "../../app/lib/adventure-type.ts";
import type { DB } from "../db/client.server.ts";
import { adventures, testimonials } from "../db/schema.ts";

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
  created_at: string;
}

/** Every testimonial, newest first (ties broken by id so the order is stable). */
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
      createdAt: testimonials.createdAt,
      adventureTitle: adventures.title,
    })
    .from(testimonials)
    .leftJoin(adventures, eq(adventures.id, testimonials.adventureType))
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
    created_at: r.createdAt.toISOString(),
  }));
}
