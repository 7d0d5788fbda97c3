import { describe, expect, it } from "vitest";
import { googleCalendarUrl } from "../../app/lib/calendar-link.ts";

const params = (url: string) => new URL(url).searchParams;

describe("googleCalendarUrl", () => {
  it("gives a timed trip in Sydney local time with the Sydney zone", () => {
    const url = googleCalendarUrl({
      title: "Dive Exhibition",
      date: "2026-12-31",
      times: { start: { day: 0, hour: 8, minute: 30 }, end: { day: 1, hour: 15, minute: 0 } },
      days: 2,
      details: "Booking TW-ABC123: 2 people.",
      location: "Clovelly Beach & car park",
    });
    expect(url.startsWith("https://calendar.google.com/calendar/render?")).toBe(true);
    const p = params(url);
    expect(p.get("action")).toBe("TEMPLATE");
    expect(p.get("text")).toBe("Dive Exhibition");
    // The second day crosses into the new year: the end date is counted, not copied.
    expect(p.get("dates")).toBe("20261231T083000/20270101T150000");
    expect(p.get("ctz")).toBe("Australia/Sydney");
    expect(p.get("details")).toBe("Booking TW-ABC123: 2 people.");
    expect(p.get("location")).toBe("Clovelly Beach & car park");
  });

  it("gives a trip without times as all-day events with an exclusive end date", () => {
    const p = params(
      googleCalendarUrl({
        title: "Weekend camp",
        date: "2026-02-28",
        times: null,
        days: 2,
        details: "",
        location: "",
      }),
    );
    expect(p.get("dates")).toBe("20260228/20260302");
    expect(p.get("ctz")).toBeNull();
    expect(p.get("details")).toBeNull();
    expect(p.get("location")).toBeNull();
  });

  it("spans at least one day", () => {
    const p = params(
      googleCalendarUrl({
        title: "Dive",
        date: "2026-03-01",
        times: null,
        days: 0,
        details: "",
        location: "",
      }),
    );
    expect(p.get("dates")).toBe("20260301/20260302");
  });
});
