/**
 * The operator moves a booking paid by voucher to a dearer date from its
 * console page, on a phone: the preview names the difference, the customer is
 * sent a link for it, and paying it moves the booking. The change's rules
 * (every settlement, the races, the refusals) are proven in tests/api/booking-change.
 */
import { E2E_SMTP_PORT } from "../../playwright.config";
import { expect, test } from "../fixtures/test";
import {
  addDays,
  adminToken,
  bearer,
  mailMatching,
  signIn,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";
import { payWithTestCard } from "../helpers/test-checkout";

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

test("a booking paid by voucher moves to a dearer date, the difference paid by link", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const email = uniqueEmail("moved");
  const issued = await request.post("/api/admin/vouchers", {
    headers: bearer(token),
    data: { amount: "190", email, name: "Mia Moved" },
  });
  expect(issued.status()).toBe(201);
  const voucherMail = await mailMatching(sink.messages, (m) => m.to.includes(email));
  const code = /TW-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(plainText(voucherMail.raw))?.[0] ?? "";

  // Dates of this test's own, far enough ahead to be free: the new one costs $110 a person.
  const from = addDays(sydneyToday(), 400 + (Date.now() % 200));
  const to = addDays(from, 1);
  const opened = await request.post("/api/admin/availability", {
    headers: bearer(token),
    data: { adventure_id: "dive-exhibition", date: to, available_spots: 4, price_override: 110 },
  });
  expect(opened.status()).toBe(201);
  const made = await request.post("/api/admin/bookings", {
    headers: bearer(token),
    data: {
      adventure_id: "dive-exhibition",
      selected_date: from,
      group_size: 2,
      customer_first_name: "Mia",
      customer_last_name: "Moved",
      customer_email: email,
      payment: "on_the_day",
      voucher_code: code,
      open_date: true,
    },
  });
  expect(made.status()).toBe(201);
  const { booking_id } = (await made.json()) as { booking_id: string };

  await signIn(page, token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/bookings/${booking_id}`);
  const form = page.getByTestId("booking-change");
  await form.getByLabel("Date").fill(to);
  await form.getByRole("button", { name: "Check the change" }).click();
  const preview = page.getByTestId("change-preview");
  await expect(preview).toContainText("New price $220.00 (now $190.00): $30.00 more.");
  await expect(preview.getByRole("radio", { name: /link to pay the difference/ })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath("booking-change-preview-375.png"), fullPage: true });
  await preview.getByRole("button", { name: "Confirm change" }).click();
  await expect(page.getByText("The payment link is on its way to the customer.")).toBeVisible();
  const link = await page
    .getByTestId("open-checkout")
    .getByLabel("Payment link, to send by text message too")
    .inputValue();
  await expect(page.getByTestId("booking-changes")).toContainText("Waiting for payment");
  await expectNoSidewaysScroll(page);

  // The customer pays the difference from the emailed link.
  const linkMail = await mailMatching(
    sink.messages,
    (m) => m.to.includes(email) && /Pay \$30\.00/.test(plainText(m.raw)),
  );
  expect(plainText(linkMail.raw)).toContain(link);
  await page.goto(link);
  await payWithTestCard(page, "Mia Moved");
  await page.waitForURL(/\/my-booking\//);
  await expect(
    page.getByText(/^Your booking is changed: .*, 2 people\. Thank you for your payment of \$30\.00\./),
  ).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/bookings/${booking_id}`);
  await expect(page.getByTestId("booking-trip")).toContainText("$220.00");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("booking-changes")).toContainText("$30.00 paid by link");
  await expect(page.getByTestId("booking-trip")).toContainText("Paid by voucher");
  await page.screenshot({ path: test.info().outputPath("booking-change-done-1280.png"), fullPage: true });
  const changed = await mailMatching(
    sink.messages,
    (m) => m.to.includes(email) && m.subject.startsWith("Your booking has changed"),
  );
  expect(plainText(changed.raw)).toContain("You paid $30.00 for the difference in price.");

  await request.put(`/api/admin/bookings/${booking_id}/status`, {
    headers: bearer(token),
    data: { status: "cancelled" },
  });
});
