/**
 * `npm test`: the whole suite, in three stages whose steps run side by side:
 *   1. typecheck, lint, unit tests, component tests (Chromium) and the production build;
 *   2. API tests on the embedded database and on PostgreSQL, and the built server as processes;
 *   3. end-to-end tests in Chromium on the embedded database (two workers, each with its
 *      own server); what behaves differently on PostgreSQL is proven by the API and process
 *      tests on it, and by the page cache's two-process browser test.
 * Each step's output is printed in one block when it ends, with its seconds.
 * Prints one closing line with the totals. Set SKIP_PG=1 to leave out the
 * PostgreSQL runs (e.g. on a laptop without it).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const out = path.resolve(".cache/test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];
const unexpectedSkips: string[] = [];
const flakyTests: string[] = [];

const withPg = process.env.SKIP_PG !== "1";

/**
 * The only skips a run may contain. A test skipped for any other reason (a
 * `test.skip` at run time, a `skipIf` that came out true, the rest of a
 * describe block after its `beforeAll` failed) fails the run: a test that did
 * not run has not checked anything.
 */
const DECLARED_SKIPS: { when: boolean; file: RegExp; name: RegExp; why: string }[] = [
  {
    when: !withPg,
    file: /^tests\/process\//,
    name: /PostgreSQL/,
    why: "SKIP_PG=1 leaves out the PostgreSQL-only process tests",
  },
  {
    when: !withPg,
    file: /^tests\/e2e\/page-cache/,
    name: /PostgreSQL/,
    why: "SKIP_PG=1 leaves out the page cache's two-process browser test",
  },
];

function isDeclaredSkip(file: string, name: string): boolean {
  return DECLARED_SKIPS.some((d) => d.when && d.file.test(file) && d.name.test(name));
}

const timings: string[] = [];

/**
 * Node keeps the code it compiled here and every later process reads it back: the suite
 * starts the server some forty times (process tests, browser workers), and each start
 * compiles the same few hundred modules (about a tenth of a start's CPU).
 */
const compileCache = path.resolve(".cache/node-compile");

