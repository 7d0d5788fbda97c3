import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { detectType } from "../../server/media/sniff.server.ts";
import * as f from "../fixtures/files.ts";

const dir = mkdtempSync(path.join(tmpdir(), "tw-sniff-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** The type detected for these bytes, written to a file under a misleading name. */
const kindOf = async (b: Buffer) => {
  const file = path.join(dir, `upload-${n++}.jpg`);
  writeFileSync(file, b);
  const s = await detectType(file);
  return s ? `${s.kind}:${s.ext}:${s.mime}` : null;
};

const heif = (major: string, compat: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${major}`),
    Buffer.alloc(4),
    Buffer.from(compat),
  ]);

describe("detectType: accepted by content", () => {
  it("recognises the image formats", async () => {
    expect(await kindOf(await f.image("jpeg"))).toBe("image:jpg:image/jpeg");
    expect(await kindOf(await f.image("png"))).toBe("image:png:image/png");
    expect(await kindOf(await f.image("gif"))).toBe("image:gif:image/gif");
    expect(await kindOf(await f.image("webp"))).toBe("image:webp:image/webp");
    expect(await kindOf(await f.image("avif"))).toBe("image:avif:image/avif");
  });

  it("recognises HEIC and HEIF by their ftyp brand, stored as .heic", async () => {
    expect(await kindOf(heif("heic", "mif1heic"))).toBe("image:heic:image/heic");
    expect(await kindOf(heif("mif1", "mif1heic"))).toBe("image:heic:image/heif");
  });

  it("recognises the video formats", async () => {
    expect(await kindOf(f.mp4())).toBe("video:mp4:video/mp4");
    expect(await kindOf(f.mov())).toBe("video:mov:video/quicktime");
    expect(await kindOf(f.webm())).toBe("video:webm:video/webm");
  });

  it("recognises PDF, DOC (a compound file holding a WordDocument stream) and DOCX", async () => {
    expect(await kindOf(f.pdf())).toBe("document:pdf:application/pdf");
    expect(await kindOf(f.doc())).toBe("document:doc:application/msword");
    expect(await kindOf(f.docx())).toBe(
      "document:docx:application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });
});

describe("detectType: refused", () => {
  it("refuses executables, whatever their name, including an installer in a compound file", async () => {
    expect(await kindOf(f.elf())).toBeNull();
    expect(await kindOf(f.exe())).toBeNull();
    expect(await kindOf(f.ole2("SummaryInformation"))).toBeNull();
  });

  it("refuses SVG, HTML, plain text and empty files", async () => {
    expect(await kindOf(f.svg())).toBeNull();
    expect(await kindOf(f.html())).toBeNull();
    expect(await kindOf(Buffer.from("just some text"))).toBeNull();
    expect(await kindOf(Buffer.alloc(0))).toBeNull();
  });

  it("refuses a zip that is not a Word document, and audio-only MP4 (M4A)", async () => {
    expect(await kindOf(f.plainZip())).toBeNull();
    expect(await kindOf(f.m4a())).toBeNull();
  });

  it("refuses a Matroska file that is not WebM, and WAVE audio", async () => {
    const mkv = Buffer.from(f.webm().toString("latin1").replace("webm", "mkv1"), "latin1");
    expect(await kindOf(mkv)).toBeNull();
    expect(await kindOf(Buffer.from("RIFF\0\0\0\0WAVE"))).toBeNull();
  });

  it("needs the real signature, not just a prefix of it", async () => {
    expect(await kindOf(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(await kindOf(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
  });
});
