/**
 * Gift vouchers bought on the site: a checkout of kind "voucher" like a
 * custom payment (ledger row and voucher first, status creating / pending
 * payment, so the open-checkout cap counts it from the start), activated by
 * the one idempotent fulfil when the payment settles. Activation is a
 * conditional update from pending_payment, so the webhook, the status check
 * and the sweep may race and the voucher still becomes active, and its code
 * is emailed, exactly once.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { DEFAULT_CURRENCY } from "../../../app/lib/currency.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { isPaid } from "../../../app/lib/paid.ts";
import type { SiteInfo } from "../../../app/lib/site.ts";
import type { GiftVoucherInput } from "../../../app/lib/vouchers.ts";
import { voucherCodeHint } from "../../../app/lib/vouchers.ts";
import type { DB } from "../../db/client.server.ts";
import { type PaymentRow, payments, type VoucherRow, vouchers } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { giftReceiptEmail, voucherCodeEmail } from "../../email/voucher-templates.server.ts";
import { SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";
import { reserveCheckoutSlot } from "../money/checkout-cap.server.ts";
import {
  type BookingDeps,
  CHECKOUT_TTL_MS,
  type CheckoutClient,
  creatingSessionId,
  findPayment,
  openLedgerCheckout,
  returnSite,
} from "../money/checkout-ledger.server.ts";
import { assignNewCode, issueVoucher, VOUCHER_VALIDITY_MS } from "./vouchers.server.ts";

/** Gift vouchers are sold in the site's own currency. */
const GIFT_CURRENCY = DEFAULT_CURRENCY;

/** Where the visitor lands after paying, and where Cancel at the checkout leads back to. */
export const GIFT_SUCCESS_PATH = "/gift-vouchers/success";
export const GIFT_CANCELLED_PATH = "/gift-vouchers?cancelled=1";

/** Opens the checkout for a gift voucher; answers the checkout's address. */
export async function openGiftVoucherCheckout(
  deps: BookingDeps,
  input: GiftVoucherInput,
  client: CheckoutClient = {},
): Promise<{ url: string; session_id: string }> {
  const { db, env, log, now } = deps;
  const at = now();
  const paymentId = randomUUID();
  const expiresAt = new Date(at.getTime() + CHECKOUT_TTL_MS);
  const successUrl = `${returnSite(deps)}${GIFT_SUCCESS_PATH}?session_id=${SESSION_PLACEHOLDER}`;

  await db.transaction(async (tx) => {
    await reserveCheckoutSlot(
      tx,
      { email: input.purchaserEmail, clientKey: client.clientKey },
      env.MAX_OPEN_CHECKOUTS,
      at,
    );
    await tx.insert(payments).values({
      id: paymentId,
      provider: deps.payments.name,
      sessionId: creatingSessionId(paymentId),
      kind: "voucher",
      unitAmountCents: input.amountCents,
      quantity: 1,
      amountTotalCents: input.amountCents,
      currency: GIFT_CURRENCY,
      status: "creating",
      customerEmail: input.purchaserEmail,
      metadata: {},
      clientKey: client.clientKey ?? null,
      expiresAt,
      createdAt: at,
    });
    await issueVoucher(tx, {
      amountCents: input.amountCents,
      currency: GIFT_CURRENCY,
      source: "gift",
      status: "pending_payment",
      paymentId,
      purchaserName: input.purchaserName,
      purchaserEmail: input.purchaserEmail,
      // Without a recipient the voucher is the buyer's own.
      recipientName: input.recipientEmail ? input.recipientName : input.purchaserName,
      recipientEmail: input.recipientEmail || input.purchaserEmail,
      message: input.message,
      at,
    });
  });

  const opened = await openLedgerCheckout(
    deps,
    paymentId,
    {
      kind: "voucher",
      name: "Gift voucher",
      description: `${formatMoney(input.amountCents, GIFT_CURRENCY, true)} gift voucher`,
      unitAmountCents: input.amountCents,
      quantity: 1,
      currency: GIFT_CURRENCY,
      customerEmail: input.purchaserEmail,
      successUrl,
      expiresAt,
      metadata: { kind: "voucher", payment_id: paymentId },
    },
    () => `${returnSite(deps)}${GIFT_CANCELLED_PATH}`,
  );
  log.info("gift voucher checkout opened", { payment: paymentId, total: input.amountCents });
  return opened;
}

/**
 * The gift voucher of a payment that has just been claimed as paid, inside
 * fulfil's transaction: pending_payment -> active (once), valid for the full
 * term from today, and its code emailed to the recipient with the buyer's
 * receipt (each one outbox row by dedupe key).
 */
export async function activateGiftVoucher(
  tx: DB,
  m: { payment: PaymentRow; site: SiteInfo; notify: string; publicUrl: string; at: Date },
): Promise<VoucherRow | null> {
  const { payment, site, at } = m;
  const [activated] = await tx
    .update(vouchers)
    .set({ status: "active", expiresAt: new Date(at.getTime() + VOUCHER_VALIDITY_MS), updatedAt: at })
    .where(and(eq(vouchers.paymentId, payment.id), eq(vouchers.status, "pending_payment")))
    .returning();
  if (!activated) return null;
  // The code is minted now, once paid, in the transaction that queues the emails carrying it.
  const v = await assignNewCode(tx, activated.id, at);
  await enqueueEmail(tx, {
    kind: "voucher_code",
    to: v.recipientEmail,
    ...voucherCodeEmail(v, v.code, site, m.publicUrl),
    dedupeKey: `voucher_code:${v.id}`,
  });
  if (v.purchaserEmail && v.purchaserEmail.toLowerCase() !== v.recipientEmail.toLowerCase()) {
    await enqueueEmail(tx, {
      kind: "voucher_receipt",
      to: v.purchaserEmail,
      ...giftReceiptEmail(v, v.code, site),
      dedupeKey: `voucher_receipt:${v.id}`,
    });
  }
  const money = formatMoney(v.initialCents, v.currency, true);
  await enqueueEmail(tx, {
    kind: "voucher_notice",
    to: m.notify,
    subject: `Gift voucher sold: ${money}`,
    text: `${v.purchaserName} (${v.purchaserEmail}) bought a gift voucher of ${money} for ${v.recipientName || v.recipientEmail}.\nVoucher: ${voucherCodeHint(v.codeSuffix)}`,
    dedupeKey: `voucher_notice:${v.id}`,
  });
  return v;
}

/** What the success page shows for a gift voucher checkout: never the code. */
export async function giftVoucherStatus(deps: BookingDeps, sessionId: string) {
  const payment = await findPayment(deps, sessionId);
  if (payment?.kind !== "voucher") return null;
  const [v] = await deps.db.select().from(vouchers).where(eq(vouchers.paymentId, payment.id));
  if (!v) return null;
  return {
    state:
      isPaid(payment) && v.status === "active"
        ? ("paid" as const)
        : payment.status === "open" || payment.status === "creating"
          ? ("pending" as const)
          : ("closed" as const),
    amountCents: v.initialCents,
    currency: v.currency,
    recipientName: v.recipientName,
    recipientEmail: v.recipientEmail,
    purchaserEmail: v.purchaserEmail,
  };
}
