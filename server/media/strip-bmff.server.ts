/**
 * Metadata out of an MP4 or QuickTime movie (ISO base media file format), in
 * place: the file keeps its length and every offset in it, so its sample
 * tables still point at the same bytes and it plays as before.
 *
 * - Every `udta` (user data: the phone's location as ©xyz, camera, author,
 *   Nikon/GoPro blocks), `meta` (iTunes-style and Apple keys, among them
 *   com.apple.quicktime.location.ISO6709), `uuid` (XMP and vendor blocks) and
 *   `XMP_` box, wherever it sits, becomes a `free` box of the same size full
 *   of zeros: players skip free boxes.
 * - The creation and modification times of the movie, each track and each
 *   media (mvhd, tkhd, mdhd) become zero ("unknown").
 * - A track that is neither video nor sound (timed metadata such as GPS
 *   logs from action cameras, phones' location and sensor tracks,
 *   timecode, text) is removed the same way, and the bytes of its samples in
 *   the media data are zeroed.
 * A fragmented movie with such a track is refused: its samples are described
 * fragment by fragment, which this reader does not follow.
 */

type Box = { type: string; start: number; headerSize: number; end: number };

const CONTAINERS = new Set(["moov", "trak", "mdia", "minf", "stbl", "edts", "dinf", "mvex", "moof", "traf"]);
const METADATA = new Set(["udta", "meta", "uuid", "XMP_"]);
const TIMES = new Set(["mvhd", "tkhd", "mdhd"]);
const KEPT_TRACKS = new Set(["vide", "soun"]);

export class BmffError extends Error {}

function boxes(buf: Buffer, from: number, to: number): Box[] {
  const found: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString("latin1", at + 4, at + 8);
    let headerSize = 8;
    if (size === 1) {
      if (at + 16 > to) throw new BmffError("a box header is cut off");
      size = Number(buf.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < headerSize || at + size > to) throw new BmffError(`the ${type} box runs past its container`);
    found.push({ type, start: at, headerSize, end: at + size });
    at += size;
  }
  return found;
}

const child = (buf: Buffer, box: Box, type: string) =>
  boxes(buf, box.start + box.headerSize, box.end).find((b) => b.type === type);

/** Turns a box into a `free` box of the same size with nothing in it. */
function blank(buf: Buffer, box: Box) {
  buf.write("free", box.start + 4, "latin1");
  buf.fill(0, box.start + box.headerSize, box.end);
}

function zeroTimes(buf: Buffer, box: Box) {
  const at = box.start + box.headerSize;
  const wide = buf[at] === 1;
  const end = at + 4 + (wide ? 16 : 8);
  if (end > box.end) throw new BmffError(`the ${box.type} box is too short`);
  buf.fill(0, at + 4, end);
}

function handlerOf(buf: Buffer, trak: Box): string {
  const mdia = child(buf, trak, "mdia");
  const hdlr = mdia && child(buf, mdia, "hdlr");
  if (!hdlr || hdlr.end - hdlr.start < hdlr.headerSize + 12) return "";
  return buf.toString("latin1", hdlr.start + hdlr.headerSize + 8, hdlr.start + hdlr.headerSize + 12);
}

/** Zeroes the bytes of every sample of a track, from its sample tables (stsz, stsc, stco/co64). */
function zeroSamples(buf: Buffer, trak: Box) {
  const mdia = child(buf, trak, "mdia");
  const minf = mdia && child(buf, mdia, "minf");
  const stbl = minf && child(buf, minf, "stbl");
  if (!stbl) return;
  const stsz = child(buf, stbl, "stsz");
  const stsc = child(buf, stbl, "stsc");
  const stco = child(buf, stbl, "stco") ?? child(buf, stbl, "co64");
  if (!stco) return;
  if (!stsz || !stsc) throw new BmffError("a data track's sample table cannot be read");
  const p = (box: Box) => box.start + box.headerSize + 4;
  const fixedSize = buf.readUInt32BE(p(stsz));
  const sampleCount = buf.readUInt32BE(p(stsz) + 4);
  const sizeOf = (i: number) => (fixedSize !== 0 ? fixedSize : buf.readUInt32BE(p(stsz) + 8 + i * 4));
  const runs = Array.from({ length: buf.readUInt32BE(p(stsc)) }, (_, i) => ({
    first: buf.readUInt32BE(p(stsc) + 4 + i * 12),
    perChunk: buf.readUInt32BE(p(stsc) + 8 + i * 12),
  }));
  const wide = stco.type === "co64";
  const chunks = buf.readUInt32BE(p(stco));
  let sample = 0;
  for (let c = 1; c <= chunks && sample < sampleCount; c++) {
    const entry = p(stco) + 4 + (c - 1) * (wide ? 8 : 4);
    let at = wide ? Number(buf.readBigUInt64BE(entry)) : buf.readUInt32BE(entry);
    const perChunk = runs.findLast((r) => r.first <= c)?.perChunk ?? 0;
    for (let s = 0; s < perChunk && sample < sampleCount; s++, sample++) {
      const size = sizeOf(sample);
      if (at + size > buf.length) throw new BmffError("a data track's samples run past the file");
      buf.fill(0, at, at + size);
      at += size;
    }
  }
}

/** Strips `buf` in place (see the file comment); throws BmffError when the movie cannot be read or stripped. */
export function stripBmff(buf: Buffer): void {
  const top = boxes(buf, 0, buf.length);
  const fragmented = top.some((b) => b.type === "moof");
  const walk = (list: Box[]) => {
    for (const box of list) {
      if (METADATA.has(box.type)) blank(buf, box);
      else if (TIMES.has(box.type)) zeroTimes(buf, box);
      else if (box.type === "trak" && !KEPT_TRACKS.has(handlerOf(buf, box))) {
        if (fragmented) throw new BmffError("a fragmented movie with a data track");
        zeroSamples(buf, box);
        blank(buf, box);
      } else if (CONTAINERS.has(box.type)) walk(boxes(buf, box.start + box.headerSize, box.end));
    }
  };
  walk(top);
}
