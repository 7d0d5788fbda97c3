/**
 * What every checkout module shares: the dependencies they run with, how long
 * a checkout holds its spots, and how a ledger row is found and judged
 * settled. Every checkout (booking or custom payment) has one row in the
 * `payments` ledger, keyed by provider and session id.
 */
import { and, eq } from "drizzle-orm";
import { isPaid } from "../../app/lib/paid.ts";
import type { DB } from "../db/client.server.ts";
import { type PaymentRow, payments } from "../db/schema.ts";
import type { Env } from "../env.server.ts";
import type { Logger } from "../log.server.ts";
import type { PaymentProvider } from "../payments/provider.server.ts";

/** How long spots are held while the visitor pays (the checkout expires with them). */
export const CHECKOUT_TTL_MS = 30 * 60_000;

export interface BookingDeps {
  db: DB;
  env: Env;
  log: Logger;
  payments: PaymentProvider;
  now: () => Date;
}

/** Who opens a checkout: the hashed client address, for the open-checkout cap. */
export interface CheckoutClient {
  clientKey?: string | null;
}

/** Where the provider's Cancel button sends the visitor (our route closes the session first). */
export const checkoutCancelPath = (paymentId: string) => `/api/payments/v1/checkout/cancel/${paymentId}`;

export async function findPayment(deps: BookingDeps, sessionId: string): Promise<PaymentRow | null> {
  if (!sessionId || sessionId.length > 255) return null;
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, deps.payments.name), eq(payments.sessionId, sessionId)));
  return row ?? null;
}

/** Paid, expired or cancelled: nothing more to ask the provider about. */
export const isSettled = (p: PaymentRow) => isPaid(p) || p.status === "expired" || p.status === "cancelled";
