import { afterEach, describe, expect, it, vi } from "vitest";
import {
  addDays,
  BUSINESS_TZ,
  daysBetween,
  formatDateAU,
  isIsoDate,
  sydneyDate,
  weekday,
  weekendDates,
} from "../../app/lib/dates.ts";

const at = (iso: string) => new Date(iso);

describe("isIsoDate", () => {
  it.each(["2026-01-01", "2026-02-28", "2024-02-29", "2026-12-31", "2000-02-29"])("accepts %s", (d) => {
    expect(isIsoDate(d)).toBe(true);
  });

  it.each([
    "2026-02-30",
    "2026-02-29",
    "1900-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-1-01",
    "26-01-01",
    "2026/01/01",
    "2026-01-01T00:00:00Z",
    " 2026-01-01",
    "",
    "tomorrow",
  ])("rejects %j", (d) => {
    expect(isIsoDate(d)).toBe(false);
  });
});

describe("sydneyDate", () => {
  it("uses the Sydney time zone", () => {
    expect(BUSINESS_TZ).toBe("Australia/Sydney");
  });

  it("is already the next Sydney day at midnight UTC", () => {
    // Summer (AEDT, UTC+11) and winter (AEST, UTC+10).
    expect(sydneyDate(at("2026-01-14T23:59:59Z"))).toBe("2026-01-15");
    expect(sydneyDate(at("2026-01-15T00:00:00Z"))).toBe("2026-01-15");
    expect(sydneyDate(at("2026-07-14T23:59:59Z"))).toBe("2026-07-15");
    expect(sydneyDate(at("2026-07-15T00:00:00Z"))).toBe("2026-07-15");
  });

  it("turns the day at Sydney midnight in summer (UTC+11)", () => {
    expect(sydneyDate(at("2026-01-14T12:59:59.999Z"))).toBe("2026-01-14");
    expect(sydneyDate(at("2026-01-14T13:00:00Z"))).toBe("2026-01-15");
  });

  it("turns the day at Sydney midnight in winter (UTC+10)", () => {
    expect(sydneyDate(at("2026-07-14T13:59:59.999Z"))).toBe("2026-07-14");
    expect(sydneyDate(at("2026-07-14T14:00:00Z"))).toBe("2026-07-15");
  });

  it("crosses the New Year in Sydney before it does in UTC", () => {
    expect(sydneyDate(at("2026-12-31T12:59:59Z"))).toBe("2026-12-31");
    expect(sydneyDate(at("2026-12-31T13:00:00Z"))).toBe("2027-01-01");
  });

  it("handles the end of daylight saving (first Sunday of April: 5 Apr 2026, 3 am AEDT -> 2 am AEST)", () => {
    // Midnight starting 5 April is still AEDT (UTC+11).
    expect(sydneyDate(at("2026-04-04T12:59:59Z"))).toBe("2026-04-04");
    expect(sydneyDate(at("2026-04-04T13:00:00Z"))).toBe("2026-04-05");
    // Either side of the switch itself (16:00 UTC) is the same Sydney day.
    expect(sydneyDate(at("2026-04-04T15:59:59Z"))).toBe("2026-04-05");
    expect(sydneyDate(at("2026-04-04T16:00:00Z"))).toBe("2026-04-05");
    // That day is 25 hours long: the next midnight is AEST (UTC+10).
    expect(sydneyDate(at("2026-04-05T13:00:00Z"))).toBe("2026-04-05");
    expect(sydneyDate(at("2026-04-05T13:59:59Z"))).toBe("2026-04-05");
    expect(sydneyDate(at("2026-04-05T14:00:00Z"))).toBe("2026-04-06");
  });

  it("handles the start of daylight saving (first Sunday of October: 4 Oct 2026, 2 am AEST -> 3 am AEDT)", () => {
    // Midnight starting 4 October is still AEST (UTC+10).
    expect(sydneyDate(at("2026-10-03T13:59:59Z"))).toBe("2026-10-03");
    expect(sydneyDate(at("2026-10-03T14:00:00Z"))).toBe("2026-10-04");
    expect(sydneyDate(at("2026-10-03T15:59:59Z"))).toBe("2026-10-04");
    expect(sydneyDate(at("2026-10-03T16:00:00Z"))).toBe("2026-10-04");
    // That day is 23 hours long: the next midnight is AEDT (UTC+11).
    expect(sydneyDate(at("2026-10-04T12:59:59Z"))).toBe("2026-10-04");
    expect(sydneyDate(at("2026-10-04T13:00:00Z"))).toBe("2026-10-05");
  });

  describe("defaults", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("defaults to now", () => {
      vi.useFakeTimers();
      vi.setSystemTime(at("2026-06-30T14:30:00Z"));
      expect(sydneyDate()).toBe("2026-07-01");
    });
  });

  describe("whatever the server's own time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(["UTC", "America/Los_Angeles", "Pacific/Kiritimati", "Australia/Perth"])("TZ=%s", (tz) => {
      process.env.TZ = tz;
      expect(sydneyDate(at("2026-04-04T13:00:00Z"))).toBe("2026-04-05");
      expect(sydneyDate(at("2026-10-04T12:59:59Z"))).toBe("2026-10-04");
      expect(addDays("2026-04-04", 1)).toBe("2026-04-05");
      expect(addDays("2026-10-03", 2)).toBe("2026-10-05");
      expect(daysBetween("2026-10-03", "2026-10-05")).toBe(2);
      expect(weekday("2026-10-04")).toBe(0);
      expect(formatDateAU("2026-10-04")).toBe("Sun, 4 Oct 2026");
    });
  });
});

