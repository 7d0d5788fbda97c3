/**
 * The operator's bookings as a CSV download, with the list's filter. Once the
 * operator has made any promo code, two columns follow the others: the code a
 * booking used and its discount (dollars); until then the file is as before.
 */
import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { csvLine, csvRecord } from "../../csv.server.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, bookings, promoCodes } from "../../db/schema.ts";
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

const PROMO_COLUMNS = [...CSV_COLUMNS, "promo_code", "promo_discount"] as const;

function csvRow(b: AdminBooking, row: BookingRow, withPromo: boolean): string {
  const values = {
    ...b,
    total_amount: b.total_amount.toFixed(2),
    refund_amount: b.refund_amount.toFixed(2),
  };
  if (!withPromo) return csvRecord(CSV_COLUMNS, values);
  return csvRecord(PROMO_COLUMNS, {
    ...values,
    promo_code: row.promoCode ?? "",
    promo_discount: row.promoDiscountCents ? (row.promoDiscountCents / 100).toFixed(2) : "",
  });
}

/** Every matching booking as CSV lines, read in keyset batches (bounded memory). */
export async function* bookingsCsv(db: DB, filter: BookingFilter, batch = 1000): AsyncGenerator<string> {
  const withPromo = (await db.select({ id: promoCodes.id }).from(promoCodes).limit(1)).length > 0;
  yield csvLine(withPromo ? PROMO_COLUMNS : CSV_COLUMNS);
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
    yield admin.map((b, i) => csvRow(b, rows[i], withPromo)).join("");
    if (rows.length < batch) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.createdAt, id: last.id };
  }
}
