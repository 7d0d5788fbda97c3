import { type APIRequestContext, expect, test } from "../fixtures/test";
import { addDays, adminToken, bearer, signIn } from "../helpers/e2e-api";

/**
 * The availability calendar on a fixed "today" (Playwright's fake clock, set
 * to a day far ahead): the month grid with its Today control, the Upcoming
 * Availability list of the next 10 dates, and the 'Unavailable' label. The
 * dates are this test's own, made and deleted through the admin API.
 */

const ADVENTURE = "camping-only-2day";
// Noon in Sydney on Monday 10 March 2031.
const TODAY = "2031-03-10";
const NOW = new Date("2031-03-10T01:00:00Z");
const FIRST = "2031-03-01";
const LAST = "2031-04-30";

interface Entry {
  id: string;
  date: string;
  booked_spots: number;
}

async function entries(request: APIRequestContext, token: string): Promise<Entry[]> {
  const res = await request.get(`/api/admin/availability/${ADVENTURE}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { dates: Entry[] }).dates.filter((d) => d.date >= FIRST && d.date <= LAST);
}

async function remove(request: APIRequestContext, token: string, id: string) {
  const res = await request.delete(`/api/admin/availability/${id}`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
}

test("month grid with Today, the next 10 dates and 'Unavailable'", async ({ page, request }) => {
  const token = await adminToken(request);
  // A window no other test writes to; anything an interrupted run left there goes first.
  for (const e of await entries(request, token)) await remove(request, token, e.id);

  // Two dates before "today", then twelve from today on, every other day; the fourth is closed.
  const before = ["2031-03-03", "2031-03-07"];
  const after = Array.from({ length: 12 }, (_, i) => addDays(TODAY, i * 2));
  const closed = after[3];
  const made: string[] = [];
  try {
    for (const date of [...before, ...after]) {
      const res = await request.post("/api/admin/availability", {
        headers: bearer(token),
        data: { adventure_id: ADVENTURE, date, available_spots: 6, is_available: date !== closed },
      });
      expect(res.status(), await res.text()).toBe(201);
      made.push(((await res.json()) as { id: string }).id);
    }

    await page.clock.install({ time: NOW });
    await signIn(page, token);
    await page.goto(`/admin/calendar?adventure=${ADVENTURE}`);

    // The month of "today", with today marked.
    const grid = page.getByRole("table", { name: "Availability in March 2031" });
    await expect(grid).toBeVisible();
    await expect(grid.locator("td[aria-current=date]")).toHaveAttribute("data-date", TODAY);
    await expect(grid.locator("thead th")).toHaveText(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    // March 2031 starts on a Saturday: five lead days from February, six weeks in all.
    await expect(grid.locator("tbody td")).toHaveCount(42);
    await expect(grid.locator("tbody td").first()).toHaveAttribute("data-date", "2031-02-24");
    await expect(grid.locator(`td[data-date="${TODAY}"] [data-testid=day-spots]`)).toHaveText("6/6 free");
    await expect(grid.locator(`td[data-date="${closed}"]`)).toContainText("Unavailable");
    await expect(grid.locator(`td[data-date="${closed}"] [data-testid=day-spots]`)).toHaveCount(0);
    await expect(grid.locator('td[data-date="2031-03-03"] [data-testid=day-spots]')).toHaveText("6/6 free");

    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page.getByRole("table", { name: "Availability in April 2031" })).toBeVisible();
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(page.getByRole("table", { name: "Availability in May 2031" })).toBeVisible();
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await expect(grid).toBeVisible();
    await expect(grid.locator("td[aria-current=date]")).toHaveAttribute("data-date", TODAY);

    // The next 10 dates from today, in order; the past ones and the last two are not listed.
    const upcoming = page.getByRole("list", { name: "Upcoming availability" }).getByTestId("upcoming-item");
    await expect(upcoming).toHaveCount(10);
    expect(await upcoming.evaluateAll((els) => els.map((e) => e.getAttribute("data-date")))).toEqual(
      after.slice(0, 10),
    );
    await expect(upcoming.first()).toContainText("Monday 10 March 2031");
    await expect(upcoming.first().getByTestId("spots")).toHaveText("6/6");
    const closedItem = upcoming.nth(3);
    await expect(closedItem).toHaveAttribute("data-date", closed);
    await expect(closedItem).toContainText("Unavailable");
    await expect(closedItem.getByTestId("spots")).toHaveCount(0);
  } finally {
    for (const id of made) await remove(request, token, id);
  }
});

test("the Add Availability form checks its fields before sending and shows the server's refusals beside them", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/admin/availability") posts.push(r.url());
  });
  await page.clock.install({ time: NOW });
  await signIn(page, token);
  await page.goto(`/admin/calendar?adventure=${ADVENTURE}`);
  const submit = page.getByRole("button", { name: "Add Availability" });
  await expect(submit).toBeEnabled();

  // The rules of the shared schema, in its words; nothing is sent while one fails.
  await submit.click();
  await expect(page.getByText("Date is required")).toBeVisible();
  await expect(page.getByLabel("Date")).toBeFocused();
  await page.getByLabel("Date").fill(addDays(TODAY, -1));
  await submit.click();
  await expect(page.getByText("Date cannot be before today")).toBeVisible();
  await page.getByLabel("Date").fill(addDays(TODAY, 5));
  await expect(page.getByText("Date cannot be before today")).toHaveCount(0);
  await page.getByLabel("Available spots").fill("25");
  await page.getByLabel("Price override").fill("1.234");
  await submit.click();
  await expect(page.getByText("Available spots must be at most 20")).toBeVisible();
  await expect(page.getByText("Price override can have at most two decimals (step 0.01)")).toBeVisible();
  expect(posts).toHaveLength(0);
});

test("a date the browser's today allows but the server's refuses: its message beside the field and in the alert", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  // The browser believes it is 2025; the server runs on the real clock, later than that.
  await page.clock.install({ time: new Date("2025-01-10T01:00:00Z") });
  await signIn(page, token);
  await page.goto(`/admin/calendar?adventure=${ADVENTURE}`);
  await page.getByLabel("Date").fill("2025-01-15");
  await page.getByRole("button", { name: "Add Availability" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "date: Date cannot be before today" }),
  ).toBeVisible();
  await expect(page.getByLabel("Date")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Date cannot be before today", { exact: true })).toBeVisible();
  const res = await request.get(`/api/admin/availability/${ADVENTURE}`, { headers: bearer(token) });
  const dates = ((await res.json()) as { dates: Entry[] }).dates;
  expect(dates.some((d) => d.date === "2025-01-15")).toBe(false);
});

test("a date run twice: two departures added with their start times on a phone, a third refused", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  for (const e of await entries(request, token)) await remove(request, token, e.id);
  const date = addDays(TODAY, 1);
  try {
    await page.clock.install({ time: NOW });
    await signIn(page, token);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin/calendar?adventure=${ADVENTURE}`);
    const add = async (time: string) => {
      await page.getByLabel("Date").fill(date);
      await page.getByLabel("Start time").fill(time);
      await page.getByRole("button", { name: "Add Availability" }).click();
    };
    await add("13:00");
    await expect(page.getByText("Availability added for Tue, 11 Mar 2031, 1:00 pm.")).toBeVisible();
    await add("08:00");
    await expect(page.getByText("Availability added for Tue, 11 Mar 2031, 8:00 am.")).toBeVisible();
    const upcoming = page.getByRole("list", { name: "Upcoming availability" }).getByTestId("upcoming-item");
    await expect(upcoming).toHaveCount(2);
    await expect(upcoming).toHaveText([/Tuesday 11 March 2031, 8:00 am/, /Tuesday 11 March 2031, 1:00 pm/]);
    await expect(page.getByRole("button", { name: "Close Tue, 11 Mar 2031, 1:00 pm" })).toBeVisible();
    await add("13:00");
    await expect(page.getByText(/1:00 pm already exists for this adventure/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("calendar-departures-375.png"), fullPage: true });
  } finally {
    for (const e of await entries(request, token)) await remove(request, token, e.id);
  }
});
