/**
 * `npm run bench`: every figure of the performance table in one run, each
 * beside a baseline measured in the same run, as a ratio, printed as a table
 * and written to a JSON file. A benchmark, not a test: it asserts nothing and
 * `npm test` never runs it; "met?" only compares with the targets.
 *
 * What runs (the production build, built first when missing, started as
 * `server/index.ts` with NODE_ENV=production, logging at info to /dev/null as
 * in production, on a temporary DATA_DIR; started once to create and seed its
 * database, then measured from a second start on that data):
 *  - Layout shift at 375 and 1280 px, first view and returning visitor, on
 *    each page (scripts/bench/layout-shift.ts); no baseline.
 *  - Lighthouse 13 mobile (default simulated throttling), median of
 *    BENCH_RUNS per metric, on each page; baseline: the same HTML and every
 *    asset it loaded, captured and served from memory by a bare node:http
 *    server with the same headers (scripts/bench/bare-server.ts).
 *  - autocannon at 50 connections for BENCH_DURATION seconds (after a warm-up)
 *    on SSR `/` and GET /api/adventures-pro; baseline: the bare server sending
 *    the captured bytes (gzip when the app sent gzip). CPU per request is the
 *    server process's utime+stime from /proc divided by the requests.
 *  - Memory (VmRSS from /proc) after start and the peak sampled under the load
 *    above, on PGlite; baseline: PGlite alone in a node process on the app's
 *    data folder after the app stopped, every table read. On PostgreSQL (a
 *    temporary database at 127.0.0.1:5432, dropped afterwards) the same load
 *    runs; its memory baseline is the bare server process.
 *
 * Environment:
 *  BENCH_RUNS             Lighthouse runs per page (default 3; the median counts)
 *  BENCH_DURATION         autocannon seconds per measurement (default 10; warm-up is a third of it, at least 1 s)
 *  BENCH_CONNECTIONS      autocannon connections (default 50)
 *  BENCH_PAGES            comma-separated paths (default /,/adventures,/adventures/dive-exhibition,/book,/gallery,/faq)
 *  BENCH_SKIP_LIGHTHOUSE  1: no Lighthouse (a quick run: load and memory only)
 *  SKIP_PG                1: PGlite only
 *  BENCH_OUT              the JSON file (default bench-results.json)
 *  BENCH_PORT             first of the ports used (default 4700; uses 5 from there)
 *  CHROMIUM_PATH          Chromium (default /usr/bin/chromium)
 *  TEST_DATABASE_URL      PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
 *  BUILD_DIR              the build (default build)
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { createPgDatabase, PG_ADMIN_URL } from "../tests/helpers/pg.ts";
import { type Capture, captureOne, headerOf, referencedPaths } from "./bench/capture.ts";
import { layoutShifts, type Shift } from "./bench/layout-shift.ts";
import { type Browser, chromiumPath, median, type PageRun, startBrowser } from "./bench/lighthouse.ts";
import { type LoadResult, load } from "./bench/load.ts";
import { printTable, type Row } from "./bench/report.ts";
import {
  assertPortsFree,
  type Child,
  cleanupAll,
  interrupted,
  memoryMb,
  onCleanup,
  sampleMemory,
  startChild,
  tempDir,
  waitUntil,
} from "./bench/system.ts";
import { postgresReachable } from "./bench-lib.ts";

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const SECONDS = Math.max(1, Number(process.env.BENCH_DURATION ?? 10));
const WARMUP = Math.max(1, Math.round(SECONDS / 3));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 50));
const PAGES = (process.env.BENCH_PAGES ?? "/,/adventures,/adventures/dive-exhibition,/book,/gallery,/faq")
  .split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const SKIP_LIGHTHOUSE = process.env.BENCH_SKIP_LIGHTHOUSE === "1";
/** A phone's and a laptop's width, for the layout shift rows (Lighthouse's own is 412 px). */
const SHIFT_WIDTHS = [375, 1280];
const SKIP_PG = process.env.SKIP_PG === "1";
const OUT = path.resolve(process.env.BENCH_OUT ?? "bench-results.json");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4700);
const PORTS = {
  app: BASE_PORT,
  appPg: BASE_PORT + 1,
  staticCopy: BASE_PORT + 2,
  bare: BASE_PORT + 3,
  chrome: BASE_PORT + 4,
};
const API = "/api/adventures-pro";
// What a browser sends: the app compresses for it, and the baseline sends the same compressed bytes.
const LOAD_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "user-agent":
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

