/**
 * The web fonts on public pages never shift text under a reader. A first
 * view paints in the metric-matched fallback faces and keeps them; the font
 * files are asked for only after that first paint and kept in the browser;
 * the fonts come with the next navigation in the page, and from the first
 * paint of every later page load, with no request. Pages without scripts
 * and the admin console get the same fonts from the web-fonts stylesheet.
 */
import { WEB_FONTS_KEY } from "../../app/lib/web-font-loader";
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

/** The loader has fetched both files and stored them in this browser. */
async function filesHeld(page: Page) {
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, WEB_FONTS_KEY);
}

const fontRequestsAfterFirstPaint = (page: Page) =>
  page.evaluate(() => {
    const firstPaint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN;
    const fonts = performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".woff2"));
    return { count: fonts.length, allAfter: fonts.every((e) => e.startTime >= firstPaint) };
  });

// One browser from a first view on: the files it stores on the way are what the next page load draws from.
test("a first view keeps the fallback faces; later pages use the web fonts, from storage with no request", async ({
  page,
}) => {
  await test.step("a first view keeps the fallback faces, and the next page in the site uses the web fonts", async () => {
    const res = await page.goto("/faq");
    const html = (await res?.text()) ?? "";
    // Nothing in the page's critical path points at a font file.
    expect(html).not.toMatch(/rel="preload"[^>]*as="font"/);
    const inlined = /<style id="public-css">([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    expect(inlined).toContain("Fraunces Fallback");
    expect(inlined).not.toContain(".woff2");

    await filesHeld(page);
    expect(await fontRequestsAfterFirstPaint(page)).toEqual({ count: 2, allAfter: true });
    // Loaded, and still not drawn: swapping them in now would move the text being read.
    expect(await fontsDrawing(page, "h1")).not.toContain("Fraunces");
    expect(await fontsDrawing(page, "main p")).not.toContain("Inter");
    expect(
      await page.evaluate(() => [...document.fonts].filter((f) => f.family.includes("Variable"))),
    ).toEqual([]);

    // A navigation in the page replaces the content, and the fonts come with it.
    await page.locator('footer a[href="/weekend"]').click();
    await expect(page).toHaveURL(/\/weekend$/);
    await expect(page.locator("h1")).toContainText("Weekend");
    expect(await fontsDrawing(page, "h1")).toEqual(["Fraunces"]);
    expect(await fontsDrawing(page, "main p")).toEqual(["Inter"]);
  });

  await test.step("a page loaded once the browser holds the files draws the web fonts from its first paint, with no request", async () => {
    // The first view above stored the files.
    await filesHeld(page);

    // Records each face added to the document, and whether the page had a body yet (any paint needs one).
    await page.addInitScript(() => {
      const add = FontFaceSet.prototype.add;
      const added: { family: string; status: string; beforeBody: boolean }[] = [];
      Object.assign(window, { addedFaces: added });
      FontFaceSet.prototype.add = function (face: FontFace) {
        added.push({
          family: face.family.replace(/"/g, ""),
          status: face.status,
          beforeBody: !document.body,
        });
        return add.call(this, face);
      };
    });
    const fontRequests: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith(".woff2")) fontRequests.push(r.url());
    });
    await page.goto("/gallery");
    await page.evaluate(() => document.fonts.ready);
    const added = await page.evaluate(() => (window as unknown as { addedFaces: unknown[] }).addedFaces);
    // Ready as they are added, before the body: the first paint can only use them, and nothing swaps later.
    expect(added).toEqual(WEB_FONTS.map((family) => ({ family, status: "loaded", beforeBody: true })));
    expect(fontRequests).toEqual([]);
    expect(await fontsDrawing(page, "h1")).toEqual(["Fraunces"]);
    expect(await fontsDrawing(page, "main p")).toEqual(["Inter"]);
  });
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
  // The new page may still replace its heading as it renders: a node the browser let go of
  // between finding it and reading its fonts is asked for again.
  await expect.poll(() => fontsDrawing(page, "h1").catch(() => [])).toEqual(["Fraunces"]);
});
