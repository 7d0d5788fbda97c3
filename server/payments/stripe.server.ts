/**
 * Stripe Checkout behind the PaymentProvider interface. Amounts are computed
 * by our server and sent as price_data in cents; confirmation always re-reads
 * the session from Stripe, and webhooks are verified on the raw body.
 */
import Stripe from "stripe";
import type {
  CheckoutRequest,
  CheckoutSession,
  PaymentProvider,
  ProviderSessionState,
} from "./provider.server.ts";

export interface StripeOptions {
  secretKey: string;
  /** Tests only: a local fake of the Stripe API, e.g. http://127.0.0.1:12111. */
  apiBase?: string;
}

export function createStripeClient({ secretKey, apiBase }: StripeOptions): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000 };
  if (apiBase) {
    const url = new URL(apiBase);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === "https:" ? 443 : 80);
    config.protocol = url.protocol === "http:" ? "http" : "https";
    config.telemetry = false;
  }
  return new Stripe(secretKey, config);
}

/** Stripe requires expires_at at least 30 minutes ahead; a minute's margin absorbs clock skew. */
const STRIPE_MIN_EXPIRY_MS = 30 * 60_000 + 60_000;

export function createStripeProvider(options: StripeOptions & { now?: () => Date }): PaymentProvider & {
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

    async refund(sessionId: string, amountCents: number): Promise<{ refundId: string }> {
      const session = await client.checkout.sessions.retrieve(sessionId);
      const paymentIntent =
        typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error("This checkout session has no payment to refund");
      // The SDK adds an idempotency key to its own retries.
      const refund = await client.refunds.create({ payment_intent: paymentIntent, amount: amountCents });
      return { refundId: refund.id };
    },
  };
}

function toState(s: Stripe.Checkout.Session): ProviderSessionState {
  const paymentId = typeof s.payment_intent === "string" ? s.payment_intent : s.payment_intent?.id;
  return {
    id: s.id,
    status: (s.status ?? "open") as ProviderSessionState["status"],
    paymentStatus: s.payment_status as ProviderSessionState["paymentStatus"],
    amountTotalCents: s.amount_total ?? 0,
    currency: s.currency ?? "aud",
    paymentId: paymentId ?? undefined,
    customerEmail: s.customer_details?.email ?? s.customer_email ?? undefined,
    metadata: (s.metadata ?? {}) as Record<string, string>,
  };
}

/**
 * Verifies a webhook delivery on its raw body. Throws when the signature is
 * missing, wrong, or too old (Stripe's default tolerance of 5 minutes).
 */
export function verifyStripeEvent(client: Stripe, rawBody: string, signature: string, secret: string) {
  return client.webhooks.constructEvent(rawBody, signature, secret);
}
