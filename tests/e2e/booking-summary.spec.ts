import { type APIRequestContext, expect, type Locator, type Page, test } from "../fixtures/test";
import {
  adminToken,
  bearer,
  type CreatedBooking,
  cancelBooking,
  createBooking,
  uniqueEmail,
} from "../helpers/e2e-api";

/**
 * /book's summary, group sizes, refusals and banners, on data each test makes
 * (an availability date of its own, through the admin API) and removes again.
 */

const ADVENTURE = "guided-shore-dive";
const BUSINESS_MAX_GROUP = 4;

/** Far-future Saturdays, written as an Australian reader expects them (en-AU). */
const SATURDAYS = [
  { iso: "2031-06-14", short: "Sat, 14 June 2031", full: "Saturday 14 June 2031" },
  { iso: "2031-06-21", short: "Sat, 21 June 2031", full: "Saturday 21 June 2031" },
  { iso: "2031-06-28", short: "Sat, 28 June 2031", full: "Saturday 28 June 2031" },
  { iso: "2031-07-05", short: "Sat, 5 July 2031", full: "Saturday 5 July 2031" },
  { iso: "2031-07-12", short: "Sat, 12 July 2031", full: "Saturday 12 July 2031" },
  { iso: "2031-07-19", short: "Sat, 19 July 2031", full: "Saturday 19 July 2031" },
];

interface ServerAdventure {
  id: string;
  title: string;
  price_num: number;
  group_size_min: number;
  group_size_max: number;
}

async function adventure(request: APIRequestContext, id: string): Promise<ServerAdventure> {
  const res = await request.get("/api/adventures-pro");
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as ServerAdventure[]).find((a) => a.id === id);
  if (!found) throw new Error(`the seeded adventure ${id} is missing`);
  return found;
}

/** Opens one of SATURDAYS that this adventure has no row for yet; returns it with the row's id. */
async function openSaturday(request: APIRequestContext, token: string, adventureId: string, spots: number) {
  const res = await request.get(`/api/admin/availability/${adventureId}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  const taken = new Set(((await res.json()) as { dates: { date: string }[] }).dates.map((d) => d.date));
  const day = SATURDAYS.find((d) => !taken.has(d.iso));
  if (!day) throw new Error("every candidate Saturday already has availability");
  const created = await request.post("/api/admin/availability", {
    headers: bearer(token),
    data: { adventure_id: adventureId, date: day.iso, available_spots: spots },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { ...day, id: ((await created.json()) as { id: string }).id };
}

async function deleteAvailability(request: APIRequestContext, token: string, id: string) {
  const res = await request.delete(`/api/admin/availability/${id}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
}

const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

function summaryRow(page: Page, label: string): Locator {
  return page.getByRole("complementary").locator("dl > div").filter({ hasText: label }).locator("dd");
}

// The form on /book?adventure=…, one browser: each former test a step, each on its own page load.
test("the booking form: its summary, a date that filled meanwhile, missing fields and group sizes", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const adv = await adventure(request, ADVENTURE);
  const opened: string[] = [];
  let other: CreatedBooking | undefined;
  try {
    await test.step("the summary shows the adventure, its own group sizes, an en-AU date and the total", async () => {
      const day = await openSaturday(request, token, ADVENTURE, 8);
      opened.push(day.id);
      await page.goto(`/book?adventure=${ADVENTURE}`);
      const summary = page.getByRole("complementary");
      await expect(summary.getByRole("heading", { name: "Booking Summary" })).toBeVisible();
      await expect(summary).toContainText(adv.title);
      await expect(summaryRow(page, "Date")).toHaveText("Not selected");
      await expect(summaryRow(page, "Price per person")).toHaveText(`$${adv.price_num}`);

      // Group sizes follow the adventure's own limits, within the business maximum.
      const low = Math.max(1, adv.group_size_min);
      const high = Math.min(BUSINESS_MAX_GROUP, adv.group_size_max);
      const expected = Array.from({ length: high - low + 1 }, (_, i) => people(low + i));
      expect(expected.length).toBeGreaterThanOrEqual(1);
      await expect(page.locator("select[name=groupSize] option")).toHaveText(expected);
      await expect(summaryRow(page, "Group size")).toHaveText(people(low));

      const dateSelect = page.locator("select[name=selectedDate]");
      await expect(dateSelect.locator(`option[value="${day.iso}"]`)).toHaveText(`${day.full} — 8 spots left`);
      await dateSelect.selectOption(day.iso);
      await expect(summaryRow(page, "Date")).toHaveText(day.short);

      await page.locator("select[name=groupSize]").selectOption(String(high));
      await expect(summaryRow(page, "Group size")).toHaveText(people(high));
      await expect(page.getByTestId("booking-total")).toHaveText(
        `$${(adv.price_num * high).toLocaleString("en-AU")}`,
      );
    });

    await test.step("a date that filled meanwhile: the submit waits disabled, then the server's refusal shows in the error banner", async () => {
      const group = Math.max(1, adv.group_size_min);
      const day = await openSaturday(request, token, ADVENTURE, group);
      opened.push(day.id);
      await page.goto(`/book?adventure=${ADVENTURE}`);
      const form = page.locator("main form").first();
      await form.locator("[name=customerFirstName]").fill("Ava");
      await form.locator("[name=customerLastName]").fill("Walker");
      await form.locator("[name=customerEmail]").fill(uniqueEmail("late"));
      await page.locator("select[name=selectedDate]").selectOption(day.iso);
      await expect(summaryRow(page, "Group size")).toHaveText(people(group));

      // Someone else takes every spot while this visitor is still typing.
      other = await createBooking(request, {
        adventureId: ADVENTURE,
        date: day.iso,
        groupSize: group,
        email: uniqueEmail("quicker"),
      });

      // Hold the request until the button's processing state has been seen.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/api/bookings", async (route) => {
        await held;
        await route.continue();
      });
      const answer = page.waitForResponse("**/api/bookings");
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      const busy = page.getByRole("button", { name: "Processing..." });
      await expect(busy).toBeDisabled();
      release();
      const refusal = await answer;
      expect(refusal.status()).toBe(400);
      const detail = "selected_date: This date is fully booked. Please choose another date.";
      expect(((await refusal.json()) as { detail: string }).detail).toBe(detail);
      // The server's own sentence, word for word.
      await expect(page.getByTestId("error-banner")).toHaveText(detail);
      await expect(page.getByRole("button", { name: "Continue to Payment" })).toBeEnabled();
      expect(page.url()).toContain("/book");
      await page.unroute("**/api/bookings");
    });

    await test.step("missing required fields are named before anything is sent", async () => {
      await page.goto("/book?adventure=dive-exhibition");
      await page.getByRole("button", { name: "Continue to Payment" }).click();
      await expect(page.getByTestId("error-banner")).toHaveText("Please fill in all required fields");
    });

    await test.step("the group size offers only what the adventure takes (2 to 4 for the double shore dive)", async () => {
      await page.goto("/book?adventure=dive-trip-shore");
      const sizes = page.locator("select[name=groupSize] option");
      await expect(sizes).toHaveText(["2 people", "3 people", "4 people"]);
      await expect(page.locator("select[name=groupSize]")).toHaveValue("2");
    });
  } finally {
    if (other) await cancelBooking(request, token, other.booking_id);
    for (const id of opened) await deleteAvailability(request, token, id);
  }
});

