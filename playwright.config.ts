import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./server/node-flags.ts";
import { CHROMIUM_ARGS } from "./tests/helpers/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";
/** Specs that check email start an SMTP sink (smtp-server) on this port; the outbox retries until it is up. */
export const E2E_SMTP_PORT = PORT + 1000;

/**
 * End-to-end tests run against the production build, started fresh on a new
 * embedded database (or E2E_DATABASE_URL), in Debian's Chromium.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // Separate output folders let several runs happen side by side.
  outputDir: process.env.PW_OUTPUT ?? "test-results",
  fullyParallel: false,
  workers: 1,
  // A flaky test is a bug to fix, never to retry.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PW_JSON ? [["list"], ["json", { outputFile: process.env.PW_JSON }]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: ["node", ...SERVER_NODE_FLAGS, "scripts/e2e-server.ts"].join(" "),
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      OUTBOX_POLL_MS: "300",
      PUBLIC_URL: `http://localhost:${PORT}`,
      // Every spec books and writes from one address: scale the public rate limits up.
      RATE_LIMIT_FACTOR: "100",
      // Every browser test books from one address, many times over.
      MAX_OPEN_CHECKOUTS: "1000",
    },
  },
});
