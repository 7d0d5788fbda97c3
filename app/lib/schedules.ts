/**
 * Recurring schedules as the operator plans them ("every Saturday and Sunday
 * from 1 December to 31 March, except 26 December"): the one expansion of a
 * pattern into trip dates, shared by the console's form and the server, which
 * creates one availability row per date.
 *
 * Trip dates are Sydney calendar days written YYYY-MM-DD (lib/dates), so the
 * expansion is plain calendar arithmetic: no instants, no time zones, and a
 * daylight-saving change cannot move or double a date. "Today" is Sydney's
 * date, passed in by the caller (the server's clock, the browser's).
 */
import { addDays, daysBetween, weekday } from "./dates.ts";

/** The longest range one schedule spans, first and last day included. */
export const MAX_SCHEDULE_DAYS = 400;

/** 0 = Sunday ... 6 = Saturday, as `weekday()` and Date#getUTCDay count them. */
export const WEEKDAYS = [
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
  { day: 0, short: "Sun", long: "Sunday" },
] as const;

export interface SchedulePattern {
  /** Days of the week the adventure runs, 0 = Sunday ... 6 = Saturday. */
  weekdays: readonly number[];
  /** First and last day of the range, both included. */
  from: string;
  to: string;
  /** Dates in the range the adventure does not run. */
  exceptions: readonly string[];
}

/**
 * The dates a pattern names from `today` on (earlier days are history: a
 * schedule never creates or changes them), in order, and the exceptions that
 * removed a date. The range is bounded by MAX_SCHEDULE_DAYS, so this never
 * walks more than that many days.
 */
export function scheduleDates(
  pattern: SchedulePattern,
  today: string,
): { dates: string[]; excepted: string[] } {
  const days = new Set(pattern.weekdays);
  const skip = new Set(pattern.exceptions);
  const start = pattern.from > today ? pattern.from : today;
  const span = Math.min(daysBetween(start, pattern.to), MAX_SCHEDULE_DAYS - 1);
  const dates: string[] = [];
  const excepted: string[] = [];
  for (let i = 0; i <= span; i++) {
    const date = addDays(start, i);
    if (!days.has(weekday(date))) continue;
    (skip.has(date) ? excepted : dates).push(date);
  }
  return { dates, excepted };
}

/** "Sat and Sun", "Mon, Wed and Fri", "Every day": the weekdays in the week's order (Monday first). */
export function weekdaysText(weekdays: readonly number[]): string {
  const chosen = WEEKDAYS.filter((w) => weekdays.includes(w.day)).map((w) => w.short);
  if (chosen.length === 7) return "Every day";
  if (chosen.length <= 1) return chosen.join("");
  return `${chosen.slice(0, -1).join(", ")} and ${chosen[chosen.length - 1]}`;
}
