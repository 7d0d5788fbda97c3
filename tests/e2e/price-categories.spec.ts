import { adminApi, adminToken } from "../fixtures/admin-session";
import { expect, test } from "../fixtures/test";
import { addDays, bearer, cancelBooking, signIn, sydneyToday, uniqueEmail } from "../helpers/e2e-api";
import { expectNoSidewaysScroll } from "../helpers/page-checks";
import { payWithTestCard } from "../helpers/test-checkout";

/**
 * Price categories end to end, on a phone: the operator gives a dive of the
 * test's own Adult, Child and Observer prices; a customer books 2 adults, 1
 * child and 1 observer on /book, and the form's total, the checkout, and the
 * operator's booking page agree to the cent; the child's participant form
 * then refuses an adult's date of birth, in the browser and on the server.
 */
const PHONE = { width: 375, height: 740 };
const WIDE = { width: 1280, height: 900 };
const CATEGORIES = [
  { name: "Adult", price: 189.5, age_min: 18 },
  { name: "Child", price: 120.25, age_min: 12, age_max: 17 },
  { name: "Observer", price: 45, needs_dive_paperwork: false },
];
const TOTAL = "$544.25"; // 2 × 189.50 + 120.25 + 45.00

test("2 adults, 1 child and 1 observer: the same total on the form, the checkout and the booking page; the child's form refuses an adult", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const run = Date.now().toString(36);
  const fields = {
    title: `Family Reef ${run}`,
    slug: `family-reef-${run}`,
    base_price: 150,
    duration: "3 hours",
    location: "Shelly Beach, Manly",
    category: "scuba-diving",
    requires_certification: false,
    group_size_min: 1,
    group_size_max: 4,
    sort_order: 999,
  };
  const created = await adminApi<{ id: string }>(request, token, "POST", "/api/admin/adventures-pro", fields);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const adventureId = created.body.id;
  const email = uniqueEmail("family");
  let bookingId = "";
  try {
    const date = addDays(sydneyToday(), 40 + Math.floor(Math.random() * 100));
    const slot = await adminApi(request, token, "POST", "/api/admin/availability", {
      adventure_id: adventureId,
      date,
      available_spots: 4,
    });
    expect(slot.status, JSON.stringify(slot.body)).toBe(201);
    const set = await adminApi<{ categories: { id: string; name: string }[] }>(
      request,
      token,
      "PUT",
      `/api/admin/adventures/${adventureId}/price-categories`,
      { categories: CATEGORIES },
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const id = Object.fromEntries(set.body.categories.map((c) => [c.name, c.id]));

    // The customer, on a phone.
    await page.setViewportSize(PHONE);
    await page.goto(`/book?adventure=${adventureId}`);
    const details = page
      .locator("main form[method=post]")
      .filter({ has: page.locator("[name=customerFirstName]") });
    await details.locator("[name=customerFirstName]").fill("Fay");
    await details.locator("[name=customerLastName]").fill("Family");
    await details.locator("[name=customerEmail]").fill(email);
    await details.locator(`[name=category_${id.Adult}]`).fill("2");
    await details.locator(`[name=category_${id.Child}]`).fill("1");
    await details.locator(`[name=category_${id.Observer}]`).fill("1");
    await details.locator("[name=selectedDate]").selectOption(date);
    await expect(page.getByText("1 × Child (12-17)")).toBeVisible();
    await expect(page.getByTestId("booking-total")).toHaveText(TOTAL);
    await expect(page.getByText("Total for 4 people")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await details.locator(`[name=category_${id.Adult}]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("categories-form-375.png") });
    await page.getByTestId("booking-total").scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("categories-summary-375.png") });
    await page.setViewportSize(WIDE);
    await page.screenshot({ path: test.info().outputPath("categories-form-1280.png"), fullPage: true });
    await page.setViewportSize(PHONE);

    await page.getByRole("button", { name: "Continue to Payment" }).click();
    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByTestId("checkout-total")).toHaveText(TOTAL);
    await expect(page.getByText("2 × Adult (18+) $379.00 · 1 × Child (12-17) $120.25")).toBeVisible();
    await payWithTestCard(page, "Fay Family");
    await page.waitForURL(/\/book\?session_id=cs_test_/);
    const manage = page.locator('a[href^="/my-booking/"]').first();
    await expect(manage).toBeVisible();
    const link = (await manage.getAttribute("href")) ?? "";

    // The operator's booking page shows the same total.
    const list = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, {
      headers: bearer(token),
    });
    const [booking] = ((await list.json()) as { bookings: { id: string; group_size: number }[] }).bookings;
    bookingId = booking.id;
    expect(booking.group_size).toBe(4);
    await signIn(page, token);
    await page.goto(`/admin/bookings/${bookingId}`);
    await expect(page.getByTestId("admin-total")).toHaveText(TOTAL);
    await expect(page.getByTestId("admin-price-line")).toHaveText(["$379.00", "$120.25", "$45.00"]);

    // Person 3 is the child: the date input refuses an adult, and so does the server.
    await page.goto(link);
    await page.getByRole("link", { name: "Fill in details of Person 3" }).click();
    await expect(page.getByText("Booked as Child (12-17): ages 12 to 17 on the trip date.")).toBeVisible();
    const dob = page.getByLabel("Date of birth");
    await dob.fill("1990-05-04");
    expect(await dob.evaluate((el: HTMLInputElement) => el.validity.rangeUnderflow)).toBe(true);
    await dob.evaluate((el: HTMLInputElement) => el.removeAttribute("min"));
    await page.getByLabel("Full name", { exact: true }).fill("Kit Family");
    await page.getByRole("button", { name: "Save details" }).click();
    await expect(page.locator("#p-date_of_birth-error")).toContainText(
      "Child is for ages 12 to 17; this date of birth makes them",
    );
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath("categories-child-375.png"), fullPage: true });
  } finally {
    if (bookingId) await cancelBooking(request, token, bookingId);
    await adminApi(request, token, "PUT", `/api/admin/adventures/${adventureId}/price-categories`, {
      categories: [],
    });
    await adminApi(request, token, "PUT", `/api/admin/adventures-pro/${adventureId}`, {
      ...fields,
      is_active: false,
      booking_enabled: false,
    });
  }
});
