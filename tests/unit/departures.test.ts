import { describe, expect, it } from "vitest";
import { bookingSchema } from "../../app/lib/booking.ts";
import { bookableDate, noticeOf } from "../../app/lib/booking-window.ts";
import { departureStartMinutes, departureText, startTimeText } from "../../app/lib/departure.ts";
import { toDateOptions } from "../../server/domain/bookings/availability.server.ts";
import { pickDeparture } from "../../server/domain/bookings/departures.server.ts";
import { HttpError } from "../../server/errors.server.ts";

const row = (
  date: string,
  startTime: string,
  more: Partial<{ bookedSpots: number; isAvailable: boolean }> = {},
) => ({
  date,
  startTime,
  availableSpots: 4,
  bookedSpots: more.bookedSpots ?? 0,
  isAvailable: more.isAvailable ?? true,
  priceOverrideCents: startTime === "13:00" ? 11000 : null,
});

describe("departure times in words", () => {
  it("reads 24-hour start times as the site writes times", () => {
    expect(startTimeText("08:00")).toBe("8:00 am");
    expect(startTimeText("00:15")).toBe("12:15 am");
    expect(startTimeText("12:00")).toBe("12:00 pm");
    expect(startTimeText("13:30")).toBe("1:30 pm");
    expect(startTimeText("23:59")).toBe("11:59 pm");
  });

  it("names the date alone when the departure has no time of its own", () => {
    expect(departureText("2026-12-05", "")).toBe("Sat, 5 Dec 2026");
    expect(departureText("2026-12-05", "13:30", "full")).toBe("Saturday 5 December 2026, 1:30 pm");
  });

  it("starts at its own time, else at the itinerary's first", () => {
    const itinerary = ["8:00 AM - Meet at the beach", "10:30 AM - Second dive"];
    expect(departureStartMinutes("", itinerary)).toBe(8 * 60);
    expect(departureStartMinutes("14:15", itinerary)).toBe(14 * 60 + 15);
    expect(departureStartMinutes("", [])).toBeNull();
  });

  it("closes each departure its own cut-off hours before it starts", () => {
    const adventure = { advanceBookingDays: 0, bookingCutoffHours: 18, itinerary: ["8:00 AM - Meet"] };
    // 3 pm the day before in Sydney (AEDT, UTC+11): 17 h before the morning, 22 h before the afternoon.
    const at = new Date("2026-12-05T04:00:00Z");
    expect(bookableDate("2026-12-06", at, noticeOf(adventure))).toBe(false);
    expect(bookableDate("2026-12-06", at, noticeOf(adventure, "08:00"))).toBe(false);
    expect(bookableDate("2026-12-06", at, noticeOf(adventure, "13:00"))).toBe(true);
  });
});

describe("the booking payload's departure time", () => {
  const base = {
    adventure_id: "dive",
    customer_first_name: "Ana",
    customer_email: "ana@example.com",
    group_size: 2,
    selected_date: "2026-12-06",
  };

  it("is optional, and blank means the date's one departure", () => {
    expect(bookingSchema.parse(base).start_time).toBeUndefined();
    expect(bookingSchema.parse({ ...base, start_time: " " }).start_time).toBeUndefined();
    expect(bookingSchema.parse({ ...base, start_time: "13:00" }).start_time).toBe("13:00");
  });

  it("refuses anything but HH:MM, naming the field", () => {
    for (const bad of ["1pm", "24:00", "13:60", "9:00", 1300]) {
      const result = bookingSchema.safeParse({ ...base, start_time: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0].path).toEqual(["start_time"]);
    }
  });
});

