/**
 * What every checkout module shares: the dependencies they run with, how long
 * a checkout holds its spots, and how a ledger row is found and judged
 * settled. Every checkout (booking or custom payment) has one row in the
 * `payments` ledger, keyed by provider and session id.
 */
import { and, eq } from "drizzle-orm";
import { isPaid } from "../../../app/lib/paid.ts";
import type { DB } from "../../db/client.server.ts";
import { type PaymentRow, payments } from "../../db/schema.ts";
import type { Env } from "../../env.server.ts";
import { HttpError } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import type { CheckoutRequest, PaymentProvider } from "../../payments/provider.server.ts";
import { SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";

/** How long spots are held while the visitor pays (the checkout expires with them). */
export const CHECKOUT_TTL_MS = 30 * 60_000;

export interface BookingDeps {
  db: DB;
  env: Env;
  log: Logger;
  payments: PaymentProvider;
  now: () => Date;
  /**
   * Where this request's checkouts return (and the test checkout's page is):
   * `checkoutSiteUrl` of PUBLIC_URL and the visitor's Host, set per request by
   * the public routes; PUBLIC_URL when absent (ADR 29).
   */
  siteUrl?: string;
}

/** The site address a checkout opened with these deps returns to. */
export const returnSite = (deps: Pick<BookingDeps, "env" | "siteUrl">): string =>
  deps.siteUrl ?? deps.env.publicUrl;

/** Who opens a checkout: the hashed client address, for the open-checkout cap. */
export interface CheckoutClient {
  clientKey?: string | null;
}

/**
 * The session id of a ledger row written before the provider is asked: unique per row, as the
 * (provider, session id) index requires, until the provider's own id replaces it.
 */
export const creatingSessionId = (paymentId: string) => `creating:${paymentId}`;

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

/**
 * Asks the provider for the checkout of a ledger row already written as
 * "creating" (so the open-checkout cap counted it first), then records the
 * session on the row: its URLs with the session id filled in and "open". A
 * provider failure cancels the row (nobody was charged) and answers 502.
 * The provider's Cancel button goes to checkoutCancelPath, which closes the
 * session and then sends the visitor to `finalCancelUrl`. A caller whose row
 * holds something (a booking or a date change holds spots) gives it back in
 * `hooks.undo`, in the transaction that cancels the row, and says what stays
 * unchanged in `hooks.message`; `hooks.opened` records the session on the
 * caller's own rows in the transaction that opens the ledger row. Every
 * checkout (booking, custom payment, gift voucher, date change) opens here.
 */
export async function openLedgerCheckout(
  deps: BookingDeps,
  paymentId: string,
  request: Omit<CheckoutRequest, "cancelUrl" | "siteUrl">,
  finalCancelUrl: (sessionId: string) => string,
  hooks: {
    message?: string;
    undo?: (tx: DB) => Promise<unknown>;
    opened?: (tx: DB, sessionId: string, url: string) => Promise<unknown>;
  } = {},
): Promise<{ url: string; session_id: string }> {
  const { db, log, now } = deps;
  let session: { id: string; url: string; expiresAt: Date };
  try {
    session = await deps.payments.createCheckout({
      ...request,
      siteUrl: returnSite(deps),
      cancelUrl: `${returnSite(deps)}${checkoutCancelPath(paymentId)}`,
    });
  } catch (error) {
    log.error("payment provider failed to open a checkout", {
      error,
      kind: request.kind,
      payment: paymentId,
    });
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: "cancelled", updatedAt: now() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, "creating")));
      await hooks.undo?.(tx);
    });
    throw new HttpError(
      502,
      hooks.message ??
        "Our payment provider could not start the payment. You have not been charged; please try again in a moment.",
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({
        sessionId: session.id,
        status: "open",
        checkoutUrl: session.url,
        successUrl: request.successUrl.replaceAll(SESSION_PLACEHOLDER, session.id),
        cancelUrl: finalCancelUrl(session.id),
        expiresAt: session.expiresAt,
        updatedAt: now(),
      })
      .where(eq(payments.id, paymentId));
    await hooks.opened?.(tx, session.id, session.url);
  });
  return { url: session.url, session_id: session.id };
}
