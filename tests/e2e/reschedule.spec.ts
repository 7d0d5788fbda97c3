import { E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import {
  addDays,
  adminToken,
  bearer,
  cancelBooking,
  createBooking,
  mailMatching,
  payCheckout,
  sydneyToday,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll, seriousViolations } from "../helpers/page-checks";
import { mimePart, plainText, type SmtpSink, startSmtpSink } from "../helpers/smtp";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * A customer moves their own booking: a booking paid through the API, opened
 * from the private link in the confirmation email, moves to another date (the
 * spots move and both emails arrive), then is cancelled (the policy's refund,
 * shown and recorded once). The same with JavaScript off, and a dearer date
 * paid through the test checkout page. Each test makes the dates it moves to
 * through the admin API and removes them afterwards. (That a revoked link opens
 * no date change is a step of manage-booking.spec.ts's revoke test.)
 */
const ADVENTURE = "guided-shore-dive";
const PHONE = { width: 375, height: 740 };

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

/** A new open date of the adventure, far out, with its own price per person (dollars) or the base price. */
async function addDate(request: APIRequestContext, token: string, price: number | null = null) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const date = addDays(sydneyToday(), 120 + Math.floor(Math.random() * 200));
    const res = await request.post("/api/admin/availability", {
      headers: bearer(token),
      data: { adventure_id: ADVENTURE, date, available_spots: 6, price_override: price },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: string; date: string };
  }
  throw new Error("no free date to add");
}

async function removeDate(request: APIRequestContext, token: string, id: string) {
  await request.delete(`/api/admin/availability/${id}`, { headers: bearer(token) });
}

async function publicDate(request: APIRequestContext, date: string) {
  const res = await request.get(`/api/adventures/${ADVENTURE}/dates`);
  const all = (await res.json()) as { date: string; spots_left: number; price: number }[];
  return all.find((d) => d.date === date);
}

const spotsLeft = async (request: APIRequestContext, date: string) =>
  (await publicDate(request, date))?.spots_left ?? -1;
const datePrice = async (request: APIRequestContext, date: string) =>
  (await publicDate(request, date))?.price ?? 0;

async function adminBooking(request: APIRequestContext, token: string, email: string) {
  const res = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, { headers: bearer(token) });
  const { bookings } = (await res.json()) as {
    bookings: { selected_date: string; refund_amount: number; booking_status: string }[];
  };
  expect(bookings).toHaveLength(1);
  return bookings[0];
}

