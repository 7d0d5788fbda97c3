import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";

/** The end-to-end server runs the built-in test checkout, so every page must say so. */
const PAGES = ["/", "/book", "/admin"] as const;
const WIDTHS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
] as const;

async function signIn(page: Page, request: APIRequestContext) {
  const res = await request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript((t) => window.localStorage.setItem("admin_token", t), token);
}

test("the TEST MODE ribbon is in the server-rendered HTML of every page", async ({ request }) => {
  for (const path of [...PAGES, "/adventures", "/contact", "/admin/bookings"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('data-testid="test-mode-ribbon"');
    expect(html, path).toMatch(/Test mode<\/span>.*no real payments/s);
  }
});

for (const viewport of WIDTHS) {
  test(`the ribbon sits in a corner at ${viewport.width} px, covering no control and shifting nothing`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await signIn(page, request);
    for (const path of PAGES) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const ribbon = page.getByTestId("test-mode-ribbon");
      await expect(ribbon).toBeVisible();
      await expect(ribbon).toHaveText(/test mode\s*·\s*no real payments/i);
      const box = await ribbon.boundingBox();
      if (!box) throw new Error("no ribbon box");
      // Small and in the bottom-left corner, inside the viewport.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x).toBeLessThan(24);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(viewport.height - (box.y + box.height)).toBeLessThan(24);
      expect(box.width).toBeLessThan(Math.min(260, viewport.width / 2 + 60));
      expect(box.height).toBeLessThan(40);
      const style = await ribbon.evaluate((el) => {
        const s = getComputedStyle(el);
        return { position: s.position, pointerEvents: s.pointerEvents };
      });
      // Out of the flow (no layout shift) and click-through (it can never block a control).
      expect(style).toEqual({ position: "fixed", pointerEvents: "none" });
      // No link, button or field in view is hidden by it: each keeps its centre and most of its area clear.
      const covered = await page.evaluate((r) => {
        const hits: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>("a, button, input, select, textarea")) {
          const b = el.getBoundingClientRect();
          if (b.width === 0 || b.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
          const w = Math.max(0, Math.min(b.right, r.x + r.width) - Math.max(b.left, r.x));
          const h = Math.max(0, Math.min(b.bottom, r.y + r.height) - Math.max(b.top, r.y));
          if (w * h === 0) continue;
          const cx = b.left + b.width / 2;
          const cy = b.top + b.height / 2;
          const centre = cx >= r.x && cx <= r.x + r.width && cy >= r.y && cy <= r.y + r.height;
          if (centre || (w * h) / (b.width * b.height) > 0.25) {
            hits.push(`${el.tagName} ${(el.textContent ?? "").trim().slice(0, 40)}`);
          }
        }
        return hits;
      }, box);
      expect(covered, `${path} at ${viewport.width} px`).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`ribbon-${viewport.width}${path.replace(/\//g, "_")}.png`),
      });
    }
  });
}
