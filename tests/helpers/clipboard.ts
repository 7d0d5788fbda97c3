/**
 * What the page wrote to the clipboard. The site's Permissions-Policy lets its
 * pages write to the clipboard but never read it (clipboard-read=()), so a
 * test cannot read the clipboard back: it records the writes instead.
 */
import type { Page } from "@playwright/test";

type Recorded = { copied: string[] };

/** From now on, every text the page copies is also kept for `lastCopied`. */
export async function recordCopies(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as Recorded;
    w.copied = [];
    const write = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (text: string) => {
      w.copied.push(text);
      return write(text);
    };
  });
}

/** The text the page copied last (after `recordCopies`). */
export const lastCopied = (page: Page): Promise<string | undefined> =>
  page.evaluate(() => (window as unknown as Recorded).copied.at(-1));
