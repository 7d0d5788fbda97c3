/** Checks end-to-end specs run on any page: accessibility (axe-core, WCAG 2 A and AA) and phone width. */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type AxeViolation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * Serious and critical violations on the page as it stands, one line per
 * element (within one part of the page when `within`, a selector, is given). axe-core runs in the page itself (injected once per document): the
 * Playwright wrapper runs it frame by frame and assembles the results in a new
 * page, five times the work for the site's pages, which have no frame of their
 * own to check. The admin's email previews are sandboxed frames that run no
 * scripts; what they show is an email's HTML, not the page's, so frames are skipped.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const results = await axe.run(selector ? { include: [[selector]] } : document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] },
      // Only violations are read: axe keeps one node per passed or inapplicable rule.
      resultTypes: ["violations"],
      iframes: false,
    });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, within);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(" ")} (${v.help})`));
}

/** Nothing wider than the viewport: no sideways scrolling (at 375 px, a phone). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
