import { adventures, contentSections } from "../../server/db/seed-data";
import { expect, type Page, test } from "../fixtures/test";

/** A seeded content text (the page headings come from the website editor's sections). */
function seeded(page: string, section: string): string {
  const row = contentSections.find((c) => c.page === page && c.section === section);
  if (!row) throw new Error(`no seeded content ${page}.${section}`);
  return row.content;
}

const dive = adventures.find((a) => a.id === "dive-exhibition");
if (!dive) throw new Error("dive-exhibition is not seeded");

/** Every public route and the main heading it must render on the server. */
const ROUTES: { path: string; h1: string | RegExp }[] = [
  { path: "/", h1: seeded("homepage", "hero_title") },
  { path: "/adventures", h1: seeded("adventures", "adventures_hero_title") },
  { path: "/adventures/dive-exhibition", h1: dive.title },
  { path: "/weekend", h1: seeded("weekend", "weekend_hero_title") },
  { path: "/gallery", h1: /\S/ },
  { path: "/reviews", h1: /\S/ },
  { path: "/about", h1: seeded("about", "about_hero_title") },
  { path: "/contact", h1: "Get In Touch" },
  { path: "/faq", h1: /\S/ },
  { path: "/privacy", h1: "Privacy Policy" },
  { path: "/terms", h1: "Terms & Conditions" },
  { path: "/cancellation", h1: "Cancellation Policy" },
];

type JsonLd = Record<string, unknown>;

/** Every JSON-LD node on the page, @graph members included. */
async function jsonLdNodes(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const nodes: JsonLd[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === "object") {
      const node = value as JsonLd;
      nodes.push(node);
      if (node["@graph"]) visit(node["@graph"]);
    }
  };
  for (const text of blocks) visit(JSON.parse(text));
  return nodes;
}

const typesOf = (node: JsonLd): string[] => [node["@type"]].flat().map(String);

test.describe("server-rendered pages (JavaScript disabled)", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, h1 } of ROUTES) {
    test(`${path} renders its heading and content without JavaScript`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      const heading = page.locator("main h1");
      await expect(heading).toHaveCount(1);
      await expect(heading).toBeVisible();
      if (typeof h1 === "string") await expect(heading).toContainText(h1);
      else await expect(heading).toHaveText(h1);
      // Real content, not a placeholder: a few paragraphs of text in <main>.
      const text = ((await page.locator("main").textContent()) ?? "").replace(/\s+/g, " ");
      expect(text.length, `${path} main text`).toBeGreaterThan(300);
      await expect(page.getByTestId("site-header")).toBeVisible();
      await expect(page.getByTestId("site-footer")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "en-AU");
    });
  }

  test("the adventure page shows its price and booking link without JavaScript", async ({ page }) => {
    await page.goto("/adventures/dive-exhibition");
    await expect(page.locator("main")).toContainText("$95");
    await expect(page.locator('main a[href="/book?adventure=dive-exhibition"]').first()).toBeVisible();
  });
});

