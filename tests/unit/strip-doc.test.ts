/**
 * An old Word document (.doc) loses its property streams, save history,
 * template path, the names, initials and dates of its comments and tracked
 * changes, its dates and its pictures' metadata, and keeps its text and
 * pictures; what cannot be stripped is refused with the reason.
 */
import * as CFB from "cfb";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DocError, stripDoc } from "../../server/media/strip-doc.server.ts";
import * as fx from "../fixtures/files.ts";
import {
  blip,
  DOC_AUTHOR,
  DOC_TEXT,
  docWithMetadata,
  FIB_PAIRS,
  SECRETS,
} from "../fixtures/metadata-files.ts";

const read = (file: Buffer) => CFB.read(file, { type: "buffer" });
const streamOf = (file: Buffer, name: string) => {
  const entry = CFB.find(read(file), `/${name}`);
  return entry ? Buffer.from(entry.content) : null;
};
/** The (offset, length) pair `index` of the FIB in this WordDocument stream. */
const pair = (word: Buffer, index: number) => ({
  fc: word.readUInt32LE(FIB_PAIRS + 8 * index),
  lcb: word.readUInt32LE(FIB_PAIRS + 8 * index + 4),
});
/** The strings of the STTB at `fc`. */
function strings(table: Buffer, fc: number): string[] {
  const count = table.readUInt16LE(fc + 2);
  const found: string[] = [];
  let at = fc + 6;
  for (let i = 0; i < count; i++) {
    const cch = table.readUInt16LE(at);
    found.push(table.toString("utf16le", at + 2, at + 2 + 2 * cch));
    at += 2 + 2 * cch;
  }
  return found;
}
/** The picture of the first record of this type in `stream` (one UID). */
function picture(stream: Buffer, recType: number, instance: number): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(instance << 4, 0);
  header.writeUInt16LE(recType, 2);
  const at = stream.indexOf(header);
  return stream.subarray(at + 8 + 17, at + 8 + stream.readUInt32LE(at + 4));
}
/** The reason stripDoc gives for refusing `file`. */
function refusal(file: Buffer): string {
  try {
    stripDoc(file);
  } catch (error) {
    expect(error).toBeInstanceOf(DocError);
    return (error as Error).message;
  }
  throw new Error("not refused");
}
/** The document with its WordDocument stream changed by `change`. */
function withWord(file: Buffer, change: (word: Buffer) => void): Buffer {
  const c = read(file);
  const entry = CFB.find(c, "/WordDocument");
  if (!entry) throw new Error("no WordDocument");
  const word = Buffer.from(entry.content);
  change(word);
  entry.content = word;
  return Buffer.from(CFB.write(c, { type: "buffer" }));
}

let original: Buffer;
let stripped: Buffer;
beforeAll(async () => {
  original = await docWithMetadata();
  stripped = stripDoc(original);
});

