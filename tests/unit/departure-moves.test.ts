/**
 * The date list's choice read back: one form value names a departure (its
 * date, and "T" with its time where it has one); anything else names none.
 */
import { describe, expect, it } from "vitest";
import { departureKey } from "../../app/lib/departure.ts";
import { parseDepartureKey } from "../../app/lib/reschedule.ts";

describe("parseDepartureKey", () => {
  it("reads back a departure's key, with or without a time", () => {
    expect(parseDepartureKey(departureKey("2030-01-08", ""))).toEqual({ date: "2030-01-08", startTime: "" });
    expect(parseDepartureKey(departureKey("2030-01-08", "13:00"))).toEqual({
      date: "2030-01-08",
      startTime: "13:00",
    });
  });

  it("names no departure for anything else", () => {
    for (const bad of ["", "2030-02-30", "2030-01-08T25:00", "2030-01-08T1pm", "2030-01-08T13:00T08:00"]) {
      expect(parseDepartureKey(bad), bad).toBeNull();
    }
  });
});
