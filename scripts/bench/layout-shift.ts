/**
 * Layout shift of public pages at a phone's and a laptop's width, as
 * Chromium reports it (`layout-shift` entries without recent input, summed:
 * Cumulative Layout Shift without its session windows, so never less than
 * CLS). Lighthouse measures one width (412 px) and, after its first run on an
 * origin, a browser that kept its storage; this measures both kinds of visit
 * at each width: a first view (empty cache and storage) and the same page
 * again (a returning visitor, who holds the web font files). Each view is
 * measured from navigation until a second after the load event, the web fonts
 * and, on a first view, the font files' download (lib/web-font-loader.ts).
 */
import { chromium } from "playwright-core";
import { WEB_FONTS_KEY } from "../../app/lib/web-font-loader.ts";
import { CHROME_FLAGS, chromiumPath } from "./lighthouse.ts";

export type Visit = "first view" | "returning";

export interface Shift {
  width: number;
  visit: Visit;
  page: string;
  cls: number;
}

/** Time after load for late shifts (images, hydration): a benchmark's wait, not a test's. */
const SETTLE_MS = 1_000;

export async function layoutShifts(origin: string, pages: string[], widths: number[]): Promise<Shift[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROME_FLAGS.filter((f) => f !== "--headless"),
  });
  const shifts: Shift[] = [];
  try {
    for (const width of widths) {
      for (const page of pages) {
        const phone = width < 600;
        const context = await browser.newContext({
          viewport: { width, height: phone ? 812 : 800 },
          deviceScaleFactor: phone ? 2 : 1,
          isMobile: phone,
          hasTouch: phone,
        });
        const tab = await context.newPage();
        await tab.addInitScript(() => {
          const w = window as unknown as { shifted: number };
          w.shifted = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
            })[]) {
              if (!e.hadRecentInput) w.shifted += e.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
        });
        for (const visit of ["first view", "returning"] as const) {
          await tab.goto(new URL(page, origin).toString(), { waitUntil: "load" });
          await tab.evaluate(() => document.fonts.ready);
          if (visit === "first view") {
            await tab.waitForFunction((key) => localStorage.getItem(key) !== null, WEB_FONTS_KEY, {
              timeout: 15_000,
            });
          }
          await tab.waitForTimeout(SETTLE_MS);
          const cls = await tab.evaluate(() => (window as unknown as { shifted: number }).shifted);
          shifts.push({ width, visit, page, cls });
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return shifts;
}
