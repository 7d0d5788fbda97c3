/**
 * Custom payments: an amount the visitor (or a link the operator shares)
 * names, paid through the same checkout as bookings but tied to no booking.
 * The ledger row exists (status creating) before the provider is asked, so
 * the open-checkout cap counts it from the start.
 */
import { randomUUID } from "node:crypto";
import type { CustomPaymentInput } from "../../../app/lib/booking.ts";
import { formatMoney, toCents } from "../../../app/lib/money.ts";
import { payments } from "../../db/schema.ts";
import { ownUrl, SESSION_PLACEHOLDER, withSessionParam } from "../../payments/urls.server.ts";
import { reserveCheckoutSlot } from "./checkout-cap.server.ts";
import {
  type BookingDeps,
  CHECKOUT_TTL_MS,
  type CheckoutClient,
  creatingSessionId,
  openLedgerCheckout,
  returnSite,
} from "./checkout-ledger.server.ts";

export interface CreatedPayment {
  url: string;
  session_id: string;
}

export async function createCustomPayment(
  deps: BookingDeps,
  input: CustomPaymentInput,
  client: CheckoutClient = {},
): Promise<CreatedPayment> {
  const { db, env, log, now } = deps;
  const unit = toCents(input.amount);
  const total = unit * input.quantity;
  const paymentId = randomUUID();
  const site = returnSite(deps);
  const defaultSuccess = `${site}/book?session_id=${SESSION_PLACEHOLDER}`;
  const successUrl = withSessionParam(ownUrl(input.success_url, site, defaultSuccess));
  const finalCancel = ownUrl(input.cancel_url, site, `${site}/book`);
  const expiresAt = new Date(now().getTime() + CHECKOUT_TTL_MS);
  // The schema already dropped reserved keys; the server's own are set last.
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.metadata)) metadata[k] = String(v);
  metadata.kind = "custom";
  metadata.payment_id = paymentId;
  const money = formatMoney(unit, input.currency, true);

  // The ledger row exists (status creating) before the provider is asked, so
  // the open-checkout cap counts it from the start; the sweeper only looks at open ones.
  await db.transaction(async (tx) => {
    await reserveCheckoutSlot(
      tx,
      { email: input.customer_email || null, clientKey: client.clientKey },
      env.MAX_OPEN_CHECKOUTS,
      now(),
    );
    await tx.insert(payments).values({
      id: paymentId,
      provider: deps.payments.name,
      sessionId: creatingSessionId(paymentId),
      kind: "custom",
      unitAmountCents: unit,
      quantity: input.quantity,
      amountTotalCents: total,
      currency: input.currency,
      status: "creating",
      customerEmail: input.customer_email || null,
      metadata,
      clientKey: client.clientKey ?? null,
      expiresAt,
      createdAt: now(),
    });
  });

  const opened = await openLedgerCheckout(
    deps,
    paymentId,
    {
      kind: "custom",
      name: "Custom payment",
      description: input.quantity > 1 ? `${input.quantity} x ${money}` : money,
      unitAmountCents: unit,
      quantity: input.quantity,
      currency: input.currency,
      customerEmail: input.customer_email || undefined,
      successUrl,
      expiresAt,
      metadata,
    },
    (sessionId) => withSessionParam(finalCancel, sessionId),
  );
  log.info("custom payment opened", { payment: paymentId, total, currency: input.currency });
  return opened;
}
