/**
 * Every upload the operator can store keeps no metadata: images of each
 * accepted format lose EXIF (GPS included), XMP and comments in their WebP
 * copies and the original is not kept; movies, WebM videos and PDFs are
 * stripped in place and Word documents (.docx and the older .doc)
 * rewritten, and still hold their content; what cannot be stripped
 * (HEIC this server cannot convert, a PDF that hides its information in a
 * compressed object stream, a WebM subtitle track, a .doc that cannot be
 * read) is refused with a 400 naming the file, and nothing is stored.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import * as CFB from "cfb";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fx from "../fixtures/files.ts";
import { zip } from "../fixtures/files.ts";
import {
  CONTENT,
  DOC_AUTHOR,
  DOC_TEXT,
  docWithMetadata,
  docxWithMetadata,
  gifWithComment,
  imageWithMetadata,
  movieWithMetadata,
  pdfFrom,
  pdfWithMetadata,
  SECRETS,
  unzip,
  webmWithMetadata,
} from "../fixtures/metadata-files.ts";
import { login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let token: string;
let dataDir: string;
const uploads = () => path.join(dataDir, "uploads");
const listUploads = () => (existsSync(uploads()) ? readdirSync(uploads()).sort() : []);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "tw-metadata-test-"));
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir });
  token = await login(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Item = { url: string; filename: string; mime_type: string; file_size: number };

async function upload(name: string, data: Buffer) {
  const form = new FormData();
  form.append("files", new File([new Uint8Array(data)], name, { type: "application/octet-stream" }));
  const res = await ctx.app.request("/api/admin/media/upload", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: res.status,
    body: (await res.json()) as { items: Item[]; detail?: string; errors?: Record<string, string> },
  };
}

/** Every stored file of an upload (an image's copies included), as bytes. */
function storedFiles(item: Item): Buffer[] {
  const id = item.filename.split(".")[0];
  return listUploads()
    .filter((n) => n.startsWith(id))
    .map((n) => readFileSync(path.join(uploads(), n)));
}

/** None of the metadata's text in `bytes`, in any of the encodings it was written in. */
function expectNoSecrets(bytes: Buffer) {
  for (const secret of Object.values(SECRETS)) {
    expect(bytes.includes(Buffer.from(secret, "latin1")), secret).toBe(false);
    expect(bytes.includes(Buffer.from(secret, "utf16le")), secret).toBe(false);
  }
}

describe("images", () => {
  it.each(["jpeg", "png", "webp", "avif"] as const)(
    "a %s with EXIF (camera, artist, GPS) and XMP is stored without any of it, in every copy",
    async (format) => {
      const original = await imageWithMetadata(format);
      const before = await sharp(original).metadata();
      expect(before.exif).toBeDefined();
      expect(before.xmp).toBeDefined();
      expect(original.includes(Buffer.from(SECRETS.person))).toBe(true);

      const res = await upload(`photo.${format}`, original);
      expect(res.status).toBe(201);
      const files = storedFiles(res.body.items[0]);
      expect(files).toHaveLength(4);
      for (const bytes of files) {
        const meta = await sharp(bytes).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.iptc).toBeUndefined();
        expect(bytes.includes(Buffer.from("EXIF"))).toBe(false);
        expect(bytes.includes(Buffer.from("XMP "))).toBe(false);
        expectNoSecrets(bytes);
      }
    },
  );

  it("a GIF's comment is not kept", async () => {
    const original = await gifWithComment();
    expect(original.includes(Buffer.from(SECRETS.person))).toBe(true);
    const res = await upload("anim.gif", original);
    expect(res.status).toBe(201);
    for (const bytes of storedFiles(res.body.items[0])) expectNoSecrets(bytes);
  });

  it("nothing but the copies is stored: the received file is gone", () => {
    expect(
      existsSync(path.join(dataDir, "upload-tmp")) ? readdirSync(path.join(dataDir, "upload-tmp")) : [],
    ).toEqual([]);
    expect(listUploads().every((n) => /^[a-f0-9]{24}(-480|-768|-960)?\.webp$/.test(n))).toBe(true);
  });

  it("a HEIC image this server cannot convert is refused, naming it, and nothing is stored", async () => {
    const before = listUploads();
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypheic"),
      Buffer.from([0, 0, 0, 0]),
      Buffer.from("mif1heic"),
      Buffer.from(SECRETS.place),
    ]);
    const res = await upload("IMG_0001.HEIC", heic);
    expect(res.status).toBe(400);
    expect(res.body.errors?.files).toMatch(/^"IMG_0001\.HEIC" cannot be stored without its metadata/);
    expect(listUploads()).toEqual(before);
  });
});

