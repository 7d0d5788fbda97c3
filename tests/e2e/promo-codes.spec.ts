import { expect, test } from "../fixtures/test";
import { adminToken, bearer, cancelBooking, openDates, signIn, uniqueEmail } from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * Promo codes end to end: the operator adds a 10% code on the console's
 * screen; a customer on a phone types it on /book and sees the discount and
 * the new total; the test checkout charges that total and the operator's
 * booking page shows the same, with the discount line.
 */
const ADVENTURE = "guided-shore-dive";
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };

const aud = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test("a 10% code made in the console gives the same total on the form, the checkout and the booking page", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const email = uniqueEmail("promo");
  let bookingId = "";
  let codeId = "";
  try {
    // The operator, at a desk.
    await signIn(page, token);
    await page.setViewportSize(WIDE);
    await page.goto("/admin/promo-codes");
    await page.getByRole("button", { name: "New code" }).click();
    const form = page.getByRole("form", { name: "Promo code" });
    await form.getByLabel("Code").fill(code.toLowerCase());
    await form.getByLabel("Percent").fill("10");
    await form.getByRole("button", { name: "Create code" }).click();
    const row = page.getByTestId("promo-row").filter({ hasText: code });
    await expect(row).toContainText("10% off");
    await expect(row.getByTestId("promo-uses")).toHaveText("0");
    await page.screenshot({ path: test.info().outputPath("promo-codes-1280.png"), fullPage: true });
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: `Edit ${code}` }).click();
    await page.screenshot({ path: test.info().outputPath("promo-codes-375.png"), fullPage: true });
    await page.getByRole("button", { name: "Cancel" }).click();

    // The customer, on a phone.
    await page.setViewportSize(PHONE);
    const [date] = await openDates(request, ADVENTURE);
    const subtotal = Math.round(date.price * 100) * 2;
    const discount = Math.floor((subtotal * 10 + 50) / 100);
    const total = subtotal - discount;
    await page.goto(`/book?adventure=${ADVENTURE}`);
    const details = page
      .locator("main form[method=post]")
      .filter({ has: page.locator("[name=customerFirstName]") });
    await details.locator("[name=customerFirstName]").fill("Pia");
    await details.locator("[name=customerLastName]").fill("Promo");
    await details.locator("[name=customerEmail]").fill(email);
    await details.locator("[name=groupSize]").selectOption("2");
    await details.locator("[name=selectedDate]").selectOption(date.date);
    await page.getByLabel(/Promo code/).fill(code.toLowerCase());
    await page.getByRole("button", { name: "Use code" }).click();
    await expect(page.getByTestId("promo-applied")).toContainText(`${code} applied`);
    await expect(page.getByTestId("promo-deduction")).toContainText(`−${aud(discount)}`);
    await expect(page.getByTestId("booking-total")).toHaveText(aud(total).replace(/\.00$/, ""));
    await expectNoSidewaysScroll(page);
    await page.getByTestId("promo-applied").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("promo-field-375.png") });
    await page.getByTestId("promo-deduction").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("promo-book-375.png") });

    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByTestId("checkout-total")).toHaveText(aud(total));
    await expect(page.getByText(`Promo ${code}: -${aud(discount)}`)).toBeVisible();
    await payWithTestCard(page, "Pia Promo");
    await page.waitForURL(/\/book\?session_id=cs_test_/);

    const list = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, {
      headers: bearer(token),
    });
    const [booking] = ((await list.json()) as { bookings: { id: string; total_amount: number }[] }).bookings;
    bookingId = booking.id;
    expect(Math.round(booking.total_amount * 100)).toBe(total);

    // The operator's booking page and the code's figures agree.
    await page.setViewportSize(WIDE);
    await page.goto(`/admin/bookings/${bookingId}`);
    await expect(page.getByTestId("admin-total")).toHaveText(aud(total));
    await expect(page.getByTestId("admin-promo-discount")).toHaveText(`-${aud(discount)}`);
    await page.goto("/admin/promo-codes");
    await expect(row.getByTestId("promo-uses")).toHaveText("1");
    await expect(row.getByTestId("promo-revenue")).toHaveText(aud(total));
    await expect(row.getByTestId("promo-discount")).toHaveText(aud(discount));
    const codes = await request.get("/api/admin/promo-codes", { headers: bearer(token) });
    codeId =
      ((await codes.json()) as { promo_codes: { id: string; code: string }[] }).promo_codes.find(
        (c) => c.code === code,
      )?.id ?? "";
  } finally {
    if (bookingId) await cancelBooking(request, token, bookingId);
    if (codeId) await request.post(`/api/admin/promo-codes/${codeId}/deactivate`, { headers: bearer(token) });
  }
});
