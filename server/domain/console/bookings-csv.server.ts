/**
 * The operator's bookings as a CSV download, with the list's filter. Once the
 * operator has made any promo code, two columns follow the others: the code a
 * booking used and its discount (dollars); once any adventure sells extras,
 * one more: what the booking's extras come to (dollars). Until then the file
 * is as before.
 */
import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { extrasCents } from "../../../app/lib/price-lines.ts";
import { csvLine, csvRecord } from "../../csv.server.ts";
import type { DB } from "../../db/client.server.ts";
import { adventureExtras, type BookingRow, bookings, promoCodes } from "../../db/schema.ts";
import {
  type AdminBooking,
  type BookingFilter,
  bookingWhere,
  toAdminBookings,
} from "./admin-bookings.server.ts";

const CSV_COLUMNS = [
  "reference",
  "created_at",
  "adventure_title",
  "selected_date",
  "start_time",
  "customer_first_name",
  "customer_last_name",
  "customer_email",
  "customer_phone",
  "group_size",
  "total_amount",
  "currency",
  "booking_status",
  "payment_status",
  "refund_amount",
  "special_requirements",
] as const;

const PROMO_COLUMNS = ["promo_code", "promo_discount"] as const;
const EXTRAS_COLUMNS = ["extras_amount"] as const;

interface Extra {
  promo: boolean;
  extras: boolean;
}

function columnsOf(extra: Extra): readonly string[] {
  return [...CSV_COLUMNS, ...(extra.promo ? PROMO_COLUMNS : []), ...(extra.extras ? EXTRAS_COLUMNS : [])];
}

const money = (cents: number) => (cents ? (cents / 100).toFixed(2) : "");

function csvRow(b: AdminBooking, row: BookingRow, extra: Extra): string {
  return csvRecord(columnsOf(extra), {
    ...b,
    total_amount: b.total_amount.toFixed(2),
    refund_amount: b.refund_amount.toFixed(2),
    promo_code: row.promoCode ?? "",
    promo_discount: money(row.promoDiscountCents),
    // The part of total_amount's subtotal that is extras (before any promo discount).
    extras_amount: money(extrasCents(row.priceLines)),
  });
}

/** Every matching booking as CSV lines, read in keyset batches (bounded memory). */
export async function* bookingsCsv(db: DB, filter: BookingFilter, batch = 1000): AsyncGenerator<string> {
  const extra: Extra = {
    promo: (await db.select({ id: promoCodes.id }).from(promoCodes).limit(1)).length > 0,
    extras: (await db.select({ id: adventureExtras.id }).from(adventureExtras).limit(1)).length > 0,
  };
  yield csvLine(columnsOf(extra));
  const base = bookingWhere(filter);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          lt(bookings.createdAt, after.createdAt),
          and(eq(bookings.createdAt, after.createdAt), lt(bookings.id, after.id)),
        )
      : undefined;
    const rows: BookingRow[] = await db
      .select()
      .from(bookings)
      .where(and(base, cursor))
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(batch);
    if (!rows.length) return;
    const admin = await toAdminBookings(db, rows);
    yield admin.map((b, i) => csvRow(b, rows[i], extra)).join("");
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
