import { expect, type Page, test } from "../fixtures/test";
import {
  adminToken,
  cancelBooking,
  createBooking,
  openDates,
  payBooking,
  payCheckout,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";

/**
 * "Manage my booking": a paid booking's success page offers the private link;
 * it shows the trip and what cancelling refunds today, then cancels with a
 * confirmation step. Run with JavaScript on and off (the forms are plain
 * posts), at a phone width; a wrong or revoked link offers to email a fresh
 * one. The booking and its payment are made through the API (the checkout
 * page has specs of its own); the success page is opened as the checkout
 * leaves the customer on it.
 */
const ADVENTURE = "guided-shore-dive";
const PHONE = { width: 375, height: 740 };

/** Books one person through the API, pays, and opens the success page the checkout lands on. */
async function bookAndPay(page: Page, email: string) {
  const [date] = await openDates(page.request, ADVENTURE);
  const booking = await createBooking(page.request, { adventureId: ADVENTURE, date: date.date, email });
  await page.goto(await payCheckout(page.request, booking));
  await expect(page.getByRole("heading", { name: "You're booked in!" })).toBeVisible();
  return booking;
}

/** The page of a link that does not work, and its form that emails a fresh link to any address. */
async function wrongLinkOffersAFreshOne(page: Page, javaScriptEnabled: boolean) {
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
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("open the booking from the success page and cancel it after seeing the refund", async ({ page }) => {
      const email = uniqueEmail(javaScriptEnabled ? "manage-js" : "manage-nojs");
      const booking = await bookAndPay(page, email);
      try {
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
        await expect(review).toBeInViewport();
        await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
        await expectNoSidewaysScroll(page);
        if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

        await review.getByRole("button", { name: "Confirm cancellation" }).click();
        await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
        await expect(page.getByTestId("cancelled-notice")).toContainText("This booking is cancelled.");
        // The result is where a phone looks: in view, and focused for a screen reader.
        if (javaScriptEnabled) await expect(page.getByTestId("cancelled-notice")).toBeFocused();
        await expect(page.getByTestId("cancelled-notice")).toBeInViewport();
        expect(page.url()).toBe(link);
        await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

        // The same link still opens the (cancelled) booking after a reload.
        await page.reload();
        await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
      } finally {
        await cancelBooking(page.request, await adminToken(page.request), booking.booking_id);
      }
    });
  });
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("a wrong link offers to email a fresh one, with the same answer for any address", async ({ page }) => {
    await wrongLinkOffersAFreshOne(page, false);
  });
});

test("the operator's Revoke links in the bookings list switches the customer's link off", async ({
  page,
}) => {
  const email = uniqueEmail("manage-revoke");
  const [date] = await openDates(page.request, ADVENTURE);
  const booking = await createBooking(page.request, { adventureId: ADVENTURE, date: date.date, email });
  const token = await adminToken(page.request);
  try {
    const link = await payBooking(page.request, booking);
    await page.goto(link);
    await expect(page.getByTestId("booking-reference")).toHaveText(booking.reference);

    // The operator (signed in on this browser: the customer's pages do not look at the admin token).
    await signIn(page, token);
    await page.goto(`/admin/bookings?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("booking-row").filter({ hasText: email }).locator("visible=true");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Confirmed");
    await row.getByRole("button", { name: "Revoke links" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Revoke the customer's links to ${booking.reference}?`);
    await dialog.getByRole("button", { name: "Revoke links" }).click();
    await expect(
      page.getByText(`The customer's links to ${booking.reference} no longer work.`),
    ).toBeVisible();

    // The customer's link now opens the page for a link that does not work, and says nothing of the booking.
    await page.setViewportSize(PHONE);
    const response = await page.goto(link);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This booking link does not work" })).toBeVisible();
    await expect(page.getByText(booking.reference)).toHaveCount(0);

    await test.step("a revoked link opens no date change", async () => {
      const reschedule = await page.goto(`${link}/reschedule`);
      expect(reschedule?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "This booking link does not work" })).toBeVisible();
      await expect(page.getByText(booking.reference)).toHaveCount(0);
    });

    await test.step("with JavaScript on: a wrong link offers to email a fresh one, with the same answer for any address", async () => {
      await wrongLinkOffersAFreshOne(page, true);
    });
  } finally {
    await cancelBooking(page.request, token, booking.booking_id);
  }
});