const log = (line: string) => process.stderr.write(`${line}\n`);
const rows: Row[] = [];
const notes: string[] = [];
const machine = {
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  totalMemoryMb: Math.round(os.totalmem() / 2 ** 20),
  loadAverageAtStart: os.loadavg(),
  loadAverageAtEnd: [] as number[],
  niceness: os.getPriority(),
};
const startedAt = new Date().toISOString();

function ensureBuild() {
  if (existsSync(path.join(BUILD_DIR, "server/index.js"))) return;
  log("no build: running `npm run build`");
  const r = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) throw new Error("the build failed");
}

async function startApp(port: number, env: Record<string, string>): Promise<Child> {
  const app = startChild(
    process.execPath,
    [...SERVER_NODE_FLAGS, "server/index.ts"],
    {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "info",
      ADMIN_PASSWORD: "bench-admin-password",
      BUILD_DIR,
      // GET requests are not rate limited; lifted anyway so no answer is a refusal.
      RATE_LIMIT_FACTOR: "1000000",
      ...env,
    },
    "ignore",
  );
  await waitUntil("the app", async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, app);
  return app;
}

/**
 * Starts the app on data it created and seeded itself: a first start creates
 * the database, then a second start opens it, as every start of a running
 * site after its first does (PGlite alone, the baseline, also opens existing
 * data). Memory counts from the second start; the first start's resident
 * memory is returned too, to be reported.
 */
async function startOnSeededData(
  port: number,
  env: Record<string, string>,
): Promise<{ app: Child; firstStartMb: number }> {
  const first = await startApp(port, env);
  const firstStartMb = memoryMb(first.pid).rss;
  await first.stop();
  return { app: await startApp(port, env), firstStartMb };
}

async function startBare(port: number, capture: Capture, dir: string, name: string): Promise<Child> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(capture));
  const bare = startChild(
    process.execPath,
    ["scripts/bench/bare-server.ts", file, String(port)],
    process.env,
  );
  const probe = Object.keys(capture)[0];
  await waitUntil(
    "the bare server",
    async () => (await fetch(`http://127.0.0.1:${port}${probe}`)).status > 0,
    bare,
  );
  return bare;
}

const loadAll = async (origin: string, pid: number) => ({
  ssr: await load({
    url: `${origin}/`,
    pid,
    headers: LOAD_HEADERS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
  }),
  api: await load({
    url: `${origin}${API}`,
    pid,
    headers: LOAD_HEADERS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
  }),
});

interface PageFigures {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
}

async function lighthouseRun(browser: Browser, origin: string, page: string, run: number): Promise<PageRun> {
  log(`  lighthouse ${origin}${page} (${run}/${RUNS})`);
  return browser.run(`${origin}${page}`);
}

const medians = (runs: PageRun[]): PageFigures => ({
  performance: median(runs.map((r) => r.performance)),
  lcpMs: median(runs.map((r) => r.lcpMs)),
  fcpMs: median(runs.map((r) => r.fcpMs)),
  cls: median(runs.map((r) => r.cls)),
});

const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : Number.NaN);

function loadRows(
  label: string,
  app: LoadResult,
  bare: LoadResult,
  targets: { share: number; cpuMs?: number },
) {
  rows.push({
    figure: `${label} req/s (${CONNECTIONS} conn)`,
    measured: app.perSecond,
    baseline: bare.perSecond,
    ratio: ratio(app.perSecond, bare.perSecond),
    unit: "req/s",
    target: `ratio >= ${targets.share.toFixed(2)}`,
    met: ratio(app.perSecond, bare.perSecond) >= targets.share,
  });
  rows.push({
    figure: `${label} CPU per request`,
    measured: app.cpuMsPerRequest,
    baseline: bare.cpuMsPerRequest,
    ratio: ratio(app.cpuMsPerRequest, bare.cpuMsPerRequest),
    unit: "ms",
    target: targets.cpuMs === undefined ? "(none)" : `<= ${targets.cpuMs} ms`,
    met: targets.cpuMs === undefined ? null : app.cpuMsPerRequest <= targets.cpuMs,
  });
  for (const [who, r] of [
    ["app", app],
    ["bare", bare],
  ] as const) {
    if (r.requests === 0) {
      notes.push(
        `${label} (${who}): no request completed within ${SECONDS} s (machine too busy? raise BENCH_DURATION)`,
      );
    }
    if (r.failed > 0)
      notes.push(
        `${label} (${who}): ${r.failed} of ${r.requests} requests failed (non-2xx, error or timeout)`,
      );
  }
}

