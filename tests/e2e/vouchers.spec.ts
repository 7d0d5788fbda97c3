import { E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  cancelBooking,
  mailMatching,
  openDates,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * Vouchers end to end: a gift voucher bought through the test checkout, its
 * code read from the email the recipient gets, and a booking it pays in full
 * at a phone's width, confirmed without a card; a booking with JavaScript off
 * that a voucher pays in part; the operator's vouchers screen.
 */
const ADVENTURE = "guided-shore-dive";
const PRICE = 135;
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

async function bookingsOf(request: APIRequestContext, token: string, email: string) {
  const res = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, { headers: bearer(token) });
  return ((await res.json()) as { bookings: { id: string; booking_status: string; total_amount: number }[] })
    .bookings;
}

const detailsForm = (page: Page) =>
  page.locator("main form[method=post]").filter({ has: page.locator("[name=customerFirstName]") });

async function fillBooking(page: Page, email: string, date: string) {
  const form = detailsForm(page);
  await form.locator("[name=customerFirstName]").fill("Gift");
  await form.locator("[name=customerLastName]").fill("Receiver");
  await form.locator("[name=customerEmail]").fill(email);
  await form.locator("[name=groupSize]").selectOption("1");
  await form.locator("[name=selectedDate]").selectOption(date);
}

