/**
 * Payloads of the booking flow, shared by the /book
 * page, the test checkout and the API so both sides apply the same rules.
 */

import {
  CURRENCIES,
  CURRENCY_LIST_TEXT,
  currencyCode,
  DEFAULT_CURRENCY,
  MIN_CHARGE_CENTS,
} from "./currency.ts";
import { isIsoDate } from "./dates.ts";
import { START_TIME_PATTERN } from "./departure.ts";
import { type ExtraChoice, extrasField } from "./extras.ts";
import { MAX_GROUP_SIZE } from "./group-size.ts";
import { type CategoryCounts, categoryCountsField } from "./price-categories.ts";
import { promoCodeField } from "./promo.ts";
import { emailField, phoneField } from "./validation.ts";
import { voucherCodeField } from "./vouchers.ts";
import { z } from "./zod.ts";

export const MAX_CUSTOM_QUANTITY = 100;
/** A custom payment is a deposit or an extra, not a house: keep typos from charging thousands. */
export const MAX_CUSTOM_AMOUNT = 50_000;

export const TEXT = {
  missingFields: "Please fill in all required fields",
  invalidAmount: "Please enter a valid amount greater than 0",
  bookingFailed: "Failed to create booking",
  paymentFailed: "Failed to create payment session",
} as const;

/** The booking form's fields, named as on the page (form state) and posted by its no-JavaScript form. */
export interface BookingFormValues {
  adventureId: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  groupSize: string;
  selectedDate: string;
  /** The departure's start time ("HH:MM"), asked only on a date with several departures. */
  startTime?: string;
  specialRequirements: string;
  /** Optional; not a field of the spec's form, but of its "Have a voucher?" disclosure. */
  voucherCode?: string;
  /** Optional; a promo code (app/lib/promo.ts), beside the spec's form. */
  promoCode?: string;
  /** The counts per price category a form post sent (kept for the form shown again), and their message. */
  categories?: CategoryCounts;
  /** The extras a form post sent (kept for the form shown again), and their message. */
  extras?: ExtraChoice[];
}

/** Where each field of the booking payload sits on the page form. */
export const BOOKING_FORM_FIELDS = {
  adventure_id: "adventureId",
  customer_first_name: "customerFirstName",
  customer_last_name: "customerLastName",
  customer_email: "customerEmail",
  customer_phone: "customerPhone",
  group_size: "groupSize",
  selected_date: "selectedDate",
  start_time: "startTime",
  special_requirements: "specialRequirements",
  voucher_code: "voucherCode",
  promo_code: "promoCode",
  categories: "categories",
  extras: "extras",
} as const satisfies Record<string, keyof BookingFormValues>;

/**
 * The required-field rule: an adventure, a first name, an email and a date,
 * else the page shows TEXT.missingFields (with JavaScript before any call,
 * without it above the server's own field messages).
 */
export function missingRequired(v: {
  adventureId: string | null | undefined;
  customerFirstName: string;
  customerEmail: string;
  selectedDate: string;
}): boolean {
  return !v.adventureId || !v.customerFirstName.trim() || !v.customerEmail.trim() || !v.selectedDate;
}

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .default("");

/**
 * Which departure on the date, by its start time ("HH:MM"): needed only where the
 * date has several; blank or absent means the date's one departure.
 */
export const startTimeField = z
  .string({ error: "Departure time must be text" })
  .trim()
  .refine(
    (t) => t === "" || START_TIME_PATTERN.test(t),
    "Departure time must be written as HH:MM, e.g. 13:30",
  )
  .optional()
  .transform((t) => t || undefined);

