/**
 * Money going back, exactly once. A refund is first claimed as a `refunds`
 * row (status pending) in the same transaction as the change that causes it,
 * with an idempotency key derived from the payment and the reason; only after
 * that commit is the provider asked, always with that key, so a repeat, a
 * retry or a second process can never refund twice. The provider's answer and
 * its refund webhooks move the row on; payments.refunded_cents counts only
 * refunds the provider reports as succeeded.
 */
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { type PaymentRow, payments, type RefundStatus, refunds } from "../../db/schema.ts";
import type { Logger } from "../../log.server.ts";
import type { PaymentProvider, ProviderRefund } from "../../payments/provider.server.ts";
import { issueRefundNote } from "./invoices.server.ts";

export type RefundRow = typeof refunds.$inferSelect;

export interface RefundDeps {
  db: DB;
  log: Logger;
  payments: PaymentProvider;
  now: () => Date;
}

/** Why money goes back; part of the idempotency key, so each reason refunds a payment at most once. */
export type RefundReason = "cancellation" | "late_payment" | "provider" | "reschedule" | "operator";

/** After this many unanswered provider calls a refund is marked failed and waits for the operator. */
const MAX_REFUND_ATTEMPTS = 8;

/** The one key a refund is ever sent with: the same payment, booking and reason give the same key. */
function refundKey(paymentId: string, bookingId: string | null, reason: RefundReason): string {
  return bookingId ? `refund:${paymentId}:${bookingId}:${reason}` : `refund:${paymentId}:${reason}`;
}

/** Payment states that mean money was taken (and may still be refunded). */
export const REFUNDABLE_STATES = ["paid", "partially_refunded"];

/**
 * Every payment of a booking that took money (its own checkout and any paid
 * date-change difference), locked, latest first: a refund of the booking
 * spreads over them.
 */
export async function lockPaidPayments(tx: DB, bookingId: string): Promise<PaymentRow[]> {
  return tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.paymentStatus, REFUNDABLE_STATES)))
    .orderBy(desc(payments.paidAt))
    .for("update");
}

/**
 * Claims `amountCents` of a booking back across its paid payments (latest
 * first, each never beyond what is left of it), inside the caller's
 * transaction. Each claim has its own key per payment, so a repeat adds nothing.
 */
export async function claimBookingRefund(
  tx: DB,
  claim: {
    payments: PaymentRow[];
    bookingId: string;
    amountCents: number;
    reason: RefundReason;
    at: Date;
    /** The key per payment; the default derives it from the payment, booking and reason. */
    key?: (payment: PaymentRow) => string;
    /** The operator's words for a refund they chose. */
    note?: string;
  },
): Promise<RefundRow[]> {
  const out: RefundRow[] = [];
  let left = claim.amountCents;
  for (const payment of claim.payments) {
    if (left <= 0) break;
    const row = await claimRefund(tx, {
      payment,
      bookingId: claim.bookingId,
      amountCents: left,
      reason: claim.reason,
      at: claim.at,
      key: claim.key?.(payment),
      note: claim.note,
    });
    if (!row) continue;
    out.push(row);
    left -= row.amountCents;
  }
  return out;
}

/** What is left to refund: paid, less what the provider refunded, less refunds still on their way. */
export async function refundableCents(tx: DB, payment: PaymentRow): Promise<number> {
  const [{ pending }] = await tx
    .select({ pending: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, "pending")));
  return Math.max(0, payment.amountTotalCents - payment.refundedCents - pending);
}

/**
 * Claims a refund inside the caller's transaction. A second claim with the
 * same key finds the first and adds nothing. Never more than what is left.
 */
export async function claimRefund(
  tx: DB,
  claim: {
    payment: PaymentRow;
    bookingId: string | null;
    amountCents: number;
    reason: RefundReason;
    at: Date;
    key?: string;
    note?: string;
  },
): Promise<RefundRow | null> {
  const key = claim.key ?? refundKey(claim.payment.id, claim.bookingId, claim.reason);
  const cents = Math.min(claim.amountCents, await refundableCents(tx, claim.payment));
  if (cents <= 0) return null;
  const [row] = await tx
    .insert(refunds)
    .values({
      paymentId: claim.payment.id,
      bookingId: claim.bookingId,
      amountCents: cents,
      currency: claim.payment.currency,
      reason: claim.reason,
      note: claim.note ?? null,
      status: "pending",
      idempotencyKey: key,
      nextAttemptAt: claim.at,
      createdAt: claim.at,
      updatedAt: claim.at,
    })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  if (row) {
    // Money the customer gets back lowers what was invoiced: an adjustment note, issued with the claim.
    // A date change's difference is adjusted with the change itself, and a late payment was never invoiced.
    if (claim.reason === "cancellation" || claim.reason === "operator" || claim.reason === "provider") {
      await issueRefundNote(tx, row, claim.payment);
    }
    return row;
  }
  const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return existing ?? null;
}

/**
 * Moves a refund to the provider's status, once per change: payments.refunded_cents
 * gains the amount when the refund succeeds and loses it if a succeeded refund
 * later fails (the provider's refund.failed), and payment_status follows.
 */
