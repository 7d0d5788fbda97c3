import { expect, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  cancelBooking,
  openDates,
  payCheckout,
  signIn,
  uniqueEmail,
} from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";

/**
 * Revenue with extras on the console's screens: a paid booking with a meal
 * pack and a promo code; the promo codes screen shows the code's revenue with
 * its extras beside it, and the dashboard's revenue card names the extras, at
 * a desk and on a phone.
 */
const ADVENTURE = "guided-shore-dive";
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };

test("a paid booking's extras show as their own part of the code's and the dashboard's revenue", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const code = `XTR${Date.now().toString(36).toUpperCase()}`;
  const made = await request.post(`/api/admin/adventures/${ADVENTURE}/extras`, {
    headers: bearer(token),
    data: { name: "Meal pack", price_cents: 1_500, per: "person" },
  });
  expect(made.status(), await made.text()).toBe(201);
  const extraId = ((await made.json()) as { extra: { id: string } }).extra.id;
  let bookingId = "";
  let codeId = "";
  try {
    const created = await request.post("/api/admin/promo-codes", {
      headers: bearer(token),
      data: { code, kind: "percent", percent: 10 },
    });
    expect(created.status()).toBe(201);
    codeId = ((await created.json()) as { promo_code: { id: string } }).promo_code.id;
    const [date] = await openDates(request, ADVENTURE);
    const res = await request.post("/api/bookings", {
      data: {
        adventure_id: ADVENTURE,
        selected_date: date.date,
        group_size: 1,
        customer_first_name: "Ava",
        customer_last_name: "Walker",
        customer_email: uniqueEmail("extras"),
        customer_phone: "0400 123 456",
        extras: [{ extra_id: extraId }],
        promo_code: code,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const booking = (await res.json()) as {
      booking_id: string;
      checkout_url: string;
      reference: string;
      session_id: string;
    };
    bookingId = booking.booking_id;
    await payCheckout(request, booking);

    await signIn(page, token);
    await page.setViewportSize(WIDE);
    await page.goto("/admin/promo-codes");
    const row = page.getByTestId("promo-row").filter({ hasText: code });
    await expect(row.getByTestId("promo-extras")).toHaveText("incl. extras $15.00");
    await page.screenshot({ path: test.info().outputPath("promo-extras-1280.png"), fullPage: true });
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("promo-extras-375.png") });

    await page.goto("/admin/pro-dashboard");
    const figures = page.getByRole("region", { name: "Key figures" });
    await expect(figures).toContainText(/AUD, paid bookings net of refunds; extras \$\d/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("dashboard-extras-375.png") });
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: test.info().outputPath("dashboard-extras-1280.png") });
  } finally {
    await request.post(`/api/admin/extras/${extraId}/deactivate`, { headers: bearer(token) });
    if (codeId) await request.post(`/api/admin/promo-codes/${codeId}/deactivate`, { headers: bearer(token) });
    if (bookingId) await cancelBooking(request, token, bookingId);
  }
});
