import { describe, expect, it } from "vitest";
import { spotsError } from "../../app/components/admin/calendar/DateDialogs";

describe("the spots a date's dialog accepts", () => {
  it("takes a whole number from what is booked (at least 1) to 20", () => {
    expect(spotsError("7", { booked_spots: 3 })).toBe("");
    expect(spotsError(" 20 ", { booked_spots: 0 })).toBe("");
    expect(spotsError("3", { booked_spots: 3 })).toBe("");
  });

  it("refuses anything else with a message", () => {
    expect(spotsError("lots", { booked_spots: 0 })).toBe("Available spots must be a number");
    expect(spotsError("2.5", { booked_spots: 0 })).toBe("Available spots must be a number");
    expect(spotsError("0", { booked_spots: 0 })).toBe("Available spots must be from 1 to 20");
    expect(spotsError("2", { booked_spots: 3 })).toBe("Available spots must be from 3 to 20 (3 booked)");
    expect(spotsError("21", { booked_spots: 0 })).toBe("Available spots must be from 1 to 20");
  });
});
