/**
 * Promo codes' storage and their use by a booking: reading a code, counting
 * its uses, and applying it inside the transaction that holds the booking.
 *
 * A code's uses are the bookings that name it and either hold their spots
 * unpaid (pending_payment) or were ever confirmed. So a checkout that expires,
 * is cancelled or fails before payment gives its use back with the same
 * update that ends it, and a paid booking cancelled later keeps its use
 * (ADR 33). The caps hold across processes: the booking's transaction locks
 * the code's row (SELECT ... FOR UPDATE) before counting, and keeps it locked
 * until its own booking row is committed, so parallel bookings with one code
 * count one after another.
 */
import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { BookingInput } from "../../../app/lib/booking.ts";
import { MIN_CHARGE_CENTS, toCurrency } from "../../../app/lib/currency.ts";
import { isIsoDate, sydneyDate } from "../../../app/lib/dates.ts";
import { bookingSubtotalCents } from "../../../app/lib/price-lines.ts";
import {
  type PromoCheck,
  type PromoContext,
  type PromoRule,
  promoLabel,
  promoOutcome,
} from "../../../app/lib/promo.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings, type PromoCodeRow, promoCodes } from "../../db/schema.ts";
import { badRequest } from "../../errors.server.ts";
import { datePriceCents } from "./availability.server.ts";
import { departuresOn, pickDeparture } from "./departures.server.ts";
import { bookingExtras } from "./extras.server.ts";
import { adventureCategories, categoryLines } from "./price-categories.server.ts";

/** A refused code: 400 naming the field the form shows it under. */
export const promoRefused = (message: string) =>
  badRequest(`promo_code: ${message}`, { promo_code: message });

/** The bookings that count as uses of a code (see the module's comment). */
export const usesCode = (promoCodeId: string) =>
  and(
    eq(bookings.promoCodeId, promoCodeId),
    or(eq(bookings.bookingStatus, "pending_payment"), isNotNull(bookings.confirmedAt)),
  );

export function ruleOf(row: PromoCodeRow): PromoRule {
  return {
    kind: row.kind,
    percent: row.percent,
    amountCents: row.amountCents,
    currency: row.currency,
    adventureIds: row.adventureIds,
    validFrom: row.validFrom,
    validTo: row.validTo,
    tripFrom: row.tripFrom,
    tripTo: row.tripTo,
    maxUses: row.maxUses,
    maxUsesPerEmail: row.maxUsesPerEmail,
    minGroupSize: row.minGroupSize,
    firstBookingOnly: row.firstBookingOnly,
    isActive: row.isActive,
  };
}

/** The code's row by its normalised text; locked for the caller's transaction when asked. */
async function findCode(db: DB, code: string, lock: boolean): Promise<PromoCodeRow | null> {
  const q = db.select().from(promoCodes).where(eq(promoCodes.code, code));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/** Uses of the code so far, and those by one email (letter case aside). */
async function countUses(db: DB, promoCodeId: string, email: string | null) {
  const [row] = await db
    .select({
      uses: sql<number>`count(*)::int`,
      emailUses: email
        ? sql<number>`count(*) filter (where lower(${bookings.customerEmail}) = ${email.toLowerCase()})::int`
        : sql<number>`0`,
    })
    .from(bookings)
    .where(usesCode(promoCodeId));
  return { uses: Number(row?.uses ?? 0), emailUses: email ? Number(row?.emailUses ?? 0) : null };
}

/** Whether the email has a confirmed booking already (a paid one cancelled later counts too). */
async function hasConfirmedBooking(db: DB, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(sql`lower(${bookings.customerEmail}) = ${email.toLowerCase()}`, isNotNull(bookings.confirmedAt)),
    )
    .limit(1);
  return Boolean(row);
}

export interface PromoBooking {
  code: string;
  adventureId: string;
  tripDate: string | null;
  groupSize: number;
  subtotalCents: number;
  currency: string;
  /** Null for a check before the customer's email is known. */
  email: string | null;
  at: Date;
}

