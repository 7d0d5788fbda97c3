/**
 * The built-in test checkout as a payment provider, on the test database and without the app:
 * what a session stores and answers, a payment that races another or the session's expiry, and
 * refunds that move money once per key even when two ask at the same moment.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_TEXT, TEST_CARDS } from "../../app/lib/booking.ts";
import type { Database } from "../../server/db/client.server.ts";
import { testCheckoutSessions } from "../../server/db/schema.ts";
import { WebhookRejected } from "../../server/payments/provider.server.ts";
import { createTestProvider } from "../../server/payments/test-checkout.server.ts";
import { createTestDatabase } from "../helpers/test-app.ts";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const T0 = new Date("2026-12-01T00:00:00Z");
const EXPIRES = new Date(T0.getTime() + 30 * 60_000);
const SITE = "https://tidewater.example";
const provider = (now?: () => Date) =>
  createTestProvider({ db: database.db, publicUrl: SITE, ...(now ? { now: now } : {}) });
const card = (over: Partial<{ card_number: string; email: string }> = {}) => ({
  card_number: TEST_CARDS.success,
  expiry: "12/30",
  cvc: "123",
  name: "Ava Walker",
  email: "",
  ...over,
});
const open = (p: ReturnType<typeof provider>, over: Record<string, unknown> = {}) =>
  p.createCheckout({
    kind: "booking",
    name: "Discover Scuba Diving, Sat 5 Dec 2026",
    unitAmountCents: 24_900,
    quantity: 2,
    currency: "aud",
    customerEmail: "ana@example.com",
    successUrl: `${SITE}/book/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${SITE}/adventures/discover-scuba`,
    expiresAt: EXPIRES,
    metadata: { kind: "booking", booking_id: "b-1" },
    ...over,
  });
const row = async (id: string) =>
  (await database.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id)))[0];
const success = (id: string) => `${SITE}/book/success?session_id=${id}`;

describe("a session", () => {
  it("is named test, stores what the page shows, and answers its own page's address", async () => {
    const p = provider(() => T0);
    expect(p.name).toBe("test");
    const session = await open(p, { description: "2 people", siteUrl: "http://localhost:5173" });
    expect(session.url).toBe(`http://localhost:5173/checkout/test/${session.id}`);
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);
    expect(await row(session.id)).toMatchObject({
      description: "2 people",
      amountTotalCents: 49_800,
      status: "open",
    });
    const plain = await open(p);
    expect(plain.url).toBe(`${SITE}/checkout/test/${plain.id}`);
    expect((await row(plain.id)).description).toBe("");
  });

  it("once paid, reads complete, with a payment id, the card's last four digits, and its success address", async () => {
    const p = provider(() => T0);
    const { id } = await open(p);
    expect(await p.pay(id, card())).toEqual({ redirectUrl: success(id) });
    const state = await p.retrieve(id);
    expect(state).toMatchObject({ status: "complete", paymentStatus: "paid", amountTotalCents: 49_800 });
    expect(state.paymentId).toMatch(/^pi_test_[A-Za-z0-9]{24}$/);
    expect((await row(id)).cardLast4).toBe("4242");
    // Pay again, as a second click would: the same address, nothing paid twice.
    expect(await p.pay(id, card())).toEqual({ redirectUrl: success(id) });
    expect((await row(id)).paymentId).toBe(state.paymentId);
  });

  it("asks for a receipt email only for a custom payment that has none", async () => {
    const p = provider(() => T0);
    const booking = await open(p, { customerEmail: undefined });
    expect(await p.pay(booking.id, card())).toEqual({ redirectUrl: success(booking.id) });

    const custom = await open(p, { kind: "custom", customerEmail: undefined });
    await expect(p.pay(custom.id, card())).rejects.toMatchObject({
      status: 400,
      message: "email: Enter your email address for the receipt",
    });
    await expect(p.pay(custom.id, card({ card_number: TEST_CARDS.declined }))).rejects.toMatchObject({
      message: "email: Enter your email address for the receipt",
    });
    await p.pay(custom.id, card({ email: "payer@example.com" }));
    expect((await p.retrieve(custom.id)).customerEmail).toBe("payer@example.com");
  });

  it("declines any card but the success card", async () => {
    const p = provider(() => T0);
    const { id } = await open(p);
    await expect(p.pay(id, card({ card_number: TEST_CARDS.declined }))).rejects.toMatchObject({
      status: 402,
      message: CARD_TEXT.declined,
    });
    expect((await p.retrieve(id)).paymentStatus).toBe("unpaid");
  });

  it("refuses webhooks: only Stripe sends them", () => {
    expect(() => provider().verifyWebhook("{}", "t=1,v1=x")).toThrow(
      new WebhookRejected("Stripe webhooks are not configured on this site"),
    );
  });
});

describe("paying against the clock and another payment", () => {
  it("uses the real clock when given none: a session that has not expired pays", async () => {
    const p = provider();
    const { id } = await open(p, { expiresAt: new Date(Date.now() + 30 * 60_000) });
    expect(await p.pay(id, card())).toEqual({ redirectUrl: success(id) });
  });

  it("refuses a session that has expired, in words the page shows", async () => {
    const { id } = await open(provider(() => T0));
    const later = provider(() => new Date(EXPIRES.getTime()));
    await expect(later.pay(id, card())).rejects.toMatchObject({
      status: 410,
      message: "This checkout session has expired.",
    });
    expect((await later.retrieve(id)).status).toBe("expired");
    // Whatever card is entered: the session's state answers first.
    await expect(later.pay(id, card({ card_number: TEST_CARDS.declined }))).rejects.toMatchObject({
      status: 410,
    });
  });

  it("a paid session answers its success page to any card entered again", async () => {
    const p = provider(() => T0);
    const { id } = await open(p);
    await p.pay(id, card());
    expect(await p.pay(id, card({ card_number: TEST_CARDS.declined }))).toEqual({ redirectUrl: success(id) });
  });

  it("refuses a session that expires between the check and the payment", async () => {
    // The first reading of the clock is before the expiry, every later one after it.
    let readings = 0;
    const p = provider(() => (readings++ === 0 ? T0 : new Date(EXPIRES.getTime() + 1)));
    const { id } = await open(provider(() => T0));
    await expect(p.pay(id, card())).rejects.toMatchObject({
      status: 410,
      message: "This checkout session has expired.",
    });
    expect((await row(id)).paymentStatus).toBe("unpaid");
  });

  it("two payments at once: one pays, both land on the success page", async () => {
    const p = provider(() => T0);
    const { id } = await open(p);
    const both = await Promise.all([p.pay(id, card()), p.pay(id, card())]);
    expect(both).toEqual([{ redirectUrl: success(id) }, { redirectUrl: success(id) }]);
    expect((await row(id)).paymentStatus).toBe("paid");
  });
});

describe("refunds", () => {
  const paidSession = async () => {
    const p = provider(() => T0);
    const { id } = await open(p);
    await p.pay(id, card());
    return { p, id };
  };

  it("refunds once per key, and answers a repeated key with its first refund", async () => {
    const { p, id } = await paidSession();
    const first = await p.refund({ sessionId: id, amountCents: 10_000, idempotencyKey: "k1" });
    expect(first).toEqual({
      refundId: expect.stringMatching(/^re_test_[A-Za-z0-9]{24}$/),
      status: "succeeded",
    });
    expect(await p.refund({ sessionId: id, amountCents: 10_000, idempotencyKey: "k1" })).toEqual(first);
    expect((await row(id)).refundedCents).toBe(10_000);
  });

  it("two refunds with one key at the same moment refund once and answer the same refund", async () => {
    const { p, id } = await paidSession();
    const [a, b] = await Promise.all([
      p.refund({ sessionId: id, amountCents: 5_000, idempotencyKey: "same" }),
      p.refund({ sessionId: id, amountCents: 5_000, idempotencyKey: "same" }),
    ]);
    expect(b).toEqual(a);
    expect(a.status).toBe("succeeded");
    expect((await row(id)).refundedCents).toBe(5_000);
  });

  it("never refunds more than was paid, nor a payment never made", async () => {
    const { p, id } = await paidSession();
    await p.refund({ sessionId: id, amountCents: 40_000, idempotencyKey: "most" });
    await expect(
      p.refund({ sessionId: id, amountCents: 9_801, idempotencyKey: "too-much" }),
    ).rejects.toMatchObject({
      status: 409,
      message: "The refund is larger than what is left of the payment",
    });
    expect((await row(id)).refundedCents).toBe(40_000);

    const unpaid = await open(provider(() => T0));
    await expect(
      p.refund({ sessionId: unpaid.id, amountCents: 100, idempotencyKey: "never" }),
    ).rejects.toMatchObject({ status: 409, message: "This payment was never completed" });
    expect((await row(unpaid.id)).refundedCents).toBe(0);
  });
});