test.describe("head tags", () => {
  test.use({ javaScriptEnabled: false });

  test("every page has a unique title, a description, a canonical URL and Open Graph tags", async ({
    page,
    baseURL,
  }) => {
    const titles = new Map<string, string>();
    const descriptions = new Map<string, string>();
    for (const { path } of ROUTES) {
      await page.goto(path);
      const title = await page.title();
      expect.soft(title.length, `${path} title`).toBeGreaterThan(5);
      expect.soft(title.length, `${path} title length`).toBeLessThanOrEqual(70);
      expect.soft(titles.get(title), `title of ${path} repeats ${titles.get(title)}`).toBeUndefined();
      titles.set(title, path);
      await expect.soft(page.locator("title")).toHaveCount(1);

      const description = await page.locator('meta[name="description"]').getAttribute("content");
      expect.soft(description?.length ?? 0, `${path} description`).toBeGreaterThan(50);
      expect.soft(description?.length ?? 0, `${path} description length`).toBeLessThanOrEqual(160);
      expect.soft(descriptions.get(description ?? ""), `description of ${path}`).toBeUndefined();
      descriptions.set(description ?? "", path);
      await expect.soft(page.locator('meta[name="description"]')).toHaveCount(1);

      const canonical = page.locator('link[rel="canonical"]');
      await expect.soft(canonical).toHaveCount(1);
      await expect.soft(canonical).toHaveAttribute("href", `${baseURL}${path}`);

      await expect.soft(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /\S/);
      await expect.soft(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S/);
      await expect
        .soft(page.locator('meta[property="og:url"]'))
        .toHaveAttribute("content", `${baseURL}${path}`);
      const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect.soft(ogImage, `${path} og:image`).toMatch(/^https?:\/\//);
      const image = await page.request.get(ogImage ?? "");
      expect.soft(image.status(), `${path} og:image ${ogImage}`).toBe(200);
      expect.soft(image.headers()["content-type"]).toMatch(/^image\//);
      await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    }
  });

  test("LocalBusiness structured data on every page", async ({ page, baseURL }) => {
    for (const { path } of ROUTES) {
      await page.goto(path);
      const nodes = await jsonLdNodes(page);
      const business = nodes.filter((n) => typesOf(n).includes("LocalBusiness"));
      expect(business, `${path} LocalBusiness`).toHaveLength(1);
      const b = business[0];
      expect(b["@context"]).toBe("https://schema.org");
      expect(b.name).toBe("Tidewater Dive & Camp");
      expect(b.url).toBe(`${baseURL}/`);
      expect(String(b.email)).toContain("@");
      expect(String(b.telephone)).toMatch(/\d/);
      expect(b.address).toMatchObject({
        "@type": "PostalAddress",
        addressRegion: "NSW",
        addressCountry: "AU",
      });
      expect(b.openingHoursSpecification).toMatchObject({ opens: "06:00", closes: "20:00" });
    }
  });

  test("Product and Offer structured data on the adventure page", async ({ page, baseURL }) => {
    await page.goto("/adventures/dive-exhibition");
    const nodes = await jsonLdNodes(page);
    const product = nodes.find((n) => typesOf(n).includes("Product"));
    expect(product, "Product").toBeTruthy();
    expect(product?.name).toBe(dive.title);
    expect(String(product?.description ?? "").length).toBeGreaterThan(20);
    expect(String([product?.image].flat()[0])).toMatch(/^https?:\/\/.+dive-exhibition/);
    // The offer belongs to the product, and every field is the page's own: no fallbacks.
    const offer = product?.offers as JsonLd | undefined;
    expect(offer, "Product.offers").toBeTruthy();
    expect(typesOf(offer as JsonLd)).toContain("Offer");
    expect(offer?.price).toBe("95.00");
    expect(offer?.priceCurrency).toBe("AUD");
    expect(offer?.url).toBe(`${baseURL}/adventures/dive-exhibition`);
    expect(offer?.availability).toBe("https://schema.org/InStock");
  });

  test("JSON-LD is valid JSON and cannot close its script tag", async ({ page }) => {
    for (const { path } of ROUTES) {
      await page.goto(path);
      for (const text of await page.locator('script[type="application/ld+json"]').allTextContents()) {
        expect(() => JSON.parse(text)).not.toThrow();
        expect(text).not.toContain("</");
      }
    }
  });
});

test.describe("in the browser (JavaScript enabled)", () => {
  for (const { path } of ROUTES) {
    test(`${path}: no broken image, console error or failed request`, async ({ page, baseURL }) => {
      const problems: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
      });
      page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
      page.on("requestfailed", (req) => {
        // A navigation aborted by the next one is not a failure of the page.
        if (req.failure()?.errorText === "net::ERR_ABORTED" && req.resourceType() === "document") return;
        problems.push(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
      });
      page.on("response", (res) => {
        if (res.status() >= 400)
          problems.push(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
      });

      const res = await page.goto(path, { waitUntil: "networkidle" });
      expect(res?.status()).toBe(200);

      // Scroll down step by step so every lazy image enters the viewport.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const step = Math.round((page.viewportSize()?.height ?? 800) * 0.8);
      for (let y = 0; y <= height; y += step) {
        await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
        await page.waitForLoadState("networkidle");
      }
      await page.evaluate(() =>
        window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
      );
      await page.waitForLoadState("networkidle");
      // A lazy image passed over quickly may not have started loading: bring each one
      // still pending into view and wait for it (a broken one completes with width 0).
      const pending = page.locator("img").filter({ visible: true });
      for (const img of await pending.all()) {
        if (await img.evaluate((el: HTMLImageElement) => el.complete)) continue;
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
      }

      const images = await page.locator("img").evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).map((img) => ({
          src: img.currentSrc || img.src,
          complete: img.complete,
          width: img.naturalWidth,
          alt: img.getAttribute("alt"),
          failed: img.hasAttribute("data-image-failed"),
          visible: img.getBoundingClientRect().width > 0,
        })),
      );
      expect(images.length, `${path} has images`).toBeGreaterThan(0);
      for (const img of images) {
        if (!img.complete) continue; // a lazy image that never came into view (e.g. a closed lightbox)
        expect(img.width, `${path}: broken image ${img.src}`).toBeGreaterThan(0);
        expect(img.failed, `${path}: placeholder shown instead of an image that failed to load`).toBe(false);
        expect(img.alt, `${path}: image without alt ${img.src}`).not.toBeNull();
      }
      // Images that were in view have loaded.
      expect(images.filter((i) => i.visible && !i.complete).map((i) => i.src)).toEqual([]);
      for (const img of images)
        expect(img.src.startsWith(baseURL ?? "") || img.src.startsWith("data:")).toBe(true);

      expect(problems).toEqual([]);
    });
  }
});
