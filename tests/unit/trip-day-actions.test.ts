import { describe, expect, it } from "vitest";
import { inTapOrder, isStale, targetOf, tripDayActionSchema } from "../../app/lib/trip-day-actions.ts";

const id = "6f1c1c7e-8a5d-4c3b-9d5e-2b1f0e3a4c5d";

describe("trip-day actions", () => {
  it("are stale only when a later tap on the target was applied", () => {
    expect(isStale("2031-07-01T10:00:00Z", null)).toBe(false);
    expect(isStale("2031-07-01T10:00:00Z", "2031-07-01T10:05:00Z")).toBe(true);
    expect(isStale("2031-07-01T10:05:00Z", "2031-07-01T10:00:00Z")).toBe(false);
    // Same instant on two phones: neither is older, the roll-call rules settle it.
    expect(isStale("2031-07-01T10:00:00+10:00", "2031-07-01T00:00:00Z")).toBe(false);
  });

  it("compare check-in with check-in, a diver's marks per dive, a dive's start and end", () => {
    expect(targetOf({ id, at: "x", kind: "undo_check_in", participant_id: "p" })).toBe("check-in:p");
    expect(targetOf({ id, at: "x", kind: "back", departure_id: "d", dive: 2, participant_id: "p" })).toBe(
      "diver:d:2:p",
    );
    expect(targetOf({ id, at: "x", kind: "all_aboard", departure_id: "d", dive: 2 })).toBe("dive:d:2");
  });

  it("apply in the order they were tapped, whichever phone sent them", () => {
    const a = { at: "2031-07-01T10:05:00Z" };
    const b = { at: "2031-07-01T19:00:00+10:00" };
    expect(inTapOrder([a, b])).toEqual([b, a]);
  });

  it("refuse a tap without its own id, time or known kind", () => {
    expect(tripDayActionSchema.safeParse({ id, at: "2031-07-01T10:00:00Z", kind: "wave" }).success).toBe(
      false,
    );
    expect(
      tripDayActionSchema.safeParse({
        id: "1",
        at: "2031-07-01T10:00:00Z",
        kind: "check_in",
        participant_id: "p",
      }).success,
    ).toBe(false);
    expect(
      tripDayActionSchema.safeParse({ id, at: "2031-07-01T10:00:00Z", kind: "check_in", participant_id: "p" })
        .success,
    ).toBe(true);
  });
});
