import { count, eq } from "drizzle-orm";
import { DEFAULT_CURRENCY } from "../../app/lib/currency.ts";
import { sydneyDate, weekendDates } from "../../app/lib/dates.ts";
import { CAMPING_MIN_AGE, DIVING_MIN_AGE } from "../../app/lib/readiness.ts";
import { proValues } from "../domain/content/admin/adventures.server.ts";
import type { Logger } from "../log.server.ts";
import type { DB } from "./client.server.ts";
import {
  adventures,
  availability,
  contentSections,
  faqs,
  galleryImages,
  mediaItems,
  settings,
  testimonials,
  waivers,
} from "./schema.ts";
import * as data from "./seed-data.ts";

/**
 * Seed text with the age floors put in from their one definition. The
 * cancellation policy's markers stay in the stored text: they are filled in
 * when the text is read, from the policy the operator sets (withPolicyWords).
 */
const withRules = (text: string) =>
  text
    .replaceAll("{diving_min_age}", String(DIVING_MIN_AGE))
    .replaceAll("{camping_min_age}", String(CAMPING_MIN_AGE));

/**
 * Loads the built-in catalogue into an empty database, once. A database that
 * was ever seeded, or that already has adventures, is never touched, so the
 * operator's edits and deletions survive restarts.
 */
export async function seedIfEmpty(db: DB, log: Logger, today = sydneyDate()): Promise<boolean> {
  const [{ n: marker }] = await db.select({ n: count() }).from(settings).where(sqlKey("seeded_at"));
  const [{ n: existing }] = await db.select({ n: count() }).from(adventures);
  if (marker > 0 || existing > 0) return false;
  await seed(db, today);
  log.info("seeded demo content", { adventures: data.adventures.length, today });
  return true;
}

const sqlKey = (key: string) => eq(settings.key, key);

export async function seed(db: DB, today = sydneyDate()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(adventures).values(
      data.adventures.map((a) => ({
        id: a.id,
        ...proValues({ ...a, currency: DEFAULT_CURRENCY, social_image: a.hero_image }),
      })),
    );
    // A new site opens bookable: the first 20 Saturdays/Sundays in the next 90 days, spots = the adventure's maximum.
    const dates = weekendDates(today, 90, 20);
    await tx
      .insert(availability)
      .values(
        data.adventures.flatMap((a) =>
          dates.map((date) => ({ adventureId: a.id, date, availableSpots: a.group_size_max })),
        ),
      );
    await tx.insert(testimonials).values(
      data.testimonials.map((t, i) => ({
        customerName: t.customer_name,
        location: t.location,
        content: t.content,
        rating: t.rating,
        adventureType: t.adventure_type,
        isFeatured: t.is_featured,
        // The first seeded review is the newest, so "newest first" lists keep the seed order.
        createdAt: new Date(Date.now() - i * 86_400_000),
      })),
    );
    await tx.insert(galleryImages).values(
      data.galleryImages.map((g, i) => ({
        title: g.title,
        description: g.description,
        alt: g.alt,
        imageUrl: g.image_url,
        category: g.category,
        tags: g.tags,
        sortOrder: i,
      })),
    );
    await tx.insert(faqs).values(
      data.faqs.map((f) => ({
        category: f.category,
        question: f.question,
        answer: withRules(f.answer),
        order: f.order,
      })),
    );
    const legal = Object.entries(data.legalPages).map(([page, content]) => ({
      page,
      section: "body",
      type: "html",
      title: "Page text",
      content: withRules(content),
      description: `The text of /${page}`,
    }));
    await tx.insert(contentSections).values([...data.contentSections, ...legal]);
    await tx.insert(mediaItems).values(seedMediaRows());
    await tx.insert(waivers).values({ version: 1, ...data.waiver });
    await tx.insert(settings).values({ key: "seeded_at", value: new Date().toISOString() });
  });
}

/**
 * The seed photos as media library entries, so the operator can pick them in
 * the website editor like any upload. They point at the files the site
 * already serves from /images (nothing is copied); deleting such an entry
 * removes only the entry, because only /uploads files belong to the library.
 * Adventure heroes, then gallery images, then the site's own photos; each
 * file once.
 */
export function seedMediaRows(): (typeof mediaItems.$inferInsert)[] {
  const entries = [
    ...data.adventures.map((a) => ({
      url: a.hero_image,
      alt: a.hero_image_alt,
      caption: a.title,
      folder: "adventures",
      tags: [a.category],
    })),
    ...data.galleryImages.map((g) => ({
      url: g.image_url,
      alt: g.alt,
      caption: g.title,
      folder: "gallery",
      tags: g.tags,
    })),
    ...data.siteImages.map((i) => ({ ...i, folder: "backgrounds", tags: ["site"] })),
  ];
  const seen = new Set<string>();
  // One creation time per entry, a second apart in this order, so "newest
  // first" lists them in a stable order on both databases.
  const start = Date.now();
  return entries
    .filter((e) => !seen.has(e.url) && seen.add(e.url))
    .map((e, i) => {
      const file = data.seedImageFiles[e.url];
      if (!file) throw new Error(`seed image ${e.url} has no entry in seedImageFiles`);
      const filename = e.url.slice(e.url.lastIndexOf("/") + 1);
      return {
        url: e.url,
        filename,
        originalName: filename,
        fileType: "image" as const,
        mimeType: "image/webp",
        fileSize: file.bytes,
        altText: e.alt,
        caption: e.caption,
        tags: e.tags,
        folder: e.folder,
        width: file.width,
        height: file.height,
        createdAt: new Date(start - i * 1000),
      };
    });
}
