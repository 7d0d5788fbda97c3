import { defineConfig } from "vitest/config";

// The tests that prove the rules, for mutation testing: unit tests and the in-process
// API tests on the embedded database (no browser, no server processes).
export default defineConfig({
  test: {
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          exclude: ["tests/api/fuzz.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
