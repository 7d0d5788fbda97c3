/**
 * A recurring schedule's payload (lib/schedules): the adventure, the weekdays,
 * the date range and the exceptions, the departures' start times (none: one
 * departure a date without a time of its own), and what each created departure offers. The
 * spots are optional: left out, the server takes the adventure's largest
 * group (the console's own flows default capacity from the adventure; the
 * spec's one-date API keeps its default of 6).
 */
import { daysBetween, isIsoDate } from "../dates.ts";
import { START_TIME_PATTERN } from "../departure.ts";
import { MAX_SCHEDULE_DAYS } from "../schedules.ts";
import { z } from "../zod.ts";
import { priceOverride, spots } from "./availability.ts";

const isoDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isIsoDate, `${label} must be a real date written YYYY-MM-DD`);

/** More departures a day than a small operator runs; the list stays short enough to read. */
export const MAX_START_TIMES = 8;

const startTimeMessage = "Each start time must be written as HH:MM, e.g. 13:00";

/**
 * `today` is Sydney's date where the check runs. `earliestFrom` lets an edit
 * keep a start that has since passed (a season already running); a new
 * schedule starts today or later. Past days are never created or changed.
 */
export function scheduleSchema(today: string, earliestFrom: string = today) {
  return z
    .object({
      adventure_id: z.string({ error: "Choose an adventure" }).trim().min(1, "Choose an adventure").max(200),
      weekdays: z
        .array(
          z
            .number({ error: "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)" })
            .int("Weekdays are numbers from 0 (Sunday) to 6 (Saturday)")
            .min(0, "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)")
            .max(6, "Weekdays are numbers from 0 (Sunday) to 6 (Saturday)"),
          { error: "Choose at least one day of the week" },
        )
        .min(1, "Choose at least one day of the week")
        .max(7, "Choose each day of the week once")
        .refine((days) => new Set(days).size === days.length, "Choose each day of the week once"),
      from: isoDate("From").refine(
        (d) => !isIsoDate(d) || d >= earliestFrom,
        earliestFrom === today ? "From cannot be before today" : "From cannot move before today",
      ),
      to: isoDate("To").refine((d) => !isIsoDate(d) || d >= today, "To cannot be before today"),
      start_times: z
        .array(z.string({ error: startTimeMessage }).trim().regex(START_TIME_PATTERN, startTimeMessage), {
          error: "Start times are a list of times",
        })
        .max(MAX_START_TIMES, `At most ${MAX_START_TIMES} start times`)
        .refine((times) => new Set(times).size === times.length, "Give each start time once")
        .optional()
        .default([])
        .transform((times) => [...times].sort()),
      available_spots: spots.nullable().optional(),
      price_override: priceOverride.optional().default(null),
      notes: z
        .string({ error: "Notes must be text" })
        .trim()
        .max(1000, "Notes must be at most 1000 characters")
        .optional()
        .default(""),
      weather_dependent: z
        .boolean({ error: "weather_dependent must be true or false" })
        .optional()
        .default(true),
      exceptions: z
        .array(isoDate("Each exception"), { error: "Exceptions are a list of dates" })
        .max(MAX_SCHEDULE_DAYS, `At most ${MAX_SCHEDULE_DAYS} exceptions`)
        .optional()
        .default([]),
    })
    .superRefine((v, ctx) => {
      if (!isIsoDate(v.from) || !isIsoDate(v.to)) return;
      if (v.to < v.from) {
        ctx.addIssue({ code: "custom", path: ["to"], message: "To cannot be before From" });
        return;
      }
      if (daysBetween(v.from, v.to) + 1 > MAX_SCHEDULE_DAYS)
        ctx.addIssue({
          code: "custom",
          path: ["to"],
          message: `A schedule spans at most ${MAX_SCHEDULE_DAYS} days`,
        });
      const outside = v.exceptions.find((d) => isIsoDate(d) && (d < v.from || d > v.to));
      if (outside)
        ctx.addIssue({
          code: "custom",
          path: ["exceptions"],
          message: `Exception ${outside} is outside the schedule's dates`,
        });
    });
}

export type ScheduleInput = z.infer<ReturnType<typeof scheduleSchema>>;
