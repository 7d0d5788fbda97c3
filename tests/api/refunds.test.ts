/**
 * Money back exactly once: parallel cancels of one paid booking, a provider
 * that is down, and the provider's refund webhooks; with the built-in test
 * checkout and with Stripe (the real SDK against a local fake).
 */
import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import {
  availability,
  bookings,
  emailOutbox,
  payments,
  refunds,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import type { FakeStripe } from "../helpers/fake-stripe.ts";
import { createStripeTestApp, type StripeTestApp } from "../helpers/stripe-app.ts";
import {
  bookingPayload,
  createTestApp,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const N = 10;

async function cancelInParallel(ctx: TestContext, token: string, bookingId: string) {
  const results = await Promise.all(
    Array.from({ length: N }, () =>
      ctx.app.request(
        `/api/admin/bookings/${bookingId}/status`,
        authed(token, "PUT", { status: "cancelled" }),
      ),
    ),
  );
  return results.map((r) => r.status).sort();
}

describe("with the built-in test checkout", () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
    token = await login(ctx);
  });
  afterAll(() => ctx?.close());

  it(`${N} parallel cancels of one paid booking refund the policy amount once`, async () => {
    // 4 days out: the policy gives 50%, so a second refund would still fit in the payment.
    const { booking, sessionId } = await insertBooking(ctx.db, {
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: 10_000,
      date: addDays(sydneyDate(), 4),
      email: "parallel-test@example.com",
    });
    const statuses = await cancelInParallel(ctx, token, booking.id);
    // What the provider paid out first: the policy amount, once.
    const [session] = await ctx.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session.refundedCents).toBe(10_000);
    expect(Object.keys(session.refunds)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N - 1);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 10_000, status: "succeeded", reason: "cancellation" });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ refundedCents: 10_000, paymentStatus: "partially_refunded" });
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false, refundAmountCents: 10_000 });
    const mails = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "parallel-test@example.com"));
    expect(mails).toHaveLength(1);
  });

  it("the provider's refund keeps its key: the same key twice refunds once", async () => {
    const { sessionId } = await insertBooking(ctx.db, { paid: true, unitPriceCents: 5_000, groupSize: 2 });
    const request = { sessionId, amountCents: 6_000, idempotencyKey: `refund:test:${sessionId}` };
    const [a, b] = await Promise.all([
      ctx.services.payments.refund(request),
      ctx.services.payments.refund(request),
    ]);
    expect(a).toEqual(b);
    const [session] = await ctx.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session.refundedCents).toBe(6_000);
    // A different key is a different refund, still never beyond the payment.
    await expect(
      ctx.services.payments.refund({ ...request, idempotencyKey: `${request.idempotencyKey}:2` }),
    ).rejects.toThrow(/larger than what is left/);
  });
});

