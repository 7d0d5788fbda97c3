/**
 * No upload is stored with its metadata: where a photo was taken (GPS), the
 * camera or phone, the author, dates, editing history. Each accepted type is
 * stripped, before anything is stored, or refused with the reason:
 *
 * - Images (JPEG, PNG, GIF, WebP, AVIF) are re-encoded to WebP by storeFile,
 *   which writes no EXIF, XMP, IPTC or ICC data; the original is not kept. A
 *   HEIC image this server cannot decode would have to be kept as it came,
 *   so it is refused.
 * - MP4 and QuickTime movies, WebM videos and PDFs are stripped in place
 *   (strip-bmff, strip-webm, strip-pdf); a file whose metadata cannot be
 *   removed that way is refused.
 * - A Word document (.docx) is rewritten without its properties, the names
 *   and times of its comments and tracked changes, and its pictures'
 *   metadata (strip-docx).
 * - An old Word document (.doc) is written again without its property
 *   streams (author, company, dates, editing time, custom properties), its
 *   save history, the names of its template and of the authors of its
 *   comments and tracked changes, its dates and its pictures' metadata
 *   (strip-doc); one that is encrypted or embeds objects is refused.
 */
import { readFile, writeFile } from "node:fs/promises";
import type { Sniffed } from "./sniff.server.ts";
import { BmffError, stripBmff } from "./strip-bmff.server.ts";
import { DocError, stripDoc } from "./strip-doc.server.ts";
import { DocxError, stripDocx } from "./strip-docx.server.ts";
import { PdfError, stripPdf } from "./strip-pdf.server.ts";
import { stripWebm, WebmError } from "./strip-webm.server.ts";

const loadSharp = async () => (await import("sharp")).default;

const refusal = (name: string, why: string) =>
  `"${name}" cannot be stored without its metadata (such as where and when it was made, and by whom): ${why}.`;

/**
 * Strips the file at `filePath` (a received upload of this type) in place.
 * Answers null when it may be stored, or the message that refuses it, naming it.
 */
export async function stripMetadata(filePath: string, type: Sniffed, name: string): Promise<string | null> {
  if (type.kind === "image") {
    if (type.ext !== "heic") return null;
    try {
      await (await loadSharp())(filePath).resize(16).raw().toBuffer();
      return null;
    } catch {
      return refusal(name, "this server cannot convert HEIC images. Export it as JPEG and upload that");
    }
  }
  let bytes: Buffer = await readFile(filePath);
  try {
    if (type.ext === "webm") stripWebm(bytes);
    else if (type.ext === "pdf") stripPdf(bytes);
    else if (type.ext === "docx") bytes = stripDocx(bytes);
    else if (type.ext === "doc") bytes = stripDoc(bytes);
    else stripBmff(bytes);
  } catch (error) {
    if ([BmffError, WebmError, PdfError, DocxError, DocError].some((kind) => error instanceof kind)) {
      return refusal(name, `${(error as Error).message}. Export it again without metadata and upload that`);
    }
    throw error;
  }
  await writeFile(filePath, bytes);
  return null;
}
