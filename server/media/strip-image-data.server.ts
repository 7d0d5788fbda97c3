/**
 * Metadata out of pictures that travel inside other files (a PDF's images, a
 * Word document's media), which are kept as they are rather than re-encoded.
 */
import { crc32 } from "node:zlib";

/**
 * Zeroes, in place, the payload of every JPEG segment that may carry
 * metadata before the image data: APP1 (EXIF with GPS, XMP), APP3-APP13
 * (IPTC, vendor blocks), APP15, a non-ICC APP2 (FlashPix, MPF) and comments.
 * Kept: APP0 (JFIF), APP14 (Adobe colour transform) and ICC profiles, which
 * decoding needs. Decoders skip an APP segment they do not recognise, so the
 * picture is unchanged. Answers false when the bytes are not a readable JPEG.
 */
export function stripJpeg(buf: Buffer, start = 0, end = buf.length): boolean {
  if (buf[start] !== 0xff || buf[start + 1] !== 0xd8) return false;
  let at = start + 2;
  while (at + 4 <= end && buf[at] === 0xff) {
    const marker = buf[at + 1];
    if (marker === 0xda || marker === 0xd9) return true;
    const payload = at + 4;
    const segmentEnd = at + 2 + buf.readUInt16BE(at + 2);
    if (segmentEnd > end) return false;
    const app = marker >= 0xe1 && marker <= 0xef && marker !== 0xee;
    const icc = marker === 0xe2 && buf.toString("latin1", payload, payload + 12) === "ICC_PROFILE\0";
    if ((app && !icc) || marker === 0xfe) buf.fill(0, payload, segmentEnd);
    at = segmentEnd;
  }
  return false;
}

/** PNG chunks that carry metadata: EXIF, text (author, software, GPS notes), time, XMP (in iTXt). */
const PNG_METADATA = new Set(["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG without its metadata chunks, or null when the bytes are not a readable PNG. */
export function stripPng(buf: Buffer): Buffer | null {
  if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  while (at + 12 <= buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > buf.length) return null;
    if (!PNG_METADATA.has(type)) kept.push(buf.subarray(at, end));
    at = end;
    if (type === "IEND") return Buffer.concat(kept);
  }
  return null;
}

/** A private, ancillary chunk type (lower, lower, upper, lower): decoders skip it. */
const BLANK_CHUNK = Buffer.from("blNk", "latin1");

/**
 * Blanks, in place, every metadata chunk of the PNG in `buf` from `start` to
 * `end`: it becomes a chunk of the same length, of a private type decoders
 * skip, full of zeros, with its checksum computed again. For a PNG that must
 * keep its length (a picture inside a Word 97-2003 document, whose records
 * give its size). Answers false when the bytes are not a readable PNG.
 */
export function blankPngMetadata(buf: Buffer, start = 0, end = buf.length): boolean {
  if (!buf.subarray(start, start + 8).equals(PNG_SIGNATURE)) return false;
  let at = start + 8;
  while (at + 12 <= end) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    const chunkEnd = at + 12 + length;
    if (chunkEnd > end) return false;
    if (PNG_METADATA.has(type)) {
      BLANK_CHUNK.copy(buf, at + 4);
      buf.fill(0, at + 8, at + 8 + length);
      buf.writeUInt32BE(crc32(buf.subarray(at + 4, at + 8 + length)), at + 8 + length);
    }
    at = chunkEnd;
    if (type === "IEND") return true;
  }
  return false;
}