export const bookingSchema = z.object({
  adventure_id: z
    .string({ error: "Please select an adventure" })
    .trim()
    .min(1, "Please select an adventure")
    .max(100, "Unknown adventure"),
  customer_first_name: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "First name must be at most 100 characters"),
  customer_last_name: optionalText("Last name", 100),
  customer_email: emailField,
  customer_phone: phoneField,
  group_size: z.coerce
    .number({ error: "Group size must be a number" })
    .int("Group size must be a whole number")
    .min(1, "Group size must be at least 1")
    .max(MAX_GROUP_SIZE, `Group size must be at most ${MAX_GROUP_SIZE}`),
  selected_date: z
    .string({ error: "Please choose a date" })
    .trim()
    .min(1, "Please choose a date")
    .refine(isIsoDate, "Date must be a real date written as YYYY-MM-DD"),
  start_time: startTimeField,
  special_requirements: optionalText("Special requirements", 2000),
  /** A voucher that pays all or part of the total (normalised; blank means none). */
  voucher_code: voucherCodeField,
  /** A promo code's discount on the subtotal (normalised; blank means none). */
  promo_code: promoCodeField,
  /** Extras and gear hire (app/lib/extras.ts); absent for the spec's booking. */
  extras: extrasField,
  /** The page's own origin; only this site's origin is ever used. */
  host_url: z.string().max(2000).optional(),
  /**
   * An adventure with several price categories: how many of each (category id -> count). The
   * server prices them and checks group_size is the spots they take (price-categories.ts).
   */
  categories: categoryCountsField,
});
export type BookingInput = z.infer<typeof bookingSchema>;

/**
 * A number as a JSON number, or as a plain decimal string ("25", "25.50");
 * anything else (true, "0x10", "1e3", "Infinity", "", arrays) is not a number
 * here, though JavaScript's Number() would accept most of them.
 */
export function strictNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && /^\s*\d{1,15}(\.\d{1,15})?\s*$/.test(value)) return Number(value);
  return undefined;
}

/** Stripe's limits for one charge: at most 99,999,999 of the smallest unit (cents). */
export const MAX_CHARGE_CENTS = 99_999_999;
/** Metadata keys the server sets on a custom payment; a visitor's values for them are dropped. */
export const RESERVED_METADATA_KEYS = ["kind", "payment_id", "booking_id", "reference", "refund_id"] as const;
/** Stripe takes 50 keys; the server adds kind and payment_id. */
export const MAX_METADATA_KEYS = 48;

const strict = (schema: z.ZodNumber) => z.preprocess((v) => strictNumber(v) ?? v, schema);

