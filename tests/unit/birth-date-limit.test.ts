import { describe, expect, it } from "vitest";
import { latestBirthDate } from "../../app/lib/readiness.ts";

// The minimum-age limit: the latest date of birth that is `years` old on a day.
describe("the latest date of birth for an age", () => {
  it("keeps 29 February only in a leap year, by the Gregorian rules", () => {
    expect(latestBirthDate("2024-02-29", 24)).toBe("2000-02-29"); // divisible by 400
    expect(latestBirthDate("2000-02-29", 100)).toBe("1900-02-28"); // by 100, not 400
    expect(latestBirthDate("2024-02-29", 4)).toBe("2020-02-29");
    expect(latestBirthDate("2024-02-29", 12)).toBe("2012-02-29");
    expect(latestBirthDate("2024-02-29", 1)).toBe("2023-02-28");
    expect(latestBirthDate("2024-02-29", 124)).toBe("1900-02-28"); // the birth year's rule, not another's
  });
  it("leaves other days alone, the 29th of another month included", () => {
    expect(latestBirthDate("2024-03-29", 1)).toBe("2023-03-29");
    expect(latestBirthDate("2024-02-28", 1)).toBe("2023-02-28");
    expect(latestBirthDate("2024-02-15", 1)).toBe("2023-02-15");
    expect(latestBirthDate("2026-12-05", 12)).toBe("2014-12-05");
  });
  it("writes a year before 1000 with four digits", () => {
    expect(latestBirthDate("2024-06-01", 2000)).toBe("0024-06-01");
  });
});
