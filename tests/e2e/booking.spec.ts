import { E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { adminToken, bearer, cancelBooking, createBooking, openDates } from "../helpers/e2e-api";
import { mimePart, type SmtpSink, startSmtpSink } from "../helpers/smtp";

const TEXT = {
  paid: "Payment successful! Thank you for your booking. You will receive a confirmation email shortly.",
  cancelled: "Payment was cancelled. Please try booking again if you wish to proceed.",
  timedOut: "Payment status check timed out. Please check your email for confirmation.",
};

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

/**
 * The page's clock stands still until the test moves it, so the status check's timings
 * (a 2 s pause between checks, 10 checks, 3 s before the redirect) are exact, not waited for.
 * The page also notes its own (fake) time of each status call and of each move to another
 * address (the router's data request for it, or the address change itself).
 */
async function freezeClock(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __times: { what: "status" | "answered" | "address"; t: number }[] };
    w.__times = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      // The router fetches the next page's data before it changes the address.
      if (url.includes("/book/success")) w.__times.push({ what: "address", t: Date.now() });
      if (!url.includes("/checkout/status/")) return original(input, init);
      w.__times.push({ what: "status", t: Date.now() });
      // "answered" once the page has read the answer: by then it has set its next timer.
      return original(input, init).then((res) => {
        const json = res.json.bind(res);
        res.json = () =>
          json().then((body) => {
            w.__times.push({ what: "answered", t: Date.now() });
            return body;
          });
        return res;
      });
    };
    for (const name of ["pushState", "replaceState"] as const) {
      const change = history[name].bind(history);
      history[name] = (data, unused, url) => {
        if (url !== undefined && url !== null && String(url) !== location.href)
          w.__times.push({ what: "address", t: Date.now() });
        change(data, unused, url);
      };
    }
  });
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
}

/** The page's time of each status call, or of each move to another address, in order. */
async function times(page: Page, what: "status" | "answered" | "address"): Promise<number[]> {
  const all = await page.evaluate(
    () => (window as unknown as { __times: { what: string; t: number }[] }).__times,
  );
  return all.filter((x) => x.what === what).map((x) => x.t);
}

/** On the paid banner: the page moves to the confirmation 3 seconds after the answer, not before. */
async function redirectsAfterThreeSeconds(page: Page) {
  await page.clock.runFor(2_999);
  await expect(page).toHaveURL(/\/book\?session_id=/);
  await page.clock.runFor(1);
  await page.waitForURL(/\/book\/success\?confirmed=true&session_id=/);
  const [paidAnswer] = (await times(page, "status")).slice(-1);
  const moved = (await times(page, "address")).filter((t) => t >= paidAnswer);
  expect(moved[0] - paidAnswer).toBe(3_000);
}

