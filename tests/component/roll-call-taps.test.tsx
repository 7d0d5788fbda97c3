import { createRoutesStub } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { page } from "vitest/browser";
import { render } from "vitest-browser-react";
import { dropQueue, pendingActions } from "../../app/lib/action-queue";
import AdminRollCall from "../../app/routes/admin/roll-call";
import type { RollCall } from "../../server/domain/dive-ops/roll-call.server";

/**
 * A tap counts the moment it is made, before the phone has stored it: the crew taps the last
 * diver "Back aboard" and "All aboard" straight after, and the dive closes, with no false alarm.
 */
afterEach(async () => {
  vi.restoreAllMocks();
  await dropQueue();
});

const diver = (participant_id: string, name: string) => ({
  participant_id,
  name,
  emergency_contact_name: `${name} Sr`,
  emergency_contact_phone: "0400 000 000",
  checked_in: true,
});

const ROLL: RollCall = {
  availability_id: "dep-1",
  adventure_title: "Boat dive",
  date: "2031-05-11",
  start_time: "08:00",
  key: "dep-1",
  divers: [diver("p1", "Ava Stone"), diver("p2", "Ben Cole")],
  dives: [
    {
      dive_number: 1,
      started_at: "2031-05-10T21:00:00.000Z",
      all_aboard_at: null,
      marks: [
        { participant_id: "p1", buddy_id: null, out_at: "2031-05-10T21:05:00.000Z", back_at: null },
        {
          participant_id: "p2",
          buddy_id: null,
          out_at: "2031-05-10T21:05:00.000Z",
          back_at: "2031-05-10T21:40:00.000Z",
        },
      ],
    },
  ],
};

const Stub = createRoutesStub([
  {
    path: "/admin/roll-call/:id",
    Component: AdminRollCall as never,
    loader: () => ({
      roll: { ok: true, status: 200, data: ROLL },
      read: "/api/admin/departures/dep-1/roll-call",
    }),
  },
]);

test("All aboard straight after the last Back aboard closes the dive: no alarm", async () => {
  // No signal: the taps wait in the phone's queue.
  vi.spyOn(window, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
  const screen = await render(<Stub initialEntries={["/admin/roll-call/dep-1"]} />);
  await expect.element(screen.getByTestId("in-water-count")).toHaveTextContent("1 of 2 in the water");

  const back = screen.getByRole("button", { name: "Back aboard" }).element() as HTMLButtonElement;
  const allAboard = screen.getByRole("button", { name: "All aboard" }).element() as HTMLButtonElement;
  // Two taps in a row, faster than the phone stores the first.
  back.click();
  await new Promise((resolve) => requestAnimationFrame(resolve));
  allAboard.click();

  await expect
    .poll(() => screen.getByTestId("dive-log-entry").query()?.textContent)
    .toMatch(/^Dive 1: 2 divers, started/);
  expect(page.getByRole("alertdialog", { name: "Diver missing" }).query()).toBeNull();
  await expect.poll(async () => (await pendingActions()).map((a) => a.kind)).toEqual(["back", "all_aboard"]);
});
