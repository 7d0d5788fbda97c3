/**
 * The operator plans a season: a weekend schedule with one exception made on
 * a phone from the calendar's link, previewed and saved; checked at a desk in
 * the list, the form and the calendar; and one of its dates offered on the
 * public booking form. The adventure is one no other spec books, its dates
 * beyond the seeded weeks, and the schedule is deleted again at the end.
 */
import { type APIRequestContext, expect, test } from "../fixtures/test";
import { addDays, adminToken, bearer, signIn, sydneyToday } from "../helpers/e2e-api";

const ADVENTURE = "scooter-dive-adventure";

const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
const monthName = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleString("en-AU", { month: "long", year: "numeric", timeZone: "UTC" });
const monthsBetween = (a: string, b: string) =>
  (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7));

async function deleteSchedules(request: APIRequestContext, token: string, from: string) {
  const res = await request.get(`/api/admin/schedules?adventure_id=${ADVENTURE}`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  for (const s of ((await res.json()) as { schedules: { id: string; from: string }[] }).schedules)
    if (s.from === from) await request.delete(`/api/admin/schedules/${s.id}`, { headers: bearer(token) });
}

test("a weekend schedule with an exception: previewed, saved, in the calendar and on /book", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  // Past the seeded 90 days: the first Saturday 100 days out, four weekends, the second Saturday skipped.
  let from = addDays(sydneyToday(), 100);
  while (weekdayOf(from) !== 6) from = addDays(from, 1);
  const to = addDays(from, 22);
  const skipped = addDays(from, 7);
  const created = [
    from,
    addDays(from, 1),
    addDays(from, 8),
    addDays(from, 14),
    addDays(from, 15),
    addDays(from, 21),
    addDays(from, 22),
  ];
  await deleteSchedules(request, token, from);

  try {
    await signIn(page, token);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/admin/calendar?adventure=${ADVENTURE}`);
    await page.getByRole("link", { name: "Schedules" }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/schedules\\?adventure=${ADVENTURE}`));
    await expect(page.getByRole("heading", { name: "Schedules", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "New schedule" }).click();
    const form = page.getByRole("form", { name: "New schedule" });
    await expect(form.getByLabel("Adventure")).toHaveValue(ADVENTURE);
    await page.screenshot({ path: test.info().outputPath("schedule-form-375.png") });
    // Capacity comes from the adventure: its largest group is two.
    await expect(form.getByText("Empty: 2, the adventure's largest group")).toBeVisible();
    await form.getByText("Sat", { exact: true }).click();
    await form.getByText("Sun", { exact: true }).click();
    await expect(form.getByRole("checkbox", { name: "Saturday" })).toBeChecked();
    await form.getByLabel("From").fill(from);
    await form.getByLabel("To").fill(to);
    await form.getByLabel("Exceptions").fill(skipped);
    await form.getByRole("button", { name: "Add", exact: true }).click();
    await expect(form.getByRole("list", { name: "Exceptions" }).getByRole("listitem")).toHaveCount(1);

    await expect(form.getByRole("button", { name: "Save schedule" })).toBeDisabled();
    await form.getByRole("button", { name: "Preview dates" }).click();
    const preview = form.getByTestId("schedule-preview");
    await expect(preview).toContainText("2 spots per date");
    await expect(preview.getByTestId("plan-create")).toContainText(`Creates ${created.length} dates`);
    await expect(preview.getByTestId("plan-excepted")).toContainText("1 exception skipped");
    await page.screenshot({ path: test.info().outputPath("schedule-preview-375.png"), fullPage: true });

    await form.getByRole("button", { name: "Save schedule" }).click();
    await expect(page.getByText(`Schedule saved: ${created.length} dates created.`)).toBeVisible();
    const list = page.getByTestId("schedule-list");
    const row = list
      .getByRole("listitem")
      .filter({ hasText: "Sat and Sun" })
      .filter({ hasText: "Underwater Scooter Dive" });
    await expect(row).toContainText(`${created.length} dates ahead`);
    await expect(row).toContainText("1 exception");
    await page.screenshot({ path: test.info().outputPath("schedules-375.png"), fullPage: true });

    // At a desk: the list beside the form, the saved pattern in the edit form.
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.getByRole("button", { name: /^Edit schedule/ }).click();
    const edit = page.getByRole("form", { name: "Edit schedule" });
    await expect(edit.getByLabel("From")).toHaveValue(from);
    await expect(edit.getByRole("checkbox", { name: "Sunday" })).toBeChecked();
    await edit.getByRole("button", { name: "Preview dates" }).click();
    await expect(edit.getByTestId("plan-nothing")).toContainText(`${created.length} dates already match`);
    // A viewport as tall as the page: the fixed side bar and header stay where they belong.
    await page.setViewportSize({ width: 1280, height: 1400 });
    await page.screenshot({ path: test.info().outputPath("schedules-edit-1280.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await edit.getByRole("button", { name: "Cancel" }).click();
    await expect(edit).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("schedules-1280.png"), fullPage: true });

    await row.getByRole("link", { name: /^Calendar of/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/calendar\\?adventure=${ADVENTURE}`));
    for (let i = 0; i < monthsBetween(sydneyToday(), from); i++)
      await page.getByRole("button", { name: "Next month" }).click();
    const grid = page.getByRole("table", { name: `Availability in ${monthName(from)}` });
    await expect(grid.locator(`td[data-date="${from}"] [data-testid=day-spots]`)).toHaveText("2/2 free");
    await expect(grid.locator(`td[data-date="${skipped}"] [data-testid=day-spots]`)).toHaveCount(0);

    // A customer finds the date on the booking form.
    await page.goto(`/book?adventure=${ADVENTURE}`);
    const dates = page.locator("select[name=selectedDate]");
    await expect(dates.locator(`option[value="${created[2]}"]`)).toBeEnabled();
    await expect(dates.locator(`option[value="${skipped}"]`)).toHaveCount(0);

    // Deleting shows what goes first.
    await page.goto(`/admin/schedules?adventure=${ADVENTURE}`);
    await row.getByRole("button", { name: /^Delete schedule/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete schedule" });
    await expect(dialog.getByTestId("plan-remove")).toContainText(
      `Removes ${created.length} dates (no bookings)`,
    );
    await page.screenshot({ path: test.info().outputPath("schedule-delete-1280.png") });
    await dialog.getByRole("button", { name: "Delete schedule" }).click();
    await expect(page.getByText(`Schedule deleted: ${created.length} dates removed.`)).toBeVisible();
  } finally {
    await deleteSchedules(request, token, from);
  }
});

test("every Saturday at 08:00 and 13:00: the preview lists both departures of each date (375 px)", async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  let saturday = addDays(sydneyToday(), 120);
  while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
  await signIn(page, token);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/schedules?adventure=${ADVENTURE}&new`);
  const form = page.getByRole("form", { name: "New schedule" });
  await form.getByText("Sat", { exact: true }).click();
  await form.getByLabel("From").fill(saturday);
  await form.getByLabel("To").fill(addDays(saturday, 1));
  for (const time of ["13:00", "08:00"]) {
    await form.getByLabel("Start times", { exact: true }).fill(time);
    await form.getByRole("button", { name: "Add time" }).click();
  }
  await expect(form.getByRole("list", { name: "Chosen start times" }).getByRole("listitem")).toHaveText([
    /8:00 am/,
    /1:00 pm/,
  ]);
  await expect(form.getByLabel("Spots per departure")).toBeVisible();
  // A preview writes nothing: nothing to clean up.
  await form.getByRole("button", { name: "Preview dates" }).click();
  const created = form.getByTestId("schedule-preview").getByTestId("plan-create");
  await expect(created).toContainText("Creates 2 departures");
  await expect(created.getByRole("listitem")).toHaveText([/, 8:00 am$/, /, 1:00 pm$/]);
  await page.screenshot({ path: test.info().outputPath("schedule-times-375.png"), fullPage: true });
});
