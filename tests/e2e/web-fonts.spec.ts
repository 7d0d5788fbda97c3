/**
 * The web fonts on public pages: the first paint uses the metric-matched
 * fallback faces, the font files are asked for only after that paint, and
 * then the text is set in the web fonts. Pages without scripts and the admin
 * console get the same fonts from the web-fonts stylesheet.
 */
import { expect, type Page, test } from "../fixtures/test";

const WEB_FONTS = ["Inter Variable", "Fraunces Variable"];

/** The fonts Chromium actually drew an element's text with. */
async function fontsDrawing(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

async function webFontsLoaded(page: Page) {
  await page.waitForFunction(
    (families) =>
      families.every((family) =>
        // FontFace.family is serialised like CSS: a name with a space comes back quoted.
        [...document.fonts].some((f) => f.family.replace(/"/g, "") === family && f.status === "loaded"),
      ),
    WEB_FONTS,
  );
}

test("a public page paints in the fallback faces, asks for the font files after its first paint, then uses them", async ({
  page,
}) => {
  const res = await page.goto("/faq");
  const html = (await res?.text()) ?? "";
  // Nothing in the page's critical path points at a font file.
  expect(html).not.toMatch(/rel="preload"[^>]*as="font"/);
  const inlined = /<style id="public-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
  expect(inlined).toContain("Fraunces Fallback");
  expect(inlined).not.toContain(".woff2");

  await webFontsLoaded(page);
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName("first-paint")[0]?.startTime,
    fonts: performance
      .getEntriesByType("resource")
      .filter((e) => e.name.endsWith(".woff2"))
      .map((e) => e.startTime),
  }));
  expect(timing.firstPaint).toBeGreaterThan(0);
  expect(timing.fonts).toHaveLength(2);
  for (const start of timing.fonts) expect(start).toBeGreaterThanOrEqual(timing.firstPaint as number);

  expect(await fontsDrawing(page, "h1")).toEqual(["Fraunces"]);
  expect(await fontsDrawing(page, "main p")).toEqual(["Inter"]);
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("a public page links the web fonts' stylesheet", async ({ page }) => {
    await page.goto("/faq");
    await page.evaluate(() => document.fonts.ready);
    expect(await fontsDrawing(page, "h1")).toEqual(["Fraunces"]);
    expect(await fontsDrawing(page, "main p")).toEqual(["Inter"]);
  });
});

test("the admin console keeps the web fonts, and so does a public page opened from it", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByLabel("Password")).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await fontsDrawing(page, "h1")).toEqual(["Fraunces"]);
  expect(await fontsDrawing(page, "label")).toEqual(["Inter"]);

  // A navigation in the browser to a public page: no inlined stylesheet, so its faces come from web-fonts.css.
  await page.locator('a[href="/"]').last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#public-css")).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  expect(await fontsDrawing(page, "h1")).toEqual(["Fraunces"]);
});
