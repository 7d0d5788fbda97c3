/**
 * Gallery images, testimonials and FAQs as the admin managers read and write
 * them. The public pages read the same tables
 * through server/domain/{gallery,testimonials,faqs}.server.ts.
 */
import { asc, desc, eq, sql } from "drizzle-orm";
import type {
  FaqInput,
  GalleryImageInput,
  TestimonialInput,
  TestimonialStatusInput,
} from "../../../../app/lib/admin-forms/index.ts";
import type { DB } from "../../../db/client.server.ts";
import { adventures, bookings, faqs, galleryImages, testimonials } from "../../../db/schema.ts";
import { badRequest, notFound } from "../../../errors.server.ts";

/* ---------- Gallery ---------- */

type GalleryRow = typeof galleryImages.$inferSelect;

export function toAdminGalleryImage(r: GalleryRow) {
  return {
    id: r.id,
    title: r.title,
    image_url: r.imageUrl,
    category: r.category,
    tags: r.tags,
    description: r.description,
    alt: r.alt,
    sort_order: r.sortOrder,
    created_at: r.createdAt.toISOString(),
  };
}

/** In the public gallery's order. */
export async function listAdminGallery(db: DB) {
  const rows = await db
    .select()
    .from(galleryImages)
    .orderBy(asc(galleryImages.sortOrder), asc(galleryImages.createdAt), asc(galleryImages.id));
  return rows.map(toAdminGalleryImage);
}

/** A new photo goes first: the newest pictures are the ones the operator wants seen. */
export async function addGalleryImage(db: DB, input: GalleryImageInput) {
  const [row] = await db
    .insert(galleryImages)
    .values({
      title: input.title,
      imageUrl: input.image_url,
      category: input.category,
      tags: input.tags,
      description: input.description,
      alt: input.alt,
      sortOrder: sql`(select coalesce(min(${galleryImages.sortOrder}), 0) - 1 from ${galleryImages})`,
    })
    .returning();
  return toAdminGalleryImage(row);
}

export async function deleteGalleryImage(db: DB, id: string) {
  const [row] = await db
    .delete(galleryImages)
    .where(eq(galleryImages.id, id))
    .returning({ id: galleryImages.id });
  if (!row) throw notFound("Gallery image not found");
  return row;
}

/* ---------- Testimonials ---------- */

type TestimonialRow = typeof testimonials.$inferSelect;

/**
 * A review as the manager shows it. status is pending (a customer's review
 * waiting), approved (shown) or hidden; a customer's review also names its
 * booking by reference.
 */
export function toAdminTestimonial(r: TestimonialRow, bookingReference: string | null = null) {
  return {
    id: r.id,
    customer_name: r.customerName,
    content: r.content,
    rating: r.rating,
    adventure_type: r.adventureType,
    location: r.location,
    is_featured: r.isFeatured,
    created_at: r.createdAt.toISOString(),
    status: r.status,
    image: r.image,
    booking_id: r.bookingId,
    booking_reference: bookingReference,
  };
}

export async function listAdminTestimonials(db: DB) {
  const rows = await db
    .select({ testimonial: testimonials, reference: bookings.reference })
    .from(testimonials)
    .leftJoin(bookings, eq(bookings.id, testimonials.bookingId))
    .orderBy(desc(testimonials.createdAt), desc(testimonials.id));
  return rows.map((r) => toAdminTestimonial(r.testimonial, r.reference));
}

/**
 * Approves or hides a review, and features or unfeatures it: featuring
 * approves it too (only shown reviews rotate on the home page), hiding
 * unfeatures it, and approving alone leaves featured as it was.
 */
export async function setTestimonialStatus(db: DB, id: string, input: TestimonialStatusInput) {
  const isFeatured = input.status === "hidden" ? false : input.is_featured;
  const [row] = await db
    .update(testimonials)
    .set({ status: input.status, ...(isFeatured === undefined ? {} : { isFeatured }) })
    .where(eq(testimonials.id, id))
    .returning();
  if (!row) throw notFound("Testimonial not found");
  const [booking] = row.bookingId
    ? await db.select({ reference: bookings.reference }).from(bookings).where(eq(bookings.id, row.bookingId))
    : [];
  return toAdminTestimonial(row, booking?.reference ?? null);
}

/** adventure_type names an adventure of the catalogue (the form offers them as a list). */
export async function addTestimonial(db: DB, input: TestimonialInput) {
  const [known] = await db
    .select({ id: adventures.id })
    .from(adventures)
    .where(eq(adventures.id, input.adventure_type))
    .limit(1);
  if (!known) {
    const message = "Choose an adventure from the list";
    throw badRequest(`adventure_type: ${message}`, { adventure_type: message });
  }
  const [row] = await db
    .insert(testimonials)
    .values({
      customerName: input.customer_name,
      content: input.content,
      rating: input.rating,
      adventureType: input.adventure_type,
      location: input.location,
      isFeatured: input.is_featured,
    })
    .returning();
  return toAdminTestimonial(row);
}

export async function deleteTestimonial(db: DB, id: string) {
  const [row] = await db
    .delete(testimonials)
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (!row) throw notFound("Testimonial not found");
  return row;
}

/* ---------- FAQs ---------- */

type FaqRow = typeof faqs.$inferSelect;

export function toAdminFaq(r: FaqRow) {
  return {
    id: r.id,
    question: r.question,
    answer: r.answer,
    category: r.category,
    order: r.order,
    is_active: r.isActive,
    created_at: r.createdAt.toISOString(),
  };
}

export async function listAdminFaqs(db: DB) {
  const rows = await db
    .select()
    .from(faqs)
    .orderBy(asc(faqs.category), asc(faqs.order), asc(faqs.createdAt), asc(faqs.id));
  return rows.map(toAdminFaq);
}

const faqValues = (f: FaqInput) => ({
  question: f.question,
  answer: f.answer,
  category: f.category,
  order: f.order,
  isActive: f.is_active,
});

export async function addFaq(db: DB, input: FaqInput) {
  const [row] = await db.insert(faqs).values(faqValues(input)).returning();
  return toAdminFaq(row);
}

export async function updateFaq(db: DB, id: string, input: FaqInput) {
  const [row] = await db.update(faqs).set(faqValues(input)).where(eq(faqs.id, id)).returning();
  if (!row) throw notFound("FAQ not found");
  return toAdminFaq(row);
}

export async function deleteFaq(db: DB, id: string) {
  const [row] = await db.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
  if (!row) throw notFound("FAQ not found");
  return row;
}
