import { describe, expect, it } from "vitest";
import { isDocx, sniff, sniffFile, zipEntryNames } from "../../server/media/sniff.ts";
import * as f from "../fixtures/files.ts";

const kindOf = (b: Buffer) => {
  const s = sniffFile(new Uint8Array(b));
  return s ? `${s.kind}:${s.ext}:${s.mime}` : null;
};

describe("sniff: accepted by content", () => {
  it("recognises the image formats", async () => {
    expect(kindOf(await f.image("jpeg"))).toBe("image:jpg:image/jpeg");
    expect(kindOf(await f.image("png"))).toBe("image:png:image/png");
    expect(kindOf(await f.image("gif"))).toBe("image:gif:image/gif");
    expect(kindOf(await f.image("webp"))).toBe("image:webp:image/webp");
    expect(kindOf(await f.image("avif"))).toBe("image:avif:image/avif");
  });

  it("recognises HEIC by its ftyp brand, and a mif1 file with an avif brand as AVIF", () => {
    const heif = (major: string, compat: string) =>
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from(`ftyp${major}`),
        Buffer.alloc(4),
        Buffer.from(compat),
      ]);
    expect(kindOf(heif("heic", "mif1heic"))).toBe("image:heic:image/heic");
    expect(kindOf(heif("mif1", "mif1heic"))).toBe("image:heic:image/heic");
    expect(kindOf(heif("mif1", "avifmif1"))).toBe("image:avif:image/avif");
  });

  it("recognises the video formats", () => {
    expect(kindOf(f.mp4())).toBe("video:mp4:video/mp4");
    expect(kindOf(f.mov())).toBe("video:mov:video/quicktime");
    expect(kindOf(f.webm())).toBe("video:webm:video/webm");
  });

  it("recognises PDF, DOC (OLE2) and DOCX (a zip holding word/)", () => {
    expect(kindOf(f.pdf())).toBe("document:pdf:application/pdf");
    expect(kindOf(f.doc())).toBe("document:doc:application/msword");
    expect(kindOf(f.docx())).toBe(
      "document:docx:application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });
});

describe("sniff: refused", () => {
  it("refuses executables, whatever their name", () => {
    expect(kindOf(f.elf())).toBeNull();
    expect(kindOf(f.exe())).toBeNull();
  });

  it("refuses SVG, HTML, plain text and empty files", () => {
    expect(kindOf(f.svg())).toBeNull();
    expect(kindOf(f.html())).toBeNull();
    expect(kindOf(Buffer.from("just some text"))).toBeNull();
    expect(kindOf(Buffer.alloc(0))).toBeNull();
  });

  it("refuses a zip that is not a Word document, and audio-only MP4 (M4A)", () => {
    expect(sniff(new Uint8Array(f.plainZip()))).toBe("zip");
    expect(isDocx(new Uint8Array(f.plainZip()))).toBe(false);
    expect(kindOf(f.plainZip())).toBeNull();
    expect(kindOf(f.m4a())).toBeNull();
  });

  it("refuses a Matroska file that is not WebM", () => {
    const mkv = Buffer.from(f.webm().toString("latin1").replace("webm", "mkv1"), "latin1");
    expect(kindOf(mkv)).toBeNull();
  });

  it("needs the real signature, not just a prefix of it", () => {
    expect(kindOf(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(kindOf(Buffer.from("RIFF\0\0\0\0WAVE"))).toBeNull();
    expect(kindOf(Buffer.from("GIF90a"))).toBeNull();
  });
});

describe("zipEntryNames", () => {
  it("reads the central directory", () => {
    expect(zipEntryNames(new Uint8Array(f.docx()))).toEqual(["[Content_Types].xml", "word/document.xml"]);
  });

  it("gives nothing for truncated or garbage input", () => {
    const z = f.docx();
    expect(zipEntryNames(new Uint8Array(z.subarray(0, z.length - 30)))).toEqual([]);
    expect(zipEntryNames(new Uint8Array(Buffer.alloc(10)))).toEqual([]);
    // A directory offset pointing past the end must not throw.
    const broken = Buffer.from(z);
    broken.writeUInt32LE(0xfffffff0, broken.length - 6);
    expect(zipEntryNames(new Uint8Array(broken))).toEqual([]);
  });
});
