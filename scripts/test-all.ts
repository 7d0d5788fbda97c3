/**
 * `npm test`: the whole suite, in order: typecheck, lint, unit tests, API tests
 * on the embedded database and on PostgreSQL, production build, end-to-end
 * tests in Chromium on both databases. Prints one closing line with the totals.
 * Set SKIP_PG=1 to leave out the PostgreSQL runs (e.g. on a laptop without it).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const out = path.resolve(".cache/test-results");
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): boolean {
  process.stdout.write(`\n=== ${label} ===\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = r.status === 0;
  process.stdout.write(
    `=== ${label}: ${ok ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s) ===\n`,
  );
  if (!ok) failures.push(label);
  return ok;
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, "utf8"));
  passed += (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0);
  failed += r.stats?.unexpected ?? 0;
  skipped += r.stats?.skipped ?? 0;
}

function vitest(label: string, project: string, env: Record<string, string> = {}) {
  const file = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  run(
    label,
    "npx",
    ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${file}`],
    env,
  );
  countVitest(file);
}

function e2e(label: string, env: Record<string, string> = {}) {
  const file = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  run(label, "npx", ["playwright", "test"], { ...env, PW_JSON: file });
  countPlaywright(file);
}

const withPg = process.env.SKIP_PG !== "1";
if (withPg) {
  const r = spawnSync("pg_isready", ["-h", "127.0.0.1"], { stdio: "ignore" });
  if (r.status !== 0) {
    process.stderr.write("PostgreSQL is not reachable at 127.0.0.1:5432 (set SKIP_PG=1 to skip its runs).\n");
    failures.push("postgres not reachable");
  }
}

run("typecheck", "npm", ["run", "--silent", "typecheck"]);
run("lint", "npm", ["run", "--silent", "lint"]);
vitest("unit", "unit");
vitest("api (embedded PGlite)", "api");
if (withPg) vitest("api (PostgreSQL)", "api", { TEST_DB: "postgres" });
if (run("build", "npm", ["run", "--silent", "build"])) {
  vitest("processes (production build)", "process");
  e2e("e2e (Chromium, embedded PGlite)");
  if (withPg) e2e("e2e (Chromium, PostgreSQL)", { E2E_PG: "1" });
}

process.stdout.write(`\n${failures.length ? `Failed steps: ${failures.join(", ")}` : "All steps passed."}\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
process.exit(failures.length || failed ? 1 : 0);
