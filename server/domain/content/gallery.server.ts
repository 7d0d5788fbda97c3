import { asc } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { galleryImages } from "../../db/schema.ts";

/** A gallery image as the public gallery reads it. */
export interface PublicGalleryImage {
  id: string;
  title: string;
  description: string;
  alt: string;
  image_url: string;
  category: string;
  tags: string[];
}

/** Every gallery image in the operator's order (sort_order, then oldest first). */
export async function listGalleryImages(db: DB): Promise<PublicGalleryImage[]> {
  const rows = await db
    .select()
    .from(galleryImages)
    .orderBy(asc(galleryImages.sortOrder), asc(galleryImages.createdAt), asc(galleryImages.id));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    // Images added without alt text still get a meaningful one.
    alt: r.alt.trim() || r.title,
    image_url: r.imageUrl,
    category: r.category,
    tags: r.tags,
  }));
}