export const customPaymentSchema = z
  .object({
    amount: strict(
      z
        .number({ error: TEXT.invalidAmount })
        .refine((n) => n > 0, TEXT.invalidAmount)
        .refine((n) => n <= MAX_CUSTOM_AMOUNT, `Amount must be at most ${MAX_CUSTOM_AMOUNT}`)
        // Cents: amounts with more than two decimals are not money.
        .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "Amount may have at most 2 decimals"),
    ),
    currency: z
      .string({ error: `Currency must be ${CURRENCY_LIST_TEXT}` })
      .trim()
      .toLowerCase()
      .pipe(z.enum(CURRENCIES, { error: `Currency must be ${CURRENCY_LIST_TEXT}` }))
      .optional()
      .default(DEFAULT_CURRENCY),
    quantity: strict(
      z
        .number({ error: "Quantity must be a whole number" })
        .int("Quantity must be a whole number")
        .min(1, "Quantity must be at least 1")
        .max(MAX_CUSTOM_QUANTITY, `Quantity must be at most ${MAX_CUSTOM_QUANTITY}`),
    )
      .optional()
      .default(1),
    success_url: z.string({ error: "success_url must be text" }).max(2000).optional(),
    cancel_url: z.string({ error: "cancel_url must be text" }).max(2000).optional(),
    customer_email: z.union([z.literal(""), emailField]).optional(),
    metadata: z
      .record(
        z
          .string()
          .min(1, "Metadata keys may not be empty")
          .max(40, "Metadata keys must be at most 40 characters")
          .refine((k) => !/[[\]]/.test(k), "Metadata keys may not contain square brackets"),
        z.union(
          [z.string().max(500, "Metadata values must be at most 500 characters"), z.number(), z.boolean()],
          {
            error: "Metadata values must be text, numbers or true/false",
          },
        ),
        { error: "Metadata must be an object of keys and values" },
      )
      .optional()
      .default({})
      // Keys the server sets are never taken from the visitor.
      .transform((m) =>
        Object.fromEntries(
          Object.entries(m).filter(([k]) => !(RESERVED_METADATA_KEYS as readonly string[]).includes(k)),
        ),
      )
      .refine(
        (m) => Object.keys(m).length <= MAX_METADATA_KEYS,
        `At most ${MAX_METADATA_KEYS} metadata keys`,
      ),
  })
  .superRefine((p, ctx) => {
    // What the card network charges: the total, between the currency's minimum and Stripe's maximum.
    // Only once amount and quantity are each valid (their own messages come first).
    if (typeof p.amount !== "number" || !(p.amount > 0) || !Number.isInteger(p.quantity) || p.quantity < 1) {
      return;
    }
    const total = Math.round(p.amount * 100) * p.quantity;
    const min = MIN_CHARGE_CENTS[p.currency];
    if (total < min) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: `The total must be at least ${(min / 100).toFixed(2)} ${currencyCode(p.currency)}`,
      });
    } else if (total > MAX_CHARGE_CENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["quantity"],
        message: `The total (amount x quantity) must be at most ${(MAX_CHARGE_CENTS / 100).toLocaleString("en-AU", { minimumFractionDigits: 2 })} ${currencyCode(p.currency)}`,
      });
    }
  });
export type CustomPaymentInput = z.infer<typeof customPaymentSchema>;

// The per-person total lives with the price lines (which need it and must not import this module's schemas).
export { bookingTotalCents } from "./price-lines.ts";

/** The custom form's total: amount x quantity, shown with 2 decimals. */
export function customTotal(amount: number, quantity: number): string {
  const cents = Math.round(amount * 100) * Math.max(1, Math.floor(quantity) || 1);
  return (cents / 100).toFixed(2);
}

/** Luhn checksum over the digits of a card number. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const CARD_TEXT = {
  number: "Your card number is invalid.",
  expiry: "Your card's expiration date is invalid.",
  expired: "Your card's expiration date is in the past.",
  cvc: "Your card's security code is invalid.",
  name: "Enter the name on the card.",
  declined: "Your card was declined.",
} as const;

/** Whether MM/YY is this month or later (cards expire at the end of their month). */
export function expiryValid(value: string, now: Date = new Date()): "ok" | "invalid" | "past" {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return "invalid";
  const month = Number(m[1]);
  if (month < 1 || month > 12) return "invalid";
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) < current ? "past" : "ok";
}

/** The test checkout's card form; same rules in the page and the API. */
export const testCardSchema = z.object({
  card_number: z
    .string({ error: CARD_TEXT.number })
    .transform((s) => s.replace(/[\s-]/g, ""))
    .refine((s) => /^\d{13,19}$/.test(s) && luhnValid(s), CARD_TEXT.number),
  expiry: z
    .string({ error: CARD_TEXT.expiry })
    .refine((s) => expiryValid(s) !== "invalid", CARD_TEXT.expiry)
    .refine((s) => expiryValid(s) !== "past", CARD_TEXT.expired),
  cvc: z
    .string({ error: CARD_TEXT.cvc })
    .trim()
    .regex(/^\d{3,4}$/, CARD_TEXT.cvc),
  name: z.string({ error: CARD_TEXT.name }).trim().min(1, CARD_TEXT.name).max(100, CARD_TEXT.name),
  email: z
    .union([z.literal(""), emailField])
    .optional()
    .default(""),
});
export type TestCardInput = z.infer<typeof testCardSchema>;

/** Stripe's documented test cards the test checkout understands. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
} as const;
