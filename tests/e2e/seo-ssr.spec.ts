import { adventures, contentSections } from "../../server/db/seed-data";
import { PUBLIC_PAGES } from "../fixtures/site.ts";
import { expect, type Page, type Request, test } from "../fixtures/test";
import { cspViolations, HASH_POLICY, recordViolations } from "../helpers/csp";

/** A seeded content text (the page headings come from the website editor's sections). */
function seeded(page: string, section: string): string {
  const row = contentSections.find((c) => c.page === page && c.section === section);
  if (!row) throw new Error(`no seeded content ${page}.${section}`);
  return row.content;
}

const dive = adventures.find((a) => a.id === "dive-exhibition");
if (!dive) throw new Error("dive-exhibition is not seeded");
const DIVE_PATH = "/adventures/dive-exhibition";

/** Every public route and the main heading it must render on the server. */
const ROUTES: { path: string; h1: string | RegExp }[] = [
  { path: "/", h1: seeded("homepage", "hero_title") },
  { path: "/adventures", h1: seeded("adventures", "adventures_hero_title") },
  { path: DIVE_PATH, h1: dive.title },
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

/** Every JSON-LD node of these blocks, @graph members included. */
function jsonLdNodes(blocks: string[]): JsonLd[] {
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

/** What a page's <head> says to search engines and link previews, as the server sent it. */
interface Head {
  path: string;
  title: string;
  titles: number;
  descriptions: string[];
  canonicals: string[];
  og: Record<string, string | null>;
  noindex: number;
  jsonLd: string[];
}

/** Reads the head of the page as it stands (scripts off: exactly the server's HTML). */
async function headOf(page: Page, path: string): Promise<Head> {
  const attr = (selector: string, name: string) =>
    page.locator(selector).evaluateAll((els, n) => els.map((e) => e.getAttribute(n) ?? ""), name);
  const og: Record<string, string | null> = {};
  for (const property of ["og:title", "og:description", "og:url", "og:image"]) {
    og[property] = (await attr(`meta[property="${property}"]`, "content"))[0] ?? null;
  }
  return {
    path,
    title: await page.title(),
    titles: await page.locator("title").count(),
    descriptions: await attr('meta[name="description"]', "content"),
    canonicals: await attr('link[rel="canonical"]', "href"),
    og,
    noindex: await page.locator('meta[name="robots"][content*="noindex"]').count(),
    jsonLd: await page.locator('script[type="application/ld+json"]').allTextContents(),
  };
}

// One walk over every page with scripts off (the server's HTML is all there is): each former
// per-page and per-tag test is a step, and soft assertions name every page that fails.
test.describe("server-rendered pages (JavaScript disabled)", () => {
  test.use({ javaScriptEnabled: false });

  test("every page renders its heading, content and head tags without JavaScript", async ({
    page,
    baseURL,
  }) => {
    const heads: Head[] = [];
    for (const { path, h1 } of ROUTES) {
      await test.step(`${path} renders its heading and content without JavaScript`, async () => {
        const res = await page.goto(path);
        expect.soft(res?.status(), `${path} status`).toBe(200);
        const heading = page.locator("main h1");
        await expect.soft(heading, `${path} has one main heading`).toHaveCount(1);
        await expect.soft(heading, `${path} heading visible`).toBeVisible();
        if (typeof h1 === "string") await expect.soft(heading, `${path} heading`).toContainText(h1);
        else await expect.soft(heading, `${path} heading`).toHaveText(h1);
        // Real content, not a placeholder: a few paragraphs of text in <main>.
        const text = ((await page.locator("main").textContent()) ?? "").replace(/\s+/g, " ");
        expect.soft(text.length, `${path} main text`).toBeGreaterThan(300);
        await expect.soft(page.getByTestId("site-header"), `${path} header`).toBeVisible();
        await expect.soft(page.getByTestId("site-footer"), `${path} footer`).toBeVisible();
        await expect.soft(page.locator("html"), `${path} lang`).toHaveAttribute("lang", "en-AU");
        heads.push(await headOf(page, path));
      });
      if (path === DIVE_PATH) {
        await test.step("the adventure page shows its price and booking link without JavaScript", async () => {
          await expect.soft(page.locator("main")).toContainText("$95");
          await expect
            .soft(page.locator('main a[href="/book?adventure=dive-exhibition"]').first())
            .toBeVisible();
        });
      }
    }

    await test.step("every page has a unique title, a description, a canonical URL and Open Graph tags", async () => {
      const titles = new Map<string, string>();
      const descriptions = new Map<string, string>();
      for (const { path, ...head } of heads) {
        const { title } = head;
        expect.soft(title.length, `${path} title`).toBeGreaterThan(5);
        expect.soft(title.length, `${path} title length`).toBeLessThanOrEqual(70);
        expect.soft(titles.get(title), `title of ${path} repeats ${titles.get(title)}`).toBeUndefined();
        titles.set(title, path);
        expect.soft(head.titles, `${path} <title> count`).toBe(1);

        const description = head.descriptions[0];
        expect.soft(description?.length ?? 0, `${path} description`).toBeGreaterThan(50);
        expect.soft(description?.length ?? 0, `${path} description length`).toBeLessThanOrEqual(160);
        expect.soft(descriptions.get(description ?? ""), `description of ${path}`).toBeUndefined();
        descriptions.set(description ?? "", path);
        expect.soft(head.descriptions, `${path} description count`).toHaveLength(1);

        expect.soft(head.canonicals, `${path} canonical`).toEqual([`${baseURL}${path}`]);

        expect.soft(head.og["og:title"], `${path} og:title`).toMatch(/\S/);
        expect.soft(head.og["og:description"], `${path} og:description`).toMatch(/\S/);
        expect.soft(head.og["og:url"], `${path} og:url`).toBe(`${baseURL}${path}`);
        const ogImage = head.og["og:image"];
        expect.soft(ogImage, `${path} og:image`).toMatch(/^https?:\/\//);
        const image = await page.request.get(ogImage ?? "");
        expect.soft(image.status(), `${path} og:image ${ogImage}`).toBe(200);
        expect.soft(image.headers()["content-type"], `${path} og:image type`).toMatch(/^image\//);
        expect.soft(head.noindex, `${path} noindex`).toBe(0);
      }
    });

    await test.step("LocalBusiness structured data on every page", async () => {
      for (const { path, jsonLd } of heads) {
        const business = jsonLdNodes(jsonLd).filter((n) => typesOf(n).includes("LocalBusiness"));
        expect.soft(business, `${path} LocalBusiness`).toHaveLength(1);
        const b = business[0] ?? {};
        expect.soft(b["@context"], path).toBe("https://schema.org");
        expect.soft(b.name, path).toBe("Tidewater Dive & Camp");
        expect.soft(b.url, path).toBe(`${baseURL}/`);
        expect.soft(String(b.email), path).toContain("@");
        expect.soft(String(b.telephone), path).toMatch(/\d/);
        expect
          .soft(b.address, path)
          .toMatchObject({ "@type": "PostalAddress", addressRegion: "NSW", addressCountry: "AU" });
        expect.soft(b.openingHoursSpecification, path).toMatchObject({ opens: "06:00", closes: "20:00" });
      }
    });

    await test.step("Product and Offer structured data on the adventure page", async () => {
      const head = heads.find((h) => h.path === DIVE_PATH);
      const nodes = jsonLdNodes(head?.jsonLd ?? []);
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
      expect(offer?.url).toBe(`${baseURL}${DIVE_PATH}`);
      expect(offer?.availability).toBe("https://schema.org/InStock");
    });

    await test.step("JSON-LD is valid JSON and cannot close its script tag", async () => {
      for (const { path, jsonLd } of heads) {
        for (const text of jsonLd) {
          expect.soft(() => JSON.parse(text), path).not.toThrow();
          expect.soft(text, path).not.toContain("</");
        }
      }
    });
  });
});

/**
 * Everything the page does wrong while it loads, hydrates and is scrolled through: console
 * errors and warnings (Chromium reports a refused script or style there), uncaught errors,
 * failed requests and error answers, each named by its page; and the requests still open.
 */
function watchProblems(page: Page) {
  const state = { path: "", problems: [] as string[], inFlight: new Set<Request>() };
  const note = (text: string) => state.problems.push(`${state.path}: ${text}`);
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") note(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => note(`page error: ${err.message}`));
  page.on("request", (req) => state.inFlight.add(req));
  page.on("requestfinished", (req) => state.inFlight.delete(req));
  page.on("requestfailed", (req) => {
    state.inFlight.delete(req);
    // A navigation aborted by the next one is not a failure of the page.
    if (req.failure()?.errorText === "net::ERR_ABORTED" && req.resourceType() === "document") return;
    note(`request failed: ${req.method()} ${req.url()} ${req.failure()?.errorText}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) note(`HTTP ${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return { state, note };
}

/** Images with a box in the viewport that have not finished loading (a broken one finishes too). */
const loadingInView = (page: Page) =>
  page.evaluate(
    () =>
      [...document.images].filter((img) => {
        const r = img.getBoundingClientRect();
        const inView =
          r.width > 0 && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
        return inView && !img.complete;
      }).length,
  );

/** Scrolls the page through so every lazy image comes into view, and checks every image. */
async function checkImages(page: Page, path: string, baseURL: string, note: (text: string) => void) {
  // Scroll down step by step so every lazy image enters the viewport and loads.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = Math.round((page.viewportSize()?.height ?? 800) * 0.8);
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
    await expect.poll(() => loadingInView(page), { message: `${path} images at ${y} px` }).toBe(0);
  }
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  await expect.poll(() => loadingInView(page), { message: `${path} images at the bottom` }).toBe(0);
  // A lazy image passed over quickly may not have started loading: bring each one
  // still pending into view and wait for it (a broken one completes with width 0).
  for (const img of await page.locator("img").filter({ visible: true }).all()) {
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
  if (images.length === 0) note("has no image");
  for (const img of images) {
    if (!img.complete) continue; // a lazy image that never came into view (e.g. a closed lightbox)
    if (img.width === 0) note(`broken image ${img.src}`);
    if (img.failed) note(`placeholder shown instead of an image that failed to load: ${img.src}`);
    if (img.alt === null) note(`image without alt ${img.src}`);
  }
  // Images that were in view have loaded.
  for (const img of images) if (img.visible && !img.complete) note(`image in view not loaded ${img.src}`);
  for (const img of images) {
    if (!img.src.startsWith(baseURL) && !img.src.startsWith("data:"))
      note(`image from another origin ${img.src}`);
  }
}

test.describe("in the browser (JavaScript enabled)", () => {
  /** The routes above, and every public page of the site (tests/fixtures/site.ts). */
  const PAGES = [...new Set([...ROUTES.map((r) => r.path), ...PUBLIC_PAGES])];

  // One browser walks every page. Each page starts as a first view (nothing stored from the last),
  // and all its requests have ended before the next page opens, so none is cut short by leaving.
  // Findings are collected page by page and asserted once, so a failure names every page.
  test("every public page hydrates under its policy with no violation, broken image, console error or failed request", async ({
    page,
    baseURL,
  }) => {
    const { state, note } = watchProblems(page);
    await page.addInitScript(recordViolations);
    for (const path of PAGES) {
      await test.step(path, async () => {
        if (page.url().startsWith(baseURL ?? "")) {
          await page.evaluate(() => {
            localStorage.clear();
            sessionStorage.clear();
          });
        }
        state.path = path;
        // goto returns once React has hydrated the page.
        const res = await page.goto(path);
        if (res?.status() !== 200) note(`answered ${res?.status()}`);
        if (PUBLIC_PAGES.includes(path)) {
          await test.step("every public page loads and hydrates under the policy with no violation", async () => {
            const policy = (await res?.headerValue("content-security-policy")) ?? "";
            if (!HASH_POLICY.test(policy)) note(`policy ${policy || "missing"}`);
          });
        }
        if (ROUTES.some((r) => r.path === path)) {
          await test.step(`${path}: no broken image, console error or failed request`, () =>
            checkImages(page, path, baseURL ?? "", note));
        }
        for (const violation of await page.evaluate(cspViolations)) note(`violation: ${violation}`);
        // Every request the page made has ended (so none is cut short by the next page).
        await expect.poll(() => state.inFlight.size, { message: `${path} requests in flight` }).toBe(0);
      });
    }
    expect(state.problems).toEqual([]);
  });
});
