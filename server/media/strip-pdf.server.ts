/**
 * Metadata out of a PDF, in place: what is removed is overwritten with
 * spaces (PDF whitespace) or zeros of the same length, so the cross-reference
 * table's offsets stay right and the document opens as before.
 *
 * - The document information dictionary (/Info of every trailer, incremental
 *   updates included: author, creator, producer, title, subject, keywords,
 *   dates) keeps its brackets and nothing inside.
 * - Every XMP metadata stream (/Type /Metadata, or named by a /Metadata key)
 *   becomes an unfiltered stream of spaces.
 * - Every JPEG image (/DCTDecode) loses its EXIF, XMP, IPTC and comment
 *   segments (their bytes zeroed: decoders skip an APP segment they do not know).
 * Refused, as they cannot be stripped this way: an encrypted PDF, one whose
 * information dictionary sits in a compressed object stream, one with an
 * attached file, and images in a format whose metadata is not handled here
 * (JPEG 2000, or a JPEG under a second filter).
 */

import { inflateSync } from "node:zlib";
import { stripJpeg } from "./strip-image-data.server.ts";

export class PdfError extends Error {}

type Obj = { num: number; start: number; dictStart: number; dictEnd: number; data: [number, number] | null };

const SPACE = 0x20;
const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0;

/** The end (exclusive) of the dictionary that starts at `at` ("<<"), skipping strings and comments. */
function dictEnd(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i];
    if (c === "%") {
      while (i < s.length && s[i] !== "\n" && s[i] !== "\r") i++;
    } else if (c === "(") {
      let nest = 0;
      for (; i < s.length; i++) {
        if (s[i] === "\\") i++;
        else if (s[i] === "(") nest++;
        else if (s[i] === ")" && --nest === 0) break;
      }
    } else if (c === "<" && s[i + 1] === "<") {
      depth++;
      i++;
    } else if (c === ">" && s[i + 1] === ">") {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    } else if (c === "<") {
      i = s.indexOf(">", i);
      if (i < 0) break;
    }
  }
  throw new PdfError("a dictionary does not end");
}

function objects(buf: Buffer, s: string): Obj[] {
  const found: Obj[] = [];
  // Found in order; a stream's data is skipped, so bytes in it that look like an object are not one.
  const header = /(?<![\d])(\d+)\s+\d+\s+obj\b/g;
  for (let m = header.exec(s); m; m = header.exec(s)) {
    let at = m.index + m[0].length;
    while (at < s.length && isWhite(s.charCodeAt(at))) at++;
    if (!s.startsWith("<<", at)) {
      found.push({ num: Number(m[1]), start: m.index, dictStart: -1, dictEnd: -1, data: null });
      continue;
    }
    const end = dictEnd(s, at);
    const dict = s.slice(at, end);
    let data: Obj["data"] = null;
    const stream = /^\s*stream(\r\n|\n|\r)/.exec(s.slice(end, end + 20));
    if (stream) {
      const dataStart = end + stream[0].length;
      const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
      let dataEnd = direct ? dataStart + Number(direct[1]) : -1;
      if (dataEnd < 0 || dataEnd > buf.length || !/^\s*endstream/.test(s.slice(dataEnd, dataEnd + 20))) {
        dataEnd = s.indexOf("endstream", dataStart);
        if (dataEnd < 0) throw new PdfError("a stream does not end");
      }
      data = [dataStart, dataEnd];
      header.lastIndex = dataEnd;
    }
    found.push({ num: Number(m[1]), start: m.index, dictStart: at, dictEnd: end, data });
  }
  return found;
}

/** Overwrites a dictionary's entries with spaces: `<<` and `>>` stay. */
const emptyDict = (buf: Buffer, start: number, end: number) => buf.fill(SPACE, start + 2, end - 2);

