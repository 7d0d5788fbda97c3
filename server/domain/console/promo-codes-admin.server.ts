/**
 * The operator's promo codes: the list with each code's uses, the revenue of
 * the bookings that used it and the discount they got; one code with its
 * bookings; creating, editing and deactivating. A code is never deleted
 * (bookings keep naming it); deactivating stops new uses at once.
 *
 * Uses follow the booking rule (bookings/promo-codes: unpaid holds and every
 * booking ever confirmed); revenue and discount count confirmed bookings
 * only, revenue as what was paid less what was refunded, with its extras
 * (the bookings' extra lines) as their own figure.
 */
import { desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { PromoCodeInput } from "../../../app/lib/admin-forms/index.ts";
import { DEFAULT_CURRENCY } from "../../../app/lib/currency.ts";
import { promoLabel } from "../../../app/lib/promo.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings, type PromoCodeRow, promoCodes } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { extrasCentsSql } from "../bookings/extras.server.ts";
import { usesCode } from "../bookings/promo-codes.server.ts";

export interface PromoStats {
  uses: number;
  confirmed: number;
  revenue_cents: number;
  /** Of the revenue, the bookings' extras (their extra lines). */
  extras_cents: number;
  discount_cents: number;
}

export type PromoCodeView = ReturnType<typeof viewOf>;

function viewOf(row: PromoCodeRow, stats: PromoStats) {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amount_cents: row.amountCents,
    currency: row.currency,
    label: promoLabel(row),
    adventure_ids: row.adventureIds,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    trip_from: row.tripFrom,
    trip_to: row.tripTo,
    max_uses: row.maxUses,
    max_uses_per_email: row.maxUsesPerEmail,
    min_group_size: row.minGroupSize,
    first_booking_only: row.firstBookingOnly,
    is_active: row.isActive,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    ...stats,
  };
}

const NO_STATS: PromoStats = { uses: 0, confirmed: 0, revenue_cents: 0, extras_cents: 0, discount_cents: 0 };

/** Each code's figures, in two grouped queries whatever the number of codes. */
async function statsFor(db: DB, ids: string[]): Promise<Map<string, PromoStats>> {
  const out = new Map<string, PromoStats>();
  if (ids.length === 0) return out;
  const uses = await db
    .select({ id: bookings.promoCodeId, n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      sql`${bookings.promoCodeId} in ${ids} and (${bookings.bookingStatus} = 'pending_payment' or ${bookings.confirmedAt} is not null)`,
    )
    .groupBy(bookings.promoCodeId);
  const money = await db
    .select({
      id: bookings.promoCodeId,
      n: sql<number>`count(*)::int`,
      revenue: sql<number>`coalesce(sum(${bookings.totalAmountCents} - ${bookings.refundAmountCents}), 0)::int`,
      discount: sql<number>`coalesce(sum(${bookings.promoDiscountCents}), 0)::int`,
      extras: sql<number>`coalesce(sum(${extrasCentsSql}), 0)::int`,
    })
    .from(bookings)
    .where(sql`${bookings.promoCodeId} in ${ids} and ${bookings.confirmedAt} is not null`)
    .groupBy(bookings.promoCodeId);
  for (const id of ids) out.set(id, { ...NO_STATS });
  for (const u of uses) if (u.id) out.set(u.id, { ...(out.get(u.id) ?? NO_STATS), uses: Number(u.n) });
  for (const m of money) {
    if (!m.id) continue;
    out.set(m.id, {
      ...(out.get(m.id) ?? NO_STATS),
      confirmed: Number(m.n),
      revenue_cents: Number(m.revenue),
      extras_cents: Number(m.extras),
      discount_cents: Number(m.discount),
    });
  }
  return out;
}

export async function listPromoCodes(db: DB) {
  const rows = await db
    .select()
    .from(promoCodes)
    .orderBy(desc(promoCodes.isActive), desc(promoCodes.createdAt));
  const stats = await statsFor(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => viewOf(r, stats.get(r.id) ?? NO_STATS));
}

/** One code with the bookings that used it (newest first). */
export async function promoCodeDetail(db: DB, id: string) {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw notFound("Promo code not found");
  const stats = (await statsFor(db, [id])).get(id) ?? NO_STATS;
  const used = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      adventure_title: bookings.adventureTitle,
      selected_date: bookings.selectedDate,
      customer_email: bookings.customerEmail,
      booking_status: bookings.bookingStatus,
      total_cents: bookings.totalAmountCents,
      discount_cents: bookings.promoDiscountCents,
      created_at: bookings.createdAt,
    })
    .from(bookings)
    .where(usesCode(id))
    .orderBy(desc(bookings.createdAt))
    .limit(200);
  return {
    promo_code: viewOf(row, stats),
    bookings: used.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
  };
}

