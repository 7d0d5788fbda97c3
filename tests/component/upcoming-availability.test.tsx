import { expect, test } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { UpcomingAvailability } from "../../app/components/admin/calendar/UpcomingAvailability";
import type { AvailabilityEntry } from "../../app/components/admin/types";

/**
 * The calendar's upcoming list says a departure is short of crew, in the same
 * words as Trips and the manifest, and says nothing of crew on a departure
 * the answer carries no shortfall for.
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
