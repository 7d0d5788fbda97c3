/**
 * The payloads of the console's booking page: the customer's contact details
 * (the public booking form's own rules, picked from its schema so each rule
 * has one definition), a note, and a refund of an amount the operator chooses.
 */
import { bookingSchema } from "../booking.ts";
import { CHANGE_SETTLEMENTS } from "../booking-change.ts";
import { z } from "../zod.ts";

/** The longest note on a booking (the table's check says the same). */
export const BOOKING_NOTE_MAX = 2000;
/** The longest reason the operator gives for a refund. */
export const REFUND_REASON_MAX = 500;
/** The largest single refund the form takes, in dollars: a typo guard; the server caps it at what is left. */
const MAX_REFUND_DOLLARS = 1_000_000;

/** The lead customer's details as the operator corrects them. */
export const bookingContactSchema = bookingSchema.pick({
  customer_first_name: true,
  customer_last_name: true,
  customer_email: true,
  customer_phone: true,
  special_requirements: true,
});
export type BookingContactInput = z.output<typeof bookingContactSchema>;

export const bookingNoteSchema = z.object({
  body: z
    .string({ error: "Note is required" })
    .trim()
    .min(1, "Note is required")
    .max(BOOKING_NOTE_MAX, `Note must be at most ${BOOKING_NOTE_MAX} characters`),
});

const AMOUNT_MESSAGE = "Enter the amount in dollars and cents, e.g. 40 or 40.50";

/**
 * Dollars and cents as typed ("40", "40.5", "40.50") to whole cents; the
 * string is read digit by digit, never through floating point.
 */
export function dollarsToCents(value: string): number | null {
  const m = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

export const operatorRefundSchema = z.object({
  amount: z
    .string({ error: AMOUNT_MESSAGE })
    .transform((v, ctx) => {
      const cents = dollarsToCents(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(
      z
        .number()
        .min(1, "The amount must be more than $0")
        .max(MAX_REFUND_DOLLARS * 100, "The amount is larger than any refund the booking can take"),
    ),
  reason: z
    .string({ error: "Reason is required" })
    .trim()
    .min(1, "Reason is required")
    .max(REFUND_REASON_MAX, `Reason must be at most ${REFUND_REASON_MAX} characters`),
  /**
   * Made when the form is shown: the same submission sent twice (a double
   * click, a retry) carries the same key and refunds once.
   */
  request_key: z
    .string({ error: "request_key is required" })
    .regex(/^[A-Za-z0-9-]{16,64}$/, "request_key must be 16 to 64 letters, digits or dashes"),
});
export type OperatorRefundInput = z.output<typeof operatorRefundSchema>;

/**
 * A change of the booking's date (and departure), group size or both: the new
 * date, its departure's time and the group size as the form shows them (each
 * may stay the booking's own). The date
 * and group-size rules are the booking form's own.
 */
export const bookingChangeTargetSchema = z.object({
  date: bookingSchema.shape.selected_date.optional(),
  /** The new departure's start time, needed where the date has several. */
  start_time: bookingSchema.shape.start_time,
  group_size: bookingSchema.shape.group_size.optional(),
});
export type BookingChangeTarget = z.output<typeof bookingChangeTargetSchema>;

/** The change as confirmed after its preview: how the difference is settled, and the difference shown. */
export const bookingChangeSchema = bookingChangeTargetSchema.extend({
  settlement: z.enum(CHANGE_SETTLEMENTS, {
    error: `Settlement must be one of: ${CHANGE_SETTLEMENTS.join(", ")}`,
  }),
  expected_difference_cents: z
    .number({ error: "expected_difference_cents must be a whole number of cents" })
    .int("expected_difference_cents must be a whole number of cents")
    .min(-10_000_000, "expected_difference_cents is out of range")
    .max(10_000_000, "expected_difference_cents is out of range"),
  request_key: operatorRefundSchema.shape.request_key,
});
export type BookingChangeInput = z.output<typeof bookingChangeSchema>;