export async function applyProviderRefund(
  db: DB,
  refundId: string,
  update: ProviderRefund,
  at: Date,
): Promise<RefundRow | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!current) return null;
    const next: RefundStatus = update.status;
    // Events arrive in any order: a final state is never undone, and only a
    // succeeded refund may still fail (the bank returns it).
    const final = current.status === "failed" || current.status === "canceled";
    if (final || (current.status === "succeeded" && next === "pending")) {
      if (current.providerRefundId) return current;
      const [row] = await tx
        .update(refunds)
        .set({ providerRefundId: update.refundId, updatedAt: at })
        .where(eq(refunds.id, refundId))
        .returning();
      return row;
    }
    const counted = (s: RefundStatus) => (s === "succeeded" ? current.amountCents : 0);
    const delta = counted(next) - counted(current.status);
    const [row] = await tx
      .update(refunds)
      .set({
        status: next,
        providerRefundId: current.providerRefundId ?? update.refundId,
        failureReason: next === "failed" || next === "canceled" ? (update.failureReason ?? "declined") : null,
        nextAttemptAt: null,
        updatedAt: at,
      })
      .where(eq(refunds.id, refundId))
      .returning();
    if (delta !== 0) {
      const refunded = sql`greatest(0, least(${payments.amountTotalCents}, ${payments.refundedCents} + ${delta}))`;
      await tx
        .update(payments)
        .set({
          refundedCents: refunded,
          paymentStatus: sql`case when ${refunded} >= ${payments.amountTotalCents} then 'refunded' when ${refunded} > 0 then 'partially_refunded' else 'paid' end`,
          updatedAt: at,
        })
        .where(eq(payments.id, current.paymentId));
    }
    return row;
  });
}

/**
 * Asks the provider for a claimed refund. Only the caller whose conditional
 * update takes the attempt calls out (one process at a time per refund);
 * an error leaves the refund pending with the reason and a later attempt time.
 */
export async function sendRefund(deps: RefundDeps, refundId: string): Promise<RefundRow | null> {
  const { db, log, now } = deps;
  const at = now();
  const [claimed] = await db
    .update(refunds)
    .set({
      attempts: sql`${refunds.attempts} + 1`,
      nextAttemptAt: sql`${at.toISOString()}::timestamptz + (least(60, power(2, ${refunds.attempts})) * interval '1 minute')`,
      updatedAt: at,
    })
    .where(
      and(
        eq(refunds.id, refundId),
        eq(refunds.status, "pending"),
        isNull(refunds.providerRefundId),
        or(isNull(refunds.nextAttemptAt), lte(refunds.nextAttemptAt, at)),
      ),
    )
    .returning();
  if (!claimed) return null;
  const [payment] = await db.select().from(payments).where(eq(payments.id, claimed.paymentId));
  try {
    if (!payment) throw new Error("The payment of this refund is missing");
    // Money the operator took by hand (cash, bank transfer) goes back by hand: no provider
    // holds it, so the refund is recorded as made and the booking's page shows it to hand back.
    const result: ProviderRefund =
      payment.provider === "manual"
        ? { refundId: `manual:${claimed.id}`, status: "succeeded" }
        : await deps.payments.refund({
            sessionId: payment.sessionId,
            amountCents: claimed.amountCents,
            idempotencyKey: claimed.idempotencyKey,
            metadata: {
              refund_id: claimed.id,
              payment_id: claimed.paymentId,
              ...(claimed.bookingId ? { booking_id: claimed.bookingId } : {}),
            },
          });
    const row = await applyProviderRefund(db, claimed.id, result, now());
    log.info("refund sent", {
      refund: claimed.id,
      booking: claimed.bookingId,
      cents: claimed.amountCents,
      status: result.status,
      attempt: claimed.attempts,
    });
    return row;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const giveUp = claimed.attempts >= MAX_REFUND_ATTEMPTS;
    const [row] = await db
      .update(refunds)
      .set({
        failureReason: reason,
        ...(giveUp ? { status: "failed" as const, nextAttemptAt: null } : {}),
        updatedAt: now(),
      })
      .where(and(eq(refunds.id, claimed.id), eq(refunds.status, "pending")))
      .returning();
    log.error("refund not made yet", {
      refund: claimed.id,
      booking: claimed.bookingId,
      attempt: claimed.attempts,
      gaveUp: giveUp,
      error,
    });
    return row ?? null;
  }
}

/** Sends every refund whose next attempt is due; the hold sweeper runs this every minute. */
export async function retryDueRefunds(deps: RefundDeps, limit = 20): Promise<{ sent: number }> {
  const due = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, "pending"),
        isNull(refunds.providerRefundId),
        lte(refunds.nextAttemptAt, deps.now()),
      ),
    )
    .orderBy(asc(refunds.nextAttemptAt))
    .limit(limit);
  let sent = 0;
  for (const { id } of due) {
    const row = await sendRefund(deps, id);
    if (row?.providerRefundId) sent++;
  }
  return { sent };
}

/** A refund as the audit log records it: the amount, why, and the payment it goes back to. */
export function refundFields(r: RefundRow) {
  return {
    amount_cents: r.amountCents,
    currency: r.currency,
    reason: r.reason,
    note: r.note,
    payment_id: r.paymentId,
    status: r.status,
  };
}

/** Finds our refund for a provider refund: by its id, else by the refund_id we set in its metadata. */
export async function findRefundFor(
  db: DB,
  providerRefundId: string,
  metadataRefundId: string | undefined,
): Promise<RefundRow | null> {
  const [byId] = await db.select().from(refunds).where(eq(refunds.providerRefundId, providerRefundId));
  if (byId) return byId;
  if (!metadataRefundId || metadataRefundId.length > 100) return null;
  const [byMeta] = await db.select().from(refunds).where(eq(refunds.id, metadataRefundId));
  return byMeta ?? null;
}
