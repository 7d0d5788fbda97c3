/**
 * Metadata out of an old Word document (.doc, Word 97 to 2003): a compound
 * file (OLE2, read and written again with cfb) whose WordDocument stream holds
 * the text and the file information block (FIB), which gives the offset and
 * length of each of the document's lists in its table stream (1Table or
 * 0Table, as the FIB says).
 *
 * - Every property set stream goes, wherever it sits: \u0005SummaryInformation
 *   (author, last saved by, title, subject, keywords, template, dates,
 *   editing time), \u0005DocumentSummaryInformation (company, manager, and
 *   the custom properties) and any other. So do digital signatures
 *   (_signatures, _xmlsignatures: they name the signer, and the changes below
 *   would break them anyway) and the table stream the FIB does not name (an
 *   earlier save's copy, which Word ignores).
 * - In the table stream, in place: the save history (SttbSavedBy: who saved
 *   the document, and where), the routing slip (its recipients) and the
 *   autosave file's name are zeroed and their lengths set to 0, as in a
 *   document that never had them. The associated strings (SttbfAssoc: the
 *   template's path, author, last editor, title), the authors of tracked
 *   changes (SttbfRMark) and of comments (GrpXstAtnOwners) and the comments'
 *   initials keep their number of entries, each emptied, so every change and
 *   comment still points at an entry; what the shorter list frees is zeroed.
 * - The dates the document was created, last saved and printed, its editing
 *   time and revision count (Dop), the time of the last save in the FIB and
 *   the comments' dates (Word 2002 and later) become zero ("no date").
 * - Pictures (OfficeArt records in the WordDocument, table and Data streams)
 *   lose their metadata in place: JPEG EXIF (GPS included), XMP, IPTC and
 *   comments are zeroed; a PNG's text, EXIF and time chunks become blank
 *   chunks of the same length. A TIFF picture, which may carry its own, is
 *   refused.
 * Kept: the dates of tracked changes, stored with the formatting of each
 *   changed run of text, which cannot be reached without rewriting that
 *   formatting (their authors' names are emptied above); and everything else.
 * Refused: a file that is not a compound file with a WordDocument stream, an
 * encrypted one, one saved by a Word older than 97 (another layout), one
 * that embeds objects (ObjectPool: a sheet or another document, with metadata
 * of its own), and one whose lists above cannot be read.
 *
 * The container is written anew: its directory keeps no times, and cfb adds
 * a 4-byte stream of its own (\u0001Sh33tJ5), which Word ignores.
 */
import * as CFB from "cfb";
import { blankPngMetadata, stripJpeg } from "./strip-image-data.server.ts";

export class DocError extends Error {}

const UNREADABLE = "it is not a Word document this server can read";
const SIGNATURE = Buffer.from("d0cf11e0a1b11ae1", "hex");

/** FibBase: its identifier, and the flags at 0x0A. */
const WORD_IDENT = 0xa5ec;
const F_ENCRYPTED = 0x0100;
const F_TABLE_1 = 0x0200;
const F_OBFUSCATED = 0x8000;
/** nFib of Word 97, the first version with this layout. */
const WORD_97 = 0xc0;

/** Positions of (offset, length) pairs in the FIB's FibRgFcLcb ([MS-DOC] 2.5.6 to 2.5.8). */
const PAIR = {
  plcfandRef: 4,
  dop: 31,
  sttbfAssoc: 32,
  autosaveSource: 35,
  grpXstAtnOwners: 36,
  sttbfRMark: 51,
  routeSlip: 70,
  sttbSavedBy: 71,
  /** Not a pair: the FILETIME of the last save. */
  lastSaved: 87,
  atrdExtra: 112,
} as const;

/** Dop: dttmCreated, dttmRevised, dttmLastPrint, nRevision and tmEdited, from 0x14 to 0x26. */
const DOP_DATES: [number, number] = [0x14, 0x26];
/** A comment's reference (ATRDPre10) is 30 bytes, its initials the first 20; ATRDPost10 is 18, its date the first 4. */
const ATRD_PRE10 = 30;
const INITIALS = 20;
const ATRD_POST10 = 18;

/** OfficeArt picture records (recType, the instances with one and with two UIDs) and what they hold. */
const PICTURES = [
  { recType: 0xf01d, instances: [0x46a, 0x46b], kind: "jpeg" },
  { recType: 0xf02a, instances: [0x6e2, 0x6e3], kind: "jpeg" },
  { recType: 0xf01e, instances: [0x6e0, 0x6e1], kind: "png" },
  { recType: 0xf029, instances: [0x6e4, 0x6e5], kind: "tiff" },
] as const;
const TIFF = [Buffer.from("II*\0", "latin1"), Buffer.from("MM\0*", "latin1")];

type Fib = { table: "0Table" | "1Table"; pairs: number; count: number };
type Block = { fc: number; lcb: number };

