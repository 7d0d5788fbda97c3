import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMissingVariants } from "../../server/media/store.server.ts";
import * as fx from "../fixtures/files.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let token: string;
let dataDir: string;
const uploads = () => path.join(dataDir, "uploads");
const listUploads = () => (existsSync(uploads()) ? readdirSync(uploads()).sort() : []);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "tw-media-test-"));
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir, UPLOAD_MAX_MB: "1" });
  token = await login(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
type Item = Json & {
  id: string;
  url: string;
  filename: string;
  dimensions: { width: number; height: number } | null;
};

const call = async (method: string, p: string, body?: unknown) => {
  const res = await ctx.app.request(p, authed(token, method, body));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json & Json[] };
};

async function upload(
  files: { name: string; data: Buffer; type?: string }[],
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const f of files)
    form.append("files", new File([new Uint8Array(f.data)], f.name, { type: f.type ?? "image/jpeg" }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await ctx.app.request("/api/admin/media/upload", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Json & { items: Item[]; failed: Json[] } };
}

/** A hand-made multipart body, for what browsers would never send. */
async function rawUpload(body: string | Buffer, boundary = "XyZ") {
  const res = await ctx.app.request("/api/admin/media/upload", {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
    },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe("media library: manual registration", () => {
  it("needs the admin token for every media route", async () => {
    for (const [method, p] of [
      ["GET", "/api/admin/media"],
      ["GET", "/api/admin/media/config"],
      ["POST", "/api/admin/media"],
      ["POST", "/api/admin/media/upload"],
      ["DELETE", "/api/admin/media/x"],
    ]) {
      expect((await ctx.app.request(p, jsonRequest(method))).status, `${method} ${p}`).toBe(401);
    }
  });

  it("requires a URL and a filename, and checks type, folder and size", async () => {
    const cases: [Json, string, RegExp][] = [
      [{ url: "", filename: "a.jpg" }, "url", /File URL is required/],
      [{ url: "not a url", filename: "a.jpg" }, "url", /must be a URL/],
      [{ url: "javascript:alert(1)", filename: "a.jpg" }, "url", /must be a URL/],
      [{ url: "https://example.com/a.jpg", filename: "" }, "filename", /Filename is required/],
      [
        { url: "https://example.com/a.jpg", filename: "a", file_type: "audio" },
        "file_type",
        /image, video or document/,
      ],
      [{ url: "https://example.com/a.jpg", filename: "a", folder: "../etc" }, "folder", /from the list/],
      [{ url: "https://example.com/a.jpg", filename: "a", file_size: -1 }, "file_size", /at least 0/],
    ];
    for (const [body, field, message] of cases) {
      const res = await call("POST", "/api/admin/media", body);
      expect(res.status, field).toBe(400);
      expect((res.body.errors as Json)[field]).toMatch(message);
    }
  });

  it("registers a file by URL with all its fields", async () => {
    const res = await call("POST", "/api/admin/media", {
      url: "https://example.com/brochure.pdf",
      filename: "brochure.pdf",
      original_name: "Brochure 2026.pdf",
      file_type: "document",
      mime_type: "application/pdf",
      file_size: 2048,
      alt_text: "",
      caption: "Trip brochure",
      tags: ["print", " ", "2026"],
      folder: "uploads",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      file_type: "document",
      tags: ["print", "2026"],
      dimensions: null,
      file_size: 2048,
    });
    const list = await call("GET", "/api/admin/media");
    expect(list.body[0].id).toBe(res.body.id);
    // Deleting an entry that points elsewhere touches no file.
    const del = await call("DELETE", `/api/admin/media/${res.body.id}`);
    expect(del.body).toMatchObject({ success: true, files_removed: 0 });
  });

  it("tells the form the upload limit", async () => {
    const res = await call("GET", "/api/admin/media/config");
    expect(res.body).toEqual({ upload_max_mb: 1, max_files: 20 });
  });
});

describe("media library: uploads", () => {
  it("takes several files at once, checked by content, stored under generated names", async () => {
    const big = await fx.image("jpeg", 2000, 1000);
    const { status, body } = await upload(
      [
        { name: "Reef Photo.JPG", data: big },
        { name: "logo.png", data: await fx.image("png", 300, 200), type: "image/png" },
        { name: "anim.gif", data: await fx.image("gif"), type: "image/gif" },
        { name: "clip.mp4", data: fx.mp4(), type: "video/mp4" },
        { name: "clip.webm", data: fx.webm(), type: "video/webm" },
        { name: "waiver.pdf", data: fx.pdf(), type: "application/pdf" },
        { name: "kit-list.docx", data: fx.docx(), type: "application/octet-stream" },
        // Named like a PNG, really a JPEG: the content decides.
        { name: "misnamed.png", data: await fx.image("jpeg", 40, 30), type: "image/png" },
      ],
      { folder: "gallery", tags: "reef, , manly " },
    );
    expect(status).toBe(201);
    expect(body.failed).toEqual([]);
    const byName = Object.fromEntries(body.items.map((i) => [i.original_name as string, i]));
    expect(Object.keys(byName).sort()).toEqual(
      [
        "Reef Photo.JPG",
        "anim.gif",
        "clip.mp4",
        "clip.webm",
        "kit-list.docx",
        "logo.png",
        "misnamed.png",
        "waiver.pdf",
      ].sort(),
    );
    for (const item of body.items) {
      expect(item.filename).toMatch(/^[a-f0-9]{24}\.(webp|mp4|webm|pdf|docx|doc)$/);
      expect(item.url).toBe(`/uploads/${item.filename}`);
      expect(item).toMatchObject({ folder: "gallery", tags: ["reef", "manly"] });
    }
    const photo = byName["Reef Photo.JPG"];
    expect(photo).toMatchObject({
      file_type: "image",
      mime_type: "image/webp",
      dimensions: { width: 1600, height: 800 },
    });
    expect(byName["logo.png"].dimensions).toEqual({ width: 300, height: 200 });
    expect(byName["anim.gif"].dimensions).toEqual({ width: 64, height: 48 });
    expect(byName["misnamed.png"]).toMatchObject({
      file_type: "image",
      dimensions: { width: 40, height: 30 },
    });
    expect(byName["clip.mp4"]).toMatchObject({
      file_type: "video",
      mime_type: "video/mp4",
      dimensions: null,
    });
    expect(byName["clip.webm"]).toMatchObject({ file_type: "video", mime_type: "video/webm" });
    expect(byName["waiver.pdf"]).toMatchObject({ file_type: "document", mime_type: "application/pdf" });
    expect(byName["kit-list.docx"]).toMatchObject({
      file_type: "document",
      filename: expect.stringMatching(/\.docx$/),
    });

    // Four WebP sizes per image, as the public <Img> asks for them.
    const stem = (photo.filename as string).replace(/\.webp$/, "");
    const widths = await Promise.all(
      [`${stem}.webp`, `${stem}-960.webp`, `${stem}-768.webp`, `${stem}-480.webp`].map(
        async (n) => (await sharp(path.join(uploads(), n)).metadata()).width,
      ),
    );
    expect(widths).toEqual([1600, 960, 768, 480]);
    // Small images are never enlarged.
    const logoStem = (byName["logo.png"].filename as string).replace(/\.webp$/, "");
    expect((await sharp(path.join(uploads(), `${logoStem}-960.webp`)).metadata()).width).toBe(300);
    expect((await sharp(path.join(uploads(), `${logoStem}-768.webp`)).metadata()).width).toBe(300);
    expect((await sharp(path.join(uploads(), `${logoStem}-480.webp`)).metadata()).width).toBe(300);
    // Nothing left behind in the temporary folder.
    expect(readdirSync(path.join(dataDir, "upload-tmp"))).toEqual([]);

    // The stored files are served, with nosniff.
    const served = await ctx.app.request(photo.url as string);
    expect(served.status).toBe(200);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses an executable renamed .jpg, SVG, HTML and a non-Word zip (400 naming the file), storing nothing", async () => {
    const before = listUploads();
    for (const [name, data] of [
      ["holiday.jpg", fx.elf()],
      ["setup.jpg", fx.exe()],
      ["vector.svg", fx.svg()],
      ["page.png", fx.html()],
      ["archive.docx", fx.plainZip()],
      ["song.mp4", fx.m4a()],
      ["empty.jpg", Buffer.alloc(0)],
    ] as const) {
      const { status, body } = await upload([{ name, data }]);
      expect(status, name).toBe(400);
      expect(body.detail).toContain(`"${name}" is not an accepted file type`);
    }
    // One bad file refuses the whole request: the good one is not kept either.
    const mixed = await upload([
      { name: "good.png", data: await fx.image("png") },
      { name: "evil.jpg", data: fx.elf() },
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.body.detail).toContain('"evil.jpg"');
    expect(mixed.body.detail).not.toContain("good.png");
    expect(listUploads()).toEqual(before);
    expect(readdirSync(path.join(dataDir, "upload-tmp"))).toEqual([]);
  });

  it("refuses a file over UPLOAD_MAX_MB with a clear 413, storing nothing", async () => {
    const before = listUploads();
    const huge = Buffer.concat([await fx.image("jpeg"), Buffer.alloc(1024 * 1024 + 10)]);
    const { status, body } = await upload([
      { name: "small.png", data: await fx.image("png") },
      { name: "huge.jpg", data: huge },
    ]);
    expect(status).toBe(413);
    expect(body.detail).toBe(
      '"huge.jpg" is larger than the 1 MB upload limit. Please choose a smaller file.',
    );
    expect(listUploads()).toEqual(before);
    expect(readdirSync(path.join(dataDir, "upload-tmp"))).toEqual([]);
  });

  it("keeps hostile file names as data only", async () => {
    const long = `${"a".repeat(400)}.png`;
    const names = [
      "../../etc/passwd.jpg",
      "<img src=x onerror=alert(1)>.png",
      "<script>alert(1)</script>.png",
      long,
      "Ōcean 🌊 día.png",
      "..\\..\\win.ini.png",
      'quote".png',
    ];
    const files = await Promise.all(
      names.map(async (name) => ({ name, data: await fx.image("png"), type: "image/png" })),
    );
    const { status, body } = await upload(files);
    expect(status).toBe(201);
    const originals = body.items.map((i) => i.original_name as string);
    expect(originals).toContain("passwd.jpg");
    expect(originals).toContain("<img src=x onerror=alert(1)>.png");
    // A slash is a path separator: only the last segment is kept.
    expect(originals).toContain("script>.png");
    expect(originals).toContain("Ōcean 🌊 día.png");
    expect(originals).toContain("win.ini.png");
    expect(originals).toContain('quote".png');
    const longStored = originals.find((o) => o.startsWith("aaaa")) ?? "";
    expect([...longStored].length).toBe(200);
    expect(longStored.endsWith(".png")).toBe(true);
    for (const i of body.items) expect(i.filename).toMatch(/^[a-f0-9]{24}\.webp$/);
    // Nothing was written outside the uploads folder.
    expect(readdirSync(dataDir).sort()).toEqual(["upload-tmp", "uploads"]);
    expect(
      listUploads().every((n) => /^[a-f0-9]{24}(-480|-768|-960)?\.(webp|mp4|webm|pdf|docx|doc)$/.test(n)),
    ).toBe(true);
  });

  it("rejects malformed uploads with 400, never 500", async () => {
    const png = await fx.image("png");
    const part = (headers: string, data: string | Buffer) =>
      Buffer.concat([Buffer.from(`--XyZ\r\n${headers}\r\n\r\n`), Buffer.from(data), Buffer.from("\r\n")]);
    // Not multipart at all.
    const json = await ctx.app.request("/api/admin/media/upload", authed(token, "POST", { files: [] }));
    expect(json.status).toBe(400);
    // No file in it.
    const none = await rawUpload(
      Buffer.concat([
        part('Content-Disposition: form-data; name="folder"', "gallery"),
        Buffer.from("--XyZ--\r\n"),
      ]),
    );
    expect(none.status).toBe(400);
    expect(none.body.detail).toMatch(/Choose at least one file/);
    // Cut off in the middle of a file.
    const cut = await rawUpload(
      Buffer.concat([
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n\r\n'),
        png,
      ]),
    );
    expect(cut.status).toBe(400);
    expect(cut.body.detail).toMatch(/cut off/);
    // A part without a form-data disposition.
    const odd = await rawUpload(
      Buffer.concat([part("Content-Type: text/plain", "x"), Buffer.from("--XyZ--\r\n")]),
    );
    expect(odd.status).toBe(400);
    // A bad folder field.
    const folder = await rawUpload(
      Buffer.concat([
        part('Content-Disposition: form-data; name="folder"', "../../etc"),
        part('Content-Disposition: form-data; name="files"; filename="a.png"', png),
        Buffer.from("--XyZ--\r\n"),
      ]),
    );
    expect(folder.status).toBe(400);
    expect((folder.body.errors as Json).folder).toMatch(/from the list/);
    // A filename* (RFC 5987) name and a boundary split across reads still work.
    const star = await rawUpload(
      Buffer.concat([
        part("Content-Disposition: form-data; name=\"files\"; filename*=UTF-8''r%C3%A9cif.png", png),
        Buffer.from("--XyZ--\r\n"),
      ]),
    );
    expect(star.status).toBe(201);
    expect((star.body.items as Json[])[0].original_name).toBe("récif.png");
  });

  it("deletes an upload together with its stored files", async () => {
    const { body } = await upload([
      { name: "delete-me.png", data: await fx.image("png"), type: "image/png" },
    ]);
    const item = body.items[0];
    const stem = item.filename.replace(/\.webp$/, "");
    const files = [`${stem}.webp`, `${stem}-960.webp`, `${stem}-768.webp`, `${stem}-480.webp`];
    for (const n of files) {
      expect(existsSync(path.join(uploads(), n))).toBe(true);
    }
    const del = await call("DELETE", `/api/admin/media/${item.id}`);
    expect(del.body).toMatchObject({ success: true, files_removed: 4 });
    for (const n of files) {
      expect(existsSync(path.join(uploads(), n))).toBe(false);
    }
    expect(await call("DELETE", `/api/admin/media/${item.id}`)).toMatchObject({
      status: 404,
      body: { detail: "Media file not found" },
    });
    expect((await ctx.app.request(item.url)).status).toBe(404);
  });

  it("gives an upload stored before a size existed that size, once, at start", async () => {
    const { body } = await upload([
      { name: "older.png", data: await fx.image("png", 1000, 600), type: "image/png" },
    ]);
    const stem = body.items[0].filename.replace(/\.webp$/, "");
    const copy = path.join(uploads(), `${stem}-768.webp`);
    rmSync(copy);
    const log = ctx.services.log;
    expect(await addMissingVariants(dataDir, log)).toBe(1);
    expect((await sharp(copy).metadata()).width).toBe(768);
    // Nothing half-written is left, and a second run has nothing to do.
    expect(listUploads().filter((n) => n.endsWith(".tmp"))).toEqual([]);
    expect(await addMissingVariants(dataDir, log)).toBe(0);
  });

  it("a manual entry pointing at a traversal path never deletes anything outside uploads", async () => {
    const res = await call("POST", "/api/admin/media", {
      url: "/uploads/../../etc/passwd",
      filename: "passwd",
    });
    expect(res.status).toBe(201);
    const del = await call("DELETE", `/api/admin/media/${res.body.id}`);
    expect(del.body.files_removed).toBe(0);
  });
});
