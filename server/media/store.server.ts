/**
 * Where uploaded media lives: DATA_DIR/uploads, served at /uploads/*. Every
 * stored name is generated here (random id + the extension of the detected
 * type); the visitor's file name is never part of a path. Images become WebP
 * files in the sizes the public <Img> component asks for: name.webp (1600 px
 * wide at most) and its narrower copies (lib/image-variants.ts).
 */
import { randomBytes } from "node:crypto";
import { readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { IMAGE_FULL_WIDTH, IMAGE_VARIANT_WIDTHS, variantPath } from "../../app/lib/image-variants.ts";
import type { Logger } from "../log.server.ts";
import type { ReceivedFile } from "./multipart.server.ts";
import type { Sniffed } from "./sniff.server.ts";

export const uploadsDir = (dataDir: string) => path.resolve(dataDir, "uploads");
/** Outside the served folder, on the same disk (so finished files are renamed, not copied). */
export const uploadTmpDir = (dataDir: string) => path.resolve(dataDir, "upload-tmp");

/** Decompression bombs: refuse images with more pixels than this (about 100 megapixels). */
const MAX_INPUT_PIXELS = 100_000_000;

export interface StoredFile {
  url: string;
  filename: string;
  fileType: Sniffed["kind"];
  mimeType: string;
  fileSize: number;
  width: number | null;
  height: number | null;
}

const newId = () => randomBytes(12).toString("hex");

/** libvips is loaded on the first upload, not in every process at start (about 20 MB a public-only process never needs). */
const loadSharp = async () => (await import("sharp")).default;

/** Re-encodes an image as WebP at most `width` wide and high; sharp writes no metadata unless asked. */
export async function writeWebp(input: string, animated: boolean, width: number, out: string) {
  const sharp = await loadSharp();
  return sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80, effort: 4 })
    .toFile(out);
}

/**
 * Moves a received file into the uploads folder under a new name. Images
 * are measured and turned into the WebP variants, which carry no metadata
 * (EXIF with its GPS position, XMP, IPTC, ICC: sharp writes none unless asked);
 * the received file is not kept. An image the converter cannot read is an
 * error: it is never stored as it came. Other files arrive here stripped
 * already (metadata.server.ts).
 */
export async function storeFile(file: ReceivedFile, type: Sniffed, dataDir: string): Promise<StoredFile> {
  const dir = uploadsDir(dataDir);
  const id = newId();
  if (type.kind === "image") {
    const animated = type.ext === "gif" || type.ext === "webp";
    const main = path.join(dir, `${id}.webp`);
    const variants = IMAGE_VARIANT_WIDTHS.map((w) => [w, variantPath(main, w)] as const);
    try {
      const info = await writeWebp(file.tmpPath, animated, IMAGE_FULL_WIDTH, main);
      for (const [width, out] of variants) await writeWebp(file.tmpPath, animated, width, out);
      await rm(file.tmpPath, { force: true });
      return {
        url: `/uploads/${id}.webp`,
        filename: `${id}.webp`,
        fileType: "image",
        mimeType: "image/webp",
        fileSize: (await stat(main)).size,
        width: info.width,
        // An animated image reports the height of all frames stacked; one frame is what shows.
        height:
          animated && info.height > 0
            ? ((await (await loadSharp())(main).metadata()).pageHeight ?? info.height)
            : info.height,
      };
    } catch (error) {
      await Promise.all([main, ...variants.map(([, out]) => out)].map((p) => rm(p, { force: true })));
      throw error;
    }
  }
  const filename = `${id}.${type.ext}`;
  const stored = path.join(dir, filename);
  await rename(file.tmpPath, stored);
  return {
    url: `/uploads/${filename}`,
    filename,
    fileType: type.kind,
    mimeType: type.mime,
    // Stripping its metadata may have changed its size (a Word document is rewritten).
    fileSize: (await stat(stored)).size,
    width: null,
    height: null,
  };
}

/** The files behind a /uploads/ URL that this server generated (others are left alone). */
function storedPaths(url: string, dataDir: string): string[] {
  const m = /^\/uploads\/([a-f0-9]{24})\.([a-z0-9]{2,5})$/.exec(url);
  if (!m) return [];
  const dir = uploadsDir(dataDir);
  const [, id, ext] = m;
  const main = path.join(dir, `${id}.${ext}`);
  return ext === "webp" ? [main, ...IMAGE_VARIANT_WIDTHS.map((w) => variantPath(main, w))] : [main];
}

export async function removeStoredFiles(url: string, dataDir: string): Promise<number> {
  const paths = storedPaths(url, dataDir);
  await Promise.all(paths.map((p) => rm(p, { force: true })));
  return paths.length;
}

/**
 * Writes the copies an image stored before a size was added lacks (from its
 * full-size file), so every upload has every size its srcset names. Run in
 * the background at start; each copy is written under a temporary name and
 * renamed, so a second process doing the same, or a visitor, never sees half
 * a file. Returns how many copies it wrote.
 */
export async function addMissingVariants(dataDir: string, log: Logger): Promise<number> {
  const dir = uploadsDir(dataDir);
  const names = new Set(await readdir(dir).catch(() => [] as string[]));
  let written = 0;
  for (const name of names) {
    if (!/^[a-f0-9]{24}\.webp$/.test(name)) continue;
    const main = path.join(dir, name);
    const missing = IMAGE_VARIANT_WIDTHS.filter((w) => !names.has(path.basename(variantPath(main, w))));
    if (missing.length === 0) continue;
    try {
      const animated = ((await (await loadSharp())(main).metadata()).pages ?? 1) > 1;
      for (const width of missing) {
        const out = variantPath(main, width);
        const tmp = `${out}.${newId()}.tmp`;
        try {
          await writeWebp(main, animated, width, tmp);
          await rename(tmp, out);
          written++;
        } finally {
          await rm(tmp, { force: true });
        }
      }
    } catch (error) {
      log.warn("image copies not written", { file: name, error });
    }
  }
  if (written > 0) log.info("image copies added", { count: written });
  return written;
}
