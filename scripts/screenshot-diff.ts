/**
 * Compares the public pages of two running sites pixel by pixel, at 375 px and
 * 1280 px, full page: `node scripts/screenshot-diff.ts <before-url> <after-url>`.
 * For checking that a change to how pages are delivered (styles, fonts,
 * scripts) leaves how they look untouched. Both sites should hold the same
 * data (two fresh starts on the seed). Writes every pair and a diff image for
 * each page that differs to SHOTS_DIR (default .cache/screenshots) and prints
 * one line per page and width; exits 1 when any page differs.
 *
 * Motion is reduced (the review carousel stands still), every lazy image shown
 * is scrolled into view and loaded, and fonts are ready before each shot. Each
 * page is shown as to a returning visitor: a first view keeps the fonts'
 * fallback faces (lib/web-font-loader.ts), so the site is opened once and
 * the font files loaded before the shots.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { WEB_FONTS_KEY } from "../app/lib/web-font-loader.ts";
import { CHROME_FLAGS, chromiumPath } from "./bench/lighthouse.ts";

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  process.stderr.write("usage: node scripts/screenshot-diff.ts <before-url> <after-url>\n");
  process.exit(2);
}
const PAGES = (
  process.env.SHOTS_PAGES ??
  "/,/adventures,/adventures/dive-exhibition,/weekend,/gallery,/reviews,/about,/contact,/faq,/book,/privacy"
).split(",");
const WIDTHS = [375, 1280];
const OUT = path.resolve(process.env.SHOTS_DIR ?? ".cache/screenshots");
mkdirSync(OUT, { recursive: true });

/** Opens the site once, so the browser holds the web font files (see lib/web-font-loader.ts). */
async function holdWebFonts(page: Page, origin: string) {
  await page.goto(origin);
  // A site from before this loader adds the faces itself: a loaded web face will do there.
  await page.waitForFunction(
    (key) =>
      localStorage.getItem(key) !== null ||
      [...document.fonts].some((f) => f.status === "loaded" && f.family.includes("Variable")),
    WEB_FONTS_KEY,
  );
}

async function shot(page: Page, url: string): Promise<Buffer> {
  await page.goto(url, { waitUntil: "networkidle" });
  // Lazy images load only near the viewport: walk down the page, then back up.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        // A lazy image in something closed (an image viewer's popover) is never loaded.
        .filter((img) => img.checkVisibility())
        .map((img) => (img.complete ? null : new Promise((r) => img.addEventListener("load", r)))),
    );
  });
  return page.screenshot({ fullPage: true, animations: "disabled", caret: "hide" });
}

async function compare(a: Buffer, b: Buffer) {
  const [ra, rb] = await Promise.all(
    [a, b].map((buf) => sharp(buf).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (ra.info.width !== rb.info.width || ra.info.height !== rb.info.height) {
    return {
      differing: Number.POSITIVE_INFINITY,
      size: `${ra.info.width}x${ra.info.height} vs ${rb.info.width}x${rb.info.height}`,
      diff: null,
    };
  }
  const diff = Buffer.alloc(ra.data.length);
  let differing = 0;
  for (let i = 0; i < ra.data.length; i += 4) {
    const delta = Math.max(
      Math.abs(ra.data[i] - rb.data[i]),
      Math.abs(ra.data[i + 1] - rb.data[i + 1]),
      Math.abs(ra.data[i + 2] - rb.data[i + 2]),
    );
    const gray = Math.round((ra.data[i] + ra.data[i + 1] + ra.data[i + 2]) / 12);
    if (delta > 0) differing++;
    diff[i] = delta > 0 ? 255 : gray;
    diff[i + 1] = delta > 0 ? 0 : gray;
    diff[i + 2] = delta > 0 ? 0 : gray;
    diff[i + 3] = 255;
  }
  const image = differing
    ? await sharp(diff, { raw: { width: ra.info.width, height: ra.info.height, channels: 4 } })
        .png()
        .toBuffer()
    : null;
  return { differing, size: `${ra.info.width}x${ra.info.height}`, diff: image };
}

const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: CHROME_FLAGS.filter((f) => f !== "--headless"),
});
let failed = 0;
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const origin of [before, after]) await holdWebFonts(page, origin);
    for (const p of PAGES) {
      const a = await shot(page, new URL(p, before).toString());
      const b = await shot(page, new URL(p, after).toString());
      const name = `${width}${p.replace(/\W+/g, "_")}`;
      writeFileSync(path.join(OUT, `${name}-before.png`), a);
      writeFileSync(path.join(OUT, `${name}-after.png`), b);
      const result = await compare(a, b);
      if (result.diff) writeFileSync(path.join(OUT, `${name}-diff.png`), result.diff);
      if (result.differing) failed++;
      process.stdout.write(
        `${String(width).padStart(4)} px ${p.padEnd(30)} ${result.size.padEnd(12)} ${
          result.differing ? `${result.differing} pixels differ (${name}-diff.png)` : "identical"
        }\n`,
      );
    }
    await context.close();
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