describe("date options with several departures", () => {
  it("keeps the spec's shape for a date with one departure, with its own time when it has one", () => {
    const [plain, timed] = toDateOptions(
      [row("2026-12-06", ""), row("2026-12-07", "09:00")],
      "2026-12-01",
      9500,
    );
    expect(plain).toEqual({
      date: "2026-12-06",
      display: "Sunday 6 December 2026",
      available: true,
      spots_left: 4,
      price: 95,
      published: true,
      called_off: false,
    });
    expect(timed.start_time).toBe("09:00");
    expect(timed.departures).toBeUndefined();
  });

  it("lists a date's departures earliest first and sums the date up from them", () => {
    const [date] = toDateOptions(
      [row("2026-12-06", "13:00", { bookedSpots: 1 }), row("2026-12-06", "08:00", { bookedSpots: 4 })],
      "2026-12-01",
      9500,
    );
    expect(
      date.departures?.map((d) => [d.start_time, d.display, d.available, d.spots_left, d.price]),
    ).toEqual([
      ["08:00", "8:00 am", false, 0, 95],
      ["13:00", "1:00 pm", true, 3, 110],
    ]);
    expect(date).toMatchObject({
      available: true,
      spots_left: 3,
      price: 95,
      published: true,
      called_off: false,
    });
    expect(date.start_time).toBeUndefined();
  });

  it("lists a departure without a time first, with no time shown, beside the timed ones", () => {
    const [date] = toDateOptions([row("2026-12-06", "09:00"), row("2026-12-06", "")], "2026-12-01", 9500);
    expect(date.departures?.map((d) => [d.start_time, d.display])).toEqual([
      ["", ""],
      ["09:00", "9:00 am"],
    ]);
  });

  it("is closed only when every departure is", () => {
    const [date] = toDateOptions(
      [
        row("2026-12-06", "08:00", { isAvailable: false }),
        row("2026-12-06", "13:00", { isAvailable: false }),
      ],
      "2026-12-01",
      9500,
      new Set(["2026-12-06"]),
    );
    expect(date).toMatchObject({ available: false, published: false, called_off: true, spots_left: 0 });
  });
});

describe("date options at the edges", () => {
  it("a date with one departure closed for weather and one open is open and not called off", () => {
    const [date] = toDateOptions(
      [row("2026-12-06", "08:00", { isAvailable: false }), row("2026-12-06", "13:00")],
      "2026-12-01",
      9500,
      new Set(["2026-12-06"]),
    );
    expect(date).toMatchObject({ available: true, published: true, called_off: false });
    expect(date.departures?.map((d) => [d.published, d.called_off])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it("offers the first bookable date itself, and nothing before it", () => {
    const dates = toDateOptions(
      [row("2026-11-30", ""), row("2026-12-01", ""), row("2026-12-02", "")],
      "2026-12-01",
    );
    expect(dates.map((d) => d.date)).toEqual(["2026-12-01", "2026-12-02"]);
  });
});

describe("picking the departure a request means", () => {
  const morning = row("2026-12-06", "08:00");
  const afternoon = row("2026-12-06", "13:00");
  const fieldOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof HttpError) return error.errors;
      throw error;
    }
    throw new Error("no error");
  };

  it("takes a date's only departure without a time, and the one named with it", () => {
    expect(pickDeparture([morning], undefined)).toBe(morning);
    expect(pickDeparture([morning, afternoon], "13:00")).toBe(afternoon);
    expect(pickDeparture([], undefined)).toBeUndefined();
  });

  it("asks for a time where the date has several, and refuses one it does not run at", () => {
    expect(fieldOf(() => pickDeparture([morning, afternoon], undefined))).toEqual({
      start_time: "Sun, 6 Dec 2026 has 2 departures. Please choose a departure time.",
    });
    expect(fieldOf(() => pickDeparture([morning], "10:00", "time"))).toEqual({
      time: "There is no departure at 10:00 am on Sun, 6 Dec 2026. Please choose one of its times.",
    });
    // The error's own text names the field too: the API answers it as `detail`.
    expect(() => pickDeparture([morning, afternoon], undefined)).toThrow(
      "start_time: Sun, 6 Dec 2026 has 2 departures.",
    );
    expect(() => pickDeparture([morning], "10:00", "time")).toThrow(
      "time: There is no departure at 10:00 am",
    );
  });
});