describe("videos", () => {
  it.each([
    ["clip.mp4", "isom"],
    ["clip.mov", "qt  "],
  ] as const)(
    "%s keeps its frames and loses its place, camera, person, dates and GPS track",
    async (name, brand) => {
      const original = movieWithMetadata(brand);
      expect(original.includes(Buffer.from(SECRETS.place))).toBe(true);
      const res = await upload(name, original);
      expect(res.status).toBe(201);
      const [stored] = storedFiles(res.body.items[0]);
      expectNoSecrets(stored);
      // Same length, the frame where it was: the sample tables still point at it.
      expect(stored.length).toBe(original.length);
      expect(stored.indexOf(CONTENT)).toBe(original.indexOf(CONTENT));
      // The recording date (seconds since 1904) is gone from the movie, track and media headers.
      const recorded = Buffer.from([0xe5, 0x82, 0x01, 0x00]);
      expect(original.includes(recorded)).toBe(true);
      expect(stored.includes(recorded)).toBe(false);
      // What was removed is free space, which players skip.
      expect(stored.includes(Buffer.from("free"))).toBe(true);
      for (const type of ["udta", "uuid", "\xa9xyz"])
        expect(stored.includes(Buffer.from(type, "latin1"))).toBe(false);
    },
  );

  it.each([
    ["a WebM", {}],
    ["a WebM recorded by a browser (sizes unknown)", { live: true }],
  ])("%s keeps its frames and loses its title, date, track name and tags", async (_, options) => {
    const original = webmWithMetadata(options);
    const res = await upload("clip.webm", original);
    expect(res.status).toBe(201);
    const [stored] = storedFiles(res.body.items[0]);
    expectNoSecrets(stored);
    expect(stored.length).toBe(original.length);
    expect(stored.indexOf(CONTENT)).toBe(original.indexOf(CONTENT));
    expect(stored.includes(Buffer.from("0a1b2c3d4e5f6071", "hex"))).toBe(false);
    expect(stored.includes(Buffer.from("V_VP9"))).toBe(true);
  });

  it("a WebM with a track that is neither video nor audio is refused, naming it", async () => {
    const res = await upload("subs.webm", webmWithMetadata({ trackType: 17 }));
    expect(res.status).toBe(400);
    expect(res.body.errors?.files).toMatch(/^"subs\.webm" cannot be stored without its metadata/);
  });
});