/** The adventures named must exist: a typo would make a code that applies nowhere. */
async function checkAdventures(db: DB, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: adventures.id }).from(adventures).where(inArray(adventures.id, ids));
  if (found.length !== ids.length) {
    const msg = "Choose adventures from the list";
    throw badRequest(`adventure_ids: ${msg}`, { adventure_ids: msg });
  }
}

/** A code's text is unique: the 400 names the field rather than the database's 409. */
async function checkCodeFree(db: DB, code: string, exceptId: string | null): Promise<void> {
  const [other] = await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.code, code));
  if (other && other.id !== exceptId) {
    const msg = `A promo code ${code} already exists`;
    throw badRequest(`code: ${msg}`, { code: msg });
  }
}

function valuesOf(input: PromoCodeInput, at: Date) {
  return {
    code: input.code,
    kind: input.kind,
    percent: input.percent,
    amountCents: input.amountCents,
    currency: DEFAULT_CURRENCY,
    adventureIds: input.adventure_ids,
    validFrom: input.valid_from,
    validTo: input.valid_to,
    tripFrom: input.trip_from,
    tripTo: input.trip_to,
    maxUses: input.max_uses,
    maxUsesPerEmail: input.max_uses_per_email,
    minGroupSize: input.min_group_size,
    firstBookingOnly: input.first_booking_only,
    isActive: input.is_active,
    note: input.note,
    updatedAt: at,
  };
}

/** A code's fields as the audit log records them (its times are the entry's own). */
function audited(row: PromoCodeRow): Record<string, unknown> {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** Writes a code's new values and records the change, in one transaction; null when there is no such code. */
async function writeCode(
  db: DB,
  id: string,
  values: Partial<typeof promoCodes.$inferInsert>,
  action: string,
): Promise<PromoCodeRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for("update");
    if (!before) return null;
    const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
    await recordAudit(tx, {
      action,
      entity: "promo_code",
      entityId: id,
      before: audited(before),
      after: audited(row),
    });
    return row;
  });
}

export async function createPromoCode(db: DB, input: PromoCodeInput, at: Date) {
  await checkAdventures(db, input.adventure_ids);
  await checkCodeFree(db, input.code, null);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(promoCodes)
      .values({ ...valuesOf(input, at), createdAt: at })
      .returning();
    await recordAudit(tx, {
      action: "create",
      entity: "promo_code",
      entityId: created.id,
      after: audited(created),
    });
    return created;
  });
  return viewOf(row, NO_STATS);
}

/** Edits apply to later bookings; a booking keeps the code text and discount it was made with. */
export async function updatePromoCode(db: DB, id: string, input: PromoCodeInput, at: Date) {
  await checkAdventures(db, input.adventure_ids);
  await checkCodeFree(db, input.code, id);
  const row = await writeCode(db, id, valuesOf(input, at), "update");
  if (!row) throw notFound("Promo code not found");
  return viewOf(row, (await statsFor(db, [id])).get(id) ?? NO_STATS);
}

export async function deactivatePromoCode(db: DB, id: string, at: Date) {
  const row = await writeCode(db, id, { isActive: false, updatedAt: at }, "deactivate");
  if (!row) throw notFound("Promo code not found");
  return viewOf(row, (await statsFor(db, [id])).get(id) ?? NO_STATS);
}

/** Adventures to choose from in the code's form. */
export async function adventureChoices(db: DB) {
  return db
    .select({ id: adventures.id, title: adventures.title })
    .from(adventures)
    .where(isNotNull(adventures.id))
    .orderBy(adventures.title);
}
