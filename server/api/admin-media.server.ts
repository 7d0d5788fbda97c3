import { mkdir, rm } from "node:fs/promises";
import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { mediaCreateSchema, uploadFieldsSchema } from "../../app/lib/admin-forms/index.ts";
import { mediaItems } from "../db/schema.ts";
import {
  deleteMedia,
  insertMediaRows,
  listMedia,
  registerMedia,
} from "../domain/content/admin/media.server.ts";
import { badRequest, fromZod } from "../errors.server.ts";
import { stripMetadata } from "../media/metadata.server.ts";
import { readMultipart } from "../media/multipart.server.ts";
import { detectType, refusedMessage, type Sniffed } from "../media/sniff.server.ts";
import { removeStoredFiles, storeFile, uploadsDir, uploadTmpDir } from "../media/store.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

/** Files per upload request. */
const MAX_FILES_PER_UPLOAD = 20;

/**
 * The media library: list, register by URL, upload, delete. Paths
 * are relative to /api/admin (see admin-content.server.ts).
 */
export function adminMediaRoutes({ database, env, log }: Services) {
  const { db } = database;
  const api = new Hono();
  const maxFileBytes = Math.floor(env.UPLOAD_MAX_MB * 1024 * 1024);

  api.get("/media", async (c) => c.json(await listMedia(db)));

  /** What the upload form needs to check files before sending them. */
  api.get("/media/config", (c) =>
    c.json({ upload_max_mb: env.UPLOAD_MAX_MB, max_files: MAX_FILES_PER_UPLOAD }),
  );

  api.post("/media", async (c) => c.json(await registerMedia(db, await readJson(c, mediaCreateSchema)), 201));

  /**
   * Multipart: one or more "files" parts plus optional "folder" and "tags"
   * (comma-separated) fields. Every file is checked by its content before
   * anything is stored: one refused file refuses the request (400 naming it).
   */
  api.post("/media/upload", async (c) => {
    const { fields, files } = await readMultipart(c.req.raw, {
      tmpDir: uploadTmpDir(env.DATA_DIR),
      maxFileBytes,
      maxFiles: MAX_FILES_PER_UPLOAD,
    });
    const cleanup = () => Promise.all(files.map((f) => rm(f.tmpPath, { force: true })));
    try {
      const parsedFields = uploadFieldsSchema.safeParse(fields);
      if (!parsedFields.success) throw fromZod(parsedFields.error);
      if (files.length === 0)
        throw badRequest("files: Choose at least one file to upload", { files: "Choose at least one file" });
      const types: Sniffed[] = [];
      const refused: string[] = [];
      for (const f of files) {
        const type = f.size > 0 ? await detectType(f.tmpPath) : null;
        // Metadata comes out of the received file before anything is stored, or the file is refused.
        const problem = type
          ? await stripMetadata(f.tmpPath, type, f.originalName)
          : refusedMessage(f.originalName);
        if (type && !problem) types.push(type);
        else if (problem) refused.push(problem);
      }
      if (refused.length > 0) {
        const detail = refused.join(" ");
        log.warn("upload refused", { files: refused.length });
        throw badRequest(detail, { files: detail });
      }
      await mkdir(uploadsDir(env.DATA_DIR), { recursive: true });
      const { folder, tags } = parsedFields.data;
      const rows: (typeof mediaItems.$inferInsert)[] = [];
      const failed: { original_name: string; detail: string }[] = [];
      for (const [i, f] of files.entries()) {
        try {
          const stored = await storeFile(f, types[i], env.DATA_DIR);
          rows.push({
            url: stored.url,
            filename: stored.filename,
            originalName: f.originalName,
            fileType: stored.fileType,
            mimeType: stored.mimeType,
            fileSize: stored.fileSize,
            tags,
            folder,
            width: stored.width,
            height: stored.height,
          });
        } catch (error) {
          log.warn("upload could not be processed", { type: types[i].ext, error });
          failed.push({
            original_name: f.originalName,
            detail: `"${f.originalName}" could not be read as a ${types[i].label}. It may be damaged.`,
          });
        }
      }
      let items: Awaited<ReturnType<typeof insertMediaRows>>;
      try {
        items = await insertMediaRows(db, rows);
      } catch (error) {
        await Promise.all(rows.map((r) => removeStoredFiles(r.url, env.DATA_DIR)));
        throw error;
      }
      log.info("media uploaded", { stored: items.length, failed: failed.length });
      if (items.length === 0 && failed.length > 0) {
        throw badRequest(failed.map((f) => f.detail).join(" "), { files: failed[0].detail });
      }
      return c.json({ items, failed }, 201);
    } finally {
      await cleanup();
    }
  });

  /** Also removes the stored files, unless another library entry still points at them. */
  api.delete("/media/:id", async (c) => {
    const item = await deleteMedia(db, c.req.param("id"));
    const [{ n }] = await db.select({ n: count() }).from(mediaItems).where(eq(mediaItems.url, item.url));
    const removed = n === 0 ? await removeStoredFiles(item.url, env.DATA_DIR) : 0;
    return c.json({ success: true, id: item.id, files_removed: removed });
  });

  return api;
}
