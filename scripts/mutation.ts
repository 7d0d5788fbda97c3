/**
 * `npm run mutation [-- <folder> ...]`: mutation testing of the rules (default: every
 * folder below), with Stryker and the Vitest runner, in one run. Prints each folder's
 * score and its surviving mutants, and writes the results to .cache/mutation/<folder>.json. A benchmark, not a test:
 * `npm test` never runs it, and it takes long (each mutant runs the tests that
 * cover it).
 */
import { mkdirSync, writeFileSync } from "node:fs";
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
  mutate: chosen.map((folder) => `${folder}/**/*.{ts,tsx}`),
  reporters: ["progress"],
  incremental: true,
  incrementalFile: path.join(out, "incremental.json"),
}).runMutationTest();
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const rows: string[] = [];
for (const folder of chosen) {
  const mine = results.filter((r) => path.relative(process.cwd(), r.fileName).startsWith(`${folder}/`));
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
    process.stdout.write(
      `  ${r.status} ${path.relative(process.cwd(), r.fileName)}:${r.location.start.line} ${r.mutatorName}: ${(r.replacement ?? "").slice(0, 80)}\n`,
    );
  }
}
process.stdout.write(
  `\n| folder | score | killed | survived | no coverage | ignored |\n|---|---|---|---|---|---|\n${rows.join("\n")}\n\n${minutes} min for ${chosen.join(", ")}\n`,
);