/** Runs one step with its output kept together, printed in one block when it ends. */
function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: "0", NODE_COMPILE_CACHE: compileCache, ...env },
    });
    const output: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => output.push(b));
    child.stderr.on("data", (b: Buffer) => output.push(b));
    child.on("close", (code) => {
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n=== ${label} ===\n${Buffer.concat(output).toString("utf8")}`);
      process.stdout.write(`=== ${label}: ${ok ? "ok" : "FAILED"} (${seconds} s) ===\n`);
      timings.push(`${label}: ${seconds} s`);
      if (!ok) failures.push(label);
      resolve(ok);
    });
  });
}

/** One step's tally: counted into the totals and printed under the step. */
type Tally = { passed: number; failed: number; skipped: string[]; flaky: string[] };

function report(label: string, t: Tally) {
  passed += t.passed;
  failed += t.failed + t.flaky.length;
  skipped += t.skipped.length;
  const expected = t.skipped.filter((s) => {
    const at = s.indexOf(" > ");
    return isDeclaredSkip(s.slice(0, at), s.slice(at + 3));
  });
  const unexpected = t.skipped.filter((s) => !expected.includes(s));
  process.stdout.write(
    `--- ${label}: ${t.passed} passed, ${t.failed} failed, ${t.flaky.length} flaky, ` +
      `${t.skipped.length} skipped (${expected.length} declared, ${unexpected.length} unexpected)\n`,
  );
  for (const s of expected) process.stdout.write(`    skipped (declared): ${s}\n`);
  for (const s of unexpected) process.stdout.write(`    SKIPPED (unexpected): ${s}\n`);
  for (const f of t.flaky) process.stdout.write(`    FLAKY (passed only on a retry): ${f}\n`);
  unexpectedSkips.push(...unexpected.map((s) => `${label}: ${s}`));
  flakyTests.push(...t.flaky.map((f) => `${label}: ${f}`));
}

function countVitest(label: string, file: string, flakyFile: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
  };
  const t: Tally = { passed: 0, failed: 0, skipped: [], flaky: [] };
  for (const f of r.testResults) {
    const rel = path.relative(process.cwd(), f.name);
    for (const a of f.assertionResults) {
      if (a.status === "passed") t.passed++;
      else if (a.status === "failed") t.failed++;
      else t.skipped.push(`${rel} > ${a.fullName}`);
    }
  }
  if (existsSync(flakyFile)) t.flaky = JSON.parse(readFileSync(flakyFile, "utf8")) as string[];
  t.passed -= t.flaky.length;
  report(label, t);
}

type PwSuite = {
  title: string;
  file: string;
  specs?: { title: string; file: string; tests: { status: string }[] }[];
  suites?: PwSuite[];
};

function countPlaywright(label: string, file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8")) as { suites: PwSuite[] };
  const t: Tally = { passed: 0, failed: 0, skipped: [], flaky: [] };
  const walk = (suite: PwSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const name = `tests/e2e/${spec.file} > ${[...titles, spec.title].join(" ")}`;
      for (const test of spec.tests) {
        if (test.status === "expected") t.passed++;
        else if (test.status === "flaky") t.flaky.push(name);
        else if (test.status === "skipped") t.skipped.push(name);
        else t.failed++;
      }
    }
    for (const s of suite.suites ?? []) walk(s, [...titles, s.title]);
  };
  // The top-level suites are the files; their titles are the file names.
  for (const s of r.suites) walk(s, []);
  report(label, t);
}

async function vitest(label: string, project: string, env: Record<string, string> = {}) {
  const file = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  const flakyFile = path.join(out, `${label.replace(/\W+/g, "-")}.flaky.json`);
  await run(
    label,
    "npx",
    [
      "vitest",
      "run",
      "--project",
      project,
      "--retry=0",
      "--reporter=default",
      "--reporter=json",
      "--reporter=./scripts/vitest-flaky-reporter.ts",
      `--outputFile.json=${file}`,
    ],
    { ...env, VITEST_FLAKY_FILE: flakyFile },
  );
  countVitest(label, file, flakyFile);
}

async function e2e(label: string, env: Record<string, string> = {}) {
  const file = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  await run(label, "npx", ["playwright", "test", "--retries=0"], { ...env, PW_JSON: file });
  countPlaywright(label, file);
}

if (withPg) {
  const r = spawnSync("pg_isready", ["-h", "127.0.0.1"], { stdio: "ignore" });
  if (r.status !== 0) {
    process.stderr.write("PostgreSQL is not reachable at 127.0.0.1:5432 (set SKIP_PG=1 to skip its runs).\n");
    failures.push("postgres not reachable");
  }
}

const started = Date.now();
const [, , , , built] = await Promise.all([
  run("typecheck", "npm", ["run", "--silent", "typecheck"]),
  run("lint", "npm", ["run", "--silent", "lint"]),
  vitest("unit", "unit"),
  vitest("component (Chromium)", "component"),
  run("build", "npm", ["run", "--silent", "build"]),
]);
await Promise.all([
  vitest("api (embedded PGlite)", "api"),
  withPg ? vitest("api (PostgreSQL)", "api", { TEST_DB: "postgres" }) : undefined,
  built ? vitest("processes (production build)", "process") : undefined,
]);
if (built) await e2e("e2e (Chromium, embedded PGlite)");

if (unexpectedSkips.length) {
  failures.push(`${unexpectedSkips.length} unexpected skip(s)`);
  process.stdout.write("\nSkipped without being declared (each one fails the run):\n");
  for (const s of unexpectedSkips) process.stdout.write(`  ${s}\n`);
}
if (flakyTests.length) {
  failures.push(`${flakyTests.length} flaky test(s)`);
  process.stdout.write("\nPassed only on a retry (each one counts as failed):\n");
  for (const f of flakyTests) process.stdout.write(`  ${f}\n`);
}

process.stdout.write(`\nSeconds per step (side by side within a stage): ${timings.join(", ")}\n`);
process.stdout.write(`Whole run: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(", ")}` : "All steps passed."}\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
process.exit(failures.length || failed ? 1 : 0);
