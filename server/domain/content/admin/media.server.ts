/** The media library's rows: list, register, insert after an upload, delete. */
import { desc, eq } from "drizzle-orm";
import type { MediaCreateInput } from "../../../../app/lib/admin-forms/index.ts";
import type { DB } from "../../../db/client.server.ts";
import { mediaItems } from "../../../db/schema.ts";
import { notFound } from "../../../errors.server.ts";
import { recordAudit } from "../../audit/audit.server.ts";
import { rowFields } from "../../audit/audited.server.ts";

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
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    await recordAudit(tx, { action: "create", entity: "media", entityId: row.id, after: rowFields(row) });
    return toMediaItem(row);
  });
}

/** The library entries of an upload, each recorded in the audit log with the insert. */
export async function insertMediaRows(db: DB, values: MediaValues[]) {
  if (values.length === 0) return [];
  const rows = await db.transaction(async (tx) => {
    const inserted = await tx.insert(mediaItems).values(values).returning();
    for (const row of inserted) {
      await recordAudit(tx, { action: "create", entity: "media", entityId: row.id, after: rowFields(row) });
    }
    return inserted;
  });
  return rows.map(toMediaItem);
}

/** Deletes a library entry (its files are the caller's to remove), recorded in the audit log. */
export async function deleteMedia(db: DB, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(mediaItems).where(eq(mediaItems.id, id)).returning();
    if (!row) throw notFound("Media file not found");
    await recordAudit(tx, { action: "delete", entity: "media", entityId: row.id, before: rowFields(row) });
    return toMediaItem(row);
  });
}
