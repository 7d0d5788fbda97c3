import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAddressSection } from "../../app/lib/admin-forms/index.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

// A fresh site's media library holds the photos the seeded site shows, so the
// operator can pick them in the website editor like any upload.
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(() => ctx.close());

interface Item {
  id: string;
  url: string;
  filename: string;
  file_type: string;
  mime_type: string;
  file_size: number;
  alt_text: string;
  folder: string;
  dimensions: { width: number; height: number } | null;
}

const get = async <T>(p: string): Promise<T> => {
  const res = await ctx.app.request(p, authed(token));
  expect(res.status, p).toBe(200);
  return (await res.json()) as T;
};

describe("seed images in the media library", () => {
  it("a fresh database lists every photo the seeded site shows, each once", async () => {
    const items = await get<Item[]>("/api/admin/media");
    const urls = items.map((m) => m.url);
    expect(new Set(urls).size).toBe(urls.length);

    // What the site shows, read from the site's own data, not from the seed list.
    const adventures = await get<{ hero_image: string }[]>("/api/admin/adventures-pro");
    const gallery = await get<{ image_url: string }[]>("/api/admin/gallery");
    const sections = await get<{ section: string; content: string }[]>("/api/admin/content");
    const images = sections
      .filter((s) => isAddressSection(s.section) && s.content.startsWith("/images/"))
      .map((s) => s.content);
    const shown = new Set([
      ...adventures.map((a) => a.hero_image),
      ...gallery.map((g) => g.image_url),
      ...images,
    ]);
    expect(adventures).toHaveLength(9);
    expect(gallery).toHaveLength(15);
    expect(images.length).toBeGreaterThanOrEqual(4);
    expect(shown.size).toBe(28);
    expect(items).toHaveLength(shown.size);
    expect(new Set(urls)).toEqual(shown);
  });

  it("entries point at the files the site serves, described as images", async () => {
    const items = await get<Item[]>("/api/admin/media");
    expect(items.length).toBe(28);
    for (const m of items) {
      expect(m.url, m.url).toMatch(/^\/images\/(adventures|gallery|site)\/[a-z0-9-]+\.webp$/);
      expect(existsSync(path.join("public", m.url)), m.url).toBe(true);
      expect(m).toMatchObject({
        file_type: "image",
        mime_type: "image/webp",
        filename: path.basename(m.url),
      });
      expect(m.file_size, m.url).toBeGreaterThan(1000);
      expect(m.alt_text.length, m.url).toBeGreaterThan(10);
      expect(m.dimensions?.width, m.url).toBeGreaterThanOrEqual(1200);
      expect(["adventures", "gallery", "backgrounds"]).toContain(m.folder);
    }
    // The dashboard's media count is the library's.
    const stats = await get<{ total_media_assets: number }>("/api/admin/analytics/dashboard");
    expect(stats.total_media_assets).toBe(items.length);
  });

  it("deleting a seed entry removes the entry only, never the site's photo", async () => {
    const items = await get<Item[]>("/api/admin/media");
    const hero = items.find((m) => m.url === "/images/site/home-hero.webp");
    expect(hero).toBeDefined();
    const res = await ctx.app.request(`/api/admin/media/${hero?.id}`, authed(token, "DELETE"));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { files_removed: number }).files_removed).toBe(0);
    expect(existsSync(path.join("public", "images/site/home-hero.webp"))).toBe(true);
    expect((await get<Item[]>("/api/admin/media")).map((m) => m.url)).not.toContain(hero?.url);
  });
});
