/** The media library's rows: list, register, insert after an upload, delete. */
import { desc, eq } from "drizzle-orm";
import type { MediaCreateInput } from "../../../../app/lib/admin-forms/index.ts";
import type { DB } from "../../../db/client.server.ts";
import { mediaItems } from "../../../db/schema.ts";
import { notFound } from "../../../errors.server.ts";

type MediaRow = typeof mediaItems.$inferSelect;
type MediaValues = typeof mediaItems.$inferInsert;

function toMediaItem(r: MediaRow) {
  return {
    id: r.id,
    url: r.url,
    filename: r.filename,
    original_name: r.originalName,
    file_type: r.fileType,
    mime_type: r.mimeType,
    file_size: r.fileSize,
    alt_text: r.altText,
    caption: r.caption,
    tags: r.tags,
    folder: r.folder,
    dimensions: r.width && r.height ? { width: r.width, height: r.height } : null,
    created_at: r.createdAt.toISOString(),
  };
}
export type MediaItem = ReturnType<typeof toMediaItem>;

/** Newest first. */
export async function listMedia(db: DB) {
  const rows = await db.select().from(mediaItems).orderBy(desc(mediaItems.createdAt), desc(mediaItems.id));
  return rows.map(toMediaItem);
}

/** A file that lives elsewhere, registered by its URL (the manual form). */
export async function registerMedia(db: DB, input: MediaCreateInput) {
  const [row] = await db
    .insert(mediaItems)
    .values({
      url: input.url,
      filename: input.filename,
      originalName: input.original_name,
      fileType: input.file_type,
      mimeType: input.mime_type,
      fileSize: input.file_size,
      altText: input.alt_text,
      caption: input.caption,
      tags: input.tags,
      folder: input.folder,
      width: input.dimensions?.width ?? null,
      height: input.dimensions?.height ?? null,
    })
    .returning();
  return toMediaItem(row);
}

export async function insertMediaRows(db: DB, values: MediaValues[]) {
  if (values.length === 0) return [];
  const rows = await db.insert(mediaItems).values(values).returning();
  return rows.map(toMediaItem);
}

export async function deleteMedia(db: DB, id: string) {
  const [row] = await db.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
  if (!row) throw notFound("Media file not found");
  return toMediaItem(row);
}
