import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { adminToken, bearer, cancelBooking, createBooking, uniqueEmail } from "../helpers/e2e-api";

/**
 * /book with JavaScript turned off: the adventure, the date and the details
 * are plain forms, the page's action books and sends the browser to the test
 * checkout, whose card form pays and lands on the server-rendered success
 * page. Each test opens a date of its own (with its own price, so the total
 * can only be the server's) and removes it again.
 */
test.use({ javaScriptEnabled: false });

const ADVENTURE = "guided-shore-dive";
const TITLE = "Guided Shore Dive";
/** A price no seeded date has: a total built from it comes from this date's row. */
const PRICE = 117;
/** Far-future Sundays, written as the date list writes them. */
const SUNDAYS = [
  { iso: "2032-08-01", full: "Sunday 1 August 2032" },
  { iso: "2032-08-08", full: "Sunday 8 August 2032" },
  { iso: "2032-08-15", full: "Sunday 15 August 2032" },
  { iso: "2032-08-22", full: "Sunday 22 August 2032" },
];

async function openSunday(request: APIRequestContext, token: string) {
  const res = await request.get(`/api/admin/availability/${ADVENTURE}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  const taken = new Set(((await res.json()) as { dates: { date: string }[] }).dates.map((d) => d.date));
  const day = SUNDAYS.find((d) => !taken.has(d.iso));
  if (!day) throw new Error("every candidate Sunday already has availability");
  const created = await request.post("/api/admin/availability", {
    headers: bearer(token),
    data: { adventure_id: ADVENTURE, date: day.iso, available_spots: 6, price_override: PRICE },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...day, id: ((await created.json()) as { id: string }).id };
}

async function deleteAvailability(request: APIRequestContext, token: string, id: string) {
  const res = await request.delete(`/api/admin/availability/${id}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
}

interface AdminBooking {
  id: string;
  reference: string;
  booking_status: string;
  total_amount: number;
  group_size: number;
  selected_date: string;
}

async function bookingsOf(request: APIRequestContext, token: string, email: string) {
  const res = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { bookings: AdminBooking[] }).bookings;
}

/** The booking form (the site frame has forms of its own, e.g. the newsletter box, and a full date shows the waitlist's). */
const detailsForm = (page: Page) =>
  page.locator("main form[method=post]").filter({ has: page.locator("[name=customerFirstName]") });

test("choose, fill, submit, pay and see the confirmed booking, all without JavaScript", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const day = await openSunday(request, token);
  const email = uniqueEmail("nojs");
  try {
    await page.goto("/book");
    // The card is a button of a GET form: it asks for /book?adventure={id}.
    await page.getByTestId("adventure-option").filter({ hasText: TITLE }).click();
    await expect(page).toHaveURL(`/book?adventure=${ADVENTURE}`);
    await expect(page.getByRole("heading", { name: /Your Details/ })).toBeVisible();

    // The dates were rendered by the server for the chosen adventure.
    const dateSelect = page.locator("select[name=selectedDate]");
    await expect(dateSelect.locator(`option[value="${day.iso}"]`)).toHaveText(`${day.full} — 6 spots left`);

    const form = detailsForm(page);
    await form.locator("[name=customerFirstName]").fill("Noa");
    await form.locator("[name=customerLastName]").fill("Script");
    await form.locator("[name=customerEmail]").fill(email);
    await form.locator("[name=customerPhone]").fill("0400 765 432");
    await form.locator("[name=groupSize]").selectOption("2");
    await dateSelect.selectOption(day.iso);
    await form.locator("[name=specialRequirements]").fill("Plain HTML only");
    await page.getByRole("button", { name: "Continue to Payment" }).click();

    await page.waitForURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByTestId("checkout-total")).toHaveText(`$${PRICE * 2}.00`);
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Name on card").fill("Noa Script");
    await page.getByRole("button", { name: /^Pay / }).click();
    // The declined test card: the checkout again, saying so, with the card number to type again.
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByLabel("Name on card")).toHaveValue("Noa Script");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: /^Pay / }).click();

    await page.waitForURL(/\/book\/success\?confirmed=true&session_id=cs_test_/);
    await expect(page.getByRole("heading", { name: "You're booked in!" })).toBeVisible();
    await expect(page.getByText(`Your booking is confirmed`)).toContainText(email);
    const reference = (await page.getByTestId("booking-reference").textContent()) ?? "";
    expect(reference).toMatch(/^TW-[A-Z0-9]{6}$/);
    await expect(
      page.locator("dl").getByText("Total paid").locator("xpath=following-sibling::dd"),
    ).toHaveText(`$${PRICE * 2}.00`);

    // The booking as the admin sees it: confirmed, at the date's price times the group.
    const [booking] = await bookingsOf(request, token, email);
    expect(booking).toMatchObject({
      reference,
      booking_status: "confirmed",
      group_size: 2,
      selected_date: day.iso,
      total_amount: PRICE * 2,
    });
  } finally {
    for (const b of await bookingsOf(request, token, email)) await cancelBooking(request, token, b.id);
    await deleteAvailability(request, token, day.id);
  }
});

