/**
 * The operator takes a booking in the console: by phone with a payment link
 * the customer pays (on a phone), and a walk-in paying cash on a date opened
 * for it. The rules behind both are proven in tests/api/operator-bookings.
 */
import { expect, test } from "../fixtures/test";
import { adminToken, bearer, openDates, signIn, uniqueEmail } from "../helpers/e2e-api";
import { payWithTestCard } from "../helpers/test-checkout";

function sydneyToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Sydney" }).format(new Date());
}

test("a phone booking paid through the link the customer gets, at 375 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const token = await adminToken(request);
  await signIn(page, token);
  const [first] = await openDates(request, "dive-exhibition");
  const email = uniqueEmail("phone");

  await page.goto("/admin/bookings");
  await page.getByRole("link", { name: "New booking" }).click();
  await expect(page.getByRole("heading", { name: "New booking" })).toBeVisible();
  await page.getByLabel("Adventure").selectOption("dive-exhibition");
  await page.getByRole("combobox", { name: "Date", exact: true }).selectOption(first.date);
  await page.getByLabel("Group size").selectOption("2");
  await page.getByLabel("First name").fill("Priya");
  await page.getByLabel("Last name").fill("Shah");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("0400 555 010");
  await expect(page.getByLabel("Payment link (card, valid 24 hours)")).toBeChecked();
  await page.getByRole("button", { name: "Book and send the payment link" }).click();

  const made = page.getByRole("status");
  await expect(made).toContainText("waits for payment");
  await expect(made).toContainText(email);
  await page.screenshot({ path: test.info().outputPath("phone-booking-375.png"), fullPage: true });
  const link = await page.getByLabel("Payment link, to send by text message too").inputValue();
  const reference = (await made.getByRole("heading").textContent())?.match(/TW-[A-Z0-9]+/)?.[0] ?? "";

  // The customer opens the link on their phone and pays.
  await page.goto(link);
  await payWithTestCard(page, "Priya Shah");
  await expect(page.getByRole("heading", { name: "You're booked in!" })).toBeVisible();

  const list = await request.get(`/api/bookings?q=${reference}`, { headers: bearer(token) });
  const { bookings } = (await list.json()) as { bookings: { reference: string; booking_status: string }[] };
  expect(bookings).toEqual([expect.objectContaining({ reference, booking_status: "confirmed" })]);
});

test("a walk-in paying cash on a date opened for it, at 1280 px", async ({ page, request }) => {
  const token = await adminToken(request);
  await signIn(page, token);
  // A date of its own, far enough ahead that no seeded departure is on it.
  const [y, m, d] = sydneyToday().split("-").map(Number);
  const date = new Date(Date.UTC(y + 1, m - 1, d + (Date.now() % 200))).toISOString().slice(0, 10);

  await page.goto("/admin/bookings/new");
  await page.getByLabel("Adventure").selectOption("dive-exhibition");
  await page.getByRole("combobox", { name: "Date", exact: true }).selectOption("other");
  await page.getByLabel("Open this date").fill(date);
  await page.getByLabel("First name").fill("Tom");
  await page.getByLabel("Email").fill(uniqueEmail("walkin"));
  await page.getByLabel("Cash, taken now").check();
  await expect(page.getByText("Total before any voucher")).toContainText("$95.00");
  await page.getByRole("button", { name: "Book", exact: true }).click();

  const made = page.getByRole("status");
  await expect(made).toContainText("confirmed");
  await expect(made).toContainText("The date was opened for this booking.");
  await expect(made).toContainText("Total$95.00");
  await expect(made).toContainText("Paid by cash$95.00");
  await expect(made).not.toContainText("To pay");
  await page.screenshot({ path: test.info().outputPath("walk-in-1280.png"), fullPage: true });

  const dates = await request.get("/api/admin/availability/dive-exhibition", { headers: bearer(token) });
  const opened = ((await dates.json()) as { dates: { date: string; booked_spots: number }[] }).dates.find(
    (x) => x.date === date,
  );
  expect(opened?.booked_spots).toBe(1);
});