describe("stripDoc", () => {
  it("keeps no name, path or company, in any encoding, and stays a Word document with its text", () => {
    for (const secret of [DOC_AUTHOR, "jane.author", SECRETS.person, SECRETS.camera, SECRETS.place]) {
      expect(stripped.includes(Buffer.from(secret, "latin1")), secret).toBe(false);
      expect(stripped.includes(Buffer.from(secret, "utf16le")), secret).toBe(false);
    }
    expect(original.includes(Buffer.from(DOC_AUTHOR, "utf16le"))).toBe(true);
    const paths = read(stripped).FullPaths.map((p) => p.replace(/^Root Entry\//, ""));
    expect(paths).toEqual(
      expect.arrayContaining(["WordDocument", "1Table", "Data", "\u0001CompObj", "ObjectPool/"]),
    );
    expect(paths.filter((p) => p.startsWith("\u0005") || p === "0Table")).toEqual([]);
    const word = streamOf(stripped, "WordDocument");
    expect(word?.toString("latin1", 1536, 1536 + DOC_TEXT.length)).toBe(DOC_TEXT);
    expect(word?.length).toBe(streamOf(original, "WordDocument")?.length);
  });

  it("empties the save history and routing slip, and the names of the template, authors and commenters", () => {
    const word = streamOf(stripped, "WordDocument") as Buffer;
    const table = streamOf(stripped, "1Table") as Buffer;
    const before = streamOf(original, "1Table") as Buffer;
    for (const index of [70, 71]) {
      const was = pair(streamOf(original, "WordDocument") as Buffer, index);
      expect(pair(word, index).lcb).toBe(0);
      expect(table.subarray(was.fc, was.fc + was.lcb).every((b) => b === 0)).toBe(true);
    }
    expect(strings(before, pair(word, 71).fc)).toEqual([DOC_AUTHOR, expect.stringContaining("jane.author")]);
    // Tracked-change authors and associated strings: as many entries as before, each empty.
    expect(strings(table, pair(word, 51).fc)).toEqual(["", ""]);
    expect(pair(word, 51).lcb).toBe(6 + 2 * 2);
    expect(strings(table, pair(word, 32).fc)).toEqual(Array(18).fill(""));
    // One comment author, now an empty name; the comment's initials are gone and it still points at it.
    expect(pair(word, 36).lcb).toBe(2);
    expect(table.readUInt16LE(pair(word, 36).fc)).toBe(0);
    const comments = pair(word, 4);
    expect(table.readUInt32LE(comments.fc + 4)).toBe(18);
    expect(table.subarray(comments.fc + 8, comments.fc + 28).every((b) => b === 0)).toBe(true);
    expect(table.readInt32LE(comments.fc + 8 + 26)).toBe(-1);
  });

  it("sets every date, the editing time and the revision count to zero", () => {
    const word = streamOf(stripped, "WordDocument") as Buffer;
    const table = streamOf(stripped, "1Table") as Buffer;
    const dop = pair(word, 31).fc;
    const before = streamOf(original, "1Table") as Buffer;
    expect(before.readUInt32LE(dop + 0x14)).not.toBe(0);
    expect(table.subarray(dop + 0x14, dop + 0x26).every((b) => b === 0)).toBe(true);
    expect(table.readUInt32LE(pair(word, 112).fc)).toBe(0);
    expect(word.readBigUInt64LE(FIB_PAIRS + 8 * 87)).toBe(0n);
    expect(streamOf(original, "WordDocument")?.readBigUInt64LE(FIB_PAIRS + 8 * 87)).not.toBe(0n);
  });

  it("keeps its photo and screenshot, without EXIF or XMP, at their length", async () => {
    for (const [name, recType, instance] of [
      ["Data", 0xf01d, 0x46a],
      ["WordDocument", 0xf01e, 0x6e0],
    ] as const) {
      expect(
        (await sharp(picture(streamOf(original, name) as Buffer, recType, instance)).metadata()).exif,
      ).toBeDefined();
    }
    const jpeg = picture(streamOf(stripped, "Data") as Buffer, 0xf01d, 0x46a);
    const png = picture(streamOf(stripped, "WordDocument") as Buffer, 0xf01e, 0x6e0);
    expect(jpeg.length).toBe(picture(streamOf(original, "Data") as Buffer, 0xf01d, 0x46a).length);
    for (const bytes of [jpeg, png]) {
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([64, 48, undefined, undefined]);
      expect((await sharp(bytes).raw().toBuffer()).length).toBe(64 * 48 * 3);
    }
  });

  it("removes property streams anywhere and digital signatures, which name the signer", async () => {
    const doc = await docWithMetadata({
      streams: {
        "_xmlsignatures/1": Buffer.from(`<Signature>${DOC_AUTHOR}</Signature>`),
        "Macros/\u0005SummaryInformation": Buffer.from(DOC_AUTHOR),
        "Macros/PROJECT": Buffer.from("ID=1"),
      },
    });
    const paths = read(stripDoc(doc)).FullPaths.map((p) => p.replace(/^Root Entry\//, ""));
    expect(paths).toEqual(expect.arrayContaining(["Macros/", "Macros/PROJECT"]));
    expect(paths.filter((p) => p.includes("signatures") || p.includes("\u0005"))).toEqual([]);
  });

  it.each([
    ["bytes that are no compound file", () => Buffer.from("not a document"), "it is not a Word document"],
    ["a compound file cut short", () => fx.doc(), "it is not a Word document"],
    ["a compound file without WordDocument", () => fx.ole2("Workbook"), "it is not a Word document"],
    ["an encrypted document", () => docWithMetadata({ flags: 0x0100 }), "it is encrypted"],
    ["a Word 95 document", () => docWithMetadata({ nFib: 0x68 }), "older than Word 97"],
    ["a document without its table stream", () => docWithMetadata({ noTable: true }), "(1Table) is missing"],
    [
      "a document embedding an object",
      () => docWithMetadata({ streams: { "ObjectPool/_1234/\u0001Ole": Buffer.alloc(20) } }),
      "it embeds an object (ObjectPool/_1234)",
    ],
    [
      "a document with a TIFF picture",
      () =>
        docWithMetadata({
          data: blip(0xf029, 0x6e4, Buffer.concat([Buffer.from("II*\0"), Buffer.alloc(40)])),
        }),
      "TIFF picture",
    ],
  ])("refuses %s", async (_, make, reason) => {
    expect(refusal(await make())).toContain(reason);
  });

  it("refuses a document whose list points past its table stream", async () => {
    const broken = withWord(await docWithMetadata(), (word) =>
      word.writeUInt32LE(1 << 20, FIB_PAIRS + 8 * 51 + 4),
    );
    expect(refusal(broken)).toBe("its list of tracked-change authors cannot be read");
  });

  it("refuses a list whose strings run past its length", async () => {
    const broken = withWord(await docWithMetadata(), (word) => word.writeUInt32LE(8, FIB_PAIRS + 8 * 32 + 4));
    expect(refusal(broken)).toBe("its template and author names cannot be read");
  });
});