// The form's refusals, then the test checkout's Cancel, on one date of its own and one browser.
// The checkout's booking is made through the API: the journey above is the test of the form
// that leads there.
test("a refused form keeps what was typed; Cancel on the test checkout shows the cancelled banner", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const day = await openSunday(request, token);
  // Searchable in the admin list, to show that nothing was booked under it.
  const firstName = `Refused${Date.now()}`;
  const email = uniqueEmail("nojs-cancel");
  try {
    await test.step("a refused form comes back with the server's messages and what was typed", async () => {
      await page.goto(`/book?adventure=${ADVENTURE}`);
      const form = detailsForm(page);
      await form.locator("[name=customerFirstName]").fill(firstName);
      await form.locator("[name=customerLastName]").fill("Script");
      await form.locator("[name=customerPhone]").fill("0400 765 432");
      await form.locator("[name=groupSize]").selectOption("2");
      await page.locator("select[name=selectedDate]").selectOption(day.iso);
      await form.locator("[name=specialRequirements]").fill("Kept after the error");
      await page.getByRole("button", { name: "Continue to Payment" }).click();

      // No email: the spec's banner, the server's message at the field, the rest as typed.
      await expect(page.getByTestId("error-banner")).toHaveText("Please fill in all required fields");
      await expect(page.getByTestId("field-error")).toHaveText(["Email is required"]);
      await expect(form.locator("[name=customerFirstName]")).toHaveValue(firstName);
      await expect(form.locator("[name=customerLastName]")).toHaveValue("Script");
      await expect(form.locator("[name=customerPhone]")).toHaveValue("0400 765 432");
      await expect(form.locator("[name=groupSize]")).toHaveValue("2");
      await expect(page.locator("select[name=selectedDate]")).toHaveValue(day.iso);
      await expect(form.locator("[name=specialRequirements]")).toHaveValue("Kept after the error");
      // The summary is the server's render of the same values.
      await expect(page.getByTestId("booking-total")).toHaveText(`$${PRICE * 2}`);

      // A malformed email: the server's own detail, as the script's form shows it.
      await form.locator("[name=customerEmail]").fill("not-an-email");
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      await expect(page.getByTestId("error-banner")).toHaveText(
        "customer_email: Enter a valid email address",
      );
      await expect(page.getByTestId("field-error")).toHaveText(["Enter a valid email address"]);
      await expect(form.locator("[name=customerEmail]")).toHaveValue("not-an-email");
      await expect(page).toHaveURL(`/book?adventure=${ADVENTURE}`);

      // Nothing was booked or held.
      expect(await bookingsOf(request, token, firstName)).toEqual([]);
      await expect(page.locator(`select[name=selectedDate] option[value="${day.iso}"]`)).toHaveText(
        `${day.full} — 6 spots left`,
      );

      // Change adventure: without JavaScript, the list of adventures again.
      await page.getByRole("button", { name: "Change adventure" }).click();
      // An empty GET form: /book with an empty query.
      await expect(page).toHaveURL(/\/book\??$/);
      await expect(page.getByTestId("adventure-option").first()).toBeVisible();
    });

    await test.step("cancelling on the test checkout returns to /book with the cancelled banner", async () => {
      const booking = await createBooking(request, {
        adventureId: ADVENTURE,
        date: day.iso,
        email,
        firstName: "Noa",
      });
      await page.goto(booking.checkout_url);
      await page.getByRole("link", { name: /^Cancel and return to / }).click();
      await page.waitForURL(/\/book\?session_id=cs_test_/);
      // The status check cannot run: the page shows the stored outcome in the spec's words instead.
      const banners = page.getByTestId("payment-banner");
      await expect(banners.filter({ visible: true })).toHaveText([
        "Payment was cancelled. Please try booking again if you wish to proceed.",
      ]);
      await expect(page.getByText("Checking payment status...")).toBeHidden();
      const [cancelled] = await bookingsOf(request, token, email);
      expect(cancelled.booking_status).toBe("cancelled");
      // The form again, as the booking had it: the adventure, the date, the group and the contact details.
      const form = detailsForm(page);
      await expect(page.getByRole("heading", { name: /Your Details/ })).toBeVisible();
      await expect(form.locator("[name=adventureId]")).toHaveValue(ADVENTURE);
      await expect(form.locator("[name=customerFirstName]")).toHaveValue("Noa");
      await expect(form.locator("[name=customerLastName]")).toHaveValue("Walker");
      await expect(form.locator("[name=customerEmail]")).toHaveValue(email);
      await expect(form.locator("[name=customerPhone]")).toHaveValue("0400 123 456");
      await expect(form.locator("[name=groupSize]")).toHaveValue("1");
      await expect(page.locator("select[name=selectedDate]")).toHaveValue(day.iso);
    });
  } finally {
    for (const b of await bookingsOf(request, token, firstName)) await cancelBooking(request, token, b.id);
    for (const b of await bookingsOf(request, token, email)) await cancelBooking(request, token, b.id);
    await deleteAvailability(request, token, day.id);
  }
});