/** Books one person on a date, pays (through the API), and opens the private link from the confirmation email. */
async function bookPayAndOpenLink(page: Page, email: string, date: string) {
  const booking = await createBooking(page.request, { adventureId: ADVENTURE, date, email });
  await payCheckout(page.request, booking);
  const mail = await mailMatching(
    sink.messages,
    (m) => m.to.includes(email) && m.subject.includes(booking.reference),
  );
  const link = /https?:\/\/[^\s"]+\/my-booking\/([A-Za-z0-9_-]{43})/.exec(plainText(mail.raw))?.[0] ?? "";
  expect(link).not.toBe("");
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId("booking-reference")).toHaveText(booking.reference);
  return { booking, link: new URL(link).pathname };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("move to another date from the emailed link, then cancel with the policy's refund", async ({
      page,
    }) => {
      const token = await adminToken(page.request);
      // Both dates far out: a free change (the trip is outside the no-refund window) and a full refund.
      const origin = await addDate(page.request, token);
      const target = await addDate(page.request, token);
      const from = origin.date;
      let bookingId = "";
      try {
        const email = uniqueEmail(javaScriptEnabled ? "resched-js" : "resched-nojs");
        const { booking, link } = await bookPayAndOpenLink(page, email, from);
        bookingId = booking.booking_id;
        const fromBefore = await spotsLeft(page.request, from);
        const toBefore = await spotsLeft(page.request, target.date);

        await page.getByRole("link", { name: "Change date" }).click();
        await expect(page.getByRole("heading", { name: "Change the date" })).toBeVisible();
        await expectNoSidewaysScroll(page);
        if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
        const option = page
          .getByTestId("reschedule-option")
          .filter({ has: page.locator(`input[value="${target.date}"]`) });
        await expect(option).toContainText("No change in price");
        await option.click();
        await page.getByRole("button", { name: "Review change" }).click();

        const review = page.getByTestId("reschedule-review");
        await expect(review).toContainText("The price is the same");
        await expectNoSidewaysScroll(page);
        if (javaScriptEnabled) {
          expect(await seriousViolations(page)).toEqual([]);
        }
        // Nothing has moved yet.
        expect(await spotsLeft(page.request, target.date)).toBe(toBefore);
        await review.getByRole("button", { name: "Confirm new date" }).click();

        await expect(page.getByTestId("date-change-notice")).toContainText("Your booking has moved to");
        expect(new URL(page.url()).pathname).toBe(link);
        expect(await spotsLeft(page.request, target.date)).toBe(toBefore - 1);
        expect(await spotsLeft(page.request, from)).toBe(fromBefore + 1);
        expect((await adminBooking(page.request, token, email)).selected_date).toBe(target.date);

        const moved = await mailMatching(
          sink.messages,
          (m) => m.to.includes(email) && m.subject.startsWith("Your booking has moved to"),
        );
        expect(plainText(moved.raw)).toContain(booking.reference);
        expect(mimePart(moved.raw, /text\/calendar/i) ?? "").toContain("BEGIN:VEVENT");
        const notice = await mailMatching(sink.messages, (m) =>
          m.subject.startsWith(`Booking ${booking.reference} moved to`),
        );
        expect(notice.to).not.toContain(email);

        // Then cancel: the refund the page states is what is recorded, once.
        const refundLine = (await page.getByTestId("refund-today").textContent()) ?? "";
        const refund = /refunds (\$[\d,]+\.\d{2})/.exec(refundLine)?.[1] ?? "";
        expect(refund).not.toBe("");
        await page.getByRole("button", { name: "Cancel booking" }).click();
        await page.getByTestId("cancel-review").getByRole("button", { name: "Confirm cancellation" }).click();
        await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
        await expect(page.getByTestId("cancelled-notice")).toContainText(`A refund of ${refund}`);
        const row = await adminBooking(page.request, token, email);
        expect(`$${row.refund_amount.toFixed(2)}`).toBe(refund);
        expect(row.booking_status).toBe("cancelled");
        expect(await spotsLeft(page.request, target.date)).toBe(toBefore);
        await mailMatching(
          sink.messages,
          (m) => m.to.includes(email) && m.subject.includes("has been cancelled"),
        );
        expect(
          sink.messages.filter((m) => m.to.includes(email) && m.subject.includes("has been cancelled")),
        ).toHaveLength(1);
      } finally {
        if (bookingId) await cancelBooking(page.request, token, bookingId);
        await removeDate(page.request, token, target.id);
        await removeDate(page.request, token, origin.id);
      }
    });
  });
}

test("a dearer date is paid through the test checkout before the booking moves", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const token = await adminToken(page.request);
  const origin = await addDate(page.request, token);
  const first = { date: origin.date, price: await datePrice(page.request, origin.date) };
  const target = await addDate(page.request, token, first.price + 40);
  let bookingId = "";
  try {
    const email = uniqueEmail("resched-dearer");
    const { booking, link } = await bookPayAndOpenLink(page, email, origin.date);
    bookingId = booking.booking_id;
    await page.getByRole("link", { name: "Change date" }).click();
    const option = page
      .getByTestId("reschedule-option")
      .filter({ has: page.locator(`input[value="${target.date}"]`) });
    await expect(option).toContainText("Pay $40.00 more");
    await option.click();
    await page.getByRole("button", { name: "Review change" }).click();
    await expect(page.getByTestId("review-money")).toContainText(
      "you pay $40.00 more at the secure checkout",
    );
    await page.getByRole("button", { name: "Confirm and pay $40.00" }).click();

    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    // Held, not moved: the booking is still on its first date until the payment is made.
    expect((await adminBooking(page.request, token, email)).selected_date).toBe(first.date);
    await payWithTestCard(page);
    await page.waitForURL((url) => url.pathname.startsWith("/my-booking/") && url.search === "?changed=1");
    await expect(page.getByTestId("date-change-notice")).toContainText(
      "Thank you for your payment of $40.00",
    );
    expect(new URL(page.url()).pathname).not.toBe(link);
    // The emailed link still works and shows the new date.
    await page.goto(link);
    await expect(page.getByTestId("total-paid")).toContainText(`$${(first.price + 40).toFixed(2)}`);
    expect((await adminBooking(page.request, token, email)).selected_date).toBe(target.date);
    await mailMatching(
      sink.messages,
      (m) => m.to.includes(email) && m.subject.startsWith("Your booking has moved to"),
    );
  } finally {
    if (bookingId) await cancelBooking(page.request, token, bookingId);
    await removeDate(page.request, token, target.id);
    await removeDate(page.request, token, origin.id);
  }
});
