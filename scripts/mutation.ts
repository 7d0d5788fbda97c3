/**
 * `npm run mutation [-- <folder or file> ...]`: mutation testing of the rules (default: every
 * folder below), with Stryker and the Vitest runner, in one run. Prints each folder's score
 * and its surviving mutants, each as file:line:column, the code it changed, the replacement and
 * how many tests ran it (one line often holds several mutants of one kind, so the line alone
 * does not say which survived), and writes the results to .cache/mutation/<folder>.json.
 * MUTATION_PROJECT=unit limits the run to the unit tests (minutes instead of hours, a lower
 * bound of the score). A benchmark, not a test: `npm test` never runs it, and it takes long
 * (each mutant runs the tests that cover it).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PartialStrykerOptions } from "@stryker-mutator/api/core";
import { Stryker } from "@stryker-mutator/core";

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

const FOLDERS = ["server/cache", "server/security", "server/payments", "app/lib", "server/domain"];
const folders = process.argv.slice(2).map((f) => f.replace(/\/$/, ""));
const chosen = folders.length ? folders : FOLDERS;
const out = path.resolve(".cache/mutation");
mkdirSync(out, { recursive: true });

// One run for every chosen folder: the first step (every covering test once, with coverage)
// is the same for all of them and takes minutes. The incremental file keeps each mutant's
// result, so a later run tests only the mutants whose code or covering tests changed.
const started = Date.now();
const results = await new Stryker({
  ...config,
  mutate: chosen.map((folder) => (/\.tsx?$/.test(folder) ? folder : `${folder}/**/*.{ts,tsx}`)),
  reporters: ["progress"],
  incremental: true,
  // A run on the unit tests alone keeps its own results: they are not the full run's.
  incrementalFile: path.join(
    out,
    `incremental${process.env.MUTATION_PROJECT ? `-${process.env.MUTATION_PROJECT}` : ""}.json`,
  ),
}).runMutationTest();
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const rows: string[] = [];
for (const folder of chosen) {
  const mine = results.filter((r) => {
    const file = path.relative(process.cwd(), r.fileName);
    return file === folder || file.startsWith(`${folder}/`);
  });
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