describe("PDF", () => {
  it("loses its information dictionary, XMP and its photo's EXIF, and still opens at every offset", async () => {
    const original = await pdfWithMetadata();
    const res = await upload("waiver.pdf", original);
    expect(res.status).toBe(201);
    const [stored] = storedFiles(res.body.items[0]);
    expectNoSecrets(stored);
    expect(stored.length).toBe(original.length);
    const text = stored.toString("latin1");
    expect(text).not.toMatch(/\/Author|\/Creator|\/CreationDate|FlateDecode/);
    expect(stored.includes(Buffer.from("Exif\0\0"))).toBe(false);
    // Every cross-reference entry still points at its object.
    const entries = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(7);
    for (const [i, offset] of entries.entries()) expect(text.startsWith(`${i + 1} 0 obj`, offset)).toBe(true);
    // The photo is still a JPEG that decodes to the same picture.
    const jpegAt = stored.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    const jpeg = stored.subarray(jpegAt, stored.indexOf(Buffer.from("\nendstream"), jpegAt));
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 64, 48, undefined]);
  });

  it.each([
    ["encrypted", "/Root 1 0 R /Encrypt 3 0 R"],
    ["its information in a compressed object stream", "/Root 1 0 R /Info 9 0 R"],
    ["an older copy of its information sits in a compressed object stream", "/Root 1 0 R /Info 4 0 R"],
  ])("is refused when %s, naming it", async (_, trailer) => {
    const packed = deflateSync(`4 0 << /Author (${SECRETS.person}) >>`);
    const pdf = pdfFrom(
      [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [] /Count 0 >>",
        Buffer.concat([
          Buffer.from(
            `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
          ),
          packed,
          Buffer.from("\nendstream"),
        ]),
        "<< /Author (Someone else) >>",
      ],
      trailer,
    );
    const res = await upload("locked.pdf", pdf);
    expect(res.status).toBe(400);
    expect(res.body.errors?.files).toMatch(/^"locked\.pdf" cannot be stored without its metadata/);
  });
});

describe("Word documents", () => {
  it("a .docx loses its properties, the names and times of its changes and comments, and its pictures' EXIF", async () => {
    const original = await docxWithMetadata();
    const res = await upload("kit-list.docx", original);
    expect(res.status).toBe(201);
    const [stored] = storedFiles(res.body.items[0]);
    expect(res.body.items[0]).toMatchObject({ file_size: stored.length });
    const before = unzip(original);
    const parts = unzip(stored);
    expect(Object.keys(parts).sort()).toEqual(Object.keys(before).sort());
    for (const [name, bytes] of Object.entries(parts)) {
      expectNoSecrets(bytes);
      expect(bytes.includes(Buffer.from("2026-01-05")), name).toBe(false);
    }
    expect(parts["word/document.xml"].toString()).toContain(`<w:t>${CONTENT}</w:t>`);
    expect(parts["[Content_Types].xml"]).toEqual(before["[Content_Types].xml"]);
    for (const picture of ["word/media/image1.jpeg", "word/media/image2.png"]) {
      const meta = await sharp(parts[picture]).metadata();
      expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([64, 48, undefined, undefined]);
    }
  });

  it("a .docx that embeds an object other than an Office document is refused, naming it", async () => {
    const embedded = zip({ ...unzip(fx.docx()), "word/embeddings/oleObject1.bin": fx.doc() });
    const res = await upload("with-object.docx", embedded);
    expect(res.status).toBe(400);
    expect(res.body.errors?.files).toMatch(
      /^"with-object\.docx" cannot be stored without its metadata.*oleObject1\.bin/,
    );
  });

  it("an old .doc loses its author, save history, property streams, dates and its photos' EXIF, and stays a Word document", async () => {
    const original = await docWithMetadata();
    expect(original.includes(Buffer.from(DOC_AUTHOR, "utf16le"))).toBe(true);
    const res = await upload("kit-list.doc", original);
    expect(res.status).toBe(201);
    const [stored] = storedFiles(res.body.items[0]);
    expect(res.body.items[0]).toMatchObject({
      mime_type: "application/msword",
      filename: expect.stringMatching(/\.doc$/),
      file_size: stored.length,
    });
    expectNoSecrets(stored);
    for (const name of [DOC_AUTHOR, "jane.author"]) {
      expect(stored.includes(Buffer.from(name, "latin1")), name).toBe(false);
      expect(stored.includes(Buffer.from(name, "utf16le")), name).toBe(false);
    }
    const container = CFB.read(stored, { type: "buffer" });
    const word = CFB.find(container, "/WordDocument");
    expect(word && Buffer.from(word.content).readUInt16LE(0)).toBe(0xa5ec);
    expect(word && Buffer.from(word.content).includes(Buffer.from(DOC_TEXT, "latin1"))).toBe(true);
    expect(CFB.find(container, "/1Table")).not.toBeNull();
    expect(container.FullPaths.filter((p) => p.includes("\u0005"))).toEqual([]);
  });

  it.each([
    ["broken.doc", async () => fx.doc(), "it is not a Word document this server can read"],
    ["locked.doc", () => docWithMetadata({ flags: 0x0100 }), "it is encrypted"],
  ])("%s is refused, naming it, and nothing is stored", async (name, make, reason) => {
    const before = listUploads();
    const res = await upload(name, await make());
    expect(res.status).toBe(400);
    expect(res.body.errors?.files).toBe(
      `"${name}" cannot be stored without its metadata (such as where and when it was made, and by whom): ${reason}. Export it again without metadata and upload that.`,
    );
    expect(listUploads()).toEqual(before);
  });
});
