/**
 * Weather cancellations: the rules the admin form, the customer's page and
 * the server share. The policy's weather rule: a departure the operator calls
 * off for weather gives each booking the choice of a free move, the full
 * amount as credit, or a full refund; unanswered, the operator's default
 * applies after the days they set.
 */
import { z } from "zod";
import { startTimeField } from "./booking.ts";
import { isIsoDate, sydneyDate } from "./dates.ts";

export const WEATHER_CHOICES = ["move", "credit", "refund"] as const;
export type WeatherChoiceName = (typeof WEATHER_CHOICES)[number];
export const WEATHER_DEFAULTS = ["credit", "refund"] as const;

export const MIN_RESPOND_DAYS = 1;
export const MAX_RESPOND_DAYS = 30;
export const MAX_WEATHER_MESSAGE = 2000;

/** The message the admin form starts with; the operator may change it. */
export const DEFAULT_WEATHER_MESSAGE =
  "We are sorry: the forecast for your trip day is not safe for diving or camping, so we have called this departure off. " +
  "Nothing is lost: choose below whether you would like another date (free of charge), credit for the full amount, or a full refund.";

/** When an unanswered offer gets the operator's default. */
export function respondBy(at: Date, days: number): Date {
  return new Date(at.getTime() + days * 24 * 60 * 60_000);
}

/** Whether the customer may still answer: no choice yet and the booking still on the cancelled date. */
export function offerOpen(o: { choice: string | null; bookingConfirmedOnDate: boolean }): boolean {
  return o.choice === null && o.bookingConfirmedOnDate;
}

/** What each choice means, in the words the customer's page and the email use. */
export const CHOICE_TEXT: Record<WeatherChoiceName, { title: string; detail: string }> = {
  move: {
    title: "Move to another date",
    detail: "Pick any open date of the same adventure. It costs nothing, whatever that date's price.",
  },
  credit: {
    title: "Keep the full amount as credit",
    detail:
      "We cancel the booking and email you a voucher code for the full amount, valid for three years on any adventure.",
  },
  refund: {
    title: "Take a full refund",
    detail: "We cancel the booking and refund everything you paid to your card (5-10 business days).",
  },
};

/** The admin list's short label of an answer. */
export function choiceLabel(o: {
  choice: WeatherChoiceName | null;
  movedToDate: string | null;
  voucherCode: string | null;
  closed: boolean;
}): string {
  if (o.choice === "move") return `Moved to ${o.movedToDate ?? "another date"}`;
  if (o.choice === "credit") return o.voucherCode ? `Credit ${o.voucherCode}` : "Credit";
  if (o.choice === "refund") return "Refunded";
  return o.closed ? "Closed (booking changed)" : "Waiting";
}

const dateField = z
  .string({ error: "Choose a date" })
  .refine((v) => isIsoDate(v), "Enter a date as YYYY-MM-DD");

/** What the operator's form sends to preview or cancel a departure; `today` is Sydney's date. */
export function weatherCancelSchema(today: string = sydneyDate()) {
  return z.object({
    date: dateField.refine((v) => !isIsoDate(v) || v >= today, "The date is in the past"),
    adventure_id: z
      .string({ error: "Choose an adventure or every adventure" })
      .min(1, "Choose an adventure or every adventure")
      .max(100, "Choose an adventure from the list")
      .nullable(),
    message: z
      .string({ error: "Write a message for the customers" })
      .trim()
      .min(1, "Write a message for the customers")
      .max(MAX_WEATHER_MESSAGE, `Keep the message under ${MAX_WEATHER_MESSAGE} characters`),
    default_choice: z.enum(WEATHER_DEFAULTS, { error: "Choose credit or refund" }),
    respond_days: z
      .number({ error: `Enter a number of days from ${MIN_RESPOND_DAYS} to ${MAX_RESPOND_DAYS}` })
      .int(`Enter a whole number of days from ${MIN_RESPOND_DAYS} to ${MAX_RESPOND_DAYS}`)
      .min(MIN_RESPOND_DAYS, `Enter a number of days from ${MIN_RESPOND_DAYS} to ${MAX_RESPOND_DAYS}`)
      .max(MAX_RESPOND_DAYS, `Enter a number of days from ${MIN_RESPOND_DAYS} to ${MAX_RESPOND_DAYS}`),
  });
}
export type WeatherCancelInput = z.infer<ReturnType<typeof weatherCancelSchema>>;

/** The preview needs only which departure. */
export function weatherPreviewSchema(today: string = sydneyDate()) {
  return weatherCancelSchema(today).pick({ date: true, adventure_id: true });
}

/** A choice: by the customer from their page, or recorded by the operator after a phone call. */
export const weatherChoiceSchema = z
  .object({
    choice: z.enum(WEATHER_CHOICES, { error: "Choose move, credit or refund" }),
    date: dateField.optional(),
    /** The new departure's start time, needed only where the new date has several. */
    start_time: startTimeField,
  })
  .refine((v) => v.choice !== "move" || v.date !== undefined, {
    path: ["date"],
    message: "Choose the new date",
  });
export type WeatherChoiceInput = z.infer<typeof weatherChoiceSchema>;
