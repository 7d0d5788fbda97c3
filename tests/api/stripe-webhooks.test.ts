/**
 * Stripe, offline: the real SDK talks to a local fake of the API, and
 * webhooks are signed with the SDK's own test helper.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, emailOutbox, payments, webhookEvents } from "../../server/db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../helpers/fake-stripe.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const SECRET = "whsec_test_secret";
const stripe = new Stripe("sk_test_fake");
let fake: FakeStripe;
let t: TestContext;
let eventSeq = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE: fake.url,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

function event(type: string, object: unknown) {
  eventSeq++;
  return JSON.stringify({
    id: `evt_test_${eventSeq}_${Date.now()}`,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

function deliver(payload: string, secret = SECRET, signature?: string) {
  const header = signature ?? stripe.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request("/api/payments/v1/webhook/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
}

async function newBooking(adventureId = "dive-exhibition", groupSize = 2) {
  const date = await firstOpenDate(t.app, adventureId, groupSize);
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({ adventure_id: adventureId, selected_date: date, group_size: groupSize }),
    ),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as {
    checkout_url: string;
    session_id: string;
    booking_id: string;
    reference: string;
  };
}

describe("Stripe Checkout through the SDK", () => {
  it("opens a session with server-computed price_data in cents, expiry, metadata and our URLs", async () => {
    const created = await newBooking("dive-exhibition", 3);
    expect(created.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${created.session_id}`);
    const call = fake.calls.find((c) => c.method === "POST" && c.path === "/v1/checkout/sessions");
    expect(call).toBeTruthy();
    type Form = { [key: string]: string & Form } & Form[];
    const body = call?.body as unknown as Form;
    expect(body.mode).toBe("payment");
    expect(body.line_items[0]).toMatchObject({ quantity: "3" });
    expect(body.line_items[0].price_data).toMatchObject({ currency: "aud", unit_amount: "9500" });
    expect(body.success_url).toBe("http://localhost:3999/book?session_id={CHECKOUT_SESSION_ID}");
    expect(body.cancel_url).toMatch(
      /^http:\/\/localhost:3999\/api\/payments\/v1\/checkout\/cancel\/[0-9a-f-]{36}$/,
    );
    expect(body.metadata.booking_id).toBe(created.booking_id);
    const expires = Number(body.expires_at) * 1000 - Date.now();
    expect(expires).toBeGreaterThan(30 * 60_000);
    expect(expires).toBeLessThan(33 * 60_000);
    // The card payment carries the booking too (a refund or dispute names it), the receipt goes to the
    // customer, and the line names the trip.
    expect(body.payment_intent_data.metadata.booking_id).toBe(created.booking_id);
    expect(body.customer_email).toBe("mia@example.com");
    expect(body.line_items[0].price_data.product_data.name).toBe("Discover Scuba Diving");
    expect(body.line_items[0].price_data.product_data.description).toContain(created.reference);
    // A retried request for the same booking opens no second session (money moves once).
    expect(call?.idempotencyKey).toBe(`checkout-${created.booking_id}`);
    // The hold ends when Stripe's session does.
    const [row] = await t.db.select().from(payments).where(eq(payments.sessionId, created.session_id));
    expect(row.expiresAt.getTime()).toBe(Number(body.expires_at) * 1000);
  });

  it("a status check re-reads the session from Stripe and confirms once paid", async () => {
    const created = await newBooking();
    let s = await (await t.app.request(`/api/payments/v1/checkout/status/${created.session_id}`)).json();
    expect(s).toMatchObject({ status: "open", payment_status: "unpaid" });
    fake.complete(created.session_id);
    s = await (await t.app.request(`/api/payments/v1/checkout/status/${created.session_id}`)).json();
    expect(s).toMatchObject({ status: "complete", payment_status: "paid", booking_status: "confirmed" });
  });

  it("refunds go to Stripe through the provider", async () => {
    const created = await newBooking();
    fake.complete(created.session_id);
    await t.app.request(`/api/payments/v1/checkout/status/${created.session_id}`);
    const request = {
      sessionId: created.session_id,
      amountCents: 9500,
      idempotencyKey: `k-${created.booking_id}`,
    };
    const first = await t.services.payments.refund(request);
    expect(first).toMatchObject({ refundId: expect.stringMatching(/^re_/), status: "succeeded" });
    expect(fake.refunds.at(-1)).toMatchObject({ amount: 9500 });
    // The same key again: Stripe answers the first refund and refunds nothing more.
    const count = fake.refunds.length;
    expect(await t.services.payments.refund(request)).toEqual(first);
    expect(fake.refunds).toHaveLength(count);
  });

  it("Cancel expires the Stripe session and releases the hold", async () => {
    const created = await newBooking();
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, created.session_id));
    const res = await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    expect(res.headers.get("location")).toBe(`http://localhost:3999/book?session_id=${created.session_id}`);
    expect(fake.sessions.get(created.session_id)?.status).toBe("expired");
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
  });

  it("Cancel after the payment went through keeps the booking: it is confirmed, not cancelled", async () => {
    const created = await newBooking();
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, created.session_id));
    // The payment lands at Stripe while the Cancel is on its way.
    fake.beforeNextExpire((session) => {
      fake.complete(session.id);
      return undefined;
    });
    await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b).toMatchObject({ bookingStatus: "confirmed", holdsSpots: true });
    const [paid] = await t.db.select().from(payments).where(eq(payments.id, ledger.id));
    expect(paid).toMatchObject({ status: "complete", paymentStatus: "paid" });
  });

  it("Cancel that Stripe refuses leaves the checkout open and its spots held, to end by its own time", async () => {
    const created = await newBooking();
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, created.session_id));
    fake.beforeNextExpire(() => "fail");
    await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    // Stripe may still take the payment, so nothing is given away under it.
    expect(fake.sessions.get(created.session_id)?.status).toBe("open");
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b).toMatchObject({ bookingStatus: "pending_payment", holdsSpots: true });
    const [open] = await t.db.select().from(payments).where(eq(payments.id, ledger.id));
    expect(open).toMatchObject({ status: "open", paymentStatus: "unpaid" });
  });

  it("a provider error while opening a checkout answers 502 and frees the spots", async () => {
    fake.failCreates(1);
    const date = await firstOpenDate(t.app, "guided-shore-dive");
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ adventure_id: "guided-shore-dive", selected_date: date, group_size: 1 }),
      ),
    );
    expect(res.status).toBe(502);
    const dates = (await (await t.app.request("/api/adventures/guided-shore-dive/dates")).json()) as {
      date: string;
      spots_left: number;
    }[];
    expect(dates.find((d) => d.date === date)?.spots_left).toBe(3);
  });
});

describe("POST /api/payments/v1/webhook/stripe", () => {
  it("accepts a signed checkout.session.completed and confirms the booking", async () => {
    const created = await newBooking();
    const session = fake.complete(created.session_id);
    const res = await deliver(event("checkout.session.completed", session));
    expect(res.status).toBe(200);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b.bookingStatus).toBe("confirmed");
  });

  it("rejects unsigned, tampered and wrongly signed deliveries with 400", async () => {
    const created = await newBooking();
    const session = fake.complete(created.session_id);
    const payload = event("checkout.session.completed", session);
    const unsigned = await t.app.request("/api/payments/v1/webhook/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).detail).toBe("Missing Stripe-Signature header");
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const tampered = await deliver(payload.replace('"paid"', '"unpaid"'), SECRET, header);
    expect(tampered.status).toBe(400);
    expect((await tampered.json()).detail).toBe("Invalid Stripe signature");
    const wrong = await deliver(payload, "whsec_someone_else");
    expect(wrong.status).toBe(400);
    const garbage = await deliver(payload, SECRET, "t=1,v1=deadbeef");
    expect(garbage.status).toBe(400);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b.bookingStatus).toBe("pending_payment");
  });

  it("duplicate and out-of-order deliveries racing status checks confirm exactly once", async () => {
    const created = await newBooking("underwater-treasure-hunt", 2);
    const session = fake.complete(created.session_id);
    const completed = event("checkout.session.completed", session);
    const expired = event("checkout.session.expired", { ...session, status: "expired" });
    const asyncOk = event("checkout.session.async_payment_succeeded", session);
    const status = () => t.app.request(`/api/payments/v1/checkout/status/${created.session_id}`);
    const results = await Promise.all([
      deliver(expired),
      status(),
      deliver(completed),
      deliver(completed),
      status(),
      deliver(asyncOk),
      deliver(completed),
      status(),
      deliver(expired),
    ]);
    expect(results.map((r) => r.status).every((s) => s === 200)).toBe(true);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b).toMatchObject({ bookingStatus: "confirmed", holdsSpots: true });
    const confirmations = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking_confirmation:${created.booking_id}`));
    expect(confirmations).toHaveLength(1);
    const again = await deliver(completed);
    expect(await again.json()).toMatchObject({ received: true, duplicate: true });
    const seen = await t.db.select().from(webhookEvents);
    expect(seen.length).toBeGreaterThanOrEqual(3);
  });

  it("an expired event releases an unpaid booking's hold", async () => {
    const created = await newBooking("scooter-dive-adventure", 1);
    const s = fake.sessions.get(created.session_id);
    if (s) s.status = "expired";
    const res = await deliver(event("checkout.session.expired", s));
    expect(res.status).toBe(200);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
  });

  it("ignores events for sessions that are not ours", async () => {
    const res = await deliver(
      event("checkout.session.completed", { id: "cs_test_other", object: "checkout.session" }),
    );
    expect(res.status).toBe(200);
  });
});

describe("without Stripe", () => {
  it("the webhook endpoint answers 400", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.request("/api/payments/v1/webhook/stripe", {
        method: "POST",
        headers: { "Stripe-Signature": "t=1,v1=x" },
        body: "{}",
      });
      expect(res.status).toBe(400);
    } finally {
      await plain.close();
    }
  });
});

describe("settled payments and checkouts that never open", () => {
  const reads = (sessionId: string) =>
    fake.calls.filter((c) => c.method === "GET" && c.path === `/v1/checkout/sessions/${sessionId}`).length;
  const status = (sessionId: string) => t.app.request(`/api/payments/v1/checkout/status/${sessionId}`);
  const ledger = async (sessionId: string) =>
    (await t.db.select().from(payments).where(eq(payments.sessionId, sessionId)))[0];

  it("a payment settled as paid, expired or cancelled is never asked about at Stripe again", async () => {
    const paid = await newBooking();
    fake.complete(paid.session_id);
    await status(paid.session_id);
    const expired = await newBooking();
    (fake.sessions.get(expired.session_id) as { status: string }).status = "expired";
    await status(expired.session_id);
    const cancelled = await newBooking();
    await t.app.request(`/api/payments/v1/checkout/cancel/${(await ledger(cancelled.session_id)).id}`);
    const settled = [paid, expired, cancelled].map((b) => b.session_id);
    expect(await Promise.all(settled.map(async (id) => (await ledger(id)).status))).toEqual([
      "complete",
      "expired",
      "cancelled",
    ]);

    const before = settled.map(reads);
    for (const id of settled) expect((await status(id)).status).toBe(200);
    expect(settled.map(reads)).toEqual(before);
  });

  it("a custom payment Stripe cannot open answers 502 in the default words, cancels its row and logs why", async () => {
    fake.failCreates(1);
    const res = await t.app.request(
      "/api/payments/v1/checkout/session",
      jsonRequest("POST", { amount: 20, customer_email: "no-open@example.com" }),
    );
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "Our payment provider could not start the payment. You have not been charged; please try again in a moment.",
    );
    const [row] = await t.db.select().from(payments).where(eq(payments.customerEmail, "no-open@example.com"));
    expect(row.status).toBe("cancelled");
    const logged = t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find(
        (entry) => entry.msg === "payment provider failed to open a checkout" && entry.payment === row.id,
      );
    expect(logged).toMatchObject({ level: "error", kind: "custom", payment: row.id });
  });
});