async function outcomeFor(db: DB, row: PromoCodeRow | null, b: PromoBooking) {
  const counts = row ? await countUses(db, row.id, b.email) : { uses: 0, emailUses: null };
  const ctx: PromoContext = {
    adventureId: b.adventureId,
    tripDate: b.tripDate,
    groupSize: b.groupSize,
    subtotalCents: b.subtotalCents,
    currency: b.currency,
    today: sydneyDate(b.at),
    minChargeCents: MIN_CHARGE_CENTS[toCurrency(b.currency)],
    uses: counts.uses,
    emailUses: counts.emailUses,
    hasEarlierBooking: row?.firstBookingOnly && b.email ? await hasConfirmedBooking(db, b.email) : null,
  };
  return promoOutcome(row ? ruleOf(row) : null, ctx);
}

/**
 * Inside the booking's transaction, before its row is written: locks the
 * code's row, counts its uses and applies the rule. The discount in cents and
 * the code's row; a 400 naming promo_code when the code does not apply.
 */
export async function applyPromoCode(
  tx: DB,
  b: PromoBooking,
): Promise<{ promo: PromoCodeRow; discountCents: number }> {
  const row = await findCode(tx, b.code, true);
  const outcome = await outcomeFor(tx, row, b);
  if (!outcome.ok || !row) throw promoRefused(outcome.ok ? "" : outcome.message);
  return { promo: row, discountCents: outcome.discountCents };
}

/** What the booking form's live total asks: the discount this code gives the booking, or a 400. */
export async function checkPromoCode(db: DB, b: PromoBooking): Promise<PromoCheck> {
  const row = await findCode(db, b.code, false);
  const outcome = await outcomeFor(db, row, b);
  if (!outcome.ok || !row) throw promoRefused(outcome.ok ? "" : outcome.message);
  return {
    code: row.code,
    label: promoLabel(row),
    subtotal_cents: b.subtotalCents,
    discount_cents: outcome.discountCents,
    total_cents: b.subtotalCents - outcome.discountCents,
    currency: toCurrency(b.currency),
  };
}

/**
 * POST /api/promo-codes/check: prices the booking the form describes as
 * createBooking would (the departure's price, else the adventure's; the
 * category counts and the extras, when sent, by the same functions and onto
 * the same subtotal), then checks the code against it. Sizes are not asked
 * here: they never change a price. The booking checks again under the code's
 * lock.
 */
export async function checkPromoForForm(
  db: DB,
  input: Pick<BookingInput, "categories" | "extras"> & {
    code: string;
    adventure_id: string;
    selected_date: string;
    start_time: string;
    group_size: number;
    customer_email: string;
  },
  at: Date,
): Promise<PromoCheck> {
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, input.adventure_id));
  if (!adventure?.isActive || !adventure.bookingEnabled) {
    const msg = "This adventure is not available for booking";
    throw badRequest(`adventure_id: ${msg}`, { adventure_id: msg });
  }
  const date = isIsoDate(input.selected_date) ? input.selected_date : null;
  const slot = date
    ? pickDeparture(await departuresOn(db, adventure.id, date), input.start_time || undefined)
    : null;
  const unit = datePriceCents(slot?.priceOverrideCents, adventure.basePriceCents);
  const email = /^[^\s@]+@[^\s@]+$/.test(input.customer_email) ? input.customer_email : null;
  // Neither sent: the per-person price times the group, as the check always answered.
  const people =
    input.categories === undefined ? [] : categoryLines(await adventureCategories(db, adventure.id), input);
  const extras =
    input.extras === undefined
      ? []
      : (await bookingExtras(db, adventure.id, input.extras, input.group_size, false)).lines;
  return checkPromoCode(db, {
    code: input.code,
    adventureId: adventure.id,
    tripDate: date,
    groupSize: input.group_size,
    subtotalCents: bookingSubtotalCents(unit, input.group_size, [...people, ...extras]),
    currency: toCurrency(adventure.currency),
    email,
    at,
  });
}
