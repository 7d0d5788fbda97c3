/**
 * A booking paid on the day, from its page: the money recorded when the group
 * arrives, the confirmation sent again from its emails, and the log read at a
 * desk. The log's rules (markers, retries, copies) are proven in tests/api/email-log.
 */
import { expect, test } from "../fixtures/test";
import { adminToken, bearer, signIn, uniqueEmail } from "../helpers/e2e-api";

test("pay on the day recorded, the confirmation resent, and the log read", async ({ page, request }) => {
  const token = await adminToken(request);
  await signIn(page, token);
  const email = uniqueEmail("onday");
  const made = await request.post("/api/admin/bookings", {
    headers: bearer(token),
    data: {
      adventure_id: "dive-exhibition",
      selected_date: `2033-0${1 + (Date.now() % 9)}-2${Date.now() % 8}`,
      group_size: 2,
      customer_first_name: "Noah",
      customer_email: email,
      payment: "on_the_day",
      open_date: true,
    },
  });
  expect(made.status()).toBe(201);
  const { booking_id } = (await made.json()) as { booking_id: string };

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/bookings/${booking_id}`);
  await expect(page.getByTestId("amount-owed")).toHaveText("$190.00");
  await page.getByRole("button", { name: "Paid by cash" }).click();
  await expect(page.getByText("$190.00 recorded as paid by cash.")).toBeVisible();
  await expect(page.getByTestId("amount-owed")).toHaveCount(0);

  const emails = page.getByTestId("booking-emails");
  await expect(emails.getByRole("link", { name: /^Booking confirmed/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Resend confirmation" }).click();
  await expect(page.getByText("The confirmation is on its way again, with a fresh link.")).toBeVisible();
  await expect(emails.getByRole("link", { name: /^Booking confirmed/ })).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath("booking-emails-375.png"), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/email-log");
  await page.getByLabel("Search address or subject").fill(email);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/q=/);
  const rows = page.getByRole("list", { name: "Emails, newest first" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole("button").first().click();
  const body = page.frameLocator("iframe[title^='The email: Booking confirmed']");
  // Every private link shows as its marker; none is live.
  await expect(body.locator(`a[href="[link removed after sending]"]`).first()).toBeAttached();
  await expect(body.locator(`a[href*="/my-booking/"]`)).toHaveCount(0);
  await expect(body.getByText("Paid in cash")).toHaveCount(0);
  await expect(body.getByText("To pay on the day")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("email-log-1280.png"), fullPage: true });
  await page.getByRole("link", { name: "Open its booking" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking_id}$`));
});
