/** Checks end-to-end specs run on any page: accessibility (axe-core, WCAG 2 A and AA) and phone width. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Serious and critical violations on the page as it stands, one line per
 * element. Sandboxed frames run no scripts, so axe cannot enter them (it would
 * wait for them until the test times out); the admin's email previews are such
 * frames, and what they show is an email's HTML, not the page's.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa"])
    .exclude("iframe[sandbox]")
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(" ")} (${v.help})`));
}

/** Nothing wider than the viewport: no sideways scrolling (at 375 px, a phone). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
