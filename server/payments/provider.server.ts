/**
 * One payment-provider interface, two implementations chosen by configuration:
 * Stripe Checkout and the built-in test checkout (PAYMENTS, else Stripe when
 * STRIPE_SECRET_KEY is set; see paymentsDecision in env.server.ts).
 */
export interface CheckoutRequest {
  kind: "booking" | "custom" | "voucher";
  /** Shown on the checkout page, e.g. "Discover Scuba Diving, Sat 28 Nov 2026". */
  name: string;
  description?: string;
  unitAmountCents: number;
  quantity: number;
  /** Lower-case ISO code: aud, usd, eur, gbp. */
  currency: string;
  customerEmail?: string;
  /** Absolute URLs on this site's own origin; may contain {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  cancelUrl: string;
  /** The site address the checkout returns to (PUBLIC_URL, or a local try-out's address): the test checkout's page is there. */
  siteUrl?: string;
  expiresAt: Date;
  metadata: Record<string, string>;
}

export interface CheckoutSession {
  id: string;
  url: string;
  expiresAt: Date;
}

export interface ProviderSessionState {
  id: string;
  status: "open" | "complete" | "expired" | "cancelled";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountTotalCents: number;
  currency: string;
  /** Provider's payment id (Stripe payment_intent), when paid. */
  paymentId?: string;
  /** The payer's email when the provider collected one. */
  customerEmail?: string;
  metadata: Record<string, string>;
}

export interface RefundRequest {
  /** The paid checkout session whose payment is refunded. */
  sessionId: string;
  amountCents: number;
  /**
   * Derived from the payment and the refund, never random: a repeated or
   * parallel call with the same key refunds once and answers the same refund.
   */
  idempotencyKey: string;
  /** Stored with the refund at the provider (e.g. our refund id), echoed in its webhooks. */
  metadata?: Record<string, string>;
}

/** A refund as the provider reports it (Stripe's statuses; requires_action counts as pending). */
export interface ProviderRefund {
  refundId: string;
  status: "pending" | "succeeded" | "failed" | "canceled";
  failureReason?: string;
}

/** A verified webhook delivery: only where to look, never trusted for amounts or state of a session. */
export interface ProviderEvent {
  id: string;
  type: string;
  object: Record<string, unknown> & { id?: string; object?: string };
}

/** Thrown by verifyWebhook: the message is safe to answer with a 400. */
export class WebhookRejected extends Error {}

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieve(sessionId: string): Promise<ProviderSessionState>;
  /** Ends an open session early (no-op if it is no longer open). */
  expire(sessionId: string): Promise<void>;
  /** Refunds part or all of a paid session's payment, once per idempotency key. */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * Checks a webhook delivery's signature on its raw body and returns the
   * event; throws WebhookRejected when the signature is missing, wrong or old,
   * or when this provider takes no webhooks.
   */
  verifyWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
}
