import { expect, type Page, test } from "../fixtures/test";
import { adminToken, createBooking, openDates, signIn, uniqueEmail } from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * "Manage my booking": book and pay through the test checkout, open the
 * private link from the success page, see the trip and what cancelling
 * refunds today, then cancel with a confirmation step. Run with JavaScript
 * on and off (the forms are plain posts), at a phone width; a wrong link
 * offers to email a fresh one.
 */
const ADVENTURE = "guided-shore-dive";
const PHONE = { width: 375, height: 740 };

/** Books one person through the API, pays on the test checkout page and lands on the success page. */
async function bookAndPay(page: Page, email: string) {
  const [date] = await openDates(page.request, ADVENTURE);
  const booking = await createBooking(page.request, { adventureId: ADVENTURE, date: date.date, email });
  await page.goto(new URL(booking.checkout_url).pathname);
  await payWithTestCard(page);
  await page.waitForURL(/\/book\/success\?confirmed=true&session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "You're booked in!" })).toBeVisible();
  return booking;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("open the booking from the success page and cancel it after seeing the refund", async ({ page }) => {
      const email = uniqueEmail(javaScriptEnabled ? "manage-js" : "manage-nojs");
      const booking = await bookAndPay(page, email);

      await page.getByTestId("manage-link").click();
      await page.waitForURL(/\/my-booking\/[A-Za-z0-9_-]{43}$/);
      const link = page.url();
      await expect(page.getByTestId("booking-reference")).toHaveText(booking.reference);
      await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
      await expect(page.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
        "href",
        /^https:\/\/calendar\.google\.com\/calendar\/render\?/,
      );
      await expect(page.getByRole("link", { name: /Download calendar file/ })).toHaveAttribute(
        "href",
        `${new URL(link).pathname}/calendar.ics`,
      );
      const refundLine = (await page.getByTestId("refund-today").textContent()) ?? "";
      const refund = /refunds (\$[\d,]+\.\d{2})/.exec(refundLine)?.[1] ?? "";
      expect(refund).not.toBe("");
      await expectNoSidewaysScroll(page);
      // axe runs as a script in the page, so it checks the markup (the same either way) with JavaScript on.
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

      // First the amount and a question; nothing is cancelled yet.
      await page.getByRole("button", { name: "Cancel booking" }).click();
      const review = page.getByTestId("cancel-review");
      await expect(review).toContainText(`Cancel this booking and receive ${refund} back?`);
      await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
      await expectNoSidewaysScroll(page);
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

      await review.getByRole("button", { name: "Confirm cancellation" }).click();
      await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
      await expect(page.getByTestId("cancelled-notice")).toContainText("This booking is cancelled.");
      expect(page.url()).toBe(link);
      await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

      // The same link still opens the (cancelled) booking after a reload.
      await page.reload();
      await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
    });

    test("a wrong link offers to email a fresh one, with the same answer for any address", async ({
      page,
    }) => {
      const response = await page.goto("/my-booking/this-is-not-a-valid-link");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "This booking link does not work" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      // axe runs as a script in the page, so it checks the markup (the same either way) with JavaScript on.
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel("The email address you booked with").fill(uniqueEmail("nobody"));
      await page.getByRole("button", { name: "Email me my booking link" }).click();
      await expect(page).toHaveURL(/\/my-booking$/);
      await expect(page.getByTestId("resend-sent")).toContainText("If ");
      await expect(page.getByTestId("resend-sent")).toContainText("a fresh link is on its way");
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test("the operator's Revoke links in the bookings list switches the customer's link off", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("manage-revoke");
  const booking = await bookAndPay(page, email);
  await page.getByTestId("manage-link").click();
  await page.waitForURL(/\/my-booking\/[A-Za-z0-9_-]{43}$/);
  const link = page.url();
  await expect(page.getByTestId("booking-reference")).toHaveText(booking.reference);

  // The operator, in a browser of their own.
  const admin = await browser.newPage();
  try {
    await signIn(admin, await adminToken(admin.request));
    await admin.goto("/admin/bookings");
    await admin.getByLabel("Search").fill(email);
    await admin.getByRole("button", { name: "Search", exact: true }).click();
    const row = admin.getByTestId("booking-row").filter({ hasText: email }).locator("visible=true");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Confirmed");
    await row.getByRole("button", { name: "Revoke links" }).click();
    const dialog = admin.getByRole("dialog");
    await expect(dialog).toContainText(`Revoke the customer's links to ${booking.reference}?`);
    await dialog.getByRole("button", { name: "Revoke links" }).click();
    await expect(
      admin.getByText(`The customer's links to ${booking.reference} no longer work.`),
    ).toBeVisible();
  } finally {
    await admin.close();
  }

  // The customer's link now opens the page for a link that does not work, and says nothing of the booking.
  const response = await page.goto(link);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This booking link does not work" })).toBeVisible();
  await expect(page.getByText(booking.reference)).toHaveCount(0);
});
