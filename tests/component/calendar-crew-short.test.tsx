import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { MonthCalendar } from "../../app/components/admin/calendar/MonthCalendar";
import { UpcomingAvailability } from "../../app/components/admin/calendar/UpcomingAvailability";
import type { AvailabilityEntry } from "../../app/components/admin/types";

/**
 * The calendar says a departure is short of crew: the upcoming list in the
 * same words as Trips and the manifest, the month grid with a mark its legend
 * names. A departure the answer carries no shortfall for shows nothing of crew.
 */
const entry = (id: string, date: string, extra: Partial<AvailabilityEntry> = {}): AvailabilityEntry => ({
  id,
  adventure_id: "dive-exhibition",
  date,
  available_spots: 8,
  booked_spots: 5,
  free_spots: 3,
  price_override: null,
  notes: "",
  is_available: true,
  weather_dependent: false,
  ...extra,
});

const noop = () => {};

function renderList(dates: AvailabilityEntry[]) {
  return render(
    <UpcomingAvailability
      adventureId="dive-exhibition"
      dates={dates}
      today="2031-06-01"
      waitingOn={new Map()}
      weatherOn={new Map()}
      onEditSpots={noop}
      onClose={noop}
      onReopen={noop}
      onDelete={noop}
    />,
  );
}

test.each([
  [375, 740],
  [1280, 900],
])("a short departure says which crew it lacks at %i px", async (width, height) => {
  await page.viewport(width, height);
  const screen = await renderList([
    entry("short", "2031-06-07", {
      crew_short: [
        { role: "instructor", missing: 2 },
        { role: "skipper", missing: 1 },
      ],
    }),
    entry("staffed", "2031-06-14"),
  ]);
  const items = screen.getByTestId("upcoming-item");
  await expect
    .element(items.nth(0).getByTestId("crew-short"))
    .toHaveTextContent("Short of staff: 2 instructors, 1 skipper");
  await expect.element(items.nth(1)).toBeVisible();
  expect(items.nth(1).getByTestId("crew-short").elements()).toHaveLength(0);
});

const month = (dates: AvailabilityEntry[]) =>
  render(
    <MonthCalendar
      cursor={{ year: 2031, month: 5 }}
      onShift={noop}
      onToday={noop}
      adventureId="dive-exhibition"
      dates={dates}
      weather={[]}
      weatherOn={new Map()}
      today="2031-06-01"
    />,
  );

test("the month grid marks a day with a short departure, and names the mark in its legend", async () => {
  const screen = await month([
    entry("short", "2031-06-07", { crew_short: [{ role: "instructor", missing: 1 }] }),
    entry("staffed", "2031-06-14"),
  ]);
  // The mark sits in the short day's cell and no other.
  const marked = [...screen.container.querySelectorAll("td")].filter((td) =>
    td.querySelector('[data-testid="day-short"]'),
  );
  expect(marked.map((td) => td.dataset.date)).toEqual(["2031-06-07"]);
  expect(marked[0].textContent).toContain("Short of staff");
  await expect.element(screen.getByText("Short of staff", { exact: true }).last()).toBeVisible();
});

test("a month with no short departure shows no mark and no legend for it", async () => {
  const screen = await month([entry("staffed", "2031-06-14")]);
  expect(screen.container.querySelector('td[data-date="2031-06-14"]')?.textContent).toContain("3/8");
  expect(screen.getByText(/Short of staff/).elements()).toHaveLength(0);
});
