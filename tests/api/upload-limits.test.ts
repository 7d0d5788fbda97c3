/**
 * The upload reader's limits and refusals, each with the message the person
 * uploading sees, and no temporary file left behind whatever went wrong.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as fx from "../fixtures/files.ts";
import { login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let token: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "tw-upload-limits-"));
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir, UPLOAD_MAX_MB: "1" });
  token = await login(ctx);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Body = { detail: string; errors?: Record<string, string> };

async function send(body: BodyInit, contentType?: string) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (contentType) headers["Content-Type"] = contentType;
  const res = await ctx.app.request("/api/admin/media/upload", { method: "POST", headers, body });
  return { status: res.status, body: (await res.json()) as Body };
}

const tmpLeft = () => {
  const dir = path.join(dataDir, "upload-tmp");
  return existsSync(dir) ? readdirSync(dir) : [];
};
const stored = () => {
  const dir = path.join(dataDir, "uploads");
  return existsSync(dir) ? readdirSync(dir).length : 0;
};

describe("upload limits", () => {
  it("refuses more than 20 files in one upload with a 413", async () => {
    const png = await fx.image("png", 8, 8);
    const form = new FormData();
    for (let i = 0; i < 21; i++) form.append("files", new File([new Uint8Array(png)], `p${i}.png`));
    const before = stored();
    const { status, body } = await send(form);
    expect(status).toBe(413);
    expect(body.detail).toBe("Upload at most 20 files at once.");
    expect(body.errors?.files).toBe("At most 20 files at once");
    expect(stored()).toBe(before);
    expect(tmpLeft()).toEqual([]);
  });

  it("names the first file over the size limit, after reading the rest of the body", async () => {
    const form = new FormData();
    form.append("files", new File([new Uint8Array(await fx.image("png", 8, 8))], "small.png"));
    form.append("files", new File([new Uint8Array(1024 * 1024 + 1)], "big.mp4"));
    form.append("files", new File([new Uint8Array(1024 * 1024 + 1)], "bigger.mp4"));
    const { status, body } = await send(form);
    expect(status).toBe(413);
    expect(body.detail).toBe('"big.mp4" is larger than the 1 MB upload limit. Please choose a smaller file.');
    expect(tmpLeft()).toEqual([]);
  });

  it("refuses a field value over 64 KB, naming the field", async () => {
    const form = new FormData();
    form.append("tags", "a".repeat(64 * 1024 + 1));
    form.append("files", new File([new Uint8Array(await fx.image("png", 8, 8))], "a.png"));
    const { status, body } = await send(form);
    expect(status).toBe(400);
    expect(body.detail).toBe('files: The field "tags" is too long');
    expect(tmpLeft()).toEqual([]);
  });

  it("refuses more than 50 form fields", async () => {
    const form = new FormData();
    for (let i = 0; i < 51; i++) form.append(`f${i}`, "x");
    const { status, body } = await send(form);
    expect(status).toBe(400);
    expect(body.detail).toBe("files: Too many form fields");
  });

  it("applies the text rule to field names and to field values", async () => {
    // busboy refuses a control character in a part header before the text rule sees the name.
    for (const bad of ["fo\u0001lder", "fo\u007flder", "fo\u0000lder"]) {
      const form = new FormData();
      form.append(bad, "gallery");
      const { status, body } = await send(form);
      expect(status, JSON.stringify(bad)).toBe(400);
      expect(body.errors?.files, JSON.stringify(bad)).toBe("The upload is not valid multipart data");
    }
    // A name given only as name* (which multipart forms do not use) is no name, and ignored.
    const starred = Buffer.from(
      "--XyZ\r\nContent-Disposition: form-data; name*=UTF-8''fo%01lder\r\n\r\ngallery\r\n--XyZ--\r\n",
    );
    const star = await send(new Uint8Array(starred), "multipart/form-data; boundary=XyZ");
    expect(star.status).toBe(400);
    expect(star.body.detail).toBe("files: Choose at least one file to upload");

    const badValue = new FormData();
    badValue.append("tags", "reef\u0007");
    badValue.append("files", new File([new Uint8Array(await fx.image("png", 8, 8))], "a.png"));
    const value = await send(badValue);
    expect(value.status).toBe(400);
    expect(value.body.errors?.tags).toMatch(/control characters/);
    expect(tmpLeft()).toEqual([]);
  });

  it("asks for multipart/form-data when the body is anything else, also a urlencoded form", async () => {
    for (const type of ["application/x-www-form-urlencoded", "text/plain", "multipart/form-data"]) {
      const { status, body } = await send("files=a.png", type);
      expect(status, type).toBe(400);
      expect(body.detail, type).toBe("files: Send the files as multipart/form-data");
    }
  });

  it("refuses a declared length past every file's limit together before reading it", async () => {
    const res = await ctx.app.request("/api/admin/media/upload", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${token}`,
        "Content-Type": "multipart/form-data; boundary=XyZ",
        "Content-Length": String(22 * 1024 * 1024),
      },
      body: "--XyZ--\r\n",
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Body).detail).toBe(
      "The upload is larger than 21 MB. Upload at most 20 files of up to 1 MB each.",
    );
  });

  it("answers a malformed part header with a 400, never a 500", async () => {
    const body = Buffer.from(
      '--XyZ\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nbroken header\r\n\r\nxx\r\n--XyZ--\r\n',
    );
    const { status } = await send(new Uint8Array(body), "multipart/form-data; boundary=XyZ");
    expect(status).toBe(400);
    expect(tmpLeft()).toEqual([]);
  });
});