/** Strips `buf` in place (see the file comment); throws PdfError when the file cannot be stripped. */
export function stripPdf(buf: Buffer): void {
  const s = buf.toString("latin1");
  const all = objects(buf, s);
  const trailers = [...s.matchAll(/trailer\s*<</g)].map((m) => {
    const start = m.index + m[0].length - 2;
    return [start, dictEnd(s, start)] as const;
  });
  const streamDicts = all.filter((o) => o.data).map((o) => [o.dictStart, o.dictEnd] as const);
  const infoNums = new Set<number>();
  for (const [start, end] of [...trailers, ...streamDicts]) {
    const dict = s.slice(start, end);
    if (/\/Type\s*\/XRef\b/.test(dict) || trailers.some(([t]) => t === start)) {
      if (/\/Encrypt\b/.test(dict)) throw new PdfError("it is encrypted");
      for (const m of dict.matchAll(/\/Info\s+(\d+)\s+\d+\s+R/g)) infoNums.add(Number(m[1]));
      const direct = /\/Info\s*<</.exec(dict);
      if (direct) {
        const at = start + direct.index + direct[0].length - 2;
        emptyDict(buf, at, dictEnd(s, at));
      }
    }
  }
  // An older copy of the information dictionary in a compressed object stream would stay in the file.
  for (const o of all) {
    if (!o.data || !/\/Type\s*\/ObjStm\b/.test(s.slice(o.dictStart, o.dictEnd))) continue;
    const first = Number(/\/First\s+(\d+)/.exec(s.slice(o.dictStart, o.dictEnd))?.[1] ?? 0);
    let header: string;
    try {
      const packed = buf.subarray(o.data[0], o.data[1]);
      header = (
        /FlateDecode/.test(s.slice(o.dictStart, o.dictEnd))
          ? inflateSync(packed, { maxOutputLength: 100 * 1024 * 1024 })
          : packed
      ).toString("latin1", 0, first);
    } catch {
      throw new PdfError("a compressed object stream cannot be read");
    }
    const nums = header
      .trim()
      .split(/\s+/)
      .filter((_, i) => i % 2 === 0)
      .map(Number);
    if (nums.some((n) => infoNums.has(n))) {
      throw new PdfError("its information dictionary is in a compressed object stream");
    }
  }
  const metadataNums = new Set([...s.matchAll(/\/Metadata\s+(\d+)\s+\d+\s+R/g)].map((m) => Number(m[1])));
  for (const num of infoNums) {
    const defined = all.filter((o) => o.num === num && o.dictStart >= 0);
    if (defined.length === 0)
      throw new PdfError("its information dictionary is in a compressed object stream");
    for (const o of defined) emptyDict(buf, o.dictStart, o.dictEnd);
  }
  for (const o of all) {
    if (!o.data) continue;
    const dict = s.slice(o.dictStart, o.dictEnd);
    if (/\/Type\s*\/EmbeddedFile\b/.test(dict)) throw new PdfError("it carries an attached file");
    if (/\/Type\s*\/Metadata\b/.test(dict) || metadataNums.has(o.num)) {
      for (const m of dict.matchAll(/\/(Filter|DecodeParms)\s*(\/\w+|\[[^\]]*\]|<<[^>]*>>|null)/g)) {
        buf.fill(SPACE, o.dictStart + m.index, o.dictStart + m.index + m[0].length);
      }
      buf.fill(SPACE, o.data[0], o.data[1]);
      continue;
    }
    const filter = /\/Filter\s*(\/\w+|\[[^\]]*\])/.exec(dict)?.[1] ?? "";
    if (/JPXDecode/.test(filter)) throw new PdfError("it holds a JPEG 2000 image");
    if (/DCTDecode/.test(filter)) {
      if (!/^(\/DCTDecode|\[\s*\/DCTDecode\s*\])$/.test(filter))
        throw new PdfError("it holds a filtered JPEG image");
      if (!stripJpeg(buf, o.data[0], o.data[1])) throw new PdfError("a JPEG image cannot be read");
    }
  }
}
