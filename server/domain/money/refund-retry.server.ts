/**
 * The operator's "Retry refund" for a booking whose refund has not gone
 * through, recorded in the audit log in the transaction that moves each
 * refund back to pending (or claims it again under a new key).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { payments, refunds } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.server.ts";
import {
  claimRefund,
  type RefundDeps,
  type RefundReason,
  refundFields,
  sendRefund,
} from "./refunds.server.ts";

/**
 * The operator's "Retry refund": every refund of the booking that has not
 * reached the provider is sent now with its own key; one the provider took
 * and then failed (a closed card, say) is claimed again under a new key,
 * because the old key would only replay the failure.
 */
export async function retryBookingRefunds(deps: RefundDeps, bookingId: string): Promise<number> {
  const { db, now } = deps;
  const at = now();
  const open = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, bookingId), inArray(refunds.status, ["pending", "failed"])))
    .orderBy(asc(refunds.createdAt));
  const toSend: string[] = [];
  for (const r of open) {
    if (!r.providerRefundId) {
      // Never reached the provider: the same key again.
      await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(refunds)
          .set({ status: "pending", nextAttemptAt: at, attempts: 0, updatedAt: at })
          .where(and(eq(refunds.id, r.id), inArray(refunds.status, ["pending", "failed"])))
          .returning();
        if (!moved) return;
        await recordAudit(tx, {
          action: "retry",
          entity: "refund",
          entityId: r.id,
          bookingId: r.bookingId,
          before: { status: r.status, attempts: r.attempts, failure_reason: r.failureReason },
          after: { status: moved.status, attempts: moved.attempts, failure_reason: moved.failureReason },
        });
      });
      toSend.push(r.id);
    } else if (r.status === "failed") {
      const again = await db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, r.paymentId)).for("update");
        // The failed one stays as history (canceled: replaced by the new attempt), and is not retried again.
        const [moved] = await tx
          .update(refunds)
          .set({ status: "canceled", updatedAt: at })
          .where(and(eq(refunds.id, r.id), eq(refunds.status, "failed")))
          .returning();
        if (!moved || !payment) return null;
        const n = (await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, payment.id)))
          .length;
        const claimed = await claimRefund(tx, {
          payment,
          bookingId: r.bookingId,
          amountCents: r.amountCents,
          reason: r.reason as RefundReason,
          at,
          key: `${r.idempotencyKey}:${n + 1}`,
          note: r.note ?? undefined,
        });
        if (claimed) {
          await recordAudit(tx, {
            action: "retry",
            entity: "refund",
            entityId: claimed.id,
            bookingId: r.bookingId,
            before: null,
            after: { ...refundFields(claimed), replaces: r.id },
          });
        }
        return claimed;
      });
      if (again) toSend.push(again.id);
    }
  }
  for (const id of toSend) await sendRefund(deps, id);
  return toSend.length;
}
