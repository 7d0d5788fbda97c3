/**
 * Metadata out of a WebM video (Matroska's EBML), in place: an element that
 * carries metadata becomes a Void element of the same length, so every
 * position the file records (its SeekHead, its Cues) stays right.
 *
 * Voided: Tags (titles, dates, places, people, any key a tool wrote),
 * Attachments (cover pictures, files), Chapters, and in the segment's Info
 * the Title and recording date (DateUTC), in each track its Name; a CRC-32
 * over an element changed here goes too. Kept: what plays the video, and the
 * muxing and writing application names, which the format requires. A track
 * that is neither video nor audio (subtitles, metadata) is refused: its
 * blocks are spread through the clusters.
 */

export class WebmError extends Error {}

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  cluster: 0x1f43b675,
  crc32: 0xbf,
} as const;
/** Elements voided wherever they sit at the segment's level. */
const SEGMENT_METADATA = new Set([0x1254c367, 0x1941a469, 0x1043a770]);
/** Info's children voided: Title, DateUTC. */
const INFO_METADATA = new Set([0x7ba9, 0x4461]);
/** A track's Name. */
const TRACK_NAME = 0x536e;
/** The segment's children: where a cluster of unknown size ends. */
const SEGMENT_LEVEL = new Set([
  0x114d9b74,
  ID.info,
  ID.tracks,
  ID.cluster,
  0x1c53bb6b,
  0x1043a770,
  0x1254c367,
  0x1941a469,
]);
const VIDEO = 1;
const AUDIO = 2;

type Element = { id: number; start: number; dataStart: number; end: number; unknownSize: boolean };

function vint(
  buf: Buffer,
  at: number,
  keepMarker: boolean,
): { value: number; length: number; allOnes: boolean } {
  const first = buf[at];
  if (first === undefined || first === 0) throw new WebmError("an element header cannot be read");
  const length = Math.clz32(first) - 23;
  if (at + length > buf.length) throw new WebmError("an element header is cut off");
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i];
    allOnes &&= buf[at + i] === 0xff;
  }
  return { value, length, allOnes };
}

function element(buf: Buffer, at: number, parentEnd: number): Element {
  const id = vint(buf, at, true);
  if (id.length > 4) throw new WebmError("an element id is too long");
  const size = vint(buf, at + id.length, false);
  const dataStart = at + id.length + size.length;
  const end = size.allOnes ? parentEnd : dataStart + size.value;
  if (end > parentEnd) throw new WebmError("an element runs past its parent");
  return { id: id.value, start: at, dataStart, end, unknownSize: size.allOnes };
}

function children(buf: Buffer, parent: { dataStart: number; end: number }): Element[] {
  const found: Element[] = [];
  for (let at = parent.dataStart; at < parent.end; ) {
    const e = element(buf, at, parent.end);
    if (e.unknownSize) throw new WebmError("an element of unknown size inside another");
    found.push(e);
    at = e.end;
  }
  return found;
}

/** Rewrites an element as a Void element (0xEC) of exactly the same length, full of zeros. */
function voidElement(buf: Buffer, e: Element) {
  const total = e.end - e.start;
  const sizeLength = Math.min(8, total - 1);
  const payload = total - 1 - sizeLength;
  buf.fill(0, e.start, e.end);
  buf[e.start] = 0xec;
  let rest = payload;
  for (let i = sizeLength - 1; i >= 0; i--) {
    buf[e.start + 1 + i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  buf[e.start + 1] |= 0x80 >> (sizeLength - 1);
}

/** Voids the listed children of an element, and its CRC-32 when one was voided. */
function voidChildren(buf: Buffer, parent: Element, ids: Set<number>) {
  const list = children(buf, parent);
  const voided = list.filter((c) => ids.has(c.id));
  for (const c of voided) voidElement(buf, c);
  if (voided.length > 0) for (const c of list.filter((x) => x.id === ID.crc32)) voidElement(buf, c);
}

function stripTracks(buf: Buffer, tracks: Element) {
  for (const entry of children(buf, tracks).filter((c) => c.id === ID.trackEntry)) {
    const type = children(buf, entry).find((c) => c.id === ID.trackType);
    const value = type ? buf.readUIntBE(type.dataStart, Math.min(6, type.end - type.dataStart)) : 0;
    if (value !== VIDEO && value !== AUDIO) throw new WebmError("a track that is neither video nor audio");
    voidChildren(buf, entry, new Set([TRACK_NAME]));
  }
}

/** Where a cluster of unknown size ends: at the next element of the segment's level, or the segment's end. */
function clusterEnd(buf: Buffer, cluster: Element, segmentEnd: number): number {
  let at = cluster.dataStart;
  while (at < segmentEnd) {
    if (SEGMENT_LEVEL.has(vint(buf, at, true).value)) return at;
    at = element(buf, at, segmentEnd).end;
  }
  return segmentEnd;
}

/** Strips `buf` in place (see the file comment); throws WebmError when the file cannot be read or stripped. */
export function stripWebm(buf: Buffer): void {
  let at = 0;
  while (at < buf.length) {
    const top = element(buf, at, buf.length);
    if (top.id === ID.segment) {
      for (let inner = top.dataStart; inner < top.end; ) {
        const e = element(buf, inner, top.end);
        const end = e.unknownSize && e.id === ID.cluster ? clusterEnd(buf, e, top.end) : e.end;
        if (e.unknownSize && e.id !== ID.cluster) throw new WebmError("a segment element of unknown size");
        if (SEGMENT_METADATA.has(e.id)) voidElement(buf, e);
        else if (e.id === ID.info) voidChildren(buf, e, INFO_METADATA);
        else if (e.id === ID.tracks) stripTracks(buf, e);
        inner = end;
      }
    } else if (top.id !== ID.ebml && top.id !== 0xec) {
      throw new WebmError("an element outside the segment");
    }
    at = top.end;
  }
}
