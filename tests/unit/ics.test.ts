import { describe, expect, it } from "vitest";
import { adventures as seededAdventures } from "../../server/db/seed-data.ts";
import {
  buildBookingIcs,
  escapeText,
  foldLine,
  scheduleFromItinerary,
  tripDays,
} from "../../server/email/ics.server.ts";
import { readEvents } from "../helpers/ical.ts";

const stamp = new Date("2026-11-20T01:02:03Z");

describe("booking calendar file", () => {
  it("is a VCALENDAR with the Sydney VTIMEZONE and a timed VEVENT whose UID is the booking id", () => {
    const ics = buildBookingIcs({
      uid: "0d6c3b1e-1111-4222-8333-944455556666",
      date: "2026-11-28",
      title: "Discover Scuba Diving (Tidewater Dive & Camp)",
      description: "Booking TW-ABC234: 2 people, Meeting point: Shelly Beach; bring a towel",
      location: "Shelly Beach picnic area, Manly",
      schedule: scheduleFromItinerary(["8:00 AM - Meet", "9:30 AM - Dive", "10:15 AM - Debrief"], ""),
      stamp,
    });
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("TZID:Australia/Sydney");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU");
    expect(lines).toContain("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU");
    expect(lines).toContain("UID:0d6c3b1e-1111-4222-8333-944455556666");
    expect(lines).toContain("DTSTAMP:20261120T010203Z");
    expect(lines).toContain("DTSTART;TZID=Australia/Sydney:20261128T080000");
    expect(lines).toContain("DTEND;TZID=Australia/Sydney:20261128T111500");
    expect(lines).toContain("LOCATION:Shelly Beach picnic area\\, Manly");
    expect(ics.indexOf("BEGIN:VTIMEZONE")).toBeLessThan(ics.indexOf("BEGIN:VEVENT"));
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("spans days for multi-day trips and falls back to an all-day event without times", () => {
    const s = scheduleFromItinerary(
      ["Day 1, 8:30 AM - Meet", "Day 1, 12:00 PM - Lunch", "Day 2, 2:00 PM - Farewell"],
      "2 days (weekend)",
    );
    expect(s).toEqual({ start: { day: 0, hour: 8, minute: 30 }, end: { day: 1, hour: 15, minute: 0 } });
    const timed = buildBookingIcs({
      uid: "u",
      date: "2026-12-05",
      title: "T",
      description: "",
      location: "",
      schedule: s,
      stamp,
    });
    expect(timed).toContain("DTEND;TZID=Australia/Sydney:20261206T150000");

    const allDay = buildBookingIcs({
      uid: "u",
      date: "2026-12-31",
      title: "T",
      description: "",
      location: "",
      schedule: null,
      days: tripDays("2 days (weekend)"),
      stamp,
    });
    expect(allDay).toContain("DTSTART;VALUE=DATE:20261231");
    expect(allDay).toContain("DTEND;VALUE=DATE:20270102");
    expect(allDay).toContain("BEGIN:VTIMEZONE");
  });

  it("reads 12 AM/PM correctly and gives a lone time a few hours", () => {
    expect(scheduleFromItinerary(["12:00 PM - Lunch"], "")).toEqual({
      start: { day: 0, hour: 12, minute: 0 },
      end: { day: 0, hour: 15, minute: 0 },
    });
    expect(scheduleFromItinerary(["12:15 AM - Midnight swim"], "")?.start).toEqual({
      day: 0,
      hour: 0,
      minute: 15,
    });
    expect(scheduleFromItinerary(["Arrive whenever"], "3 hours")).toBeNull();
    expect(tripDays("Overnight (1 night)")).toBe(2);
    expect(tripDays("3 hours")).toBe(1);
  });

  it("escapes text and folds long lines without splitting characters", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const long = `DESCRIPTION:${"Wellenreiten über Riffe — ".repeat(8)}`;
    const folded = foldLine(long);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join("")).toBe(long);
  });
});

describe("the seeded adventures' calendar events, read by a calendar library", () => {
  // What each adventure advertises (its duration text in the catalogue).
  const advertisedHours: Record<string, number> = {
    "dive-exhibition": 3,
    "guided-shore-dive": 3,
    "dive-trip-shore": 7,
    "night-dive-experience": 3,
    "scooter-dive-adventure": 4,
    "underwater-treasure-hunt": 4,
  };

  const eventOf = (slug: string, date: string) => {
    const a = seededAdventures.find((s) => s.slug === slug);
    if (!a) throw new Error(`no seeded adventure ${slug}`);
    const [event] = readEvents(
      buildBookingIcs({
        uid: `${slug}@test`,
        date,
        title: a.title,
        description: "",
        location: a.meeting_point,
        schedule: scheduleFromItinerary(a.itinerary, a.duration),
        days: tripDays(a.duration),
        stamp,
      }),
    );
    return event;
  };

  for (const [slug, hours] of Object.entries(advertisedHours)) {
    it(`${slug} lasts the ${hours} hours it advertises`, () => {
      const event = eventOf(slug, "2026-11-28");
      expect(event.zone).toBe("Australia/Sydney");
      expect(event.seconds).toBe(hours * 3600);
      expect(event.endUtc.getTime() - event.startUtc.getTime()).toBe(hours * 3600_000);
    });
  }

  it("a 3-hour trip from 8:00 is 8:00 to 11:00 in Sydney, also on the day daylight saving starts", () => {
    // 2026-10-04: Sydney's clocks go forward at 2:00, before the trip.
    const event = eventOf("dive-exhibition", "2026-10-04");
    expect([event.start, event.end]).toEqual(["2026-10-04T08:00:00", "2026-10-04T11:00:00"]);
    expect(event.startUtc.toISOString()).toBe("2026-10-03T21:00:00.000Z");
  });

  it("a weekend trip ends on its second day", () => {
    const event = eventOf("camping-diving-2day", "2026-12-05");
    expect(event.start.slice(0, 10)).toBe("2026-12-05");
    expect(event.end.slice(0, 10)).toBe("2026-12-06");
  });
});
