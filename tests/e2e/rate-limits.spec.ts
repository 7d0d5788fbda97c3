import { expect, type Page, test } from "../fixtures/test";

/**
 * When the server asks a visitor to wait (429), every form shows the server's
 * sentence instead of a generic error. The limits themselves are tested in
 * tests/api/public-limits.test.ts; here the answer is the server's exact
 * 429 shape, served to the browser for one route.
 */
const WAIT = "Too many requests from your connection. Please wait 4 minutes and try again.";

async function answer429(page: Page, pattern: string) {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 429,
      headers: { "Retry-After": "240" },
      json: { detail: WAIT, retry_after: 240, errors: {} },
    }),
  );
}

test("the booking form shows the wait message", async ({ page }) => {
  await answer429(page, "**/api/bookings");
  await page.goto("/book?adventure=dive-exhibition");
  const form = page.locator("main form").first();
  await form.locator("[name=customerFirstName]").fill("Ava");
  await form.locator("[name=customerLastName]").fill("Walker");
  await form.locator("[name=customerEmail]").fill("ava.wait@example.com");
  const dateSelect = page.locator("select[name=selectedDate]");
  const value = await dateSelect.locator("option:not([disabled])").nth(1).getAttribute("value");
  await dateSelect.selectOption(value ?? "");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page.getByTestId("error-banner")).toHaveText(WAIT);
});

test("the contact form shows the wait message with the usual advice", async ({ page }) => {
  await answer429(page, "**/api/contact");
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form).toHaveAttribute("novalidate", "");
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Maya");
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Nguyen");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill("maya.wait@example.com");
  await form.getByRole("combobox", { name: "Adventure type" }).selectOption("general");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill("Is the reef open this weekend?");
  await form.getByRole("button", { name: "Send Message" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Error Sending Message");
  await expect(alert).toContainText(WAIT);
  await expect(alert).toContainText("Please try again or contact us directly via WhatsApp.");
});

test("the newsletter form shows the wait message", async ({ page }) => {
  await answer429(page, "**/api/newsletter/subscribe");
  await page.goto("/about");
  const box = page.getByRole("form", { name: "Newsletter sign-up" });
  await box.getByRole("textbox").fill("news.wait@example.com");
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByRole("status")).toHaveText(WAIT);
});

test("the payment status check shows the wait message", async ({ page }) => {
  await answer429(page, "**/api/payments/v1/checkout/status/**");
  await page.goto("/book?session_id=cs_test_waitplease0001");
  await expect(page.getByTestId("payment-banner")).toHaveText(WAIT);
});
