/**
 * The Stripe provider against the local fake of Stripe's API, without the app: what it sends
 * (the expiry Stripe accepts, optional fields only when given, the keys that stop a second
 * session or refund), how it reads the shapes Stripe may answer (fields missing or expanded), and
 * the client it makes (retries, timeout, the address of a fake, no telemetry to it).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY } from "../../app/lib/currency.ts";
import { WebhookRejected } from "../../server/payments/provider.server.ts";
import { createStripeProvider } from "../../server/payments/stripe.server.ts";
import { type FakeStripe, startFakeStripe } from "../helpers/fake-stripe.ts";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

const NOW = new Date("2026-12-01T00:00:00Z");
const provider = (webhookSecret?: string) =>
  createStripeProvider({
    secretKey: "sk_test_fake",
    apiBase: fake.url,
    now: () => NOW,
    ...(webhookSecret ? { webhookSecret } : {}),
  });

const request = (over: Partial<Parameters<ReturnType<typeof provider>["createCheckout"]>[0]> = {}) => ({
  kind: "booking" as const,
  name: "Discover Scuba Diving, Sat 5 Dec 2026",
  unitAmountCents: 24_900,
  quantity: 2,
  currency: "aud",
  successUrl: "https://tidewater.example/book/success?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://tidewater.example/adventures/discover-scuba",
  expiresAt: new Date(NOW.getTime() + 60 * 60_000),
  metadata: { kind: "booking" },
  ...over,
});

const lastCall = (path: string) => fake.calls.filter((c) => c.path === path).at(-1);
const SESSIONS = "/v1/checkout/sessions";

describe("the client", () => {
  it("retries twice, gives up after 20 s, and talks to the address it was given", () => {
    const { client } = provider();
    expect(client.getMaxNetworkRetries()).toBe(2);
    expect(client.getApiField("timeout")).toBe(20_000);
    const port = new URL(fake.url).port;
    expect([client.getApiField("host"), client.getApiField("port"), client.getApiField("protocol")]).toEqual([
      "127.0.0.1",
      port,
      "http",
    ]);
  });

  it("takes an https address's default port, and a plain http one's", () => {
    const https = createStripeProvider({
      secretKey: "sk_test_fake",
      apiBase: "https://stripe.example",
    }).client;
    expect([https.getApiField("host"), https.getApiField("port"), https.getApiField("protocol")]).toEqual([
      "stripe.example",
      443,
      "https",
    ]);
    const http = createStripeProvider({ secretKey: "sk_test_fake", apiBase: "http://stripe.example" }).client;
    expect([http.getApiField("port"), http.getApiField("protocol")]).toEqual([80, "http"]);
  });

  it("sends no telemetry to a fake's address", async () => {
    const p = provider();
    // The SDK reports a request's timing on the next one, when telemetry is on.
    const first = await p.createCheckout(request());
    await p.retrieve(first.id);
    expect(fake.calls.slice(-2).map((c) => c.telemetry ?? false)).toEqual([false, false]);
  });
});

describe("opening a checkout", () => {
  it("sends the server's amount, currency, addresses and metadata, and no optional field it was not given", async () => {
    const session = await provider().createCheckout(request());
    const call = lastCall(SESSIONS);
    expect(call?.body).toMatchObject({
      mode: "payment",
      line_items: [
        {
          quantity: "2",
          price_data: {
            currency: "aud",
            unit_amount: "24900",
            product_data: { name: "Discover Scuba Diving, Sat 5 Dec 2026" },
          },
        },
      ],
      success_url: request().successUrl,
      cancel_url: request().cancelUrl,
      metadata: { kind: "booking" },
      payment_intent_data: { metadata: { kind: "booking" } },
    });
    const body = call?.body as { line_items: { price_data: { product_data: object } }[] };
    expect(body.line_items[0].price_data.product_data).not.toHaveProperty("description");
    expect(call?.body).not.toHaveProperty("customer_email");
    // Without a booking there is no key of ours (the SDK sends a random one of its own).
    expect(call?.idempotencyKey ?? "").not.toMatch(/^checkout-/);
    expect(session.url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
  });

  it("sends a description and the payer's email when given, and one key per booking", async () => {
    await provider().createCheckout(
      request({
        description: "2 people",
        customerEmail: "ana@example.com",
        metadata: { kind: "booking", booking_id: "b-42" },
      }),
    );
    const call = lastCall(SESSIONS);
    expect(call?.body).toMatchObject({
      line_items: [{ price_data: { product_data: { description: "2 people" } } }],
      customer_email: "ana@example.com",
    });
    expect(call?.idempotencyKey).toBe("checkout-b-42");
  });

  it("asks for at least 31 minutes, as Stripe requires, and keeps a later expiry as it is", async () => {
    const soon = await provider().createCheckout(request({ expiresAt: new Date(NOW.getTime() + 60_000) }));
    const earliest = NOW.getTime() + 31 * 60_000;
    expect(lastCall(SESSIONS)?.body.expires_at).toBe(String(earliest / 1000));
    expect(soon.expiresAt).toEqual(new Date(earliest));

    const later = new Date(NOW.getTime() + 45 * 60_000 + 999);
    const kept = await provider().createCheckout(request({ expiresAt: later }));
    expect(lastCall(SESSIONS)?.body.expires_at).toBe(String(Math.floor(later.getTime() / 1000)));
    expect(kept.expiresAt).toEqual(new Date(Math.floor(later.getTime() / 1000) * 1000));
  });

  it("reads the real clock when given none", async () => {
    const p = createStripeProvider({ secretKey: "sk_test_fake", apiBase: fake.url });
    const before = Date.now();
    await p.createCheckout(request({ expiresAt: new Date(0) }));
    const sent = Number(lastCall(SESSIONS)?.body.expires_at) * 1000;
    expect(sent).toBeGreaterThanOrEqual(Math.floor((before + 31 * 60_000) / 1000) * 1000);
  });

  it("takes the expiry Stripe answers, or the one it asked for when Stripe names none", async () => {
    fake.alterNextSession((s) => {
      s.expires_at = Math.floor(NOW.getTime() / 1000) + 3600;
    });
    const answered = await provider().createCheckout(request());
    expect(answered.expiresAt).toEqual(new Date(NOW.getTime() + 3600_000));

    fake.alterNextSession((s) => {
      s.expires_at = null;
    });
    const asked = new Date(NOW.getTime() + 40 * 60_000);
    expect((await provider().createCheckout(request({ expiresAt: asked }))).expiresAt).toEqual(asked);
  });

  it("refuses an answer without a checkout address", async () => {
    fake.alterNextSession((s) => {
      s.url = null;
    });
    await expect(provider().createCheckout(request())).rejects.toThrow(
      "Stripe did not return a checkout URL",
    );
  });
});

describe("reading a session", () => {
  it("reads a paid session: its payment, amount, currency, payer and metadata", async () => {
    const p = provider();
    const { id } = await p.createCheckout(request({ metadata: { kind: "booking", booking_id: "b-7" } }));
    const paid = fake.complete(id, "payer@example.com");
    expect(await p.retrieve(id)).toEqual({
      id,
      status: "complete",
      paymentStatus: "paid",
      amountTotalCents: 49_800,
      currency: "aud",
      paymentId: paid.payment_intent,
      customerEmail: "payer@example.com",
      metadata: { kind: "booking", booking_id: "b-7" },
    });
  });

  it("reads what Stripe may leave out or expand: no status, amount, currency, payer or metadata; an expanded payment", async () => {
    const p = provider();
    const { id } = await p.createCheckout(request());
    const s = fake.sessions.get(id) as unknown as Record<string, unknown>;
    Object.assign(s, {
      status: null,
      amount_total: null,
      currency: null,
      metadata: null,
      customer_email: "given@example.com",
      customer_details: null,
      payment_intent: { id: "pi_expanded", object: "payment_intent" },
    });
    expect(await p.retrieve(id)).toEqual({
      id,
      status: "open",
      paymentStatus: "unpaid",
      amountTotalCents: 0,
      currency: DEFAULT_CURRENCY,
      paymentId: "pi_expanded",
      customerEmail: "given@example.com",
      metadata: {},
    });
    Object.assign(s, { customer_email: null, customer_details: { email: null }, payment_intent: null });
    const bare = await p.retrieve(id);
    expect(bare.customerEmail).toBeUndefined();
    expect(bare.paymentId).toBeUndefined();
    // The payer's own email, collected at the checkout, comes before the one we sent.
    Object.assign(s, {
      customer_email: "given@example.com",
      customer_details: { email: "typed@example.com" },
    });
    expect((await p.retrieve(id)).customerEmail).toBe("typed@example.com");
  });
});

describe("ending a session early", () => {
  const expireCalls = () => fake.calls.filter((c) => c.path.endsWith("/expire")).length;

  it("expires an open session, and leaves one that is no longer open alone", async () => {
    const p = provider();
    const open = await p.createCheckout(request());
    await p.expire(open.id);
    expect(fake.sessions.get(open.id)?.status).toBe("expired");

    const paid = await p.createCheckout(request());
    fake.complete(paid.id);
    const before = expireCalls();
    await p.expire(paid.id);
    expect(expireCalls()).toBe(before);
    expect(fake.sessions.get(paid.id)?.status).toBe("complete");
  });

  it("settles quietly when a payment lands first, and fails when the session is still open", async () => {
    const p = provider();
    const raced = await p.createCheckout(request());
    fake.beforeNextExpire((s) => {
      fake.complete(s.id);
      return undefined;
    });
    await expect(p.expire(raced.id)).resolves.toBeUndefined();
    expect(fake.sessions.get(raced.id)?.status).toBe("complete");

    const stuck = await p.createCheckout(request());
    fake.beforeNextExpire(() => "fail");
    await expect(p.expire(stuck.id)).rejects.toThrow("Fake expire refused");
  });
});

describe("refunds", () => {
  it("refunds the session's payment once per key, with the metadata when given", async () => {
    const p = provider();
    const { id } = await p.createCheckout(request());
    const paid = fake.complete(id);
    const refund = await p.refund({
      sessionId: id,
      amountCents: 10_000,
      idempotencyKey: "refund-1",
      metadata: { refund_id: "r1" },
    });
    expect(refund).toEqual({ refundId: expect.stringMatching(/^re_/), status: "succeeded" });
    const call = lastCall("/v1/refunds");
    expect(call?.body).toEqual({
      payment_intent: paid.payment_intent,
      amount: "10000",
      metadata: { refund_id: "r1" },
    });
    expect(call?.idempotencyKey).toBe("refund-1");
    const again = await p.refund({ sessionId: id, amountCents: 10_000, idempotencyKey: "refund-1" });
    expect(again.refundId).toBe(refund.refundId);
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);

    await p.refund({ sessionId: id, amountCents: 500, idempotencyKey: "refund-2" });
    expect(lastCall("/v1/refunds")?.body).not.toHaveProperty("metadata");
  });

  it("refunds an expanded payment, and refuses a session with no payment", async () => {
    const p = provider();
    const { id } = await p.createCheckout(request());
    fake.complete(id);
    const s = fake.sessions.get(id) as unknown as Record<string, unknown>;
    const intent = s.payment_intent as string;
    s.payment_intent = { id: intent, object: "payment_intent" };
    // The fake finds a payment by its id as a string, so it refuses this one: what was sent is the point.
    await p
      .refund({ sessionId: id, amountCents: 100, idempotencyKey: "refund-expanded" })
      .catch(() => undefined);
    expect(lastCall("/v1/refunds")?.body.payment_intent).toBe(intent);

    const unpaid = await p.createCheckout(request());
    await expect(
      p.refund({ sessionId: unpaid.id, amountCents: 100, idempotencyKey: "refund-none" }),
    ).rejects.toThrow("This checkout session has no payment to refund");
  });
});

describe("webhooks", () => {
  const SECRET = "whsec_test_secret";
  const payload = JSON.stringify({
    id: "evt_1",
    object: "event",
    type: "checkout.session.completed",
    data: { object: { id: "cs_test_1", object: "checkout.session" } },
  });

  it("returns a verified event's id, type and object", () => {
    const p = provider(SECRET);
    const signature = p.client.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(p.verifyWebhook(payload, signature)).toEqual({
      id: "evt_1",
      type: "checkout.session.completed",
      object: { id: "cs_test_1", object: "checkout.session" },
    });
  });

  it("refuses a delivery without a secret set, without a signature, or with a wrong one, each in its words", () => {
    const unset = provider();
    const signature = unset.client.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return [error instanceof WebhookRejected, (error as Error).message];
      }
      return "accepted";
    };
    expect(refusal(() => unset.verifyWebhook(payload, signature))).toEqual([
      true,
      "Stripe webhooks are not configured on this site",
    ]);
    const p = provider(SECRET);
    expect(refusal(() => p.verifyWebhook(payload, undefined))).toEqual([
      true,
      "Missing Stripe-Signature header",
    ]);
    const wrong = p.client.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" });
    expect(refusal(() => p.verifyWebhook(payload, wrong))).toEqual([true, "Invalid Stripe signature"]);
  });
});
