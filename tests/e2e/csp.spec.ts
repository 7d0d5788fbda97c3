/**
 * The Content-Security-Policy in a real browser: pages load and hydrate under
 * their policy (script hashes on the pages shared between visitors, a nonce on
 * pages rendered for one) with no violation and no console error, on a phone,
 * through a whole booking to the test checkout, and on the admin login; a
 * script injected into a shared page does not run. Every public page is walked
 * under its policy in tests/e2e/seo-ssr.spec.ts, with the other checks made there.
 */

import { E2E_ADMIN_PASSWORD } from "../../playwright.config";
import { expect, type Page, test, waitForHydration } from "../fixtures/test";
import { cspViolations, HASH_POLICY, NONCE_POLICY, recordViolations } from "../helpers/csp";
import { adminToken, bearer, cancelBooking } from "../helpers/e2e-api";

// The console registers the trip day's service worker: here it registers for real, so its script and
// its registration are checked under the policy too (the other browser tests block workers).
test.use({ serviceWorkers: "allow" });

/** Collects console errors, page errors and CSP violations (the event and Chromium's console report). */
async function watch(page: Page) {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning")
      problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(recordViolations);
  return {
    async assertClean() {
      const violations = await page.evaluate(cspViolations);
      expect([...problems, ...violations]).toEqual([]);
    },
  };
}

async function policyOf(page: Page, path: string, kind: RegExp = HASH_POLICY) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(400);
  const policy = (await res?.headerValue("content-security-policy")) ?? "";
  expect(policy, path).toMatch(kind);
  return policy;
}

// The browser's side of the rule: under a shared page's real policy, an inline script the policy does not
// name does not run, and the page's own scripts still hydrate it. (That the server never names such a
// script is tested on the built pages in tests/process/shared-page-scripts.test.ts.)
test("a script injected into a shared page is refused while the page still hydrates", async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportViolation(t: string): void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  // The real page and its real headers, with a script in its content as injected markup would put it.
  await page.route("**/about", async (route) => {
    const res = await route.fetch();
    const html = await res.text();
    expect(html).toContain("<main");
    const headers = { ...res.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({
      status: res.status(),
      headers,
      body: html.replace(/<main([^>]*)>/, "<main$1><script>window.__injected = 1</script>"),
    });
  });
  // A shared page's policy; goto returns once React has hydrated the page.
  await policyOf(page, "/about");
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: number }).__injected),
  ).toBeUndefined();
  expect(violations).toEqual(["script-src-elem inline"]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("the mobile menu opens (scripts run) and client navigation works", async ({ page }) => {
    const watcher = await watch(page);
    await policyOf(page, "/about");
    await waitForHydration(page);
    const toggle = page.getByTestId("site-header").getByRole("button", { name: /menu/i });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await watcher.assertClean();
  });
});

// One browser: a booking to the test checkout and paid, then the admin login.
test("a booking to the test checkout and the admin login, with no violation", async ({ page, request }) => {
  const watcher = await watch(page);
  const email = `csp-${Date.now()}@example.com`;
  try {
    await test.step("a booking goes through the form to the test checkout with no violation", async () => {
      await policyOf(page, "/book");
      await waitForHydration(page);
      await page.getByTestId("adventure-option").filter({ hasText: "Guided Shore Dive" }).click();
      await expect(page.getByRole("heading", { name: /Your Details/ })).toBeVisible();
      const form = page.locator("main form").first();
      await form.locator("[name=customerFirstName]").fill("Ava");
      await form.locator("[name=customerLastName]").fill("Walker");
      await form.locator("[name=customerEmail]").fill(email);
      await form.locator("[name=customerPhone]").fill("0400 123 456");
      const dateSelect = page.locator("select[name=selectedDate]");
      const value = await dateSelect.locator("option:not([disabled])").nth(1).getAttribute("value");
      await dateSelect.selectOption(value ?? "");
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      await page.waitForURL(/\/checkout\/test\/cs_test_/);
      await expect(page.getByLabel("Card number")).toBeVisible();
      const checkout = await page.request.get(page.url());
      expect(checkout.headers()["content-security-policy"]).toMatch(/'strict-dynamic'/);
      // The checkout page is interactive: paying with the test card lands on the confirmation.
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM / YY)").fill("12/34");
      await page.getByLabel("CVC").fill("123");
      await page.getByLabel("Name on card").fill("Ava Walker");
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect(page.getByText("Payment successful!")).toBeVisible();
      await watcher.assertClean();
    });

    await test.step("the admin login works under the policy", async () => {
      await policyOf(page, "/admin", NONCE_POLICY);
      await expect(page).toHaveURL(/\/admin\/pro-dashboard$/);
      await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { name: /welcome to your dashboard/ })).toBeVisible();
      await watcher.assertClean();
    });
  } finally {
    // The journey's own booking, cancelled again.
    const token = await adminToken(request);
    const res = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, { headers: bearer(token) });
    for (const b of ((await res.json()) as { bookings: { id: string }[] }).bookings)
      await cancelBooking(request, token, b.id);
  }
});
