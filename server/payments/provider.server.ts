/**
 * One payment-provider interface, two implementations chosen by configuration:
 * Stripe Checkout (STRIPE_SECRET_KEY set) and the built-in test checkout.
 */
export interface CheckoutRequest {
  kind: "booking" | "custom";
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

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieve(sessionId: string): Promise<ProviderSessionState>;
  /** Ends an open session early (no-op if it is no longer open). */
  expire(sessionId: string): Promise<void>;
  /** Refunds part or all of a paid session's payment. */
  refund(sessionId: string, amountCents: number): Promise<{ refundId: string }>;
}