// /book with nothing chosen, then its custom payment form, in one page.
test("/book with no adventure chosen, and the custom payment's own checks", async ({ page }) => {
  await test.step("with no adventure chosen there is no form to submit", async () => {
    await page.goto("/book");
    await expect(page.getByRole("heading", { name: "Select Adventure" })).toBeVisible();
    await expect(page.getByTestId("adventure-option").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Booking Summary" })).toHaveCount(0);
  });

  await test.step("custom payment: no amount keeps the button disabled; zero shows the amount message", async () => {
    await page.getByRole("button", { name: "Custom Payment" }).click();
    await expect(page.getByRole("heading", { name: "Custom Payment Details" })).toBeVisible();
    const submit = page.getByRole("button", { name: "Continue to Payment" });
    await expect(submit).toBeDisabled();
    await page.getByLabel("Amount").fill("0");
    await expect(page.getByTestId("custom-total")).toHaveText("AUD 0.00");
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByTestId("error-banner")).toHaveText("Please enter a valid amount greater than 0");
    expect(new URL(page.url()).pathname).toBe("/book");

    await page.getByLabel("Amount").fill("12.5");
    await page.getByLabel("Quantity").fill("3");
    await page.getByLabel("Currency").selectOption("gbp");
    await expect(page.getByTestId("custom-total")).toHaveText("GBP 37.50");
  });
});

/** A CSS colour as sRGB (the browser resolves oklch and friends through a canvas), then its hue. */
async function hueOf(
  locator: Locator,
  property: "color" | "background-color",
): Promise<{ hue: number; rgb: number[] }> {
  return locator.evaluate((el, prop) => {
    const css = getComputedStyle(el).getPropertyValue(prop);
    const ctx = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(ctx.getImageData(0, 0, 1, 1).data).slice(0, 3);
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    let hue = 0;
    if (max !== min) {
      const d = max - min;
      if (max === r) hue = ((g - b) / d) % 6;
      else if (max === g) hue = (b - r) / d + 2;
      else hue = (r - g) / d + 4;
      hue = (hue * 60 + 360) % 360;
    }
    return { hue, rgb: [r, g, b] };
  }, property);
}

const RED = (h: number) => h >= 340 || h <= 20;

// The status call answered here, on one browser; a frozen clock means no further poll while the
// banner is read. Each answer's colour is the banner's own, in tests/component/payment-banner.test.tsx;
// here the built page's stylesheet shows it too.
test("the payment banner for an expired session and for a failing status call", async ({ page }) => {
  let answer: { status: number; json: unknown } = { status: 200, json: {} };
  await page.route("**/api/payments/v1/checkout/status/**", (route) => route.fulfill(answer));
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1000);
  const el = page.getByTestId("payment-banner");

  await test.step("an expired session shows the expired banner", async () => {
    answer = { status: 200, json: { status: "expired", payment_status: "unpaid" } };
    await page.goto("/book?session_id=cs_test_expiredsession01");
    await expect(el).toHaveText("Payment session expired. Please try booking again.");
    await expect(el).toHaveAttribute("data-tone", "error");
    const background = await hueOf(el, "background-color");
    const text = await hueOf(el, "color");
    expect(RED(background.hue), `background ${background.rgb} hue ${background.hue}`).toBe(true);
    expect(RED(text.hue), `text ${text.rgb} hue ${text.hue}`).toBe(true);
  });

  await test.step("a failing status call shows its error text", async () => {
    answer = { status: 500, json: { detail: "boom" } };
    await page.goto("/book?session_id=cs_test_failingstatus01");
    await expect(el).toHaveText(
      "Error checking payment status. Please contact us if you completed the payment.",
    );
  });
});
