/**
 * What an uploaded file really is, from its first bytes (its "magic"), never
 * from its name or the type the browser claims. Only the kinds the media
 * library accepts are recognised (admin spec section 5); anything else,
 * including SVG (a script carrier), is refused by the caller.
 */

export type MediaKind = "image" | "video" | "document";

export interface Sniffed {
  kind: MediaKind;
  mime: string;
  /** Extension for the stored file, from the detected type. */
  ext: string;
  /** Human label for messages, e.g. "JPEG image". */
  label: string;
}

/** How many leading bytes sniffing needs (ISO BMFF brand lists, WebM doc type). */
export const SNIFF_BYTES = 4100;

const ascii = (b: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...b.subarray(start, start + length));

const startsWith = (b: Uint8Array, bytes: number[], offset = 0) =>
  b.length >= offset + bytes.length && bytes.every((v, i) => b[offset + i] === v);

const T = {
  jpeg: { kind: "image", mime: "image/jpeg", ext: "jpg", label: "JPEG image" },
  png: { kind: "image", mime: "image/png", ext: "png", label: "PNG image" },
  gif: { kind: "image", mime: "image/gif", ext: "gif", label: "GIF image" },
  webp: { kind: "image", mime: "image/webp", ext: "webp", label: "WebP image" },
  avif: { kind: "image", mime: "image/avif", ext: "avif", label: "AVIF image" },
  heic: { kind: "image", mime: "image/heic", ext: "heic", label: "HEIC image" },
  mp4: { kind: "video", mime: "video/mp4", ext: "mp4", label: "MP4 video" },
  mov: { kind: "video", mime: "video/quicktime", ext: "mov", label: "QuickTime video" },
  webm: { kind: "video", mime: "video/webm", ext: "webm", label: "WebM video" },
  pdf: { kind: "document", mime: "application/pdf", ext: "pdf", label: "PDF document" },
  doc: { kind: "document", mime: "application/msword", ext: "doc", label: "Word document" },
  docx: {
    kind: "document",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ext: "docx",
    label: "Word document",
  },
} as const satisfies Record<string, Sniffed>;

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]);
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "mp41",
  "mp42",
  "mp71",
  "avc1",
  "dash",
  "mmp4",
  "M4V ",
  "M4VH",
  "M4VP",
  "f4v ",
  "3gp4",
  "3gp5",
  "3gp6",
  "3g2a",
  "XAVC",
  "MSNV",
]);

/** ISO base media files (MP4, MOV, AVIF, HEIC): the ftyp box's major and compatible brands. */
function sniffIsoBmff(b: Uint8Array): Sniffed | null {
  if (b.length < 12 || ascii(b, 4, 4) !== "ftyp") return null;
  const boxSize = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  const end = Math.min(b.length, boxSize >= 16 && boxSize <= 4096 ? boxSize : 16);
  const brands = [ascii(b, 8, 4)];
  for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(b, i, 4));
  const major = brands[0];
  if (major === "avif" || major === "avis") return T.avif;
  if (HEIF_BRANDS.has(major)) return brands.includes("avif") || brands.includes("avis") ? T.avif : T.heic;
  if (major === "qt  ") return T.mov;
  if (MP4_BRANDS.has(major)) return T.mp4;
  // Audio-only (M4A, M4B) and anything else in an ISO box is not media we keep.
  return null;
}

/**
 * The type of a file from its first bytes (at least SNIFF_BYTES when the
 * file is that long). "zip" means a ZIP container: only a Word document
 * (docx) is accepted, which needs the whole file (see isDocx).
 */
export function sniff(head: Uint8Array): Sniffed | "zip" | null {
  const b = head;
  if (startsWith(b, [0xff, 0xd8, 0xff])) return T.jpeg;
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return T.png;
  if (b.length >= 6 && (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a")) return T.gif;
  if (b.length >= 12 && ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WEBP") return T.webp;
  const iso = sniffIsoBmff(b);
  if (iso) return iso;
  if (startsWith(b, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM says so in its DocType near the start (Matroska .mkv is not accepted).
    return ascii(b, 0, Math.min(b.length, 64)).includes("webm") ? T.webm : null;
  }
  if (b.length >= 5 && ascii(b, 0, 5) === "%PDF-") return T.pdf;
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return T.doc;
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return "zip";
  return null;
}

const u16 = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32 = (b: Uint8Array, i: number) =>
  (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;

/** The entry names of a ZIP archive, read from its central directory (empty when unreadable). */
export function zipEntryNames(file: Uint8Array): string[] {
  const minEocd = 22;
  if (file.length < minEocd) return [];
  const stop = Math.max(0, file.length - minEocd - 0xffff);
  let eocd = -1;
  for (let i = file.length - minEocd; i >= stop; i--) {
    if (u32(file, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const entries = u16(file, eocd + 10);
  let p = u32(file, eocd + 16);
  const names: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < entries && p + 46 <= file.length; n++) {
    if (u32(file, p) !== 0x02014b50) break;
    const nameLength = u16(file, p + 28);
    const extraLength = u16(file, p + 30);
    const commentLength = u16(file, p + 32);
    if (p + 46 + nameLength > file.length) break;
    names.push(decoder.decode(file.subarray(p + 46, p + 46 + nameLength)));
    p += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** A ZIP is accepted only as a Word document: it must hold the word/ part. */
export function isDocx(file: Uint8Array): boolean {
  return zipEntryNames(file).some((name) => name.startsWith("word/"));
}

/** Full detection on a file held in memory (tests, small files). */
export function sniffFile(file: Uint8Array): Sniffed | null {
  const found = sniff(file.subarray(0, SNIFF_BYTES));
  if (found === "zip") return isDocx(file) ? T.docx : null;
  return found;
}

export const DOCX = T.docx;
