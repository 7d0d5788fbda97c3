/**
 * A promo code as the console saves it (create and edit take the same
 * payload): the rule's inputs of app/lib/promo.ts, amounts in dollars here
 * and cents once parsed. Dates are Sydney calendar dates; a window's ends
 * may be left open, and a start may not come after its end.
 */
import { isIsoDate } from "../dates.ts";
import { MAX_GROUP_SIZE } from "../group-size.ts";
import { toCents } from "../money.ts";
import { normalisePromoCode, PROMO_CODE_PATTERN } from "../promo.ts";
import { z } from "../zod.ts";
import { bool, int, money, optionalText } from "./fields.ts";

const optionalDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .trim()
    .refine((v) => v === "" || isIsoDate(v), `${label} must be a real date written as YYYY-MM-DD`)
    .nullish()
    .transform((v) => v || null);

const optionalCap = (label: string) =>
  int(label, 1, 100_000)
    .nullish()
    .transform((v) => v ?? null);

export const promoCodeSchema = z
  .object({
    code: z
      .string({ error: "Code is required" })
      .trim()
      .min(1, "Code is required")
      .transform(normalisePromoCode)
      .refine(
        (v) => PROMO_CODE_PATTERN.test(v),
        "Code must be 3 to 32 letters, digits, - or _, starting with a letter or digit",
      ),
    kind: z.enum(["percent", "fixed"], { error: "Choose a percent or a fixed amount" }),
    percent: int("Percent", 1, 100).nullish(),
    amount: money("Amount").nullish(),
    adventure_ids: z
      .array(
        z
          .string({ error: "Each adventure must be an id" })
          .trim()
          .min(1, "Each adventure must be an id")
          .max(100, "Each adventure must be an id"),
        {
          error: "Adventures must be a list",
        },
      )
      .max(200, "At most 200 adventures")
      .default([]),
    valid_from: optionalDate("Valid from"),
    valid_to: optionalDate("Valid to"),
    trip_from: optionalDate("Trips from"),
    trip_to: optionalDate("Trips to"),
    max_uses: optionalCap("Total uses"),
    max_uses_per_email: optionalCap("Uses per email"),
    min_group_size: int("Minimum group size", 1, MAX_GROUP_SIZE).default(1),
    first_booking_only: bool("First booking only", false),
    is_active: bool("Active", true),
    note: optionalText("Note", 500),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percent" && (v.percent === null || v.percent === undefined)) {
      ctx.addIssue({ code: "custom", path: ["percent"], message: "Percent is required (1 to 100)" });
    }
    if (v.kind === "fixed" && !(typeof v.amount === "number" && v.amount > 0)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Amount must be more than 0" });
    }
    if (v.valid_from && v.valid_to && v.valid_from > v.valid_to) {
      ctx.addIssue({ code: "custom", path: ["valid_to"], message: "Valid to must not be before valid from" });
    }
    if (v.trip_from && v.trip_to && v.trip_from > v.trip_to) {
      ctx.addIssue({ code: "custom", path: ["trip_to"], message: "Trips to must not be before trips from" });
    }
  })
  .transform((v) => ({
    ...v,
    adventure_ids: [...new Set(v.adventure_ids)],
    percent: v.kind === "percent" ? (v.percent ?? null) : null,
    amountCents: v.kind === "fixed" && typeof v.amount === "number" ? toCents(v.amount) : null,
  }));
export type PromoCodeInput = z.output<typeof promoCodeSchema>;
