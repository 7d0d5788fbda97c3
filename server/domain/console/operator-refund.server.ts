/**
 * A refund of an amount the operator chooses, with their reason, on the
 * booking's console page. It takes the cancellation's path (ADR 6): in one
 * transaction the booking's paid payments are locked, what is left of them is
 * worked out and the refund is claimed as pending rows; only after the commit
 * is the provider asked. The key is the form's request key, made when the form
 * was shown, so a double submit or a retry answers the refund already claimed,
 * and two operators' refunds are planned one after the other on the locked
 * payments, never past what was paid. The booking's status stays as it is.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { formatMoney } from "../../../app/lib/money.ts";
import { bookings, type PaymentRow, refunds } from "../../db/schema.ts";
import { HttpError } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import {
  claimBookingRefund,
  lockPaidPayments,
  type RefundDeps,
  type RefundRow,
  refundableCents,
  refundFields,
  sendRefund,
} from "../money/refunds.server.ts";
import { loadBooking } from "./admin-bookings.server.ts";

export interface OperatorRefundInput {
  amountCents: number;
  reason: string;
  requestKey: string;
}

export interface OperatorRefundResult {
  /** The refund rows (one per payment it was spread over), as they stand after the provider was asked. */
  refunds: RefundRow[];
  amountCents: number;
  /** True when this request key had refunded already: nothing new was claimed. */
  repeated: boolean;
}

/** 409 on the amount field: the request was well formed, the booking cannot take it. */
const overCap = (detail: string) => new HttpError(409, `amount: ${detail}`, { amount: detail });

export async function operatorRefund(
  deps: RefundDeps,
  bookingId: string,
  input: OperatorRefundInput,
): Promise<OperatorRefundResult> {
  const { db, log, now } = deps;
  const at = now();
  const booking = await loadBooking(db, bookingId);
  const suffix = `:${bookingId}:operator:${input.requestKey}`;
  const keyFor = (payment: PaymentRow) => `refund:${payment.id}${suffix}`;

  const claimed = await db.transaction(async (tx) => {
    // The booking row first, then its payments: the order a cancellation and a change take them,
    // so two of them at once wait for each other instead of deadlocking.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for("update");
    const paid = await lockPaidPayments(tx, bookingId);
    // Read after the lock: a submit of the same form that got here first has committed its rows.
    const earlier = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.bookingId, bookingId), like(refunds.idempotencyKey, `refund:%${suffix}`)));
    if (earlier.length > 0) return { rows: earlier, repeated: true };
    let left = 0;
    for (const payment of paid) left += await refundableCents(tx, payment);
    if (left <= 0) throw overCap("Nothing is left to refund on this booking.");
    if (input.amountCents > left) {
      throw overCap(
        `At most ${formatMoney(left, booking.currency, true)} is left to refund on this booking.`,
      );
    }
    const rows = await claimBookingRefund(tx, {
      payments: paid,
      bookingId,
      amountCents: input.amountCents,
      reason: "operator",
      at,
      key: keyFor,
      note: input.reason,
    });
    const cents = rows.reduce((sum, r) => sum + r.amountCents, 0);
    const [after] = await tx
      .update(bookings)
      .set({ refundAmountCents: sql`${bookings.refundAmountCents} + ${cents}`, updatedAt: at })
      .where(eq(bookings.id, bookingId))
      .returning({ refundAmountCents: bookings.refundAmountCents });
    // One entry per refund row (per payment it goes back to): its amount and the operator's reason.
    for (const row of rows) {
      await recordAudit(tx, {
        action: "refund",
        entity: "refund",
        entityId: row.id,
        bookingId,
        before: { booking_refund_amount_cents: after.refundAmountCents - cents },
        after: { ...refundFields(row), booking_refund_amount_cents: after.refundAmountCents },
      });
    }
    return { rows, repeated: false };
  });

  const out: RefundRow[] = [];
  for (const row of claimed.rows) {
    // A repeat never calls out: the first request (or the minute sweep) sends what it claimed.
    out.push(claimed.repeated ? row : ((await sendRefund(deps, row.id)) ?? row));
  }
  const amountCents = out.reduce((sum, r) => sum + r.amountCents, 0);
  log.info("operator refund claimed", {
    booking: bookingId,
    cents: amountCents,
    refunds: out.length,
    repeated: claimed.repeated,
  });
  return { refunds: out, amountCents, repeated: claimed.repeated };
}
