import { existsSync } from "node:fs";

/** Debian's Chromium as the tests start it (as root, on a machine with no outside network). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else Chromium's headless shell where it is
 * installed (Debian: chromium-headless-shell, built from the same source as chromium), else
 * Chromium itself. The shell runs the same Blink and V8 without the full browser around them, and
 * the browser suite needs about 30% less time in it; the benchmark's Lighthouse figures keep the
 * full browser (docs/decisions/044-tests-in-the-headless-shell.md).
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
