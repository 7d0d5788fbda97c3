/**
 * Clicks that start a deliberately slow server step (a password check, a
 * recovery code's hash): the test waits for the server's answer itself and
 * checks its status, then the screen's change is a quick render. Waiting for
 * the screen alone would hold the slow hash to the 7 seconds an on-screen
 * change gets, which a busy machine can exceed.
 */
import { expect, type Locator, type Page, type Response } from "@playwright/test";

/** Clicks `button` and answers the page's POST to `path` it sends, once that has come back with `status`. */
export async function clickForAnswer(
  page: Page,
  button: Locator,
  path: string,
  status = 200,
): Promise<Response> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === path,
  );
  await button.click();
  const res = await answer;
  expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
  return res;
}
