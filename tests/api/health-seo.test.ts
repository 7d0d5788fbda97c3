import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATIC_PAGES } from "../../server/api/seo.server.ts";
import { adventures } from "../../server/db/schema.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

const ORIGIN = "https://tidewater.example";
let t: TestContext;
beforeAll(async () => {
  // A trailing slash on purpose: no URL may come out with "//".
  t = await createTestApp({ PUBLIC_URL: `${ORIGIN}/` });
});
afterAll(async () => {
  await t?.close();
});

const PUBLIC_PAGES = [
  "/",
  "/adventures",
  "/weekend",
  "/gallery",
  "/reviews",
  "/about",
  "/contact",
  "/faq",
  "/book",
  "/gift-vouchers",
  "/privacy",
  "/terms",
  "/cancellation",
];

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
}

describe("GET /healthz", () => {
  it("answers ok with the database kind", async () => {
    const res = await t.app.request("/healthz");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      status: "ok",
      database: process.env.TEST_DB === "postgres" ? "postgres" : "pglite",
    });
  });
});

describe("GET /robots.txt", () => {
  it("allows the site, keeps crawlers out of admin and API, and names the sitemap", async () => {
    const res = await t.app.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap\\.xml$`, "m"));
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });
});

describe("GET /sitemap.xml", () => {
  it("lists every public page and every active adventure", async () => {
    const res = await t.app.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = locs(xml);
    for (const page of PUBLIC_PAGES) expect(urls).toContain(page === "/" ? `${ORIGIN}/` : `${ORIGIN}${page}`);
    expect([...STATIC_PAGES].sort()).toEqual([...PUBLIC_PAGES].sort());

    const active = (await (await t.app.request("/api/adventures-pro")).json()) as { slug: string }[];
    expect(active).toHaveLength(9);
    for (const a of active) expect(urls).toContain(`${ORIGIN}/adventures/${a.slug}`);
    expect(urls).toHaveLength(PUBLIC_PAGES.length + active.length);
    expect(new Set(urls).size).toBe(urls.length);
    for (const u of urls) {
      expect(u.startsWith(`${ORIGIN}/`)).toBe(true);
      expect(u.slice(ORIGIN.length + 1)).not.toContain("//");
    }
  });

  it("gives each adventure a lastmod date", async () => {
    const xml = await (await t.app.request("/sitemap.xml")).text();
    const entry = xml.split("\n").find((l) => l.includes("/adventures/dive-exhibition<"));
    expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("leaves out an inactive adventure", async () => {
    await t.db.update(adventures).set({ isActive: false }).where(eq(adventures.id, "scooter-dive-adventure"));
    try {
      const urls = locs(await (await t.app.request("/sitemap.xml")).text());
      expect(urls).not.toContain(`${ORIGIN}/adventures/scooter-dive-adventure`);
      expect(urls).toContain(`${ORIGIN}/adventures/dive-exhibition`);
    } finally {
      await t.db
        .update(adventures)
        .set({ isActive: true })
        .where(eq(adventures.id, "scooter-dive-adventure"));
    }
  });

  it("is well-formed XML even when a slug has XML-special characters", async () => {
    await t.db.update(adventures).set({ slug: "reef-&-ridge" }).where(eq(adventures.id, "dive-trip-shore"));
    try {
      const xml = await (await t.app.request("/sitemap.xml")).text();
      expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
      expect(xml).toContain("/adventures/reef-&amp;-ridge");
    } finally {
      await t.db
        .update(adventures)
        .set({ slug: "dive-trip-shore" })
        .where(eq(adventures.id, "dive-trip-shore"));
    }
  });
});

describe("unknown API paths", () => {
  it.each([
    ["GET", "/api/nope"],
    ["GET", "/api/"],
    ["POST", "/api/does/not/exist"],
    ["GET", "/api/adventures-pro/dive-exhibition/extra"],
  ])("%s %s answers 404 JSON", async (method, path) => {
    const res = await t.app.request(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { detail: string };
    expect(typeof body.detail).toBe("string");
    expect(body.detail.length).toBeGreaterThan(0);
  });
});

describe("every answer", () => {
  it("carries security headers and a request id", async () => {
    const res = await t.app.request("/healthz");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBeTruthy();
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("is compressed when the client accepts it", async () => {
    const res = await t.app.request("/sitemap.xml", { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });
});
