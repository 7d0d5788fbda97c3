/**
 * Recurring schedules: the pattern's expansion (weekdays, range, exceptions,
 * Sydney's today), its payload rules, and the planner that says what a save
 * creates, changes, removes and leaves as it is.
 */
import { describe, expect, it } from "vitest";
import { check, scheduleSchema } from "../../app/lib/admin-forms/index.ts";
import { sydneyDate, weekday } from "../../app/lib/dates.ts";
import { MAX_SCHEDULE_DAYS, scheduleDates, weekdaysText } from "../../app/lib/schedules.ts";
import type { availability } from "../../server/db/schema.ts";
import { planSchedule } from "../../server/domain/bookings/schedule-plan.server.ts";

const SAT = 6;
const SUN = 0;
const weekend = { weekdays: [SAT, SUN], from: "2026-12-01", to: "2027-03-31", exceptions: [] };

describe("scheduleDates", () => {
  it("names every Saturday and Sunday of the range, in order, first and last day included", () => {
    const { dates } = scheduleDates(weekend, "2026-11-28");
    expect(dates.slice(0, 4)).toEqual(["2026-12-05", "2026-12-06", "2026-12-12", "2026-12-13"]);
    expect(dates.every((d) => [SAT, SUN].includes(weekday(d)))).toBe(true);
    expect(dates.length).toBe(34);
    expect(dates.at(-1)).toBe("2027-03-28");
    // Both ends count: a range that starts and ends on a Saturday has both.
    expect(scheduleDates({ ...weekend, from: "2026-12-05", to: "2026-12-12" }, "2026-11-28").dates).toEqual([
      "2026-12-05",
      "2026-12-06",
      "2026-12-12",
    ]);
  });

  it("skips the exceptions and reports them apart", () => {
    const r = scheduleDates(
      { ...weekend, exceptions: ["2026-12-26", "2026-12-27", "2026-12-29"] },
      "2026-11-28",
    );
    expect(r.dates).not.toContain("2026-12-26");
    expect(r.dates).not.toContain("2026-12-27");
    // An exception on a day the schedule does not run skips nothing.
    expect(r.excepted).toEqual(["2026-12-26", "2026-12-27"]);
    expect(r.dates.length).toBe(32);
  });

  it("starts at Sydney's today: days before it are never named", () => {
    // 4 Dec 13:30 UTC is already Saturday 5 Dec in Sydney (AEDT, UTC+11).
    const today = sydneyDate(new Date("2026-12-04T13:30:00Z"));
    expect(today).toBe("2026-12-05");
    expect(scheduleDates(weekend, today).dates[0]).toBe("2026-12-05");
    const tomorrow = sydneyDate(new Date("2026-12-05T13:30:00Z"));
    expect(scheduleDates(weekend, tomorrow).dates[0]).toBe("2026-12-06");
    // A range wholly past names nothing.
    expect(scheduleDates({ ...weekend, to: "2026-12-04" }, today).dates).toEqual([]);
  });

  it("names each calendar day once across a daylight-saving change", () => {
    // Sydney's clocks go back on Sunday 4 April 2027 and forward on Sunday 3 October 2027.
    const daily = { weekdays: [0, 1, 2, 3, 4, 5, 6], from: "2027-04-03", to: "2027-04-05", exceptions: [] };
    expect(scheduleDates(daily, "2027-01-01").dates).toEqual(["2027-04-03", "2027-04-04", "2027-04-05"]);
    const spring = { ...daily, from: "2027-10-02", to: "2027-10-04" };
    expect(scheduleDates(spring, "2027-01-01").dates).toEqual(["2027-10-02", "2027-10-03", "2027-10-04"]);
  });

  it("never walks past MAX_SCHEDULE_DAYS", () => {
    const daily = { weekdays: [0, 1, 2, 3, 4, 5, 6], from: "2027-01-01", to: "2030-01-01", exceptions: [] };
    expect(scheduleDates(daily, "2026-11-28").dates.length).toBe(MAX_SCHEDULE_DAYS);
  });
});

describe("weekdaysText", () => {
  it("reads the days in the week's order, Monday first", () => {
    expect(weekdaysText([SUN, SAT])).toBe("Sat and Sun");
    expect(weekdaysText([5, 1, 3])).toBe("Mon, Wed and Fri");
    expect(weekdaysText([0, 1, 2, 3, 4, 5, 6])).toBe("Every day");
    expect(weekdaysText([2])).toBe("Tue");
  });
});

