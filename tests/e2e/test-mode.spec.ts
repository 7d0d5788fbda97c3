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

// One browser, signed in once. The HTML is the same at every width, so each page is loaded once (at the
// first width) and laid out again at the next (CSS media queries apply on resize); each width a step.
test("the ribbon sits in a corner at each width, covering no control and shifting nothing", async ({
  page,
  request,
}) => {
  await signIn(page, request);
  for (const path of PAGES) {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(path);
    // Public pages come with their data; the admin console loads its data after the page.
    if (path.startsWith("/admin")) await page.waitForLoadState("networkidle");
    for (const viewport of WIDTHS) {
      await test.step(`the ribbon sits in a corner at ${viewport.width} px, covering no control and shifting nothing (${path})`, async () => {
        await page.setViewportSize(viewport);
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
        // No control that stays put is hidden by it. Page content scrolls out from under the ribbon (and
        // what sits in that corner at first depends on the data shown), so the controls that count are
        // those in fixed or sticky chrome (side navigation, headers), which never move away from it;
        // each keeps its centre and most of its visible area clear. Visible means inside every
        // scrolling ancestor: a menu entry scrolled past the sidebar's edge is not on screen.
        const covered = await page.evaluate((r) => {
          const staysPut = (el: HTMLElement) => {
            for (let a: HTMLElement | null = el; a; a = a.parentElement) {
              const position = getComputedStyle(a).position;
              if (position === "fixed" || position === "sticky") return true;
            }
            return false;
          };
          const visibleRect = (el: HTMLElement) => {
            const b = el.getBoundingClientRect();
            let [left, top, right, bottom] = [b.left, b.top, b.right, b.bottom];
            for (let a = el.parentElement; a; a = a.parentElement) {
              const s = getComputedStyle(a);
              if (s.overflowX === "visible" && s.overflowY === "visible") continue;
              const c = a.getBoundingClientRect();
              [left, top, right, bottom] = [
                Math.max(left, c.left),
                Math.max(top, c.top),
                Math.min(right, c.right),
                Math.min(bottom, c.bottom),
              ];
            }
            return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
          };
          const hits: string[] = [];
          for (const el of document.querySelectorAll<HTMLElement>("a, button, input, select, textarea")) {
            if (getComputedStyle(el).visibility === "hidden" || !staysPut(el)) continue;
            const b = visibleRect(el);
            if (b.width === 0 || b.height === 0) continue;
            const w = Math.max(0, Math.min(b.left + b.width, r.x + r.width) - Math.max(b.left, r.x));
            const h = Math.max(0, Math.min(b.top + b.height, r.y + r.height) - Math.max(b.top, r.y));
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
      });
    }
  }
});