describe("addDays", () => {
  it.each([
    ["2026-01-15", 0, "2026-01-15"],
    ["2026-01-15", 1, "2026-01-16"],
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-02-28", 1, "2026-03-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2024-02-29", 1, "2024-03-01"],
    ["2026-04-30", 1, "2026-05-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2027-01-01", -1, "2026-12-31"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-12-25", 10, "2027-01-04"],
    ["2026-01-01", 365, "2027-01-01"],
    ["2024-01-01", 366, "2025-01-01"],
    ["2026-04-04", 1, "2026-04-05"],
    ["2026-04-05", 1, "2026-04-06"],
    ["2026-10-03", 1, "2026-10-04"],
    ["2026-10-04", 1, "2026-10-05"],
    ["2026-10-10", -7, "2026-10-03"],
  ] as const)("%s %+d = %s", (from, n, expected) => {
    expect(addDays(from, n)).toBe(expected);
  });
});

describe("daysBetween", () => {
  it.each([
    ["2026-01-15", "2026-01-15", 0],
    ["2026-01-15", "2026-01-16", 1],
    ["2026-01-16", "2026-01-15", -1],
    ["2026-01-31", "2026-03-01", 29],
    ["2024-01-31", "2024-03-01", 30],
    ["2026-12-31", "2027-01-01", 1],
    ["2026-01-01", "2027-01-01", 365],
    ["2024-01-01", "2025-01-01", 366],
    // Whole days across both DST switches, never 6.96 or 7.04.
    ["2026-04-01", "2026-04-08", 7],
    ["2026-10-01", "2026-10-08", 7],
    ["2026-04-05", "2026-10-04", 182],
  ] as const)("%s -> %s = %d", (a, b, expected) => {
    const n = daysBetween(a, b);
    expect(n).toBe(expected);
    expect(Number.isInteger(n)).toBe(true);
  });

  it("is the inverse of addDays", () => {
    for (let n = -400; n <= 400; n += 37) expect(daysBetween("2026-03-15", addDays("2026-03-15", n))).toBe(n);
  });
});

describe("weekday", () => {
  it.each([
    ["2026-01-01", 4], // Thursday
    ["2026-01-03", 6], // Saturday
    ["2026-01-04", 0], // Sunday
    ["2026-04-05", 0], // DST ends
    ["2026-10-04", 0], // DST starts
    ["2024-02-29", 4],
    ["2027-01-01", 5],
  ] as const)("%s is %d", (d, expected) => {
    expect(weekday(d)).toBe(expected);
  });
});

describe("weekendDates", () => {
  it("gives the first 20 Saturdays and Sundays in order within 90 days", () => {
    const from = "2026-01-01";
    const dates = weekendDates(from, 90, 20);
    expect(dates).toHaveLength(20);
    expect(dates[0]).toBe("2026-01-03");
    expect(dates.slice(0, 4)).toEqual(["2026-01-03", "2026-01-04", "2026-01-10", "2026-01-11"]);
    for (const d of dates) {
      expect(isIsoDate(d)).toBe(true);
      expect([0, 6]).toContain(weekday(d));
      expect(daysBetween(from, d)).toBeGreaterThanOrEqual(0);
      expect(daysBetween(from, d)).toBeLessThan(90);
    }
    for (let i = 1; i < dates.length; i++) expect(daysBetween(dates[i - 1], dates[i])).toBeGreaterThan(0);
    expect(new Set(dates).size).toBe(20);
    // No weekend day between the first and the last is skipped.
    const every: string[] = [];
    for (let d = from; d <= dates[19]; d = addDays(d, 1)) if ([0, 6].includes(weekday(d))) every.push(d);
    expect(every).toEqual(dates);
  });

  it("includes the start day when it is a weekend day and crosses month and year ends", () => {
    const dates = weekendDates("2026-12-27", 90, 20);
    expect(dates[0]).toBe("2026-12-27");
    expect(dates).toContain("2027-01-02");
    expect(dates).toHaveLength(20);
  });

  it("uses the defaults 90 and 20", () => {
    expect(weekendDates("2026-03-30")).toEqual(weekendDates("2026-03-30", 90, 20));
  });

  it("stops at the horizon", () => {
    expect(weekendDates("2026-01-01", 7, 20)).toEqual(["2026-01-03", "2026-01-04"]);
    expect(weekendDates("2026-01-05", 5, 20)).toEqual([]);
    expect(weekendDates("2026-01-01", 0, 20)).toEqual([]);
  });

  it("stops at the limit", () => {
    expect(weekendDates("2026-01-01", 90, 3)).toEqual(["2026-01-03", "2026-01-04", "2026-01-10"]);
  });

  it("has about 26 weekend days in 90 days, so the limit of 20 always applies", () => {
    for (let i = 0; i < 7; i++) expect(weekendDates(addDays("2026-09-28", i))).toHaveLength(20);
  });
});

describe("formatDateAU", () => {
  it("formats en-AU", () => {
    expect(formatDateAU("2026-11-28")).toBe("Sat, 28 Nov 2026");
    expect(formatDateAU("2026-11-28", "long")).toBe("Sat, 28 Nov 2026");
    expect(formatDateAU("2026-11-28", "short")).toBe("28/11/2026");
    expect(formatDateAU("2026-11-28", "full")).toMatch(/^Saturday,? 28 November 2026$/);
  });

  it("puts the day before the month", () => {
    expect(formatDateAU("2026-03-04", "short")).toBe("04/03/2026");
    expect(formatDateAU("2026-03-04")).toBe("Wed, 4 Mar 2026");
  });

  it("shows the calendar day itself, never the day before or after", () => {
    expect(formatDateAU("2026-01-01", "short")).toBe("01/01/2026");
    expect(formatDateAU("2026-12-31", "short")).toBe("31/12/2026");
    expect(formatDateAU("2026-04-05")).toBe("Sun, 5 Apr 2026");
    expect(formatDateAU("2026-10-04")).toBe("Sun, 4 Oct 2026");
  });
});
