/**
 * Lighthouse (mobile, default simulated throttling, performance only) against
 * one Chromium started here with the flags the end-to-end tests use, on a
 * debugging port of our own. Lighthouse resets the cache and storage before
 * every run, so one browser serves all runs.
 */
import { existsSync } from "node:fs";
import lighthouse from "lighthouse";
import { type Child, startChild, tempDir, waitUntil } from "./system.ts";

export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface PageRun {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  /** Same-origin paths (with query) the page loaded. */
  loaded: string[];
  /** The user agent Lighthouse sent (the app may answer bots differently). */
  userAgent: string;
}

export interface Browser {
  run(url: string): Promise<PageRun>;
  stop(): Promise<void>;
}

/** Chromium's path; throws a clear error when it is missing (checked before anything starts). */
export function chromiumPath(): string {
  const executable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executable)) {
    throw new Error(
      `Chromium not found at ${executable}: install it or set CHROMIUM_PATH (or BENCH_SKIP_LIGHTHOUSE=1 to skip the page figures)`,
    );
  }
  return executable;
}

export async function startBrowser(port: number): Promise<Browser> {
  const executable = chromiumPath();
  const profile = tempDir("tw-bench-chrome-");
  const chrome: Child = startChild(
    executable,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"],
    process.env,
  );
  await waitUntil("Chromium", async () => (await fetch(`http://127.0.0.1:${port}/json/version`)).ok, chrome);
  return {
    async run(url) {
      let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
      // On a busy machine Chromium now and then records a trace without its navigation
      // (NO_NAVSTART): Lighthouse itself says to run it again, so a run it could not record is
      // repeated, at most twice; a page that really fails still fails the benchmark.
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(url, {
          port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        lhr = result.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 3 || lhr.runtimeError.code !== "NO_NAVSTART")
          throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
        process.stderr.write(`  (Lighthouse recorded no navigation on ${url}; running it again)\n`);
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const origin = new URL(url).origin;
      const items =
        (lhr.audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
      const loaded = items
        .map((i) => new URL(i.url))
        .filter((u) => u.origin === origin)
        .map((u) => u.pathname + u.search);
      return {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: value("largest-contentful-paint"),
        fcpMs: value("first-contentful-paint"),
        cls: value("cumulative-layout-shift"),
        loaded,
        userAgent: lhr.environment.networkUserAgent,
      };
    },
    stop: chrome.stop,
  };
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
