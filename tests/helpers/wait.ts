/**
 * Waiting on a condition instead of a fixed pause: a pause is either too short on a
 * slow machine (the test fails for nothing) or too long everywhere, and it proves
 * nothing about the state the test goes on to check.
 */

/** Polls `check` until it answers true; throws, naming `what`, once `timeoutMs` has passed. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 10_000, intervalMs = 10 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