function readFib(word: Buffer): Fib {
  if (word.length < 34 || word.readUInt16LE(0) !== WORD_IDENT) throw new DocError(UNREADABLE);
  const flags = word.readUInt16LE(0x0a);
  if (flags & (F_ENCRYPTED | F_OBFUSCATED)) throw new DocError("it is encrypted");
  if (word.readUInt16LE(2) < WORD_97)
    throw new DocError("it was saved by a version of Word older than Word 97");
  let at = 32;
  at += 2 + 2 * word.readUInt16LE(at);
  if (at + 2 > word.length) throw new DocError(UNREADABLE);
  at += 2 + 4 * word.readUInt16LE(at);
  if (at + 2 > word.length) throw new DocError(UNREADABLE);
  const count = word.readUInt16LE(at);
  if (at + 2 + 8 * count > word.length) throw new DocError(UNREADABLE);
  return { table: flags & F_TABLE_1 ? "1Table" : "0Table", pairs: at + 2, count };
}

/** Reads a table stream's list between its offset and end: past the end, the list cannot be read. */
function reader(table: Buffer, end: number, what: string) {
  const fail = () => new DocError(`its ${what} cannot be read`);
  return {
    fail,
    u8(at: number): number {
      if (at + 1 > end) throw fail();
      return table[at];
    },
    u16(at: number): number {
      if (at + 2 > end) throw fail();
      return table.readUInt16LE(at);
    },
  };
}

/**
 * An STTB (a list of strings, each maybe followed by extra data) with the same
 * number of strings, each empty, extra data kept. Answers its new length.
 */
function emptySttb(table: Buffer, { fc, lcb }: Block, what: string): number {
  const end = fc + lcb;
  const read = reader(table, end, what);
  const wide = read.u16(fc) === 0xffff;
  const head = fc + (wide ? 2 : 0) + 4;
  const count = read.u16(head - 4);
  const cbExtra = read.u16(head - 2);
  const extras: Buffer[] = [];
  let at = head;
  for (let i = 0; i < count; i++) {
    at += wide ? 2 + 2 * read.u16(at) : 1 + read.u8(at);
    if (at + cbExtra > end) throw read.fail();
    extras.push(Buffer.from(table.subarray(at, at + cbExtra)));
    at += cbExtra;
  }
  let out = head;
  for (const extra of extras) {
    out = wide ? table.writeUInt16LE(0, out) : table.writeUInt8(0, out);
    out += extra.copy(table, out);
  }
  table.fill(0, out, end);
  return out - fc;
}

/** A run of Xst (a length, then UTF-16 characters) as as many empty ones. Answers its new length. */
function emptyXsts(table: Buffer, { fc, lcb }: Block, what: string): number {
  const end = fc + lcb;
  const read = reader(table, end, what);
  let count = 0;
  for (let at = fc; at < end; count++) {
    at += 2 + 2 * read.u16(at);
    if (at > end) throw read.fail();
  }
  table.fill(0, fc, end);
  return 2 * count;
}

function cleanTable(fib: Fib, word: Buffer, table: Buffer): void {
  const pairAt = (index: number) => fib.pairs + 8 * index;
  const block = (index: number, what: string): Block | null => {
    if (index >= fib.count) return null;
    const fc = word.readUInt32LE(pairAt(index));
    const lcb = word.readUInt32LE(pairAt(index) + 4);
    if (lcb === 0) return null;
    if (fc + lcb > table.length) throw new DocError(`its ${what} cannot be read`);
    return { fc, lcb };
  };
  const setLength = (index: number, lcb: number) => word.writeUInt32LE(lcb, pairAt(index) + 4);

  for (const [index, what] of [
    [PAIR.sttbSavedBy, "save history"],
    [PAIR.routeSlip, "routing slip"],
    [PAIR.autosaveSource, "autosave file name"],
  ] as const) {
    const b = block(index, what);
    if (!b) continue;
    table.fill(0, b.fc, b.fc + b.lcb);
    setLength(index, 0);
  }
  for (const [index, what] of [
    [PAIR.sttbfAssoc, "template and author names"],
    [PAIR.sttbfRMark, "list of tracked-change authors"],
  ] as const) {
    const b = block(index, what);
    if (b) setLength(index, emptySttb(table, b, what));
  }
  const owners = block(PAIR.grpXstAtnOwners, "list of comment authors");
  if (owners) setLength(PAIR.grpXstAtnOwners, emptyXsts(table, owners, "list of comment authors"));

  const comments = block(PAIR.plcfandRef, "comments");
  if (comments) {
    // A PLC: n + 1 text positions (4 bytes each), then n references.
    const n = (comments.lcb - 4) / (4 + ATRD_PRE10);
    if (!Number.isInteger(n)) throw new DocError("its comments cannot be read");
    const refs = comments.fc + 4 * (n + 1);
    for (let i = 0; i < n; i++) table.fill(0, refs + ATRD_PRE10 * i, refs + ATRD_PRE10 * i + INITIALS);
  }
  const commentDates = block(PAIR.atrdExtra, "comment dates");
  if (commentDates) {
    if (commentDates.lcb % ATRD_POST10 !== 0) throw new DocError("its comment dates cannot be read");
    for (let at = commentDates.fc; at < commentDates.fc + commentDates.lcb; at += ATRD_POST10) {
      table.fill(0, at, at + 4);
    }
  }
  const dop = block(PAIR.dop, "document properties");
  if (dop && dop.lcb >= DOP_DATES[1]) table.fill(0, dop.fc + DOP_DATES[0], dop.fc + DOP_DATES[1]);
  if (PAIR.lastSaved < fib.count) word.fill(0, pairAt(PAIR.lastSaved), pairAt(PAIR.lastSaved) + 8);
}

