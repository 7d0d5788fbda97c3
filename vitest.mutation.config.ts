import { defineConfig } from "vitest/config";

// The tests that prove the rules, for mutation testing: unit tests and the in-process
// API tests on the embedded database (no browser, no server processes).
// MUTATION_PROJECT=unit keeps only the unit tests (scripts/mutation.ts). MUTATION_API_TESTS, a
// comma-separated list of API test files (globs), narrows the API project to the files that
// target the folder under test: a mutant in the middleware is covered by every API test, so one
// that survives would otherwise run all of them (about a minute each on two cores).
const apiTests = process.env.MUTATION_API_TESTS?.split(",")
  .map((f) => f.trim())
  .filter(Boolean);
const projects = [
  {
    test: {
      name: "unit",
      include: ["tests/unit/**/*.test.ts"],
      environment: "node",
      // As in `npm test`: the files share one worker. Each mutant is a new Vitest run, which
      // starts a fresh worker per file when isolated: seconds per covering file per mutant.
      isolate: false,
      // Instrumented code runs several times slower on a busy machine: a rule test's
      // walk across a year takes more than the default 5 seconds there.
      testTimeout: 30_000,
    },
  },
  {
    test: {
      name: "api",
      include: apiTests?.length ? apiTests : ["tests/api/**/*.test.ts"],
      exclude: ["tests/api/fuzz.test.ts"],
      environment: "node",
      // As in `npm test`: each file builds its own app and database, so files share a worker's
      // loaded modules instead of importing the app again for every file of every mutant.
      isolate: false,
      globalSetup: ["tests/helpers/global-setup.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
const only = process.env.MUTATION_PROJECT;

export default defineConfig({
  test: { projects: only ? projects.filter((p) => p.test.name === only) : projects },
});