describe("scheduleSchema", () => {
  const today = "2026-11-28";
  const ok = { adventure_id: "a", weekdays: [6, 0], from: "2026-12-01", to: "2027-03-31" };
  const errorsOf = (value: unknown, earliest?: string) => {
    const r = check(scheduleSchema(today, earliest), value);
    return r.ok ? {} : r.errors;
  };

  it("takes a pattern; spots, price, notes and exceptions are optional", () => {
    const r = check(scheduleSchema(today), ok);
    expect(r.ok && r.data).toMatchObject({ price_override: null, notes: "", exceptions: [] });
    expect(r.ok && r.data.available_spots).toBeUndefined();
  });

  it("names the field of every bad input", () => {
    expect(errorsOf({ ...ok, weekdays: [] })).toHaveProperty("weekdays");
    expect(errorsOf({ ...ok, weekdays: [7] })).toHaveProperty("weekdays");
    expect(errorsOf({ ...ok, weekdays: [6, 6] })).toHaveProperty("weekdays");
    expect(errorsOf({ ...ok, from: "2026-11-27" })).toEqual({ from: "From cannot be before today" });
    expect(errorsOf({ ...ok, from: "2026-02-30" })).toHaveProperty("from");
    expect(errorsOf({ ...ok, to: "2026-11-30" })).toEqual({ to: "To cannot be before From" });
    expect(errorsOf({ ...ok, to: "2028-01-05" })).toEqual({ to: "A schedule spans at most 400 days" });
    expect(errorsOf({ ...ok, available_spots: 0 })).toHaveProperty("available_spots");
    expect(errorsOf({ ...ok, available_spots: 21 })).toHaveProperty("available_spots");
    expect(errorsOf({ ...ok, price_override: 1.005 })).toHaveProperty("price_override");
    expect(errorsOf({ ...ok, exceptions: ["2027-05-01"] })).toEqual({
      exceptions: "Exception 2027-05-01 is outside the schedule's dates",
    });
    expect(errorsOf({ ...ok, exceptions: ["soon"] })).toHaveProperty("exceptions");
    expect(errorsOf({ ...ok, adventure_id: "" })).toHaveProperty("adventure_id");
  });

  it("lets an edit keep a start that has passed, never an earlier one", () => {
    expect(errorsOf({ ...ok, from: "2026-11-01" }, "2026-11-01")).toEqual({});
    expect(errorsOf({ ...ok, from: "2026-10-31" }, "2026-11-01")).toHaveProperty("from");
  });

  it("takes start times as HH:MM, each once, earliest first", () => {
    expect(check(scheduleSchema("2026-11-28"), { ...ok, start_times: ["13:00", "08:00"] })).toMatchObject({
      ok: true,
      data: { start_times: ["08:00", "13:00"] },
    });
    expect(errorsOf({ ...ok, start_times: ["8am"] })).toHaveProperty("start_times");
    expect(errorsOf({ ...ok, start_times: ["24:00"] })).toHaveProperty("start_times");
    expect(errorsOf({ ...ok, start_times: ["08:00", "08:00"] })).toHaveProperty("start_times");
    expect(errorsOf({ ...ok, start_times: "08:00" })).toHaveProperty("start_times");
  });

  it("spans at most 400 days, first and last included", () => {
    expect(errorsOf({ ...ok, from: "2026-12-01", to: "2028-01-04" })).toEqual({});
    expect(errorsOf({ ...ok, from: "2026-12-01", to: "2028-01-05" })).toHaveProperty("to");
  });
});

