/**
 * Metadata out of a Word document (.docx, a ZIP of XML parts), by rewriting
 * the archive:
 *
 * - the document properties (docProps/core.xml: author, last editor, dates,
 *   title, keywords; app.xml: company, manager, template, editing time;
 *   custom.xml) become empty property sets of the same kind;
 * - in every other XML part, the names Word records for comments, tracked
 *   changes and their authors (w:author, w:initials, w15:author, w15:userId,
 *   w15:providerId) become empty and their times (w:date) go, as do the
 *   comment authors of an embedded chart's workbook;
 * - an embedded Office document (a chart's workbook) is stripped the same
 *   way; any other embedded object, which may carry its own, is refused;
 * - pictures lose their metadata (JPEG: EXIF with GPS, XMP, IPTC; PNG: EXIF,
 *   text and time chunks), and a picture of another raster format, which may
 *   carry its own, is refused.
 * Everything else is copied unchanged. An archive this reader cannot follow
 * (ZIP64, encrypted entries, an unknown compression) is refused.
 */
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { stripJpeg, stripPng } from "./strip-image-data.server.ts";

export class DocxError extends Error {}

const EMPTY_PARTS: Record<string, string> = {
  "docprops/core.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"/>',
  "docprops/app.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"/>',
  "docprops/custom.xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"/>',
};
/** Attributes naming a person in the document's XML: emptied. */
const PERSON_ATTRIBUTES =
  /(\s(?:w:author|w:initials|w15:author|w15:userId|w15:providerId)=)("[^"]*"|'[^']*')/g;
/** When a change or comment was made: an optional attribute, removed (an empty date is not a date). */
const DATE_ATTRIBUTES = /\s(?:w:date|w16du:dateUtc)=("[^"]*"|'[^']*')/g;
/** A workbook's comment authors (an embedded chart's data). */
const AUTHOR_ELEMENTS = /<author>[^<]*<\/author>/g;
/** Office documents inside the document (a chart's workbook): stripped the same way. */
const PACKAGES = /\.(docx|docm|xlsx|xlsm|pptx|pptm)$/i;
/** Picture formats without metadata of their own (vector drawings). */
const PLAIN_PICTURES = /\.(emf|wmf)$/i;
const RASTER = /\.(bmp|gif|tiff?|heic|heif|webp|jxr|wdp|avif)$/i;

/** 1 January 1980, the first date a ZIP entry can hold: no entry tells when the document was edited. */
const NO_DATE = 0x00210000;
/** A part larger than this once inflated is refused (a ZIP bomb would fill the memory). */
const MAX_PART_BYTES = 100 * 1024 * 1024;

type Entry = { name: string; method: number; crc: number; size: number; data: Buffer; time: number };

function readEntries(zip: Buffer): Entry[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > zip.length) throw new DocxError("its archive cannot be read");
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new DocxError("its archive is in ZIP64 form");
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50)
      throw new DocxError("its archive cannot be read");
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    if (flags & 1) throw new DocxError("it is encrypted");
    if (method !== 0 && method !== 8) throw new DocxError("its archive uses an unknown compression");
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50)
      throw new DocxError("its archive cannot be read");
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const stored = zip.subarray(dataStart, dataStart + size);
    if (dataStart + size > zip.length) throw new DocxError("its archive is cut off");
    entries.push({
      name,
      method,
      crc: zip.readUInt32LE(at + 16),
      size: zip.readUInt32LE(at + 24),
      data: stored,
      time: zip.readUInt32LE(at + 12),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

function contentOf(e: Entry): Buffer {
  if (e.method !== 8) return e.data;
  try {
    return inflateRawSync(e.data, { maxOutputLength: MAX_PART_BYTES });
  } catch {
    throw new DocxError(`the part ${e.name} cannot be unpacked`);
  }
}

/** The entry with new content, compressed again, and no date (the archive's times say when it was edited). */
function replaced(e: Entry, content: Buffer): Entry {
  return {
    name: e.name,
    method: 8,
    crc: crc32(content),
    size: content.length,
    data: deflateRawSync(content),
    time: NO_DATE,
  };
}

function cleanEntry(e: Entry): Entry {
  const lower = e.name.toLowerCase();
  const empty = EMPTY_PARTS[lower];
  if (empty !== undefined) return replaced(e, Buffer.from(empty));
  if (lower.endsWith(".xml") || lower.endsWith(".rels")) {
    const text = contentOf(e).toString("utf8");
    const cleaned = text
      .replace(PERSON_ATTRIBUTES, '$1""')
      .replace(DATE_ATTRIBUTES, "")
      .replace(AUTHOR_ELEMENTS, "<author></author>");
    return cleaned === text ? { ...e, time: NO_DATE } : replaced(e, Buffer.from(cleaned));
  }
  if (/\.(jpe?g)$/.test(lower)) {
    const picture = Buffer.from(contentOf(e));
    if (!stripJpeg(picture)) throw new DocxError(`the picture ${e.name} cannot be read`);
    return replaced(e, picture);
  }
  if (lower.endsWith(".png")) {
    const picture = stripPng(contentOf(e));
    if (!picture) throw new DocxError(`the picture ${e.name} cannot be read`);
    return replaced(e, picture);
  }
  if (PACKAGES.test(lower)) return replaced(e, stripDocx(contentOf(e)));
  if (lower.includes("/embeddings/")) {
    throw new DocxError(`it embeds ${e.name}, whose own metadata is not removed here`);
  }
  if (RASTER.test(lower) && !PLAIN_PICTURES.test(lower)) {
    throw new DocxError(`the picture ${e.name} is in a format whose metadata is not removed here`);
  }
  return { ...e, time: NO_DATE };
}

function writeEntries(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.time, 10);
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.time, 12);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The document without its metadata (see the file comment); throws DocxError when it cannot be stripped. */
export function stripDocx(zip: Buffer): Buffer {
  return writeEntries(readEntries(zip).map(cleanEntry));
}
