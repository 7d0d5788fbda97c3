/**
 * Where uploaded media lives: DATA_DIR/uploads, served at /uploads/*. Every
 * stored name is generated here (random id + the extension of the detected
 * type); the visitor's file name is never part of a path. Images become three
 * WebP files (1600, 960 and 480 px wide at most), the sizes the public <Img>
 * component asks for: name.webp, name-960.webp, name-480.webp.
 */
import { randomBytes } from "node:crypto";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../log.server.ts";
import type { ReceivedFile } from "./multipart.server.ts";
import type { Sniffed } from "./sniff.server.ts";

export const uploadsDir = (dataDir: string) => path.resolve(dataDir, "uploads");
/** Outside the served folder, on the same disk (so finished files are renamed, not copied). */
export const uploadTmpDir = (dataDir: string) => path.resolve(dataDir, "upload-tmp");

const IMAGE_WIDTHS = { main: 1600, medium: 960, small: 480 } as const;
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

async function writeWebp(input: string, animated: boolean, width: number, out: string) {
  const sharp = await loadSharp();
  return sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80, effort: 4 })
    .toFile(out);
}

/**
 * Moves a received file into the uploads folder under a new name. Images
 * are measured and turned into the three WebP variants (metadata such as GPS
 * position is not copied); an image the converter cannot read (HEIC needs a
 * codec this server lacks) is kept as it came, without variants.
 */
export async function storeFile(
  file: ReceivedFile,
  type: Sniffed,
  dataDir: string,
  log: Logger,
): Promise<StoredFile> {
  const dir = uploadsDir(dataDir);
  const id = newId();
  if (type.kind === "image") {
    const animated = type.ext === "gif" || type.ext === "webp";
    const main = path.join(dir, `${id}.webp`);
    const variants = [path.join(dir, `${id}-960.webp`), path.join(dir, `${id}-480.webp`)];
    try {
      const info = await writeWebp(file.tmpPath, animated, IMAGE_WIDTHS.main, main);
      await writeWebp(file.tmpPath, animated, IMAGE_WIDTHS.medium, variants[0]);
      await writeWebp(file.tmpPath, animated, IMAGE_WIDTHS.small, variants[1]);
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
      await Promise.all([main, ...variants].map((p) => rm(p, { force: true })));
      if (type.ext !== "heic") throw error;
      log.warn("image kept without variants", { type: type.ext, error });
    }
  }
  const filename = `${id}.${type.ext}`;
  await rename(file.tmpPath, path.join(dir, filename));
  return {
    url: `/uploads/${filename}`,
    filename,
    fileType: type.kind,
    mimeType: type.mime,
    fileSize: file.size,
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
  const names = ext === "webp" ? [`${id}.webp`, `${id}-960.webp`, `${id}-480.webp`] : [`${id}.${ext}`];
  return names.map((n) => path.join(dir, n));
}

export async function removeStoredFiles(url: string, dataDir: string): Promise<number> {
  const paths = storedPaths(url, dataDir);
  await Promise.all(paths.map((p) => rm(p, { force: true })));
  return paths.length;
}