async function main() {
  if (!SKIP_LIGHTHOUSE) chromiumPath();
  await assertPortsFree(Object.values(PORTS));
  ensureBuild();
  const work = tempDir("tw-bench-");
  const results: Record<string, unknown> = {};

  // ---- The app on PGlite: pages, load, memory ----
  log("starting the app on PGlite");
  const dataDir = path.join(work, "data");
  const { app, firstStartMb: appFirstStart } = await startOnSeededData(PORTS.app, { DATA_DIR: dataDir });
  const appOrigin = `http://127.0.0.1:${PORTS.app}`;
  const appAfterStart = memoryMb(app.pid).rss;
  const appMemory = sampleMemory(app.pid);

  // The bytes the load baseline sends: the app's own answers to the same request.
  const loadCapture: Capture = {
    "/": await captureOne(`${appOrigin}/`, LOAD_HEADERS),
    [API]: await captureOne(`${appOrigin}${API}`, LOAD_HEADERS),
  };
  for (const [p, c] of Object.entries(loadCapture)) {
    if (c.status !== 200) throw new Error(`the app answered ${c.status} to GET ${p}`);
  }
  results.loadCaptured = Object.fromEntries(
    Object.entries(loadCapture).map(([p, c]) => [
      p,
      {
        bytes: Buffer.from(c.body, "base64").length,
        contentEncoding: headerOf(c, "content-encoding") ?? "identity",
      },
    ]),
  );

  const appPages = new Map<string, PageRun[]>();
  const staticPages = new Map<string, PageRun[]>();
  const browser = SKIP_LIGHTHOUSE ? undefined : await startBrowser(PORTS.chrome);
  if (browser) {
    log("lighthouse on the app (first run of each page: also finds what the page loads)");
    for (const page of PAGES) appPages.set(page, [await lighthouseRun(browser, appOrigin, page, 1)]);
  }

  // The static copy: each page's HTML (as sent to Lighthouse's user agent), every asset it loaded,
  // and every asset the HTML and its stylesheets refer to (another run may pick another).
  const staticCapture: Capture = {};
  for (const [page, runs] of appPages) {
    const headers = { ...LOAD_HEADERS, "user-agent": runs[0].userAgent };
    const queue = [page, ...runs.flatMap((r) => r.loaded)];
    while (queue.length > 0) {
      const p = queue.shift() as string;
      if (staticCapture[p]) continue;
      const captured = await captureOne(`${appOrigin}${p}`, headers);
      staticCapture[p] = captured;
      queue.push(...referencedPaths(captured));
    }
  }

  if (browser) {
    // The remaining runs alternate app and copy, so a change in the machine's load hits both alike.
    const copy = await startBare(PORTS.staticCopy, staticCapture, work, "static");
    const copyOrigin = `http://127.0.0.1:${PORTS.staticCopy}`;
    log("lighthouse on the static copy and the app, alternating");
    for (const page of PAGES) {
      const appRuns = appPages.get(page) as PageRun[];
      const copyRuns = [await lighthouseRun(browser, copyOrigin, page, 1)];
      for (let i = 2; i <= RUNS; i++) {
        appRuns.push(await lighthouseRun(browser, appOrigin, page, i));
        copyRuns.push(await lighthouseRun(browser, copyOrigin, page, i));
      }
      staticPages.set(page, copyRuns);
    }
    const misses = copy.stderr.filter((l) => l.startsWith("miss "));
    if (misses.length > 0) {
      notes.push(`static copy lacked ${misses.length} request(s): ${misses.slice(0, 5).join("; ")}`);
    }
    await copy.stop();
    await browser.stop();
  }

  let shifts: Shift[] = [];
  if (!SKIP_LIGHTHOUSE) {
    log("layout shift at 375 and 1280 px, first view and returning");
    shifts = await layoutShifts(appOrigin, PAGES, SHIFT_WIDTHS);
  }

  log("load on the app (PGlite)");
  const appLoad = await loadAll(appOrigin, app.pid);
  const appPeak = appMemory.stop();
  const appHwm = memoryMb(app.pid).hwm;
  await app.stop();

  // ---- Baselines: bare server (static copy and load), PGlite alone ----
  log("starting the bare server");
  const bare = await startBare(PORTS.bare, loadCapture, work, "load");
  const bareAfterStart = memoryMb(bare.pid).rss;
  const bareMemory = sampleMemory(bare.pid);
  const bareOrigin = `http://127.0.0.1:${PORTS.bare}`;
  log("load on the bare server");
  const bareLoad = await loadAll(bareOrigin, bare.pid);
  const barePeak = bareMemory.stop();
  await bare.stop();

  log("PGlite alone on the app's data");
  const pgliteCopy = path.join(work, "pglite-alone");
  cpSync(path.join(dataDir, "db"), pgliteCopy, { recursive: true });
  // With the server's V8 flags: the same engine settings, so the difference is the app's own memory.
  const alone = spawnSync(
    process.execPath,
    [...SERVER_NODE_FLAGS, "scripts/bench/pglite-alone.ts", pgliteCopy],
    { encoding: "utf8" },
  );
  if (alone.status !== 0) throw new Error(`PGlite alone failed:\n${alone.stderr}`);
  const pgliteAlone = JSON.parse(alone.stdout.trim().split("\n").at(-1) ?? "{}") as {
    afterStart: number;
    peak: number;
  };

  // ---- The app on PostgreSQL ----
  let pgFigures:
    | {
        firstStart: number;
        afterStart: number;
        peak: number;
        hwm: number;
        load: Awaited<ReturnType<typeof loadAll>>;
      }
    | undefined;
  if (SKIP_PG) notes.push("PostgreSQL rows skipped (SKIP_PG=1)");
  else if (!(await postgresReachable())) {
    notes.push(`PostgreSQL rows skipped: no server answers at ${new URL(PG_ADMIN_URL).host}`);
  } else {
    log("starting the app on PostgreSQL");
    const database = await createPgDatabase("tw_bench");
    const dropDatabase = onCleanup(() => database.drop());
    const { app: pgApp, firstStartMb } = await startOnSeededData(PORTS.appPg, {
      DATA_DIR: path.join(work, "data-pg"),
      DATABASE_URL: database.url,
      // A database URL looks like a deployment: the test checkout has to be chosen on purpose.
      PAYMENTS: "test",
    });
    const afterStart = memoryMb(pgApp.pid).rss;
    const sampler = sampleMemory(pgApp.pid);
    log("load on the app (PostgreSQL)");
    const pgLoad = await loadAll(`http://127.0.0.1:${PORTS.appPg}`, pgApp.pid);
    const peak = sampler.stop();
    const { hwm } = memoryMb(pgApp.pid);
    await pgApp.stop();
    await dropDatabase();
    pgFigures = { firstStart: firstStartMb, afterStart, peak, hwm, load: pgLoad };
  }

  // ---- The table ----
  for (const page of PAGES) {
    const a = appPages.get(page);
    const s = staticPages.get(page);
    if (!a || !s) continue;
    const am = medians(a);
    const sm = medians(s);
    rows.push({
      figure: `Lighthouse ${page}`,
      measured: am.performance,
      baseline: sm.performance,
      ratio: ratio(am.performance, sm.performance),
      unit: "",
      target: "100",
      met: am.performance >= 100,
    });
    rows.push({
      figure: `LCP ${page}`,
      measured: am.lcpMs / 1000,
      baseline: sm.lcpMs / 1000,
      ratio: ratio(am.lcpMs, sm.lcpMs),
      unit: "s",
      target: "<= 1.2 s",
      met: am.lcpMs <= 1200,
    });
    rows.push({
      figure: `FCP ${page}`,
      measured: am.fcpMs / 1000,
      baseline: sm.fcpMs / 1000,
      ratio: ratio(am.fcpMs, sm.fcpMs),
      unit: "s",
      target: "<= 1.0 s",
      met: am.fcpMs <= 1000,
    });
    rows.push({
      figure: `CLS ${page}`,
      measured: am.cls,
      baseline: sm.cls,
      ratio: ratio(am.cls, sm.cls),
      unit: "",
      digits: 3,
      target: "(reported)",
      met: null,
    });
  }
  for (const width of SHIFT_WIDTHS) {
    for (const visit of ["first view", "returning"] as const) {
      const views = shifts.filter((v) => v.width === width && v.visit === visit);
      if (views.length === 0) continue;
      const worst = views.reduce((a, b) => (b.cls > a.cls ? b : a));
      rows.push({
        figure: `layout shift ${width} px, ${visit} (${worst.cls > 0 ? `worst: ${worst.page}` : `all ${views.length} pages`})`,
        measured: worst.cls,
        baseline: Number.NaN,
        ratio: Number.NaN,
        unit: "",
        digits: 3,
        target: "0.00",
        met: worst.cls < 0.005,
      });
    }
  }
  if (SKIP_LIGHTHOUSE) notes.push("Lighthouse and layout shift rows skipped (BENCH_SKIP_LIGHTHOUSE=1)");

  loadRows("SSR / (PGlite)", appLoad.ssr, bareLoad.ssr, { share: 0.3, cpuMs: 1 });
  loadRows(`GET ${API} (PGlite)`, appLoad.api, bareLoad.api, { share: 0.5 });
  rows.push({
    figure: "memory PGlite after start",
    measured: appAfterStart,
    baseline: pgliteAlone.afterStart,
    ratio: ratio(appAfterStart, pgliteAlone.afterStart),
    unit: "MB",
    target: "app - PGlite alone <= 150 MB",
    met: appAfterStart - pgliteAlone.afterStart <= 150,
  });
  rows.push({
    figure: "memory PGlite after the first start (creates and seeds the database)",
    measured: appFirstStart,
    baseline: pgliteAlone.afterStart,
    ratio: ratio(appFirstStart, pgliteAlone.afterStart),
    unit: "MB",
    target: "(reported)",
    met: null,
  });
  rows.push({
    figure: "memory PGlite peak under load",
    measured: appPeak,
    baseline: pgliteAlone.peak,
    ratio: ratio(appPeak, pgliteAlone.peak),
    unit: "MB",
    target: "app - PGlite alone <= 150 MB",
    met: appPeak - pgliteAlone.peak <= 150,
  });
  if (pgFigures) {
    loadRows("SSR / (PostgreSQL)", pgFigures.load.ssr, bareLoad.ssr, { share: 0.3, cpuMs: 1 });
    loadRows(`GET ${API} (PostgreSQL)`, pgFigures.load.api, bareLoad.api, { share: 0.5 });
    rows.push({
      figure: "memory PostgreSQL after start",
      measured: pgFigures.afterStart,
      baseline: bareAfterStart,
      ratio: ratio(pgFigures.afterStart, bareAfterStart),
      unit: "MB",
      target: "<= 150 MB",
      met: pgFigures.afterStart <= 150,
    });
    rows.push({
      figure: "memory PostgreSQL after the first start (migrates and seeds)",
      measured: pgFigures.firstStart,
      baseline: bareAfterStart,
      ratio: ratio(pgFigures.firstStart, bareAfterStart),
      unit: "MB",
      target: "(reported)",
      met: null,
    });
    rows.push({
      figure: "memory PostgreSQL peak under load",
      measured: pgFigures.peak,
      baseline: barePeak,
      ratio: ratio(pgFigures.peak, barePeak),
      unit: "MB",
      target: "<= 250 MB",
      met: pgFigures.peak <= 250,
    });
  }

  machine.loadAverageAtEnd = os.loadavg();
  printTable(rows, {
    header: `Performance table: ${SKIP_LIGHTHOUSE ? "no Lighthouse" : `${RUNS} Lighthouse run(s) per page (median)`}, ${SECONDS} s of load at ${CONNECTIONS} connections after ${WARMUP} s of warm-up; baselines: bare node:http server with the captured bytes, PGlite alone with the same data (memory on PostgreSQL beside the bare server's)`,
    notes: [
      ...notes,
      `load average ${machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(" ")} at start, ${machine.loadAverageAtEnd.map((n) => n.toFixed(2)).join(" ")} at end on ${machine.cpus} CPU(s): figures are noisy when it is high`,
    ],
  });

  const json = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine,
    options: {
      runs: RUNS,
      seconds: SECONDS,
      warmupSeconds: WARMUP,
      connections: CONNECTIONS,
      pages: PAGES,
      skipLighthouse: SKIP_LIGHTHOUSE,
      skipPg: SKIP_PG,
    },
    rows,
    notes,
    details: {
      ...results,
      load: { pglite: appLoad, bare: bareLoad, postgres: pgFigures?.load },
      memoryMb: {
        pglite: {
          firstStart: appFirstStart,
          afterStart: appAfterStart,
          peak: appPeak,
          highWaterMark: appHwm,
        },
        pgliteAlone,
        postgres: pgFigures && {
          firstStart: pgFigures.firstStart,
          afterStart: pgFigures.afterStart,
          peak: pgFigures.peak,
          highWaterMark: pgFigures.hwm,
        },
        bare: { afterStart: bareAfterStart, peak: barePeak },
      },
      layoutShift: shifts,
      lighthouse: Object.fromEntries(
        PAGES.map((p) => [
          p,
          {
            app: appPages.get(p)?.map(({ loaded, userAgent, ...figures }) => figures),
            staticCopy: staticPages.get(p)?.map(({ loaded, userAgent, ...figures }) => figures),
            loaded: appPages.get(p)?.[0]?.loaded,
          },
        ]),
      ),
    },
  };
  writeFileSync(OUT, `${JSON.stringify(json, null, 2)}\n`);
  process.stdout.write(`\nwritten to ${path.relative(process.cwd(), OUT) || OUT}\n`);
}

try {
  await main();
  await cleanupAll();
} catch (error) {
  if (!interrupted) log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  await cleanupAll();
  process.exit(1);
}