describe("planSchedule", () => {
  type Row = typeof availability.$inferSelect;
  const row = (date: string, more: Partial<Row> = {}): Row => ({
    id: date,
    adventureId: "a",
    date,
    startTime: "",
    availableSpots: 4,
    bookedSpots: 0,
    priceOverrideCents: null,
    notes: "",
    isAvailable: true,
    weatherDependent: true,
    scheduleId: "s1",
    createdAt: new Date(),
    updatedAt: new Date(),
    ...more,
  });
  const pattern = {
    adventure_id: "a",
    weekdays: [SAT],
    from: "2026-12-01",
    to: "2026-12-31",
    available_spots: 4,
    price_override: null,
    notes: "",
    weather_dependent: true,
    exceptions: [],
    start_times: [] as string[],
  };
  const settings = { availableSpots: 4, priceOverrideCents: null, notes: "", weatherDependent: true };
  const today = "2026-11-28";

  it("a new schedule creates the free dates and leaves the taken ones, with the reason", () => {
    const rows = [
      row("2026-12-05", { scheduleId: null }),
      row("2026-12-12", { scheduleId: null, isAvailable: false }),
      row("2026-12-19", { scheduleId: "other", bookedSpots: 2 }),
    ];
    const plan = planSchedule(rows, null, { pattern, settings }, today);
    expect(plan.create).toEqual(["2026-12-26"]);
    expect(plan.left).toEqual([
      { date: "2026-12-05", reason: "exists", booked_spots: 0 },
      { date: "2026-12-12", reason: "closed", booked_spots: 0 },
      { date: "2026-12-19", reason: "booked", booked_spots: 2 },
    ]);
  });

  it("an edit changes and removes its own open dates and leaves booked or closed ones as they are", () => {
    const rows = [
      row("2026-11-21"), // past: never touched
      row("2026-12-05"),
      row("2026-12-12", { bookedSpots: 1 }),
      row("2026-12-13"), // a Sunday: no longer in the pattern
      row("2026-12-20", { bookedSpots: 3 }), // a Sunday with bookings
      row("2026-12-27", { isAvailable: false }), // a closed Sunday
    ];
    const plan = planSchedule(rows, "s1", { pattern, settings: { ...settings, availableSpots: 6 } }, today);
    expect(plan.change).toEqual(["2026-12-05"]);
    expect(plan.create).toEqual(["2026-12-19", "2026-12-26"]);
    expect(plan.remove).toEqual(["2026-12-13"]);
    expect(plan.left).toEqual([
      { date: "2026-12-12", reason: "booked", booked_spots: 1, would: "change" },
      { date: "2026-12-20", reason: "booked", booked_spots: 3, would: "remove" },
      { date: "2026-12-27", reason: "closed", booked_spots: 0, would: "remove" },
    ]);
  });

  it("a booked date already as the pattern says is unchanged, not reported", () => {
    const rows = [row("2026-12-05", { bookedSpots: 2 })];
    const plan = planSchedule(rows, "s1", { pattern: { ...pattern, to: "2026-12-05" }, settings }, today);
    expect(plan).toMatchObject({ unchanged: ["2026-12-05"], left: [], change: [] });
  });

  it("a deletion removes open dates without bookings and keeps the rest", () => {
    const rows = [
      row("2026-12-05"),
      row("2026-12-12", { bookedSpots: 1 }),
      row("2026-12-19", { scheduleId: null }),
    ];
    const plan = planSchedule(rows, "s1", null, today);
    expect(plan.remove).toEqual(["2026-12-05"]);
    expect(plan.left).toEqual([{ date: "2026-12-12", reason: "booked", booked_spots: 1, would: "remove" }]);
  });

  describe("with start times: each (date, time) is one departure", () => {
    const twice = { ...pattern, to: "2026-12-12", start_times: ["08:00", "13:00"] };
    const at = (date: string, startTime: string, more: Partial<Row> = {}) =>
      row(date, { id: `${date} ${startTime}`, startTime, ...more });

    it("a new schedule creates every departure, named by date and time", () => {
      const plan = planSchedule([], null, { pattern: twice, settings }, today);
      expect(plan.create).toEqual([
        "2026-12-05T08:00",
        "2026-12-05T13:00",
        "2026-12-12T08:00",
        "2026-12-12T13:00",
      ]);
    });

    it("compares pairs: a taken time is left, the other time on that date is still created", () => {
      const rows = [at("2026-12-05", "13:00", { scheduleId: null, bookedSpots: 2 })];
      const plan = planSchedule(rows, null, { pattern: twice, settings }, today);
      expect(plan.create).toEqual(["2026-12-05T08:00", "2026-12-12T08:00", "2026-12-12T13:00"]);
      expect(plan.left).toEqual([
        { date: "2026-12-05", start_time: "13:00", reason: "booked", booked_spots: 2 },
      ]);
    });

    it("an edit dropping 13:00 removes the open 13:00 departures and leaves a booked one", () => {
      const rows = [
        at("2026-12-05", "08:00"),
        at("2026-12-05", "13:00", { bookedSpots: 3 }),
        at("2026-12-12", "08:00"),
        at("2026-12-12", "13:00"),
      ];
      const plan = planSchedule(
        rows,
        "s1",
        { pattern: { ...twice, start_times: ["08:00"] }, settings },
        today,
      );
      expect(plan.unchanged).toEqual(["2026-12-05T08:00", "2026-12-12T08:00"]);
      expect(plan.remove).toEqual(["2026-12-12T13:00"]);
      expect(plan.create).toEqual([]);
      expect(plan.left).toEqual([
        { date: "2026-12-05", start_time: "13:00", reason: "booked", booked_spots: 3, would: "remove" },
      ]);
    });

    it("adding times to a schedule without them swaps its open dates for timed departures", () => {
      const rows = [row("2026-12-05"), row("2026-12-12", { bookedSpots: 1 })];
      const plan = planSchedule(rows, "s1", { pattern: twice, settings }, today);
      expect(plan.remove).toEqual(["2026-12-05"]);
      expect(plan.create).toEqual(["2026-12-05T08:00", "2026-12-05T13:00"]);
      // The booked date without a time stays, so no timed departure is put beside it.
      expect(plan.left).toEqual([
        { date: "2026-12-12", reason: "booked", booked_spots: 1, would: "remove" },
        { date: "2026-12-12", start_time: "08:00", reason: "mixed", booked_spots: 0 },
        { date: "2026-12-12", start_time: "13:00", reason: "mixed", booked_spots: 0 },
      ]);
    });

    it("a date with timed departures gets no departure without a time", () => {
      const rows = [at("2026-12-05", "10:00", { scheduleId: null })];
      const plan = planSchedule(rows, null, { pattern: { ...pattern, to: "2026-12-05" }, settings }, today);
      expect(plan.create).toEqual([]);
      expect(plan.left).toEqual([{ date: "2026-12-05", reason: "mixed", booked_spots: 0 }]);
    });
  });
});
