/**
 * Vouchers as the browser and the server both see them: how a code is
 * written and read back, the messages a refused code gets, and the gift
 * voucher form's amounts and schema.
 */
import { DEFAULT_CURRENCY } from "./currency.ts";
import { emailField } from "./validation.ts";
import { z } from "./zod.ts";

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
export const VOUCHER_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A well-formed code: TW-XXXX-XXXX from the alphabet above. */
export const VOUCHER_CODE_PATTERN =
  /^TW-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;

/**
 * Codes are typed by people: case, spaces and missing dashes do not matter
 * ("tw 7k3q 9pxm", "7K3Q9PXM" and "TW-7K3Q-9PXM" are one code). Anything
 * that is not eight characters after the prefix comes back trimmed and upper
 * case, so it is looked up as typed (and not found).
 */
export function normaliseVoucherCode(input: string): string {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const body = compact.length === 10 && compact.startsWith("TW") ? compact.slice(2) : compact;
  return body.length === 8 ? `TW-${body.slice(0, 4)}-${body.slice(4)}` : input.trim().toUpperCase();
}

/** The part of a code that is kept in clear: its last four characters. */
export const voucherCodeSuffix = (code: string) => normaliseVoucherCode(code).slice(-4);

/** How the operator's screens name a voucher whose code only its holder has: "…K7Q2". */
export const voucherCodeHint = (suffix: string) => `…${suffix}`;

export const VOUCHER_TEXT = {
  notFound: "Voucher code not found",
  expired: "This voucher has expired",
  empty: "This voucher has no balance left",
  tooLong: "Voucher code must be at most 40 characters",
} as const;

/** A voucher in another currency cannot pay this booking. */
export const voucherCurrencyText = (voucher: string, booking: string) =>
  `This voucher is in ${voucher.toUpperCase()} and cannot pay a booking in ${booking.toUpperCase()}`;

/**
 * The optional voucher code of a booking or a check: blank means none; any
 * other text is normalised here and looked up by the server.
 */
export const voucherCodeField = z
  .string({ error: "Voucher code must be text" })
  .trim()
  .max(40, VOUCHER_TEXT.tooLong)
  .transform((s) => (s ? normaliseVoucherCode(s) : ""))
  .optional()
  .default("");

/** POST /api/vouchers/check: the code (required here) and the currency of the booking it would pay. */
export const voucherCheckSchema = z.object({
  code: z
    .string({ error: VOUCHER_TEXT.notFound })
    .trim()
    .min(1, "Enter a voucher code")
    .max(40, VOUCHER_TEXT.tooLong)
    .transform(normaliseVoucherCode),
  currency: z
    .string({ error: "Currency must be text" })
    .trim()
    .toLowerCase()
    .max(3, "Currency must be a three-letter code")
    .optional()
    .default(DEFAULT_CURRENCY),
});

/** What the check answers: only the balance of a valid code, never who bought it or for whom. */
export interface VoucherCheck {
  code: string;
  /** Dollars, like every amount at our API. */
  balance: number;
  balance_cents: number;
  currency: string;
  expires_at: string;
}

/**
 * The voucher part of a booking: the whole balance, or the total when the
 * balance is larger. A card cannot be charged less than the currency's
 * minimum, so when the rest would be below it the voucher leaves the minimum
 * to the card (and the difference on the voucher).
 */
export function voucherShareCents(balanceCents: number, totalCents: number, minChargeCents: number): number {
  const share = Math.max(0, Math.min(balanceCents, totalCents));
  const rest = totalCents - share;
  if (rest > 0 && rest < minChargeCents) return Math.max(0, totalCents - minChargeCents);
  return share;
}

/** Gift vouchers: a few usual amounts, or any whole-dollar amount in the range. */
export const GIFT_PRESETS = [100, 200, 350] as const;
export const GIFT_MIN = 25;
export const GIFT_MAX = 2000;

const amountText = `Choose an amount, or enter a whole-dollar amount from $${GIFT_MIN} to $${GIFT_MAX.toLocaleString("en-AU")}`;

const optionalName = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .regex(/^[^\p{Cc}]*$/u, `${label} must be a single line of text`)
    .optional()
    .default("");

/**
 * The gift voucher form (its page posts form text; the amount is a preset or
 * "custom" with the custom amount beside it). One schema for the page action
 * and any script.
 */
export const giftVoucherSchema = z
  .object({
    amount: z.string({ error: amountText }).trim().min(1, amountText),
    custom_amount: z.string({ error: amountText }).trim().optional().default(""),
    purchaser_name: z
      .string({ error: "Your name is required" })
      .trim()
      .min(1, "Your name is required")
      .max(100, "Your name must be at most 100 characters")
      .regex(/^[^\p{Cc}]*$/u, "Your name must be a single line of text"),
    purchaser_email: emailField,
    recipient_name: optionalName("Recipient's name"),
    recipient_email: z
      .union([z.literal(""), emailField])
      .optional()
      .default(""),
    message: z
      .string({ error: "Message must be text" })
      .trim()
      .max(500, "Message must be at most 500 characters")
      .optional()
      .default(""),
  })
  .transform((v, ctx) => {
    const raw = v.amount === "custom" ? v.custom_amount : v.amount;
    const dollars = /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(dollars >= GIFT_MIN && dollars <= GIFT_MAX)) {
      ctx.addIssue({
        code: "custom",
        path: [v.amount === "custom" ? "custom_amount" : "amount"],
        message: amountText,
      });
      return z.NEVER;
    }
    return {
      amountCents: dollars * 100,
      purchaserName: v.purchaser_name,
      purchaserEmail: v.purchaser_email,
      recipientName: v.recipient_name,
      recipientEmail: v.recipient_email,
      message: v.message,
    };
  });
export type GiftVoucherInput = z.output<typeof giftVoucherSchema>;

/** The largest voucher the operator issues by hand (a typo guard, like the custom payment's). */
export const MAX_ISSUED_VOUCHER = 10_000;

/** The operator issues a voucher: an amount in whole dollars or with cents, who gets it, a note for the ledger. */
export const voucherIssueSchema = z.object({
  amount: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d{1,6}(\.\d{1,2})?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: "Enter the amount in dollars, e.g. 150 or 150.50" })
      .positive("The amount must be more than $0")
      .max(MAX_ISSUED_VOUCHER, `The amount must be at most $${MAX_ISSUED_VOUCHER.toLocaleString("en-AU")}`)
      .refine(
        (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
        "The amount may have at most 2 decimals",
      ),
  ),
  email: emailField,
  name: optionalName("Name"),
  note: z
    .string({ error: "Note must be text" })
    .trim()
    .max(500, "Note must be at most 500 characters")
    .optional()
    .default(""),
});
export type VoucherIssueInput = z.output<typeof voucherIssueSchema>;

export const voucherVoidSchema = z.object({
  note: z
    .string({ error: "Note must be text" })
    .trim()
    .max(500, "Note must be at most 500 characters")
    .optional()
    .default(""),
});
