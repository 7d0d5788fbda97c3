/** The availability calendar's payloads: a new date (or departure), and a change to a date's settings. */

import { isIsoDate } from "../dates.ts";
import { START_TIME_PATTERN } from "../departure.ts";
import { z } from "../zod.ts";

/** The spots a date can offer (admin spec: available spots 1 to 20, default 6). */
export const MIN_SPOTS = 1;
export const MAX_SPOTS = 20;

/** A departure's spots: a whole number within the site's bounds. */
export const spots = z
  .number({ error: `Available spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}` })
  .int(`Available spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}`)
  .min(MIN_SPOTS, `Available spots must be at least ${MIN_SPOTS}`)
  .max(MAX_SPOTS, `Available spots must be at most ${MAX_SPOTS}`);

/** Dollars with at most two decimals; empty means no override. */
export const priceOverride = z
  .union([z.number(), z.literal(""), z.null()], { error: "Price override must be a number of dollars" })
  .transform((v) => (v === "" || v === null ? null : v))
  .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= 100_000), {
    message: "Price override must be between 0 and 100000",
  })
  .refine((v) => v === null || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: "Price override can have at most two decimals (step 0.01)",
  });

const availabilityNotes = z
  .string({ error: "Notes must be text" })
  .trim()
  .max(1000, "Notes must be at most 1000 characters");

/**
 * A new date of the calendar. "Today" is a parameter because it is Sydney's
 * date where the check runs: the server's for the API, the browser's for the
 * form, so both refuse a date before today.
 */
export function availabilityCreateSchema(today: string) {
  return z.object({
    adventure_id: z.string({ error: "Choose an adventure" }).trim().min(1, "Choose an adventure").max(200),
    date: z
      .string({ error: "Date is required" })
      .trim()
      .min(1, "Date is required")
      .refine(isIsoDate, "Date must be a real date written YYYY-MM-DD")
      .refine((d) => !isIsoDate(d) || d >= today, "Date cannot be before today"),
    /** A departure's own start time ("HH:MM", Sydney); empty: the date's one departure at the adventure's usual time. */
    start_time: z
      .string({ error: "Start time must be text" })
      .trim()
      .refine(
        (t) => t === "" || START_TIME_PATTERN.test(t),
        "Start time must be written as HH:MM, e.g. 13:00",
      )
      .optional()
      .default(""),
    available_spots: spots.default(6),
    price_override: priceOverride.optional().default(null),
    notes: availabilityNotes.optional().default(""),
    is_available: z.boolean({ error: "is_available must be true or false" }).optional().default(true),
    weather_dependent: z
      .boolean({ error: "weather_dependent must be true or false" })
      .optional()
      .default(true),
  });
}

/** PUT: any of the date's settings, at least one. */
export const availabilityUpdateSchema = z
  .object({
    available_spots: spots.optional(),
    price_override: priceOverride.optional(),
    notes: availabilityNotes.optional(),
    is_available: z.boolean({ error: "is_available must be true or false" }).optional(),
    weather_dependent: z.boolean({ error: "weather_dependent must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Send at least one field to change",
    path: ["available_spots"],
  });
