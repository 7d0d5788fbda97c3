/** What the bookings list says about each booking's latest refund. */
import { and, desc, inArray, sql } from "drizzle-orm";
import { formatMoney } from "../../../app/lib/money.ts";
import type { DB } from "../../db/client.server.ts";
import { type RefundStatus, refunds } from "../../db/schema.ts";

/** One refund's state as the bookings list shows it. */
export interface RefundNote {
  refund_status: RefundStatus | null;
  /** Set when the operator should act or know; null when all is well. */
  refund_attention: string | null;
}

/**
 * The latest refund of each booking: a refund the provider has not taken yet,
 * or that failed, is something the operator must see.
 */
export async function refundNotes(db: DB, bookingIds: string[]): Promise<Map<string, RefundNote>> {
  const out = new Map<string, RefundNote>();
  if (!bookingIds.length) return out;
  const rows = await db
    .select()
    .from(refunds)
    .where(and(inArray(refunds.bookingId, bookingIds), sql`${refunds.status} <> 'canceled'`))
    .orderBy(desc(refunds.createdAt));
  for (const r of rows) {
    if (!r.bookingId || out.has(r.bookingId)) continue;
    const money = formatMoney(r.amountCents, r.currency, true);
    let note: string | null = null;
    if (r.status === "failed") {
      note = `The refund of ${money} failed${r.failureReason ? ` (${r.failureReason})` : ""}. Use Retry refund; it is never paid twice.`;
    } else if (r.status === "pending" && r.failureReason) {
      // A pending refund keeps a reason only from a failed call to the provider (sendRefund):
      // the provider's own answers clear it, so it has not reached the provider yet.
      note = `The refund of ${money} has not reached the payment provider yet (${r.failureReason}). It is retried automatically, or use Retry refund.`;
    }
    out.set(r.bookingId, { refund_status: r.status, refund_attention: note });
  }
  return out;
}
