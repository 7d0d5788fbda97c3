/**
 * Page speed of the built site, as a visitor on a phone sees it: Lighthouse
 * mobile scores (performance, accessibility, best practices, SEO) for the key
 * pages, the first-load JavaScript of the home page (gzip), and the server's
 * memory after the runs. Starts the production build on a temporary database
 * and stops it at the end. Needs Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium) and a build (`npm run build`; built here when missing).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";

const PORT = Number(process.env.BENCH_PORT ?? 4390);
const ORIGIN = `http://localhost:${PORT}`;
const PAGES = (process.env.BENCH_PAGES ?? "/,/adventures,/adventures/dive-exhibition").split(",");
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const BUILD_DIR = process.env.BUILD_DIR ?? "build";

if (!existsSync(path.join(BUILD_DIR, "server/index.js"))) {
  const r = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
// Full reports stay here for a closer look (opportunities, failing audits).
const reportDir = path.resolve(".cache/lighthouse");
mkdirSync(reportDir, { recursive: true });
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.ts"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    ADMIN_PASSWORD: "bench-password-123",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("exit", stop);

for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${ORIGIN}/healthz`)).ok) break;
  } catch {}
  if (i > 120) throw new Error("server did not start");
  await new Promise((r) => setTimeout(r, 250));
}

/** Bytes of JavaScript the page actually downloaded (compressed, as transferred). */
function scriptBytes(report: {
  audits: Record<string, { details?: { items?: { resourceType: string; transferSize: number }[] } }>;
}) {
  const items = report.audits["resource-summary"]?.details?.items ?? [];
  return items.find((i) => i.resourceType === "script")?.transferSize ?? 0;
}

function lighthouse(pagePath: string) {
  const out = path.join(reportDir, `${pagePath.replace(/\W+/g, "_").replace(/^_/, "") || "home"}.json`);
  const r = spawnSync(
    "npx",
    [
      "lighthouse",
      `${ORIGIN}${pagePath}`,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--form-factor=mobile",
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, stdio: ["ignore", "ignore", "inherit"] },
  );
  if (r.status !== 0 || !existsSync(out)) return null;
  const report = JSON.parse(readFileSync(out, "utf8"));
  const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
  const ms = (k: string) => Math.round(report.audits[k]?.numericValue ?? 0);
  return {
    page: pagePath,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: ms("first-contentful-paint"),
    lcpMs: ms("largest-contentful-paint"),
    tbtMs: ms("total-blocking-time"),
    cls: Number((report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    jsKB: Number((scriptBytes(report) / 1024).toFixed(1)),
  };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const html = await (await fetch(`${ORIGIN}/`, { headers: { "Accept-Encoding": "gzip" } })).text();
console.log(`\nHome page HTML: ${kb(Buffer.byteLength(html))} (${kb(gzipSync(html).length)} gzip)`);

const rows = [];
for (const p of PAGES) {
  const row = lighthouse(p);
  if (row) rows.push(row);
  else console.error(`lighthouse failed for ${p}`);
}
console.log("Lighthouse (mobile, simulated slow 4G); jsKB = JavaScript transferred on first load, gzip:");
console.table(rows);

const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
const rss = /VmRSS:\s+(\d+)/.exec(status)?.[1];
if (rss) console.log(`Server memory (RSS) after the runs: ${(Number(rss) / 1024).toFixed(0)} MB`);
process.exit(rows.length === PAGES.length ? 0 : 1);
