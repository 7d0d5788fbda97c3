/**
 * The pure parts of moving between departures: the one form value that names
 * a departure (date, and its time where it has one), and the policy's hours
 * counted to a departure's own start time.
 */
import { describe, expect, it } from "vitest";
import { departureAt } from "../../app/lib/departure.ts";
import {
  DEFAULT_POLICY_RULES,
  effectivePolicy,
  policyAtDeparture,
  refundPercent,
} from "../../app/lib/policy.ts";
import { departureKey, parseDepartureKey } from "../../app/lib/reschedule.ts";

describe("departureKey", () => {
  it("is the date alone without a time, and the date with T and the time with one", () => {
    expect(departureKey("2030-01-08", "")).toBe("2030-01-08");
    expect(departureKey("2030-01-08", "13:00")).toBe("2030-01-08T13:00");
  });

  it("reads back what it wrote, and nothing else", () => {
    expect(parseDepartureKey("2030-01-08")).toEqual({ date: "2030-01-08", startTime: "" });
    expect(parseDepartureKey("2030-01-08T13:00")).toEqual({ date: "2030-01-08", startTime: "13:00" });
    for (const bad of ["", "2030-02-30", "2030-01-08T25:00", "2030-01-08T1pm", "2030-01-08T13:00T08:00"]) {
      expect(parseDepartureKey(bad), bad).toBeNull();
    }
  });
});

describe("policyAtDeparture", () => {
  // A full refund until 24 hours before the start, none after.
  const rules = {
    ...DEFAULT_POLICY_RULES,
    tiers: [
      { hoursBefore: 24, refundPercent: 100 },
      { hoursBefore: 0, refundPercent: 0 },
    ],
  };
  const policy = effectivePolicy(rules, null, ["8:00 AM - Meet at the dive shop"]);

  it("counts the hours to the departure's own start time, and to the itinerary's without one", () => {
    // 23 hours before the itinerary's 08:00: within its 24 hours, but 28 hours before a 13:00 departure.
    const at = new Date(departureAt("2030-01-08", 8 * 60).getTime() - 23 * 3_600_000);
    expect(refundPercent("2030-01-08", at, policy)).toBe(0);
    expect(refundPercent("2030-01-08", at, policyAtDeparture(policy, "13:00"))).toBe(100);
    expect(policyAtDeparture(policy, "")).toBe(policy);
  });
});
