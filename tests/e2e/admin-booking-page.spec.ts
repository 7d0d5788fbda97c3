import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import {
  adminToken,
  type CreatedBooking,
  cancelBooking,
  createBooking,
  openDates,
  payCheckout,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";

/**
 * The console's booking page, opened from the list on a phone and on a
 * desktop: the operator corrects the phone number, writes a note and refunds
 * part of the payment with a reason, and each shows on the page.
 */

const ADVENTURE = "guided-shore-dive";

async function paidBooking(request: APIRequestContext, email: string): Promise<CreatedBooking> {
  const date = (await openDates(request, ADVENTURE)).at(-1)?.date;
  if (!date) throw new Error(`${ADVENTURE} has no open date`);
  const booking = await createBooking(request, { adventureId: ADVENTURE, date, email, groupSize: 2 });
  await payCheckout(request, booking);
  return booking;
}

/** Opens the booking from the list's row (the card on a phone, the table on a desktop). */
async function openFromList(page: Page, email: string, booking: CreatedBooking) {
  await page.goto(`/admin/bookings?q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("booking-row").locator("visible=true");
  await expect(row).toHaveAttribute("data-reference", booking.reference);
  await row.getByTestId("open-booking").click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.booking_id}$`));
  await expect(page.getByTestId("booking-page")).toBeVisible();
  await expect(page.getByText(`Booking ${booking.reference}`, { exact: true })).toBeVisible();
}

let booking: CreatedBooking | null = null;
test.afterEach(async ({ request }) => {
  if (booking) await cancelBooking(request, await adminToken(request), booking.booking_id);
  booking = null;
});

test("booking page: from the list, edit the phone, add a note and refund part with a reason", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("booking-page");
  booking = await paidBooking(request, email);
  await signIn(page, await adminToken(request));

  // A phone: the page stacks its sections, and every write works from there.
  await page.setViewportSize({ width: 375, height: 812 });
  await openFromList(page, email, booking);
  await expect(page.getByTestId("booking-trip")).toContainText(booking.reference);
  await expect(page.getByTestId("booking-participants")).toBeVisible();
  await expect(page.getByTestId("booking-emails")).toContainText("Booking confirmed");

  await page.getByRole("button", { name: "Edit contact details" }).click();
  const phone = page.getByLabel("Phone");
  await phone.fill("call me");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(phone).toHaveAccessibleDescription("Phone may contain only digits, spaces and + ( ) - .");
  await phone.fill("+61 411 222 333");
  await page.getByRole("button", { name: "Save contact details" }).click();
  await expect(page.getByTestId("booking-phone")).toHaveText("+61 411 222 333");

  await page.getByLabel("New note").fill("Asked for a 5 mm wetsuit, size M.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("booking-notes").getByRole("listitem").first()).toContainText(
    "Asked for a 5 mm wetsuit, size M.",
  );
  await expect(page.getByLabel("New note")).toHaveValue("");
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "/tmp/booking-page-375.png", fullPage: true });

  // A desktop: the same booking from the table, and a refund of part of the payment.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openFromList(page, email, booking);
  await expect(page.getByTestId("booking-phone")).toHaveText("+61 411 222 333");
  const refundable = page.getByTestId("refundable");
  const left = async () => Number((await refundable.textContent())?.replace(/[^\d.]/g, ""));
  const before = await left();
  await page.getByLabel("Amount ($)").fill("25.50");
  await page.getByLabel("Reason").fill("Gear hire not used");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const refunds = page.getByTestId("booking-refunds");
  await expect(refunds).toContainText("Operator refund");
  await expect(refunds).toContainText("$25.50");
  await expect(refunds).toContainText("Gear hire not used");
  await expect.poll(left).toBeCloseTo(before - 25.5, 2);
  await expect(page.getByTestId("booking-trip")).toContainText("Confirmed");
  await expect(page.getByLabel("Amount ($)")).toHaveValue("");
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "/tmp/booking-page-1280.png", fullPage: true });
});
