import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { seedMediaRows } from "../../server/db/seed.server.ts";
import { seedImageFiles } from "../../server/db/seed-data.ts";

const onDisk = (url: string) => path.join("public", url);

describe("seed media library entries", () => {
  it("describe each photo as it is on disk (size and pixels)", async () => {
    for (const [url, file] of Object.entries(seedImageFiles)) {
      const meta = await sharp(onDisk(url)).metadata();
      expect({ bytes: statSync(onDisk(url)).size, width: meta.width, height: meta.height }, url).toEqual(
        file,
      );
    }
  });

  it("cover every full-size seed photo in public/images, each once, with its served sizes present", () => {
    const rows = seedMediaRows();
    const urls = rows.map((r) => r.url);
    expect(new Set(urls).size).toBe(urls.length);
    const files = ["adventures", "gallery", "site"].flatMap((dir) =>
      readdirSync(path.join("public/images", dir))
        .filter((f) => f.endsWith(".webp") && !/-(480|768|960)\.webp$/.test(f) && f !== "og-default.webp")
        .map((f) => `/images/${dir}/${f}`),
    );
    expect(urls.sort()).toEqual(files.sort());
    // The responsive <Img> asks for name-960.webp, name-768.webp and name-480.webp beside each photo.
    for (const url of urls) {
      for (const suffix of ["-960", "-768", "-480"]) {
        expect(statSync(onDisk(url.replace(/\.webp$/, `${suffix}.webp`))).isFile(), url).toBe(true);
      }
    }
  });
});
