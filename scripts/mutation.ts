/**
 * `npm run mutation [-- <folder or file> ...]`: mutation testing of the rules (default: every
 * folder below), with Stryker and the Vitest runner, in one run. Prints each folder's score
 * and its surviving mutants, each as file:line:column, the code it changed, the replacement and
 * how many tests ran it (one line often holds several mutants of one kind, so the line alone
 * does not say which survived), and writes the results to .cache/mutation/<folder>.json.
 * MUTATION_PROJECT=unit limits the run to the unit tests (minutes instead of hours, a lower
 * bound of the score); MUTATION_API_TESTS=<comma-separated API test files> narrows the API tests
 * (vitest.mutation.config.ts), also a lower bound; `--targeted` runs each group of files with the
 * API tests that target it (scripts/mutation-targets.ts). A benchmark, not a test: `npm test` never runs it, and it takes long
 * (each mutant runs the tests that cover it). MUTATION_FORCE=1 tests every mutant again (see run()).
 */
import { createHash } from "node:crypto";
import { globSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PartialStrykerOptions } from "@stryker-mutator/api/core";
import { Stryker } from "@stryker-mutator/core";
import { apiTestFile, TARGETS } from "./mutation-targets.ts";

const config: PartialStrykerOptions = {
  testRunner: "vitest",
  // Child processes, not threads: the code under test sets process.umask(), which a worker thread may not.
  vitest: { configFile: "vitest.mutation.config.ts", pool: "forks" },
  plugins: ["@stryker-mutator/vitest-runner"],
  // Each mutant runs only the tests that cover it.
  coverageAnalysis: "perTest",
  // Mutants in code that runs when a module loads would need every test: counted, not run.
  ignoreStatic: true,
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 30_000,
  // The first run takes every covering test once, with coverage: minutes on a small machine.
  dryRunTimeoutMinutes: 60,
  tempDirName: ".cache/stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: ["build", "data", ".cache", ".vitest", "test-results*", "bench-results.json"],
  thresholds: { high: 85, low: 70, break: null },
  // Stryker rewrites tsconfig.json paths with the `typescript` package's JavaScript API, which
  // TypeScript 7 (native) does not have; nothing here needs it (no extends, no references).
  tsconfigFile: "tsconfig.none.json",
};

/**
 * Results on fewer tests, or on the other database, are kept apart from the full run's. A
 * targeted group's file is named by the group's rule files, not its list of tests: adding a test
 * file to a group keeps its results (a forced run then gives the true score, see run()).
 */
function testSetSuffix(group?: string[]): string {
  const project = process.env.MUTATION_PROJECT ? `-${process.env.MUTATION_PROJECT}` : "";
  const database = process.env.TEST_DB === "postgres" && project !== "-unit" ? "-pg" : "";
  const key = group ? group.join(",") : process.env.MUTATION_API_TESTS;
  const tests = key
    ? `-${group ? "group" : "api"}-${createHash("sha256").update(key).digest("hex").slice(0, 8)}`
    : "";
  return `${project}${database}${tests}`;
}

const FOLDERS = ["server/cache", "server/security", "server/payments", "app/lib", "server/domain"];
const args = process.argv.slice(2);
const targeted = args.includes("--targeted");
const folders = args.filter((a) => a !== "--targeted").map((f) => f.replace(/\/$/, ""));
const chosen = folders.length ? folders : FOLDERS;
const out = path.resolve(".cache/mutation");
mkdirSync(out, { recursive: true });
const asGlob = (folder: string) => (/\.tsx?$/.test(folder) ? folder : `${folder}/**/*.{ts,tsx}`);

/**
 * One Stryker run. Its first step (every covering test once, with coverage) is the same for
 * every mutated file, so one run takes all of them. The incremental file keeps each mutant's
 * result, so a later run tests only the mutants whose code or covering tests changed.
 */
async function run(mutate: string[], group?: string[]) {
  return new Stryker({
    ...config,
    mutate,
    reporters: ["progress"],
    incremental: true,
    // MUTATION_FORCE=1 tests every mutant again. Without it a survivor whose covering tests did
    // not change keeps its result, even when a test file added since would kill it: after adding
    // tests aimed at a file, a forced run gives its true score.
    force: process.env.MUTATION_FORCE === "1",
    incrementalFile: path.join(out, `incremental${testSetSuffix(group)}.json`),
  }).runMutationTest();
}

const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);
const started = Date.now();
const results = [];
if (!targeted) {
  results.push(...(await run(chosen.map(asGlob))));
} else {
  // Each group with its own API tests (scripts/mutation-targets.ts), then what no group names
  // with the unit tests alone. The vitest config reads MUTATION_API_TESTS in Stryker's runners,
  // which take this process's environment when each run starts them.
  const named = new Set(TARGETS.flatMap((t) => t.files));
  for (const target of TARGETS) {
    const files = target.files.filter((f) => chosen.some((folder) => under(f, folder)));
    if (!files.length) continue;
    process.env.MUTATION_API_TESTS = target.apiTests.map(apiTestFile).join(",");
    results.push(...(await run(files, target.files)));
  }
  delete process.env.MUTATION_API_TESTS;
  const rest = chosen
    .flatMap((folder) => (/\.tsx?$/.test(folder) ? [folder] : globSync(asGlob(folder))))
    .filter((file) => !named.has(file));
  process.env.MUTATION_PROJECT = "unit";
  if (rest.length) results.push(...(await run(rest)));
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const rows: string[] = [];
for (const folder of chosen) {
  const mine = results.filter((r) => under(path.relative(process.cwd(), r.fileName), folder));
  const count = (status: string) => mine.filter((r) => r.status === status).length;
  const killed = count("Killed") + count("Timeout");
  const survived = count("Survived");
  const noCoverage = count("NoCoverage");
  const valid = killed + survived + noCoverage;
  const score = valid ? (100 * killed) / valid : 100;
  rows.push(
    `| ${folder} | ${score.toFixed(1)}% | ${killed} | ${survived} | ${noCoverage} | ${count("Ignored")} |`,
  );
  writeFileSync(path.join(out, `${folder.replace(/\//g, "-")}.json`), JSON.stringify(mine, null, 1));
  const left = mine.filter((r) => r.status === "Survived" || r.status === "NoCoverage");
  process.stdout.write(`\n${folder}: ${left.length} mutant(s) not killed\n`);
  for (const r of left) {
    const file = path.relative(process.cwd(), r.fileName);
    const { start, end } = r.location; // 1-based lines and columns, end exclusive
    const lines = readFileSync(r.fileName, "utf8")
      .split("\n")
      .slice(start.line - 1, end.line);
    lines[lines.length - 1] = lines[lines.length - 1].slice(0, end.column - 1);
    lines[0] = lines[0].slice(start.column - 1);
    const original = lines.join(" ").replace(/\s+/g, " ");
    process.stdout.write(
      `  ${r.status} ${file}:${start.line}:${start.column} ${r.mutatorName} (${r.coveredBy?.length ?? 0} tests): ${original.slice(0, 70)} => ${(r.replacement ?? "").replace(/\s+/g, " ").slice(0, 70)}\n`,
    );
  }
}
process.stdout.write(
  `\n| folder | score | killed | survived | no coverage | ignored |\n|---|---|---|---|---|---|\n${rows.join("\n")}\n\n${minutes} min for ${chosen.join(", ")}\n`,
);
