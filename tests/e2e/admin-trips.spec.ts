/** The trips view a busy operator opens first: a day on the phone, the week on a desk. */
import { expect, test } from "../fixtures/test";
import { adminToken, bearer, signIn, uniqueEmail } from "../helpers/e2e-api";

test("a day's departures on a phone and the week at a desk, with who is booked and ready", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  await signIn(page, token);
  // A walk-in on a date of its own (opened for it), set up through the API.
  const date = `2032-0${1 + (Date.now() % 9)}-1${Date.now() % 9}`;
  const made = await request.post("/api/admin/bookings", {
    headers: bearer(token),
    data: {
      adventure_id: "dive-exhibition",
      selected_date: date,
      group_size: 3,
      customer_first_name: "Lena",
      customer_email: uniqueEmail("trips"),
      payment: "on_the_day",
      open_date: true,
    },
  });
  expect(made.status()).toBe(201);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/trips?date=${date}`);
  const card = page.getByRole("listitem").filter({ hasText: "Discover Scuba Diving" });
  await expect(card).toContainText("3 of 4 booked · 1 free");
  await expect(card).toContainText("3 people in 1 booking");
  await expect(card).toContainText("1 not ready");
  await page.screenshot({ path: test.info().outputPath("trips-day-375.png"), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("tab", { name: "Week" }).click();
  await expect(page).toHaveURL(/view=week/);
  await expect(page.getByRole("heading", { level: 3 })).toHaveCount(7);
  await page.getByRole("button", { name: "Next week" }).click();
  await expect(page.getByText("Discover Scuba Diving")).toHaveCount(0);
  await page.getByRole("button", { name: "Previous week" }).click();
  await expect(page.getByText("3 of 4 booked · 1 free")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("trips-week-1280.png"), fullPage: true });
  await page.getByRole("link", { name: "Discover Scuba Diving: manifest" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/manifest\\?date=${date}`));
});
