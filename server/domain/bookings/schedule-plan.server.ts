/**
 * The recurring schedule's planner (ADR 27): a pattern compared with the
 * availability rows the database holds, departure by departure. Pure over its
 * rows, so the preview and the save (which plans again inside its
 * transaction, in bookings/schedules) answer from one rule.
 *
 * A departure is a (date, start time) pair, one availability row; a schedule
 * without start times makes one departure a date with no time of its own
 * (start time ""). Plans name departures by `departureKey` (lib/departure):
 * the date alone for one without a time, "2026-12-06T13:00" for one with, so
 * a schedule without times answers in dates as it always has.
 *
 * The rules:
 * - Only departures from today (Sydney) on are created, changed or removed.
 * - A departure that already exists and is not this schedule's (the
 *   calendar's one-departure form, another schedule) is skipped and reported:
 *   exists, closed or booked.
 * - A date keeps its departures all timed or its one without a time: a timed
 *   departure is not added beside one without a time that stays, nor one
 *   without a time beside timed ones (reported as `mixed`).
 * - A departure of this schedule with bookings, or one the operator closed,
 *   is never changed or removed by the schedule: it is listed and left as it
 *   is. The calendar changes such a departure one at a time.
 */
import type { ScheduleInput } from "../../../app/lib/admin-forms/index.ts";
import { departureKey, mixesDepartureKinds } from "../../../app/lib/departure.ts";
import { toCents } from "../../../app/lib/money.ts";
import { scheduleDates } from "../../../app/lib/schedules.ts";
import type { availability } from "../../db/schema.ts";

export type AvailabilityRow = typeof availability.$inferSelect;

/**
 * Why a departure is left as it is: another row has it (`exists`), it has
 * bookings, the operator closed it, or its date holds departures of the other
 * kind (`mixed`: timed beside one without a time, or the reverse).
 */
export type LeftReason = "exists" | "closed" | "booked" | "mixed";

export interface LeftDeparture {
  date: string;
  /** Only for a departure with a time of its own. */
  start_time?: string;
  reason: LeftReason;
  booked_spots: number;
  /** Left as it is although the schedule would change it ("change") or drop it ("remove"); else it is simply not the schedule's to create. */
  would?: "change" | "remove";
}

/** What a save does, or did: departures by `departureKey`, in order. */
export interface SchedulePlan {
  create: string[];
  change: string[];
  remove: string[];
  /** Departures of this schedule already as the pattern says. */
  unchanged: string[];
  left: LeftDeparture[];
  /** Dates the pattern names that the exceptions skip. */
  excepted: string[];
}

/** What each departure of the schedule offers, in the database's units. */
export interface DepartureSettings {
  availableSpots: number;
  priceOverrideCents: number | null;
  notes: string;
  weatherDependent: boolean;
}

export function settingsOf(input: ScheduleInput, spots: number): DepartureSettings {
  return {
    availableSpots: spots,
    priceOverrideCents: input.price_override === null ? null : toCents(input.price_override),
    notes: input.notes,
    weatherDependent: input.weather_dependent,
  };
}

const sameSettings = (r: AvailabilityRow, s: DepartureSettings) =>
  r.availableSpots === s.availableSpots &&
  r.priceOverrideCents === s.priceOverrideCents &&
  r.notes === s.notes &&
  r.weatherDependent === s.weatherDependent;

export const leftReason = (r: { bookedSpots: number; isAvailable: boolean }): LeftReason | null =>
  r.bookedSpots > 0 ? "booked" : !r.isAvailable ? "closed" : null;

export const keyOf = (r: { date: string; startTime: string }) => departureKey(r.date, r.startTime);

/** A left entry for a row's departure; `start_time` only where it has one, as the dates' answers read. */
export function leftOf(
  r: { date: string; startTime: string },
  reason: LeftReason,
  bookedSpots: number,
  would?: "change" | "remove",
): LeftDeparture {
  return {
    date: r.date,
    ...(r.startTime ? { start_time: r.startTime } : {}),
    reason,
    booked_spots: bookedSpots,
    ...(would ? { would } : {}),
  };
}

export const byDeparture = (a: LeftDeparture, b: LeftDeparture) =>
  departureKey(a.date, a.start_time ?? "").localeCompare(departureKey(b.date, b.start_time ?? ""));

/**
 * The plan of a pattern against what the database holds. `scheduleId` is the
 * schedule being edited (null for a new one); `input` null plans its deletion.
 */
export function planSchedule(
  rows: AvailabilityRow[],
  scheduleId: string | null,
  input: { pattern: ScheduleInput; settings: DepartureSettings } | null,
  today: string,
): SchedulePlan {
  const plan: SchedulePlan = { create: [], change: [], remove: [], unchanged: [], left: [], excepted: [] };
  const expanded = input ? scheduleDates(input.pattern, today) : { dates: [], excepted: [] };
  plan.excepted = expanded.excepted;
  const times = input?.pattern.start_times.length ? input.pattern.start_times : [""];
  const wanted = expanded.dates.flatMap((date) => times.map((startTime) => ({ date, startTime })));
  const wantedKeys = new Set(wanted.map(keyOf));
  const ahead = rows.filter((r) => r.date >= today);
  const byKey = new Map(ahead.map((r) => [keyOf(r), r]));

  // This schedule's departures the pattern no longer names: removed when open, else left.
  const removed = new Set<string>();
  if (scheduleId !== null) {
    for (const row of ahead) {
      if (row.scheduleId !== scheduleId || wantedKeys.has(keyOf(row))) continue;
      const reason = leftReason(row);
      if (reason) plan.left.push(leftOf(row, reason, row.bookedSpots, "remove"));
      else {
        plan.remove.push(keyOf(row));
        removed.add(keyOf(row));
      }
    }
  }
  // What stays on each date, for the rule that a date's departures are all timed or one without a time.
  const staying = new Map<string, AvailabilityRow[]>();
  for (const row of ahead) {
    if (removed.has(keyOf(row))) continue;
    staying.set(row.date, [...(staying.get(row.date) ?? []), row]);
  }

  for (const want of wanted) {
    const key = keyOf(want);
    const row = byKey.get(key);
    if (!row) {
      if (mixesDepartureKinds(want.startTime, staying.get(want.date) ?? []))
        plan.left.push(leftOf(want, "mixed", 0));
      else plan.create.push(key);
      continue;
    }
    const reason = leftReason(row);
    if (scheduleId === null || row.scheduleId !== scheduleId) {
      plan.left.push(leftOf(row, reason ?? "exists", row.bookedSpots));
    } else if (input && sameSettings(row, input.settings)) {
      plan.unchanged.push(key);
    } else if (reason) {
      plan.left.push(leftOf(row, reason, row.bookedSpots, "change"));
    } else {
      plan.change.push(key);
    }
  }
  plan.left.sort(byDeparture);
  plan.remove.sort();
  return plan;
}
