/**
 * A booking the operator makes in the console (a phone call, a walk-in): the
 * public form's fields and rules (`bookingSchema`), how the customer pays, and
 * whether a date with no departure yet is opened for it. Recording money taken
 * for a booking later (pay on the day) has its own payload.
 */

import { bookingSchema } from "../booking.ts";
import { z } from "../zod.ts";
import { MAX_SPOTS, MIN_SPOTS } from "./availability.ts";

/** The ways a console booking is paid; a voucher code pays all or part of any of them first. */
export const OPERATOR_PAYMENTS = ["link", "cash", "bank_transfer", "on_the_day"] as const;
export type OperatorPayment = (typeof OPERATOR_PAYMENTS)[number];

/** How each way reads on the console's form and the booking's page. */
export const OPERATOR_PAYMENT_LABELS: Record<OperatorPayment, string> = {
  link: "Payment link (card, valid 24 hours)",
  cash: "Cash, taken now",
  bank_transfer: "Bank transfer, received",
  on_the_day: "Pay on the day",
};

/** Money the operator took by hand. */
export const MANUAL_METHODS = ["cash", "bank_transfer"] as const;
export type ManualMethod = (typeof MANUAL_METHODS)[number];
export const MANUAL_METHOD_LABELS: Record<ManualMethod, string> = {
  cash: "cash",
  bank_transfer: "bank transfer",
};

const paymentField = z.enum(OPERATOR_PAYMENTS, {
  error: "Choose how the customer pays: link, cash, bank_transfer or on_the_day",
});

export const operatorBookingSchema = bookingSchema.omit({ host_url: true }).extend({
  payment: paymentField,
  /** With no departure on the date: open it for this booking (else the date is refused). */
  open_date: z.boolean({ error: "open_date must be true or false" }).optional().default(false),
  /** The spots of a date opened here; the adventure's largest group when not given. */
  spots: z
    .number({ error: `Spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}` })
    .int(`Spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}`)
    .min(MIN_SPOTS, `Spots must be at least ${MIN_SPOTS}`)
    .max(MAX_SPOTS, `Spots must be at most ${MAX_SPOTS}`)
    .optional(),
});
export type OperatorBookingInput = z.infer<typeof operatorBookingSchema>;

/**
 * Money taken by hand for a booking that still owes some (pay on the day): the
 * server records exactly what is owed. `request_key`, made when the form was
 * shown, makes a repeated submit record it once.
 */
export const manualPaymentSchema = z.object({
  method: z.enum(MANUAL_METHODS, { error: "Choose cash or bank_transfer" }),
  request_key: z
    .string({ error: "request_key is required" })
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, "request_key must be 8 to 64 letters, digits or dashes"),
});
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;
