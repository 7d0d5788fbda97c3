/**
 * Stripe Checkout behind the PaymentProvider interface. Amounts are computed
 * by our server and sent as price_data in cents; confirmation always re-reads
 * the session from Stripe, and webhooks are verified on the raw body.
 */
import { createRequire } from "node:module";
import type Stripe from "stripe";
import { DEFAULT_CURRENCY } from "../../app/lib/currency.ts";
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderRefund,
  type ProviderSessionState,
  type RefundRequest,
  WebhookRejected,
} from "./provider.server.ts";

/**
 * The Stripe SDK (~30 MB resident once loaded) is read when a Stripe provider is
 * made, so a site on the test checkout never holds it. Synchronously, because
 * the provider is made with the other services at start-up.
 */
const loadStripe = (): typeof Stripe => createRequire(import.meta.url)("stripe");

export interface StripeOptions {
  secretKey: string;
  /** Tests only: a local fake of the Stripe API, e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

export interface StripeProviderOptions extends StripeOptions {
  /** whsec_...: without it every webhook delivery is refused. */
  webhookSecret?: string;
  now?: () => Date;
}

function createStripeClient({ secretKey, apiBase }: StripeOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiBase) {
    const url = new URL(apiBase);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "https:" ? 443 : 80);
    config.protocol = url.protocol === "http:" ? "http" : "https";
    config.telemetry = false;
  }
  const StripeClient = loadStripe();
  return new StripeClient(secretKey, config);
}

/** Stripe requires expires_at at least 30 minutes ahead; a minute's margin absorbs clock skew. */
const STRIPE_MIN_EXPIRY_MS = 30 * 60_000 + 60_000;

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider & {
  client: Stripe;
} {
  const client = createStripeClient(options);
  const now = options.now ?? (() => new Date());

  async function retrieve(sessionId: string): Promise<ProviderSessionState> {
    const s = await client.checkout.sessions.retrieve(sessionId);
    return toState(s);
  }

  return {
    name: "stripe",
    client,

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const earliest = now().getTime() + STRIPE_MIN_EXPIRY_MS;
      const expiresAt = new Date(Math.max(request.expiresAt.getTime(), earliest));
      const session = await client.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: request.quantity,
              price_data: {
                currency: request.currency,
                unit_amount: request.unitAmountCents,
                product_data: {
                  name: request.name,
                  ...(request.description ? { description: request.description } : {}),
                },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          metadata: request.metadata,
          payment_intent_data: { metadata: request.metadata },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        },
        // Same booking, same session: a retried request never opens a second one.
        request.metadata.booking_id ? { idempotencyKey: `checkout-${request.metadata.booking_id}` } : {},
      );
      if (!session.url) throw new Error("Stripe did not return a checkout URL");
      return {
        id: session.id,
        url: session.url,
        expiresAt: new Date((session.expires_at ?? expiresAt.getTime() / 1000) * 1000),
      };
    },

    retrieve,

    async expire(sessionId: string): Promise<void> {
      const state = await retrieve(sessionId);
      if (state.status !== "open") return;
      try {
        await client.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Completed or expired meanwhile: the caller re-reads the state.
        const again = await retrieve(sessionId);
        if (again.status === "open") throw error;
      }
    },

    async refund(request: RefundRequest): Promise<ProviderRefund> {
      const session = await client.checkout.sessions.retrieve(request.sessionId);
      const paymentIntent =
        typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error("This checkout session has no payment to refund");
      // Stripe keeps the answer to a key for 24 hours: the same key never refunds twice.
      const refund = await client.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountCents,
          ...(request.metadata ? { metadata: request.metadata } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return toRefund(refund);
    },

    verifyWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
      if (!options.webhookSecret)
        throw new WebhookRejected("Stripe webhooks are not configured on this site");
      if (!signature) throw new WebhookRejected("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch {
        throw new WebhookRejected("Invalid Stripe signature");
      }
      return {
        id: event.id,
        type: event.type,
        object: event.data.object as unknown as ProviderEvent["object"],
      };
    },
  };
}

/** Stripe's refund statuses in ours: requires_action waits on the customer, so it is pending. */
export function toRefund(r: {
  id: string;
  status?: string | null;
  failure_reason?: string | null;
}): ProviderRefund {
  const status =
    r.status === "succeeded" || r.status === "failed" || r.status === "canceled" ? r.status : "pending";
  return { refundId: r.id, status, ...(r.failure_reason ? { failureReason: r.failure_reason } : {}) };
}

function toState(s: Stripe.Checkout.Session): ProviderSessionState {
  const paymentId = typeof s.payment_intent === "string" ? s.payment_intent : s.payment_intent?.id;
  return {
    id: s.id,
    status: (s.status ?? "open") as ProviderSessionState["status"],
    paymentStatus: s.payment_status as ProviderSessionState["paymentStatus"],
    amountTotalCents: s.amount_total ?? 0,
    currency: s.currency ?? DEFAULT_CURRENCY,
    paymentId: paymentId ?? undefined,
    customerEmail: s.customer_details?.email ?? s.customer_email ?? undefined,
    metadata: (s.metadata ?? {}) as Record<string, string>,
  };
}
