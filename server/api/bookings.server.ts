import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { bookingSchema, customPaymentSchema, testCardSchema } from "../../app/lib/booking.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { RELEASE_LINK_API } from "../../app/lib/checkout-release.ts";
import { isIsoDate } from "../../app/lib/dates.ts";
import { promoCheckSchema } from "../../app/lib/promo.ts";
import { voucherCheckSchema } from "../../app/lib/vouchers.ts";
import { webhookEvents } from "../db/schema.ts";
import { listDateOptions } from "../domain/bookings/availability.server.ts";
import { createBooking } from "../domain/bookings/create-booking.server.ts";
import { gearLeftOn } from "../domain/bookings/extras.server.ts";
import { statusView } from "../domain/bookings/payment-views.server.ts";
import { checkPromoForForm } from "../domain/bookings/promo-codes.server.ts";
import { cancelCheckout, closeUnpaid, fulfil, payTestCheckout } from "../domain/bookings/settle.server.ts";
import { TooManyCheckouts } from "../domain/money/checkout-cap.server.ts";
import { findPayment } from "../domain/money/checkout-ledger.server.ts";
import { createCustomPayment } from "../domain/money/custom-payment.server.ts";
import { reconcileChargeRefunds, reconcileRefund } from "../domain/money/refund-webhooks.server.ts";
import { checkVoucher } from "../domain/vouchers/voucher-use.server.ts";
import { badRequest, databaseUnavailable, HttpError, notFound } from "../errors.server.ts";
import { type ProviderEvent, WebhookRejected } from "../payments/provider.server.ts";
import { clientKey } from "../security/client.server.ts";
import { bookingDeps, type Services } from "../services.server.ts";
import { readBodyText, readJson } from "./validate.server.ts";

/** Stripe events are a few kilobytes; a body past this is not from Stripe. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * A 429 for too many open checkouts says when to come back (Retry-After, in
 * seconds); when the email's own checkouts are the reason, it also names where
 * to ask for the link that releases them (`release_link`).
 */
async function withRetryAfter(c: Context, run: () => Promise<unknown>): Promise<Response> {
  try {
    return c.json(await run(), 201);
  } catch (error) {
    if (!(error instanceof TooManyCheckouts)) throw error;
    c.header("Retry-After", String(error.retryAfterSeconds));
    const release = error.by === "email" ? { release_link: RELEASE_LINK_API } : {};
    return c.json({ detail: error.message, errors: {}, ...release }, 429);
  }
}

