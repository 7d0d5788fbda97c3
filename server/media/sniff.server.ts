/**
 * What an uploaded file really is, from its bytes (file-type reads the
 * signatures and container headers), never from its name or the type the
 * browser claims. Only the kinds the media library accepts are let through;
 * anything else, SVG (a script carrier), HTML, executables and archives
 * included, is refused by the caller with refusedMessage().
 */
import { readFile } from "node:fs/promises";
import { fileTypeFromFile } from "file-type";

export type MediaKind = "image" | "video" | "document";

export interface Sniffed {
  kind: MediaKind;
  mime: string;
  /** Extension for the stored file, from the detected type. */
  ext: string;
  /** Human label for messages, e.g. "JPEG image". */
  label: string;
}

const mp4: Sniffed = { kind: "video", mime: "video/mp4", ext: "mp4", label: "MP4 video" };
const doc: Sniffed = { kind: "document", mime: "application/msword", ext: "doc", label: "Word document" };

/** The accepted types, keyed by the MIME type file-type reports. */
const ACCEPTED: Record<string, Sniffed> = {
  "image/jpeg": { kind: "image", mime: "image/jpeg", ext: "jpg", label: "JPEG image" },
  "image/png": { kind: "image", mime: "image/png", ext: "png", label: "PNG image" },
  "image/gif": { kind: "image", mime: "image/gif", ext: "gif", label: "GIF image" },
  "image/webp": { kind: "image", mime: "image/webp", ext: "webp", label: "WebP image" },
  "image/avif": { kind: "image", mime: "image/avif", ext: "avif", label: "AVIF image" },
  "image/heic": { kind: "image", mime: "image/heic", ext: "heic", label: "HEIC image" },
  "image/heif": { kind: "image", mime: "image/heif", ext: "heic", label: "HEIC image" },
  "video/mp4": mp4,
  // Phone and camera MP4 variants (ISO brands M4V and 3GP) play as MP4.
  "video/x-m4v": mp4,
  "video/3gpp": mp4,
  "video/quicktime": { kind: "video", mime: "video/quicktime", ext: "mov", label: "QuickTime video" },
  "video/webm": { kind: "video", mime: "video/webm", ext: "webm", label: "WebM video" },
  "application/pdf": { kind: "document", mime: "application/pdf", ext: "pdf", label: "PDF document" },
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": {
    kind: "document",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ext: "docx",
    label: "Word document",
  },
};

/**
 * An old Word document (.doc) is an OLE2 compound file, a container that also
 * carries Excel sheets and Windows installers (.msi). Only one holding a
 * "WordDocument" stream (its directory stores the name in UTF-16LE) is a
 * Word document.
 */
const WORD_STREAM = Buffer.from("WordDocument", "utf16le");

/** The accepted type of the file at this path, or null when the library does not take it. */
export async function detectType(filePath: string): Promise<Sniffed | null> {
  const found = await fileTypeFromFile(filePath);
  if (!found) return null;
  if (found.mime === "application/x-cfb") {
    // The whole file is read: it was already size-limited while it was received.
    return (await readFile(filePath)).includes(WORD_STREAM) ? doc : null;
  }
  return ACCEPTED[found.mime] ?? null;
}

/** Refusal message for a file of the wrong kind, naming it. */
export function refusedMessage(name: string): string {
  return `"${name}" is not an accepted file type. Upload images (JPEG, PNG, GIF, WebP, AVIF, HEIC), videos (MP4, MOV, WebM), PDF or Word documents (.doc, .docx).`;
}