describe("with Stripe", () => {
  const clock = testClock();
  let app: StripeTestApp;
  let fake: FakeStripe;
  let ctx: TestContext;
  let token: string;
  let seq = 0;

  beforeAll(async () => {
    app = await createStripeTestApp({ now: clock.now });
    ({ ctx, fake } = app);
    token = await login(ctx);
  });
  afterAll(async () => {
    await app?.close();
  });

  function deliver(type: string, object: unknown) {
    seq++;
    return app.deliver(type, object);
  }

  /**
   * A booking paid through Stripe `daysOut` days ahead (8: a full refund under
   * the policy; 4: half, so a second refund would still fit in the payment).
   */
  async function paidBooking(adventureId = "dive-exhibition", groupSize = 2, daysOut = 8) {
    const date = addDays(sydneyDate(clock.now()), daysOut);
    await ctx.db
      .insert(availability)
      .values({ adventureId, date, availableSpots: 8 })
      .onConflictDoNothing({ target: [availability.adventureId, availability.date, availability.startTime] });
    const [slot] = await ctx.db
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, adventureId), gte(availability.date, date)))
      .orderBy(availability.date)
      .limit(1);
    const res = await ctx.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ adventure_id: adventureId, selected_date: slot.date, group_size: groupSize }),
      ),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { session_id: string; booking_id: string };
    const session = fake.complete(created.session_id);
    await ctx.app.request(`/api/payments/v1/checkout/status/${created.session_id}`);
    const [b] = await ctx.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b.bookingStatus).toBe("confirmed");
    return { ...created, intent: session.payment_intent as string, total: b.totalAmountCents };
  }

  it(`${N} parallel cancels give exactly one refund of the policy amount at Stripe`, async () => {
    const { booking_id, intent, total } = await paidBooking("dive-exhibition", 2, 4);
    const statuses = await cancelInParallel(ctx, token, booking_id);
    const made = fake.refunds.filter((r) => r.payment_intent === intent);
    expect(made.map((r) => r.amount)).toEqual([total / 2]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking_id));
    expect(row).toMatchObject({ status: "succeeded", providerRefundId: made[0].id });
    expect(made[0].metadata.refund_id).toBe(row.id);
    const sent = fake.calls.filter((c) => c.path === "/v1/refunds");
    expect(new Set(sent.map((c) => c.idempotencyKey))).toEqual(new Set([row.idempotencyKey]));
    expect(row.idempotencyKey).toMatch(/^refund:[0-9a-f-]{36}:[0-9a-f-]{36}:cancellation$/);
  });

  it("Stripe down: the booking is cancelled, the refund waits, and the sweep sends it with the same key", async () => {
    const { booking_id, intent, total } = await paidBooking("guided-shore-dive", 1);
    fake.failRefunds(1);
    const res = await ctx.app.request(
      `/api/admin/bookings/${booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { booking: { booking_status: string; attention: string | null } };
    expect(body.booking.booking_status).toBe("cancelled");
    expect(body.booking.attention).toMatch(/not reached the payment provider/);
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(0);

    // Not yet due: nothing is sent.
    await ctx.services.sweeper.sweep();
    expect(fake.refunds.filter((r) => r.payment_intent === intent)).toHaveLength(0);
    clock.advance(61_000);
    await ctx.services.sweeper.sweep();
    await ctx.services.sweeper.sweep();
    const made = fake.refunds.filter((r) => r.payment_intent === intent);
    expect(made).toHaveLength(1);
    expect(made[0].amount).toBe(total);
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking_id));
    expect(row).toMatchObject({ status: "succeeded", attempts: 2 });
    const keys = fake.calls
      .filter((c) => c.path === "/v1/refunds" && c.body.payment_intent === intent)
      .map((c) => c.idempotencyKey);
    expect(keys).toEqual([row.idempotencyKey, row.idempotencyKey]);
  });

  it("refund webhooks reconcile: a failed refund is put in front of the operator and can be retried", async () => {
    const { booking_id, intent, total } = await paidBooking("underwater-treasure-hunt", 1);
    await ctx.app.request(
      `/api/admin/bookings/${booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking_id));
    const [paid] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking_id));
    expect(paid).toMatchObject({ refundedCents: total, paymentStatus: "refunded" });

    // The bank sends it back: Stripe reports the refund failed.
    const made = fake.refunds.find((r) => r.payment_intent === intent);
    if (made) made.status = "failed";
    const failed = {
      id: row.providerRefundId,
      object: "refund",
      amount: total,
      status: "failed",
      failure_reason: "expired_or_canceled_card",
      payment_intent: intent,
      metadata: { refund_id: row.id },
    };
    expect((await deliver("refund.failed", failed)).status).toBe(200);
    // A late, out-of-order "created" event does not undo it.
    expect((await deliver("refund.created", { ...failed, status: "succeeded" })).status).toBe(200);
    const [after] = await ctx.db.select().from(refunds).where(eq(refunds.id, row.id));
    expect(after).toMatchObject({ status: "failed", failureReason: "expired_or_canceled_card" });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking_id));
    expect(payment).toMatchObject({ refundedCents: 0, paymentStatus: "paid" });
    const list = (await (await ctx.app.request("/api/bookings", authed(token))).json()) as {
      bookings: { id: string; attention: string | null; refund_status: string }[];
    };
    const shown = list.bookings.find((b) => b.id === booking_id);
    expect(shown).toMatchObject({ refund_status: "failed" });
    expect(shown?.attention).toMatch(/refund of .* failed \(expired_or_canceled_card\)/);
    const notice = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `refund_failed:${row.id}`));
    expect(notice).toHaveLength(1);

    // Retry: a new refund under a new key (the old key would only replay the failure).
    const retry = await ctx.app.request(
      `/api/admin/bookings/${booking_id}/refund/retry`,
      authed(token, "POST"),
    );
    expect(retry.status).toBe(200);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking_id));
    expect(rows.map((r) => r.status).sort()).toEqual(["canceled", "succeeded"]);
    expect(fake.refunds.filter((r) => r.payment_intent === intent && r.status !== "failed")).toHaveLength(1);
    const [final] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking_id));
    expect(final).toMatchObject({ refundedCents: total, paymentStatus: "refunded" });
  });

  it("charge.refunded records a refund made in Stripe's dashboard once", async () => {
    const { booking_id, intent } = await paidBooking("night-dive-experience", 1);
    const charge = {
      id: "ch_test_dashboard",
      object: "charge",
      payment_intent: intent,
      refunds: {
        object: "list",
        data: [{ id: `re_dashboard_${seq}`, object: "refund", amount: 1_000, status: "succeeded" }],
      },
    };
    expect((await deliver("charge.refunded", charge)).status).toBe(200);
    expect((await deliver("charge.refunded", charge)).status).toBe(200);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking_id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: "provider", amountCents: 1_000, status: "succeeded" });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking_id));
    expect(payment).toMatchObject({ refundedCents: 1_000, paymentStatus: "partially_refunded" });
  });
});