/** Bookings and payments: POST /api/bookings, voucher checks, checkout sessions, status, webhooks. */
export function bookingApi(services: Services) {
  const { log } = services;
  const deps = bookingDeps(services);
  const api = new Hono();

  // The booking form's date list: the open dates of one adventure.
  api.get("/adventures/:id/dates", async (c) => {
    const dates = await listDateOptions(deps.db, c.req.param("id"), deps.now());
    if (!dates) throw notFound("Adventure not found");
    return c.json(dates);
  });

  // The booking form's size lists: what is left of each gear size on a date (numbers only).
  api.get("/adventures/:id/gear-left", async (c) => {
    const date = c.req.query("date") ?? "";
    if (!isIsoDate(date))
      throw badRequest("date: a date as YYYY-MM-DD", { date: "Choose a date as YYYY-MM-DD." });
    const left = await gearLeftOn(deps.db, c.req.param("id"), date);
    if (!left) throw notFound("Adventure not found");
    // Every booking changes it: never kept by a browser or a cache.
    c.header("Cache-Control", NO_STORE);
    return c.json({ date, left });
  });

  api.post("/bookings", async (c) => {
    const input = await readJson(c, bookingSchema);
    const client = { clientKey: clientKey(c, services.env.TRUST_PROXY_HOPS) };
    return withRetryAfter(c, () =>
      createBooking(bookingDeps(services, c.req.header("host") ?? null), input, client),
    );
  });

  // The booking form's live total: a valid code's balance, nothing else about it.
  api.post("/vouchers/check", async (c) => {
    const { code, currency } = await readJson(c, voucherCheckSchema);
    c.header("Cache-Control", NO_STORE);
    return c.json(await checkVoucher(deps.db, code, currency, deps.now()));
  });

  // The booking form's live total with a promo code: its discount on this booking, or why not.
  api.post("/promo-codes/check", async (c) => {
    const input = await readJson(c, promoCheckSchema);
    c.header("Cache-Control", NO_STORE);
    return c.json(await checkPromoForForm(deps.db, input, deps.now()));
  });

  api.post("/payments/v1/checkout/session", async (c) => {
    const input = await readJson(c, customPaymentSchema);
    const client = { clientKey: clientKey(c, services.env.TRUST_PROXY_HOPS) };
    return withRetryAfter(c, () =>
      createCustomPayment(bookingDeps(services, c.req.header("host") ?? null), input, client),
    );
  });

  api.get("/payments/v1/checkout/status/:sessionId", async (c) => {
    c.header("Cache-Control", NO_STORE);
    let payment: Awaited<ReturnType<typeof fulfil>>;
    try {
      payment = await fulfil(deps, c.req.param("sessionId"));
    } catch (error) {
      // The database away is the 503 every route gives; only the provider's failure is a 502.
      if (error instanceof HttpError || databaseUnavailable(error)) throw error;
      log.error("payment status check failed", { error });
      throw new HttpError(502, "We could not reach the payment provider. Please try again in a moment.");
    }
    return c.json(await statusView(deps, payment));
  });

  // The provider's Cancel button lands here: close the session, then show /book's banner.
  api.get("/payments/v1/checkout/cancel/:paymentId", async (c) => {
    const target = await cancelCheckout(deps, c.req.param("paymentId"));
    c.header("Cache-Control", NO_STORE);
    return c.redirect(target, 303);
  });

  api.post("/payments/v1/test-checkout/:sessionId/pay", async (c) => {
    const checkout = services.testCheckout;
    if (!checkout) throw notFound("The test checkout is off: payments go through Stripe");
    const card = await readJson(c, testCardSchema);
    const { redirectUrl } = await payTestCheckout(deps, checkout, c.req.param("sessionId"), card);
    return c.json({ redirect_url: redirectUrl });
  });

  api.post("/payments/v1/webhook/stripe", async (c) => {
    // Exactly the bytes Stripe signed (decoded as UTF-8, as Stripe encodes them), but never more than the limit.
    const raw = await readBodyText(c, MAX_WEBHOOK_BYTES);
    let event: ProviderEvent;
    try {
      event = services.payments.verifyWebhook(raw, c.req.header("stripe-signature"));
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      log.warn("rejected a webhook", { error: error.message });
      throw badRequest(error.message);
    }
    const [seen] = await deps.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, event.id));
    if (seen) return c.json({ received: true, duplicate: true });

    const object = event.object;
    if (object.object === "checkout.session" && object.id && (await findPayment(deps, object.id))) {
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded":
          // fulfil re-reads the session from Stripe: the event only says where to look.
          await fulfil(deps, object.id, { providerSaysPaid: true });
          break;
        case "checkout.session.expired":
          await fulfil(deps, object.id);
          break;
        case "checkout.session.async_payment_failed":
          await closeUnpaid(deps, object.id, "cancelled");
          break;
        default:
          break;
      }
    } else if (object.object === "refund") {
      // refund.created / refund.updated / refund.failed (and the older charge.refund.updated).
      await reconcileRefund(deps, object);
    } else if (object.object === "charge" && event.type === "charge.refunded") {
      await reconcileChargeRefunds(deps, object);
    }
    // Recorded after handling: a delivery that failed half-way is processed again on retry.
    await deps.db.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
    return c.json({ received: true });
  });

  return api;
}
