import tailwindcss from "@tailwindcss/vite";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/helpers/chromium.ts";

// Separate from vite.config.ts so tests do not load the React Router plugin.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          // Files share a worker's loaded modules instead of importing the app again for each file
          // (the imports were four fifths of the run). Tests undo what they stub (afterEach).
          isolate: false,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          // Each file builds its own app and database (tests/helpers/test-app.ts); the modules
          // themselves hold no request state, so files share a worker's loaded modules.
          isolate: false,
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Widgets in a real Chromium (the build's own CSS included): what a person sees and
        // does with one component, in milliseconds instead of a page load per check.
        plugins: [tailwindcss()],
        test: {
          name: "component",
          // A widget's whole walk (a dozen clicks and choices) is one test: seconds on a busy machine.
          testTimeout: 30_000,
          include: ["tests/component/**/*.test.tsx"],
          setupFiles: ["tests/component/setup.ts"],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: CHROMIUM_PATH,
                args: CHROMIUM_ARGS,
              },
            }),
            instances: [{ browser: "chromium" }],
            viewport: { width: 1280, height: 800 },
            // The first run bundles the components' dependencies for the browser while the other steps
            // of the suite's first stage share the machine: a minute is not always enough to connect.
            connectTimeout: 300_000,
          },
        },
      },
      {
        // Whole server processes (the production build): run after `npm run build`.
        test: {
          name: "process",
          include: ["tests/process/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          globalSetup: ["tests/helpers/process-setup.ts"],
        },
      },
    ],
  },
});