test.describe("with JavaScript", () => {
  test.use({ viewport: PHONE });

  test("buy a gift voucher, then book with its emailed code: confirmed without a card", async ({
    page,
    request,
  }) => {
    const token = await adminToken(request);
    const buyer = uniqueEmail("gift-buyer");
    const recipient = uniqueEmail("gift-recipient");
    try {
      await page.goto("/");
      await page.getByTestId("site-footer").getByRole("link", { name: "Gift Vouchers" }).click();
      await expect(page).toHaveURL(/\/gift-vouchers$/);
      await expect(page.getByRole("heading", { level: 1, name: "Gift Vouchers" })).toBeVisible();
      await expectNoSidewaysScroll(page);

      await page.getByText("$200", { exact: true }).click();
      await page.getByLabel("Your name").fill("Ruby Giver");
      await page.getByLabel("Your email").fill(buyer);
      await page.getByLabel("Recipient's name").fill("Sam Diver");
      await page.getByLabel("Recipient's email").fill(recipient);
      await page.getByLabel("Message").fill("Happy birthday, see you underwater!");
      await page.getByRole("button", { name: "Continue to Payment" }).click();

      await page.waitForURL(/\/checkout\/test\/cs_test_/);
      await expect(page.getByRole("heading", { name: "Gift voucher" })).toBeVisible();
      await expect(page.getByTestId("checkout-total")).toHaveText("$200.00");
      await payWithTestCard(page, "Ruby Giver");

      await page.waitForURL(/\/gift-vouchers\/success\?session_id=cs_test_/);
      await expect(page.getByRole("heading", { name: "Your voucher is on its way" })).toBeVisible();
      await expect(page.getByTestId("gift-status")).toContainText(recipient);

      const mail = await mailMatching(sink.messages, (m) => m.to.includes(recipient));
      const code = /TW-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(plainText(mail.raw))?.[0] ?? "";
      expect(code).not.toBe("");
      expect(plainText(mail.raw)).toContain("Happy birthday, see you underwater!");
      // The code is in the email only: not in the success page's address or text.
      expect(page.url()).not.toContain(code);
      await expect(page.getByText(code)).toHaveCount(0);
      await mailMatching(sink.messages, (m) => m.to.includes(buyer) && plainText(m.raw).includes(code));

      // Booking one person ($135): the $200 voucher covers it all.
      const [date] = await openDates(request, ADVENTURE);
      await page.goto(`/book?adventure=${ADVENTURE}`);
      await fillBooking(page, recipient, date.date);
      await expect(page.getByTestId("booking-total")).toHaveText(`$${PRICE}`);
      await page.getByText("Have a voucher?").click();
      await page.getByLabel("Voucher code").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("voucher-applied")).toContainText(
        "covers the whole total, no card payment needed",
      );
      await expect(page.getByTestId("voucher-left")).toHaveText(
        `Left on the voucher after this booking: $${200 - PRICE}.00.`,
      );
      await expect(page.getByTestId("voucher-deduction")).toContainText(`−$${PRICE}`);
      await expect(page.getByTestId("booking-total")).toHaveText("$0");
      await expectNoSidewaysScroll(page);
      await page.getByTestId("voucher-deduction").scrollIntoViewIfNeeded();

      await page.getByRole("button", { name: "Confirm booking" }).click();
      // Straight to the booking's own page: no checkout.
      await page.waitForURL(/\/my-booking\/[A-Za-z0-9_-]{43}$/);
      await expect(page.getByTestId("booking-status")).toHaveText("Confirmed");
      const confirmation = await mailMatching(
        sink.messages,
        (m) => m.to.includes(recipient) && m.subject.startsWith("Booking confirmed"),
      );
      expect(plainText(confirmation.raw)).toContain("Paid with a voucher");

      const [booking] = await bookingsOf(request, token, recipient);
      expect(booking).toMatchObject({ booking_status: "confirmed", total_amount: PRICE });
      const check = await request.post("/api/vouchers/check", { data: { code } });
      expect(((await check.json()) as { balance: number }).balance).toBe(200 - PRICE);
    } finally {
      for (const b of await bookingsOf(request, token, recipient)) await cancelBooking(request, token, b.id);
    }
  });

  test("the operator finds a voucher, reads its ledger and voids it", async ({ page, request }) => {
    const token = await adminToken(request);
    const email = uniqueEmail("credit");
    const res = await request.post("/api/admin/vouchers", {
      headers: bearer(token),
      data: { amount: "80", email, name: "Lee Credit", note: "Rough crossing" },
    });
    expect(res.status()).toBe(201);
    const { voucher } = (await res.json()) as { voucher: { code_hint: string } };
    // The operator sees the last four characters; the whole code is in the customer's email only.
    const mail = await mailMatching(sink.messages, (m) => m.to.includes(email));
    const code = /TW-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(plainText(mail.raw))?.[0] ?? "";
    expect(voucher.code_hint).toBe(`…${code.slice(-4)}`);

    await signIn(page, token);
    await page.goto(`/admin/vouchers?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Vouchers" })).toBeVisible();
    await expect(page.getByTestId("voucher-item")).toHaveCount(1);
    await page.getByTestId("voucher-item").click();
    await expect(page.getByTestId("voucher-code")).toHaveText(voucher.code_hint);
    await expect(page.getByTestId("voucher-balance")).toHaveText("$80.00");
    await expect(page.getByTestId("ledger-entry")).toHaveCount(1);
    await expect(page.getByTestId("ledger-entry")).toContainText("Rough crossing");
    await expectNoSidewaysScroll(page);

    await page.getByRole("button", { name: "Void voucher" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("$80.00");
    await dialog.getByRole("button", { name: "Void voucher" }).click();
    await expect(page.getByTestId("voucher-balance")).toHaveText("$0.00");
    await expect(page.getByTestId("ledger-entry")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Void voucher" })).toHaveCount(0);

    // The list at desktop width, with its search.
    await page.setViewportSize(WIDE);
    await page.goto("/admin/vouchers");
    await page
      .getByLabel("Search by code, its last four characters, or email")
      .fill(code.replaceAll("-", "").toLowerCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("voucher-item")).toHaveCount(1);
    await expect(page.getByTestId("voucher-item")).toContainText("Void");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("buy a gift voucher for yourself with an amount of your own", async ({ page }) => {
    const buyer = uniqueEmail("gift-nojs");
    await page.goto("/gift-vouchers");
    await page.getByText("Other amount", { exact: true }).click();
    await page.getByLabel("Other amount (whole dollars)").fill("20");
    await page.getByLabel("Your name").fill("Noa Plain");
    await page.getByLabel("Your email").fill(buyer);
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    // Below the range: the message sits by the field and what was typed stays.
    await expect(page.getByTestId("field-error")).toHaveText(/from \$25 to \$2,000/);
    await expect(page.getByLabel("Your email")).toHaveValue(buyer);

    await page.getByLabel("Other amount (whole dollars)").fill("75");
    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByTestId("checkout-total")).toHaveText("$75.00");
    await payWithTestCard(page, "Noa Plain");
    await page.waitForURL(/\/gift-vouchers\/success\?session_id=cs_test_/);
    await expect(page.getByRole("heading", { name: "Your voucher is on its way" })).toBeVisible();
    await expect(page.getByTestId("gift-status")).toContainText(buyer);
    const mail = await mailMatching(sink.messages, (m) => m.to.includes(buyer));
    expect(plainText(mail.raw)).toMatch(/Voucher code: TW-[A-Z0-9]{4}-[A-Z0-9]{4}/);
  });

  test("a voucher pays part of a booking; the checkout asks only for the rest", async ({ page, request }) => {
    const token = await adminToken(request);
    const email = uniqueEmail("voucher-nojs");
    const res = await request.post("/api/admin/vouchers", {
      headers: bearer(token),
      data: { amount: "50", email },
    });
    expect(res.status()).toBe(201);
    const mail = await mailMatching(sink.messages, (m) => m.to.includes(email));
    const code = /TW-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(plainText(mail.raw))?.[0] ?? "";
    try {
      const [date] = await openDates(request, ADVENTURE);
      await page.goto(`/book?adventure=${ADVENTURE}`);

      // A wrong code comes back next to the field, with everything typed kept.
      await fillBooking(page, email, date.date);
      await page.getByText("Have a voucher?").click();
      await page.getByLabel("Voucher code").fill("TW-AAAA-AAAA");
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      await expect(page.getByTestId("voucher-error")).toHaveText("Voucher code not found");
      await expect(detailsForm(page).locator("[name=customerEmail]")).toHaveValue(email);

      await page.getByLabel("Voucher code").fill(code);
      await detailsForm(page).locator("[name=selectedDate]").selectOption(date.date);
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      await page.waitForURL(/\/checkout\/test\/cs_test_/);
      await expect(page.getByTestId("checkout-total")).toHaveText(`$${PRICE - 50}.00`);
      await payWithTestCard(page, "Voucher Nojs");
      await page.waitForURL(/\/book\/success\?confirmed=true&session_id=cs_test_/);
      await expect(page.getByRole("heading", { name: "You're booked in!" })).toBeVisible();

      const [booking] = await bookingsOf(request, token, email);
      expect(booking).toMatchObject({ booking_status: "confirmed", total_amount: PRICE });
    } finally {
      for (const b of await bookingsOf(request, token, email)) await cancelBooking(request, token, b.id);
    }
  });
});
