import { describe, expect, it } from "vitest";
import { waitingTaps, withPending } from "../../app/lib/roll-call-offline.ts";
import type { TripDayAction } from "../../app/lib/trip-day-actions.ts";

const tap = (id: string, kind: "out" | "back", participant_id = "p1"): TripDayAction => ({
  id,
  at: `2031-05-10T22:0${id.length}:00.000Z`,
  kind,
  departure_id: "dep-1",
  dive: 1,
  participant_id,
});

describe("the taps a screen lays over its copy", () => {
  const a = tap("a", "out");
  const b = tap("bb", "back");
  const c = tap("ccc", "out", "p2");

  it("shows the stored queue, then its own taps the queue does not hold yet", () => {
    expect(waitingTaps([a], [a, b], new Set())).toEqual([a, b]);
    // A read that started before the newest tap was stored does not hide it.
    expect(waitingTaps([a], [a, b, c], new Set())).toEqual([a, b, c]);
    expect(waitingTaps([a, b], [], new Set())).toEqual([a, b]);
  });

  it("drops what the server answered, whether the read still found it in the queue or not", () => {
    expect(waitingTaps([a, b], [a, b], new Set(["a"]))).toEqual([b]);
    expect(waitingTaps([], [a, b, c], new Set(["a", "bb"]))).toEqual([c]);
  });
});

describe("a copy with the waiting taps laid over it", () => {
  const copy = {
    availability_id: "dep-1",
    adventure_title: "Boat dive",
    date: "2031-05-11",
    start_time: "08:00",
    key: "dep-1",
    divers: [],
    dives: [{ dive_number: 1, started_at: "2031-05-10T21:00:00.000Z", all_aboard_at: null, marks: [] }],
  };

  it("applies each tap by the roll call's own rule: a diver back is not sent back twice", () => {
    const shown = withPending(copy, [tap("a", "out"), tap("bb", "back"), tap("ccc", "back")]);
    expect(shown.dives[0].marks).toEqual([
      {
        participant_id: "p1",
        buddy_id: null,
        out_at: "2031-05-10T22:01:00.000Z",
        back_at: "2031-05-10T22:02:00.000Z",
      },
    ]);
    // The copy itself is left as it was.
    expect(copy.dives[0].marks).toEqual([]);
  });
});