/** Cancels every booking made under this address (a journey's own, in its `finally`). */
async function cancelBookingsOf(request: APIRequestContext, email: string) {
  const token = await adminToken(request);
  const res = await request.get(`/api/bookings?q=${encodeURIComponent(email)}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  for (const b of ((await res.json()) as { bookings: { id: string }[] }).bookings)
    await cancelBooking(request, token, b.id);
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Fills step 2 and submits; ends on the test checkout page. */
async function fillDetails(page: Page, email: string, groupSize = 1) {
  // By name: the site frame (e.g. the footer's newsletter box) has its own "Email" fields.
  const form = page.locator("main form").first();
  await form.locator("[name=customerFirstName]").fill("Ava");
  await form.locator("[name=customerLastName]").fill("Walker");
  await form.locator("[name=customerEmail]").fill(email);
  await form.locator("[name=customerPhone]").fill("0400 123 456");
  await form.locator("[name=groupSize]").selectOption(String(groupSize));
  const dateSelect = page.locator("select[name=selectedDate]");
  const value = await dateSelect.locator("option:not([disabled])").nth(1).getAttribute("value");
  await dateSelect.selectOption(value ?? "");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/checkout\/test\/cs_test_/);
}

async function payWith(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM / YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill("Ava Walker");
  await page.getByRole("button", { name: /^Pay / }).click();
}

test("book an adventure, pay with the test card, land on the confirmation, get the email with its .ics", async ({
  page,
  request,
}) => {
  const email = unique("booker");
  try {
    await freezeClock(page);
    await page.goto("/book");
    await expect(page.getByRole("heading", { name: "Book Your Adventure" })).toBeVisible();
    await expect(page.getByTestId("test-mode-notice")).toContainText("Test mode is on");
    await page.getByTestId("adventure-option").filter({ hasText: "Guided Shore Dive" }).click();
    await expect(page.getByRole("heading", { name: /Your Details/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Booking Summary" })).toBeVisible();
    await page.locator("select[name=groupSize]").selectOption("2");
    await expect(page.getByTestId("booking-total")).toHaveText("$270");

    await fillDetails(page, email, 2);
    await expect(page.getByText("TEST MODE")).toBeVisible();
    await expect(page.getByTestId("checkout-total")).toHaveText("$270.00");
    await payWith(page, "4242 4242 4242 4242");

    await page.waitForURL(/\/book\?session_id=/);
    const sessionId = new URL(page.url()).searchParams.get("session_id") ?? "";
    const banner = page.getByTestId("payment-banner");
    await expect(banner).toHaveText(TEXT.paid);
    await expect(banner).toHaveAttribute("data-tone", "success");
    await redirectsAfterThreeSeconds(page);
    await expect(page.getByRole("heading", { name: "You're booked in!" })).toBeVisible();
    const reference = (await page.getByTestId("booking-reference").textContent()) ?? "";
    expect(reference).toMatch(/^TW-/);
    await expect(page.getByText("What to bring")).toBeVisible();
    // The page leads with what the group still has to give before the trip, and the way to give it.
    const needed = page.getByTestId("still-needed");
    await expect(needed).toContainText(
      "We still need each diver's details and medical questions, and the waiver. ",
    );
    await expect(needed.getByRole("link", { name: "Add your group's details" })).toHaveAttribute(
      "href",
      /^\/my-booking\/[A-Za-z0-9_-]{43}#participants$/,
    );
    await expect(page.getByText(/we email it/i)).toHaveCount(0);

    const status = await (await page.request.get(`/api/payments/v1/checkout/status/${sessionId}`)).json();
    expect(status).toMatchObject({
      payment_status: "paid",
      booking_status: "confirmed",
      booking_reference: reference,
      amount_total: 270,
    });

    const mail = await sink.waitFor((m) => m.to.includes(email), 20_000);
    expect(mail.subject).toContain(reference);
    expect(mail.raw).toMatch(/Content-Type: text\/calendar/i);
    expect(mail.raw).toContain(`booking-${reference}.ics`);
    const ics = mimePart(mail.raw, /text\/calendar/i) ?? "";
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("BEGIN:VTIMEZONE");
    expect(ics).toContain(`UID:${status.booking_id}`);
    expect(ics).toMatch(/DTSTART;TZID=Australia\/Sydney:\d{8}T\d{6}/);
  } finally {
    await cancelBookingsOf(request, email);
  }
});

// The checkout's own behaviour, on a booking made through the API (the form that leads
// here is the journey above): a declined card, then Cancel on the same checkout.
test("the test checkout: a declined card, and Cancel back to /book", async ({ page, request }) => {
  const token = await adminToken(request);
  const [open] = await openDates(request, "dive-exhibition");
  const email = unique("declined");
  const booking = await createBooking(request, { adventureId: "dive-exhibition", date: open.date, email });
  try {
    await test.step("a declined card shows the decline and stays on the checkout", async () => {
      await page.goto(booking.checkout_url);
      await payWith(page, "4000 0000 0000 0002");
      await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
      await expect(page.getByRole("alert")).toBeFocused();
      await expect(page).toHaveURL(/\/checkout\/test\//);
      await page.getByLabel("Card number").fill("4242 4242 4242 4241");
      await page.getByRole("button", { name: /^Pay / }).click();
      await expect(page.getByText("Your card number is invalid.")).toBeVisible();
    });

    await test.step("Cancel at checkout returns to /book with the cancelled banner", async () => {
      await page.getByRole("link", { name: /Cancel and return/ }).click();
      await page.waitForURL(/\/book\?session_id=/);
      const banner = page.getByTestId("payment-banner");
      await expect(banner).toHaveText(TEXT.cancelled);
      await expect(banner).toHaveAttribute("data-tone", "error");
      // The form as it was filled in, to change and try again.
      await expect(page.locator("[name=customerEmail]")).toHaveValue(email);
      await expect(page.locator("select[name=selectedDate]")).toHaveValue(open.date);
    });
  } finally {
    await cancelBooking(request, token, booking.booking_id);
  }
});

test("a custom payment end to end, with its receipt", async ({ page }) => {
  const email = unique("custom");
  await freezeClock(page);
  await page.goto("/book");
  await page.getByRole("button", { name: "Custom Payment" }).click();
  await expect(page.getByRole("heading", { name: "Custom Payment Details" })).toBeVisible();
  const pay = page.getByRole("button", { name: "Continue to Payment" });
  await expect(pay).toBeDisabled();
  await page.locator("input[name=amount]").fill("50");
  await page.locator("input[name=quantity]").fill("2");
  await expect(page.getByTestId("custom-total")).toHaveText("AUD 100.00");
  await pay.click();
  await page.waitForURL(/\/checkout\/test\//);
  await expect(page.getByTestId("checkout-total")).toHaveText("$100.00");
  await page.locator("#email").fill(email);
  await payWith(page, "4242424242424242");
  await page.waitForURL(/\/book\?session_id=/);
  await expect(page.getByTestId("payment-banner")).toHaveText(TEXT.paid);
  await redirectsAfterThreeSeconds(page);
  await expect(page.getByTestId("amount-paid")).toHaveText("$100.00");
  const mail = await sink.waitFor((m) => m.to.includes(email), 20_000);
  expect(mail.subject).toContain("$100.00");
});

test("the status is checked every 2 seconds and gives up after the 10th unanswered check", async ({
  page,
}) => {
  await page.route("**/api/payments/v1/checkout/status/**", (route) =>
    route.fulfill({ json: { status: "open", payment_status: "unpaid" } }),
  );
  await freezeClock(page);
  const checks = () => times(page, "status");
  await page.goto("/book?session_id=cs_test_slowsession0001");
  const banner = page.getByTestId("payment-banner");
  await expect(banner).toHaveText("Payment is being processed...");
  await expect.poll(async () => (await checks()).length).toBe(1);
  for (let n = 2; n <= 10; n++) {
    // The clock moves only once the page has the previous answer (and so its next timer).
    await expect.poll(async () => (await times(page, "answered")).length).toBe(n - 1);
    await page.clock.runFor(2_000);
    await expect.poll(async () => (await checks()).length, { message: `check ${n}` }).toBe(n);
  }
  await expect(banner).toHaveText(TEXT.timedOut);
  // Exactly 2 seconds apart, by the page's clock.
  const at = await checks();
  expect(at.map((t) => t - at[0])).toEqual(Array.from({ length: 10 }, (_, i) => i * 2_000));
  // And no eleventh.
  await page.clock.runFor(60_000);
  await expect(banner).toHaveText(TEXT.timedOut);
  expect(await checks()).toHaveLength(10);
});
