import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./server/node-flags.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/helpers/chromium.ts";

const PORT = Number(process.env.E2E_PORT ?? 4173);
/**
 * Workers, each with a server and a database of its own: specs in one worker run
 * in file order against its server, and no worker sees another's data.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export const E2E_ADMIN_PASSWORD = "e2e-admin-password";

/** The port of the server of worker slot `index` (Playwright's parallel index). */
export const e2ePort = (index: number) => PORT + index;
/** Its outbox sends to an SMTP sink on this port, which specs that check email start. */
const smtpPort = (index: number) => PORT + 1000 + index;
/**
 * The SMTP sink's port for the worker this module is loaded in (Playwright sets
 * TEST_PARALLEL_INDEX in each worker); the outbox retries until the sink is up.
 */
export const E2E_SMTP_PORT = smtpPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * End-to-end tests run against the production build, each worker's server started
 * fresh on a new embedded database (or a new PostgreSQL one with E2E_PG=1), in
 * Debian's Chromium. tests/fixtures/test.ts points each worker at its own server.
 */
export default defineConfig({
  testDir: "tests/e2e",
  // Separate output folders let several runs happen side by side.
  outputDir: process.env.PW_OUTPUT ?? "test-results",
  fullyParallel: false,
  workers: WORKERS,
  // A flaky test is a bug to fix, never to retry.
  retries: 0,
  // Two workers, their two servers and two browsers share the machine's cores: an admin journey of a
  // dozen screens can take half a minute on a 2-core machine, so a test has a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PW_JSON ? [["list"], ["json", { outputFile: process.env.PW_JSON }]] : [["list"]],
  use: {
    // Recording a trace costs every test a screenshot and DOM snapshot per action, passed or not:
    // PW_TRACE=1 records them (kept for failures) when a failure needs one.
    trace: process.env.PW_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    // The console's offline worker (public/sw.js) stays out of every test but the offline one
    // (test.use({ serviceWorkers: "allow" })): page.route must see each request the page makes.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    command: ["node", ...SERVER_NODE_FLAGS, "scripts/e2e-server.ts"].join(" "),
    url: `http://localhost:${e2ePort(index)}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(e2ePort(index)),
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort(index)}`,
      OUTBOX_POLL_MS: "300",
      PUBLIC_URL: `http://localhost:${e2ePort(index)}`,
      // Every spec books and writes from one address: scale the public rate limits up.
      RATE_LIMIT_FACTOR: "100",
      // Every browser test books from one address, many times over.
      MAX_OPEN_CHECKOUTS: "1000",
    },
  })),
});
