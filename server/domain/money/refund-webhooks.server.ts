/**
 * The provider's refund webhooks bring our refunds in line with its own:
 * refund.created / refund.updated / refund.failed carry one refund,
 * charge.refunded the charge with its refunds. A refund is found by its
 * provider id or by the refund_id we put in its metadata; one made outside
 * this site (in the provider's dashboard) is recorded too, so the ledger
 * counts every cent that went back. A refund that fails is put in front of
 * the operator: in the bookings list and by email.
 */
import { eq } from "drizzle-orm";
import { formatMoney } from "../../../app/lib/money.ts";
import { bookings, payments, refunds } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { toRefund } from "../../payments/stripe.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import { applyProviderRefund, findRefundFor, type RefundDeps, type RefundRow } from "./refunds.server.ts";

interface ProviderRefundObject {
  id?: unknown;
  status?: unknown;
  amount?: unknown;
  currency?: unknown;
  failure_reason?: unknown;
  payment_intent?: unknown;
  metadata?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v.length <= 255 ? v : undefined);

export async function reconcileRefund(deps: RefundDeps, object: ProviderRefundObject): Promise<void> {
  const id = str(object.id);
  if (!id) return;
  const metadata = (object.metadata && typeof object.metadata === "object" ? object.metadata : {}) as Record<
    string,
    unknown
  >;
  let ours = await findRefundFor(deps.db, id, str(metadata.refund_id));
  ours ??= await adoptOutsideRefund(deps, id, object);
  if (!ours) {
    deps.log.info("refund event for a payment that is not ours", { refund: id });
    return;
  }
  const update = toRefund({
    id,
    status: str(object.status),
    failure_reason: str(object.failure_reason),
  });
  const before = ours.status;
  const after = await applyProviderRefund(deps.db, ours.id, update, deps.now());
  if (after && after.status === "failed" && before !== "failed") await noticeFailedRefund(deps, after);
}

export async function reconcileChargeRefunds(
  deps: RefundDeps,
  charge: Record<string, unknown>,
): Promise<void> {
  const list = (charge.refunds as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(list)) {
    // Newer API versions leave the list out: each refund has its own refund.* event.
    deps.log.info("charge.refunded without its refunds; waiting for the refund events");
    return;
  }
  for (const r of list) {
    if (r && typeof r === "object") {
      await reconcileRefund(deps, { payment_intent: charge.payment_intent, ...(r as ProviderRefundObject) });
    }
  }
}

/** A refund made at the provider directly, for one of our payments: recorded as our own. */
async function adoptOutsideRefund(
  deps: RefundDeps,
  providerRefundId: string,
  object: ProviderRefundObject,
): Promise<RefundRow | null> {
  const intent = str(object.payment_intent);
  const amount = typeof object.amount === "number" && Number.isInteger(object.amount) ? object.amount : 0;
  if (!intent || amount <= 0) return null;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.providerPaymentId, intent));
  if (!payment) return null;
  const at = deps.now();
  const [row] = await deps.db
    .insert(refunds)
    .values({
      paymentId: payment.id,
      bookingId: payment.bookingId,
      amountCents: amount,
      currency: payment.currency,
      reason: "provider",
      status: "pending",
      idempotencyKey: `provider:${providerRefundId}`,
      providerRefundId,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing()
    .returning();
  if (row) deps.log.warn("recorded a refund made at the provider", { payment: payment.id, cents: amount });
  return row ?? (await findRefundFor(deps.db, providerRefundId, undefined));
}

async function noticeFailedRefund(deps: RefundDeps, refund: RefundRow): Promise<void> {
  const { db } = deps;
  const content = await loadSiteContent(db);
  const to = await getNotificationEmail(db, content);
  let about = "a custom payment";
  if (refund.bookingId) {
    const [b] = await db
      .select({ reference: bookings.reference, name: bookings.customerFirstName })
      .from(bookings)
      .where(eq(bookings.id, refund.bookingId));
    if (b) about = `booking ${b.reference} (${b.name})`;
  }
  const money = formatMoney(refund.amountCents, refund.currency, true);
  await enqueueEmail(db, {
    kind: "refund_failed",
    bookingId: refund.bookingId,
    to,
    subject: `A refund of ${money} failed`,
    text: [
      `The payment provider could not make the refund of ${money} for ${about}${refund.failureReason ? `: ${refund.failureReason}` : ""}.`,
      "",
      "The booking is marked in the bookings list; use Retry refund there, or contact the customer.",
    ].join("\n"),
    dedupeKey: `refund_failed:${refund.id}`,
  });
}
