/**
 * Two departures a day: the operator's recurring schedule runs the night dive
 * at 6:00 pm and at 8:30 pm on Saturdays (set up through the API: the
 * schedule screen's own journey is schedules.spec.ts). A customer on a phone
 * books the second departure, pays, and the success page, the booking's own
 * page and the operator's manifest at a desk all name 8:30 pm. The adventure
 * is one no other spec books, on a Saturday past the seeded weeks.
 */
import { expect, test } from "../fixtures/test";
import { addDays, adminToken, bearer, signIn, sydneyToday, uniqueEmail } from "../helpers/e2e-api";
import { payWithTestCard } from "../helpers/test-checkout";

const ADVENTURE = "night-dive-experience";

test("a customer books the second of a schedule's two departures, and everyone sees its time", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  let saturday = addDays(sydneyToday(), 130);
  while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
  const saved = await request.post("/api/admin/schedules", {
    headers: bearer(token),
    data: {
      adventure_id: ADVENTURE,
      weekdays: [6],
      from: saturday,
      to: addDays(saturday, 6),
      start_times: ["20:30", "18:00"],
      available_spots: 4,
    },
  });
  expect(saved.status()).toBe(201);

  // The customer, on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  const email = uniqueEmail("second-departure");
  await page.goto(`/book?adventure=${ADVENTURE}`);
  await page.getByRole("textbox", { name: /First Name/ }).fill("Mia");
  await page.getByRole("textbox", { name: /Last Name/ }).fill("Moreno");
  await page
    .getByRole("textbox", { name: /^Email/ })
    .first()
    .fill(email);
  await page.locator("select[name=selectedDate]").selectOption(saturday);
  const times = page.getByRole("group", { name: "Departure time" });
  await expect(times.getByRole("radio")).toHaveCount(2);
  await expect(times.getByRole("radio").first()).toHaveAccessibleName(/6:00 pm/);
  await times.getByRole("radio", { name: /8:30 pm/ }).check();
  await expect(page.getByText(/Total for 1 person, .*8:30 pm/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("book-second-departure-375.png") });
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await payWithTestCard(page, "Mia Moreno");
  // Paid, the status check leads on to the success page, which names the departure.
  await expect(page).toHaveURL(/\/book\/success/, { timeout: 20_000 });
  await expect(page.getByText(/8:30 pm/).first()).toBeVisible();

  // The operator, at a desk: the manifest of that Saturday has the two departures apart.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, token);
  await page.goto(`/admin/manifest?date=${saturday}`);
  const evening = page.getByRole("region", { name: /8:30 pm/ });
  await expect(evening.getByText(/Mia Moreno/).first()).toBeVisible();
  await expect(page.getByRole("region", { name: /6:00 pm/ }).getByText("Mia Moreno")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("manifest-two-departures-1280.png") });
});