/** Strips, in place, every picture record found in `stream` (see the file comment). */
function stripPictures(stream: Buffer): void {
  for (const { recType, instances, kind } of PICTURES) {
    for (const instance of instances) {
      const header = Buffer.alloc(4);
      header.writeUInt16LE(instance << 4, 0);
      header.writeUInt16LE(recType, 2);
      for (let at = stream.indexOf(header); at >= 0; at = stream.indexOf(header, at + 4)) {
        if (at + 8 > stream.length) break;
        // The header, one or two 16-byte UIDs and a tag byte, then the picture up to the record's end.
        const start = at + 8 + (instance & 1 ? 32 : 16) + 1;
        const end = at + 8 + stream.readUInt32LE(at + 4);
        // Bytes that only look like a record header (the picture's own signature is not where it would be).
        if (end > stream.length || start + 8 > end) continue;
        if (kind === "jpeg") {
          if (stream[start] !== 0xff || stream[start + 1] !== 0xd8) continue;
          if (!stripJpeg(stream, start, end)) throw new DocError("a picture in it cannot be read");
        } else if (kind === "png") {
          if (stream[start] !== 0x89 || stream.toString("latin1", start + 1, start + 4) !== "PNG") continue;
          if (!blankPngMetadata(stream, start, end)) throw new DocError("a picture in it cannot be read");
        } else if (TIFF.some((signature) => stream.subarray(start, start + 4).equals(signature))) {
          throw new DocError("it holds a TIFF picture, whose metadata is not removed here");
        }
      }
    }
  }
}

/** The document without its metadata (see the file comment); throws DocError when it cannot be stripped. */
export function stripDoc(file: Buffer): Buffer {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new DocError(UNREADABLE);
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(file, { type: "buffer" });
  } catch {
    throw new DocError(UNREADABLE);
  }
  const root = container.FullPaths[0];
  const paths = container.FullPaths.map((p) => p.toUpperCase());
  // Names in a compound file compare without case.
  const indexOf = (path: string) => paths.indexOf((root + path).toUpperCase());
  const stream = (path: string) => {
    const entry = container.FileIndex[indexOf(path)];
    if (entry?.type !== 2) return null;
    const content = Buffer.from(entry.content ?? []);
    if (content.length !== entry.size) throw new DocError(UNREADABLE);
    return { entry, content };
  };

  const word = stream("WordDocument");
  if (!word) throw new DocError(UNREADABLE);
  const pool = `${root}ObjectPool/`.toUpperCase();
  const embedded = container.FullPaths.find((_, i) => paths[i].startsWith(pool) && paths[i] !== pool);
  if (embedded) {
    const name = embedded.slice(root.length).replace(/\/$/, "");
    throw new DocError(`it embeds an object (${name}), whose own metadata is not removed here`);
  }
  const fib = readFib(word.content);
  const table = stream(fib.table);
  if (!table) throw new DocError(`its table stream (${fib.table}) is missing`);
  cleanTable(fib, word.content, table.content);
  const data = stream("Data");
  for (const s of [word, table, data]) {
    if (!s) continue;
    stripPictures(s.content);
    s.entry.content = s.content;
  }

  const stale = (root + (fib.table === "1Table" ? "0Table" : "1Table")).toUpperCase();
  const dropped = container.FileIndex.flatMap((entry, i) =>
    i > 0 &&
    (entry.name.startsWith("\u0005") || /^_(xml)?signatures$/i.test(entry.name) || paths[i] === stale)
      ? [paths[i]]
      : [],
  );
  // A dropped storage takes what it holds along (its path ends with "/").
  const kept = paths.flatMap((p, i) =>
    dropped.some((d) => p === d || (d.endsWith("/") && p.startsWith(d))) ? [] : [i],
  );
  container.FileIndex = kept.map((i) => container.FileIndex[i]);
  container.FullPaths = kept.map((i) => container.FullPaths[i]);
  try {
    CFB.utils.cfb_gc(container);
    return Buffer.from(CFB.write(container, { type: "buffer" }));
  } catch {
    // A directory cfb read but cannot lay out again (an entry it could not place).
    throw new DocError(UNREADABLE);
  }
}
