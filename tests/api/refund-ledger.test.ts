/**
 * The refund ledger's rules, called directly on the test database: a claim never exceeds what is
 * left and is made once per key; a booking's refund spreads over its payments; the provider's
 * answers move a refund on in any order without counting money twice; a failed call is retried
 * later and given up after eight; the manual payments' refunds are made by hand.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  bookings,
  emailOutbox,
  invoices,
  type PaymentRow,
  payments,
  refunds,
} from "../../server/db/schema.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import { refundNotes } from "../../server/domain/money/refund-notes.server.ts";
import { retryBookingRefunds } from "../../server/domain/money/refund-retry.server.ts";
import { reconcileChargeRefunds, reconcileRefund } from "../../server/domain/money/refund-webhooks.server.ts";
import {
  applyProviderRefund,
  claimBookingRefund,
  claimRefund,
  findRefundFor,
  type RefundDeps,
  refundableCents,
  refundFields,
  retryDueRefunds,
  sendRefund,
} from "../../server/domain/money/refunds.server.ts";
import type { ProviderRefund, RefundRequest } from "../../server/payments/provider.server.ts";
import { bookingDeps } from "../../server/services.server.ts";
import { OWNER } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import { payTestSession } from "../helpers/paid.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

let t: TestContext;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t?.close());

const pay = (sessionId: string) => payTestSession(t, sessionId);

/** A paid booking of one person on the dive exhibition: its payment and the booking's id. */
async function paidBooking() {
  const date = await firstOpenDate(t.app, "dive-exhibition", 1);
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest("POST", bookingPayload({ selected_date: date, group_size: 1 })),
  );
  expect(res.status).toBe(201);
  const { session_id, booking_id } = (await res.json()) as { session_id: string; booking_id: string };
  return { payment: await pay(session_id), bookingId: booking_id };
}

async function paidCustom(dollars: number) {
  const res = await t.app.request(
    "/api/payments/v1/checkout/session",
    jsonRequest("POST", { amount: dollars, customer_email: "refunds@example.com" }),
  );
  expect(res.status).toBe(201);
  return pay(((await res.json()) as { session_id: string }).session_id);
}

const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const refundRow = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0];
const logged = (msg: string, refund: string) =>
  t.logs
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === msg && entry.refund === refund);

/** A provider that records what it is asked and answers as told. */
function spyProvider(answer: (request: RefundRequest) => Promise<ProviderRefund>) {
  const asked: RefundRequest[] = [];
  const deps: RefundDeps = {
    ...bookingDeps(t.services),
    payments: {
      ...t.services.payments,
      refund: (request) => {
        asked.push(request);
        return answer(request);
      },
    },
  };
  return { deps, asked };
}

describe("claiming", () => {
  it("claims never more than is left, once per key, counts pending claims, and claims nothing once all is claimed", async () => {
    const payment = await paidCustom(100);
    const at = clock.now();
    const first = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 4_000,
      reason: "operator",
      at,
      note: "goodwill",
    });
    expect(first).toMatchObject({
      amountCents: 4_000,
      currency: "aud",
      status: "pending",
      idempotencyKey: `refund:${payment.id}:operator`,
      note: "goodwill",
      nextAttemptAt: at,
    });
    expect(await refundableCents(t.db, payment)).toBe(6_000);

    const again = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 9_000,
      reason: "operator",
      at,
    });
    expect(again).toMatchObject({ id: first?.id, amountCents: 4_000 });

    const rest = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 99_999,
      reason: "cancellation",
      at,
    });
    expect(rest).toMatchObject({
      amountCents: 6_000,
      note: null,
      idempotencyKey: `refund:${payment.id}:cancellation`,
    });
    expect(await refundableCents(t.db, payment)).toBe(0);
    expect(
      await claimRefund(t.db, { payment, bookingId: null, amountCents: 100, reason: "provider", at }),
    ).toBeNull();
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(2);
  });

  it("a booking's key names the booking, and only money the customer gets back lowers the invoice", async () => {
    const { payment, bookingId } = await paidBooking();
    const at = clock.now();
    const made: Record<string, string> = {};
    for (const reason of ["cancellation", "operator", "provider", "reschedule", "late_payment"] as const) {
      const row = await claimRefund(t.db, { payment, bookingId, amountCents: 100, reason, at });
      expect(row?.idempotencyKey).toBe(`refund:${payment.id}:${bookingId}:${reason}`);
      made[reason] = row?.id as string;
    }
    const notes = await t.db
      .select({ sourceKey: invoices.sourceKey })
      .from(invoices)
      .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, "adjustment")));
    expect(notes.map((n) => n.sourceKey).sort()).toEqual(
      [made.cancellation, made.operator, made.provider].map((id) => `refund:${id}`).sort(),
    );
  });

  it("a booking's refund spreads over its payments in the order given, each within what is left of it", async () => {
    const { payment: booked, bookingId } = await paidBooking();
    const extra = await paidCustom(50);
    const at = clock.now();
    const key = (p: PaymentRow) => `spread:${p.id}`;
    const rows = await claimBookingRefund(t.db, {
      payments: [extra, booked],
      bookingId,
      amountCents: 5_000 + 1_500,
      reason: "operator",
      at,
      key,
    });
    expect(rows.map((r) => [r.paymentId, r.amountCents, r.idempotencyKey, r.bookingId])).toEqual([
      [extra.id, 5_000, key(extra), bookingId],
      [booked.id, 1_500, key(booked), bookingId],
    ]);
    // The first payment is all claimed now: a second spread skips it and takes the rest from the next.
    const next = await claimBookingRefund(t.db, {
      payments: [extra, booked],
      bookingId,
      amountCents: 1_000,
      reason: "cancellation",
      at,
    });
    expect(next.map((r) => [r.paymentId, r.amountCents])).toEqual([[booked.id, 1_000]]);
  });
});

describe("the provider's answers", () => {
  it("counts a succeeded refund once, never undoes a final state, and takes back a succeeded refund that fails later", async () => {
    const payment = await paidCustom(100);
    const at = clock.now();
    const claimed = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 2_500,
      reason: "operator",
      at,
    });
    const id = claimed?.id as string;

    expect(await applyProviderRefund(t.db, id, { refundId: "re_1", status: "succeeded" }, at)).toMatchObject({
      status: "succeeded",
      providerRefundId: "re_1",
      failureReason: null,
      nextAttemptAt: null,
    });
    expect(await paymentRow(payment.id)).toMatchObject({
      refundedCents: 2_500,
      paymentStatus: "partially_refunded",
    });
    // A late "pending" event changes nothing; a repeated success counts nothing more.
    await applyProviderRefund(t.db, id, { refundId: "re_1", status: "pending" }, at);
    expect((await refundRow(id)).status).toBe("succeeded");
    expect((await paymentRow(payment.id)).refundedCents).toBe(2_500);
    await applyProviderRefund(t.db, id, { refundId: "re_1", status: "succeeded" }, at);
    expect((await refundRow(id)).status).toBe("succeeded");
    expect((await paymentRow(payment.id)).refundedCents).toBe(2_500);

    // The bank returns it: the money is back with the business.
    await applyProviderRefund(t.db, id, { refundId: "re_1", status: "failed" }, at);
    expect(await refundRow(id)).toMatchObject({ status: "failed", failureReason: "declined" });
    expect(await paymentRow(payment.id)).toMatchObject({ refundedCents: 0, paymentStatus: "paid" });
    await applyProviderRefund(t.db, id, { refundId: "re_1", status: "succeeded" }, at);
    expect((await refundRow(id)).status).toBe("failed");
    expect((await paymentRow(payment.id)).refundedCents).toBe(0);
  });

  it("a cancelled refund keeps its reason and stays cancelled; a full refund marks the payment refunded", async () => {
    const payment = await paidCustom(40);
    const at = clock.now();
    const stopped = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 1_000,
      reason: "operator",
      at,
    });
    await applyProviderRefund(
      t.db,
      stopped?.id as string,
      { refundId: "re_c", status: "canceled", failureReason: "customer asked" },
      at,
    );
    await applyProviderRefund(t.db, stopped?.id as string, { refundId: "re_c", status: "succeeded" }, at);
    expect(await refundRow(stopped?.id as string)).toMatchObject({
      status: "canceled",
      failureReason: "customer asked",
    });

    const all = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 4_000,
      reason: "cancellation",
      at,
    });
    await applyProviderRefund(t.db, all?.id as string, { refundId: "re_all", status: "succeeded" }, at);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedCents: 4_000, paymentStatus: "refunded" });
    expect(
      await applyProviderRefund(t.db, "no-such-refund", { refundId: "re_x", status: "succeeded" }, at),
    ).toBeNull();
  });

  it("a refund given up on still learns the provider's id once, and its state stays", async () => {
    const payment = await paidCustom(30);
    const at = clock.now();
    const claimed = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 1_000,
      reason: "operator",
      at,
    });
    const id = claimed?.id as string;
    await t.db.update(refunds).set({ status: "failed" }).where(eq(refunds.id, id));
    await applyProviderRefund(t.db, id, { refundId: "re_late", status: "succeeded" }, at);
    await applyProviderRefund(t.db, id, { refundId: "re_other", status: "succeeded" }, at);
    expect(await refundRow(id)).toMatchObject({ status: "failed", providerRefundId: "re_late" });
    expect((await paymentRow(payment.id)).refundedCents).toBe(0);
  });
});

describe("sending", () => {
  it("sends the amount, the key and whose refund it is, and logs it", async () => {
    const { payment, bookingId } = await paidBooking();
    const custom = await paidCustom(20);
    const at = clock.now();
    const { deps, asked } = spyProvider(async () => ({
      refundId: `re_spy_${asked.length}`,
      status: "pending",
    }));
    const forBooking = await claimRefund(t.db, {
      payment,
      bookingId,
      amountCents: 700,
      reason: "operator",
      at,
    });
    const forCustom = await claimRefund(t.db, {
      payment: custom,
      bookingId: null,
      amountCents: 300,
      reason: "operator",
      at,
    });
    await sendRefund(deps, forBooking?.id as string);
    await sendRefund(deps, forCustom?.id as string);
    expect(asked).toEqual([
      {
        sessionId: payment.sessionId,
        amountCents: 700,
        idempotencyKey: forBooking?.idempotencyKey,
        metadata: { refund_id: forBooking?.id, payment_id: payment.id, booking_id: bookingId },
      },
      {
        sessionId: custom.sessionId,
        amountCents: 300,
        idempotencyKey: forCustom?.idempotencyKey,
        metadata: { refund_id: forCustom?.id, payment_id: custom.id },
      },
    ]);
    expect(await refundRow(forBooking?.id as string)).toMatchObject({
      status: "pending",
      providerRefundId: "re_spy_1",
      nextAttemptAt: null,
    });
    expect(logged("refund sent", forBooking?.id as string)).toEqual([
      expect.objectContaining({ booking: bookingId, cents: 700, status: "pending", attempt: 1 }),
    ]);
  });

  it("a failed call waits a minute, then twice as long, and is given up after the eighth", async () => {
    const payment = await paidCustom(20);
    const at = clock.now();
    const { deps, asked } = spyProvider(async () => {
      throw new Error(`Stripe is away ${"x".repeat(600)}`);
    });
    const claimed = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 500,
      reason: "operator",
      at,
    });
    const id = claimed?.id as string;

    const failed = await sendRefund(deps, id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.failureReason).toHaveLength(500);
    expect(failed?.failureReason?.startsWith("Stripe is away")).toBe(true);
    expect(failed?.nextAttemptAt).toEqual(new Date(at.getTime() + 60_000));
    expect(logged("refund not made yet", id).at(-1)).toMatchObject({
      level: "error",
      attempt: 1,
      gaveUp: false,
    });
    // Not due yet: nobody calls the provider.
    expect(await sendRefund(deps, id)).toBeNull();
    expect(asked).toHaveLength(1);
    clock.advance(60_000);
    expect((await sendRefund(deps, id))?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 2 * 60_000));

    await t.db.update(refunds).set({ attempts: 7, nextAttemptAt: null }).where(eq(refunds.id, id));
    expect(await sendRefund(deps, id)).toMatchObject({ status: "failed", attempts: 8, nextAttemptAt: null });
    expect(logged("refund not made yet", id).at(-1)).toMatchObject({ attempt: 8, gaveUp: true });
  });

  it("a manual payment's refund is recorded as made, for the operator to hand back, without the provider", async () => {
    const at = clock.now();
    const [manual] = await t.db
      .insert(payments)
      .values({
        provider: "manual",
        sessionId: `manual:test-${at.getTime()}`,
        kind: "booking",
        unitAmountCents: 8_000,
        quantity: 1,
        amountTotalCents: 8_000,
        currency: "aud",
        status: "complete",
        paymentStatus: "paid",
        expiresAt: at,
        createdAt: at,
      })
      .returning();
    const { deps, asked } = spyProvider(async () => ({ refundId: "re_never", status: "succeeded" }));
    const claimed = await claimRefund(t.db, {
      payment: manual,
      bookingId: null,
      amountCents: 8_000,
      reason: "operator",
      at,
    });
    expect(await sendRefund(deps, claimed?.id as string)).toMatchObject({
      status: "succeeded",
      providerRefundId: `manual:${claimed?.id}`,
    });
    expect(asked).toEqual([]);
    expect(await paymentRow(manual.id)).toMatchObject({ refundedCents: 8_000, paymentStatus: "refunded" });
  });

  it("the retry sweep sends what is due, oldest first, within its limit, and counts what reached the provider", async () => {
    // Refunds left due by other tests are moved out of the way first.
    await t.db
      .update(refunds)
      .set({ nextAttemptAt: new Date("2999-01-01") })
      .where(eq(refunds.status, "pending"));
    const payment = await paidCustom(60);
    const at = clock.now();
    const claim = (reason: "operator" | "cancellation" | "provider", minutesAgo: number) =>
      claimRefund(t.db, {
        payment,
        bookingId: null,
        amountCents: 100,
        reason,
        at: new Date(at.getTime() - minutesAgo * 60_000),
      });
    const older = await claim("operator", 10);
    const newer = await claim("cancellation", 5);
    const { deps, asked } = spyProvider(async (r) =>
      r.metadata?.refund_id === newer?.id
        ? Promise.reject(new Error("away"))
        : { refundId: "re_ok", status: "succeeded" },
    );
    expect(await retryDueRefunds(deps, 1)).toEqual({ sent: 1 });
    expect(asked.map((r) => r.metadata?.refund_id)).toEqual([older?.id]);
    expect(await retryDueRefunds(deps)).toEqual({ sent: 0 });
    expect(asked.map((r) => r.metadata?.refund_id)).toEqual([older?.id, newer?.id]);
  });
});

describe("finding and recording", () => {
  it("finds our refund by the provider's id, else by the id in its metadata, and ignores a made-up one", async () => {
    const payment = await paidCustom(10);
    const at = clock.now();
    const row = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 100,
      reason: "operator",
      at,
    });
    const id = row?.id as string;
    expect((await findRefundFor(t.db, "re_unknown", id))?.id).toBe(id);
    await applyProviderRefund(t.db, id, { refundId: "re_found", status: "pending" }, at);
    expect((await findRefundFor(t.db, "re_found", undefined))?.id).toBe(id);
    expect(await findRefundFor(t.db, "re_unknown", undefined)).toBeNull();
    expect(await findRefundFor(t.db, "re_unknown", "no-such-id")).toBeNull();
    expect(await findRefundFor(t.db, "re_unknown", `${id}${"x".repeat(101)}`)).toBeNull();
    expect(refundFields(await refundRow(id))).toEqual({
      amount_cents: 100,
      currency: "aud",
      reason: "operator",
      note: null,
      payment_id: payment.id,
      status: "pending",
    });
  });
});

describe("the provider's refund events", () => {
  const failedEmails = async (bookingId: string | null) =>
    (await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "refund_failed"))).filter(
      (e) => e.bookingId === bookingId,
    );

  it("moves our refund on, found by its id or our metadata, and tells the operator once when it fails", async () => {
    const { payment, bookingId } = await paidBooking();
    const deps = bookingDeps(t.services);
    const claimed = await claimRefund(t.db, {
      payment,
      bookingId,
      amountCents: 700,
      reason: "operator",
      at: clock.now(),
    });
    const id = claimed?.id as string;
    await reconcileRefund(deps, { id: "re_evt1", status: "succeeded", metadata: { refund_id: id } });
    expect(await refundRow(id)).toMatchObject({ status: "succeeded", providerRefundId: "re_evt1" });
    expect(await failedEmails(bookingId)).toEqual([]);

    await reconcileRefund(deps, { id: "re_evt1", status: "failed", failure_reason: "lost_or_stolen_card" });
    await reconcileRefund(deps, { id: "re_evt1", status: "failed", failure_reason: "lost_or_stolen_card" });
    expect((await refundRow(id)).status).toBe("failed");
    const emails = await failedEmails(bookingId);
    expect(emails).toHaveLength(1);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(emails[0].subject).toBe("A refund of $7.00 failed");
    expect(await sentText(t.db, emails[0])).toBe(
      [
        `The payment provider could not make the refund of $7.00 for booking ${booking.reference} (Mia): lost_or_stolen_card.`,
        "",
        "The booking is marked in the bookings list; use Retry refund there, or contact the customer.",
      ].join("\n"),
    );
  });

  it("a custom payment's failed refund names it, and a failure without the provider's reason reads declined", async () => {
    const payment = await paidCustom(15);
    const claimed = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 1_500,
      reason: "operator",
      at: clock.now(),
    });
    await reconcileRefund(bookingDeps(t.services), {
      id: "re_custom_failed",
      status: "failed",
      metadata: { refund_id: claimed?.id },
    });
    const emails = (await failedEmails(null)).filter((e) => e.dedupeKey === `refund_failed:${claimed?.id}`);
    expect(emails).toHaveLength(1);
    expect((await sentText(t.db, emails[0])).split("\n")[0]).toBe(
      "The payment provider could not make the refund of $15.00 for a custom payment: declined.",
    );
  });

  it("a refund made in the provider's dashboard is recorded once as ours, and counted", async () => {
    const payment = await paidCustom(50);
    const deps = bookingDeps(t.services);
    const event = {
      id: "re_dashboard",
      status: "succeeded",
      amount: 1_500,
      payment_intent: payment.providerPaymentId,
    };
    await reconcileRefund(deps, event);
    await reconcileRefund(deps, event);
    const rows = await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows).toEqual([
      expect.objectContaining({
        reason: "provider",
        amountCents: 1_500,
        status: "succeeded",
        idempotencyKey: "provider:re_dashboard",
        providerRefundId: "re_dashboard",
      }),
    ]);
    expect((await paymentRow(payment.id)).refundedCents).toBe(1_500);
    const warned = t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.msg === "recorded a refund made at the provider" && e.payment === payment.id);
    expect(warned).toEqual([expect.objectContaining({ level: "warn", cents: 1_500 })]);
  });

  it("ignores an event it cannot place: no id, an id too long, no amount, a fraction, no payment, someone else's", async () => {
    const payment = await paidCustom(20);
    const deps = bookingDeps(t.services);
    const intent = payment.providerPaymentId;
    for (const event of [
      { status: "succeeded", amount: 100, payment_intent: intent },
      { id: `re_${"x".repeat(253)}`, status: "succeeded", amount: 100, payment_intent: intent },
      { id: "re_no_amount", status: "succeeded", payment_intent: intent },
      { id: "re_zero", status: "succeeded", amount: 0, payment_intent: intent },
      { id: "re_fraction", status: "succeeded", amount: 12.5, payment_intent: intent },
      { id: "re_no_intent", status: "succeeded", amount: 100 },
      { id: "re_elsewhere", status: "succeeded", amount: 100, payment_intent: "pi_someone_else" },
    ]) {
      await reconcileRefund(deps, event);
    }
    expect(await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
    // An id of the longest length taken is placed.
    const longest = `re_${"y".repeat(252)}`;
    await reconcileRefund(deps, { id: longest, status: "succeeded", amount: 100, payment_intent: intent });
    expect(
      (await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).map(
        (r) => r.providerRefundId,
      ),
    ).toEqual([longest]);
    const ignored = t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((e) => e.msg === "refund event for a payment that is not ours")
      .map((e) => e.refund);
    expect(ignored).toEqual(
      expect.arrayContaining(["re_no_amount", "re_zero", "re_fraction", "re_no_intent", "re_elsewhere"]),
    );
    expect(ignored).not.toContain(`re_${"x".repeat(253)}`);
  });

  it("a charge's refunds are each recorded with the charge's payment; a charge without its list waits for their own events", async () => {
    const payment = await paidCustom(30);
    const deps = bookingDeps(t.services);
    await reconcileChargeRefunds(deps, {
      payment_intent: payment.providerPaymentId,
      refunds: { data: [{ id: "re_charge_1", status: "succeeded", amount: 400 }, null, "junk"] },
    });
    expect(
      (await t.db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).map(
        (r) => r.providerRefundId,
      ),
    ).toEqual(["re_charge_1"]);
    const before = t.logs.length;
    await reconcileChargeRefunds(deps, { payment_intent: payment.providerPaymentId });
    expect(t.logs.slice(before).map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
      "charge.refunded without its refunds; waiting for the refund events",
    ]);
  });
});

describe("the operator's retry and the bookings list's note", () => {
  it("sends a refund that never reached the provider again under its key, and claims a failed one anew under a new key", async () => {
    const { payment, bookingId } = await paidBooking();
    const deps = bookingDeps(t.services);
    const at = clock.now();
    const away = await claimRefund(t.db, {
      payment,
      bookingId,
      amountCents: 300,
      reason: "cancellation",
      at,
    });
    // A second later: the bookings list notes the latest refund.
    const bounced = await claimRefund(t.db, {
      payment,
      bookingId,
      amountCents: 200,
      reason: "operator",
      at: new Date(at.getTime() + 1_000),
      note: "sorry",
    });
    await t.db
      .update(refunds)
      .set({ status: "failed", attempts: 8, failureReason: "away" })
      .where(eq(refunds.id, away?.id as string));
    await applyProviderRefund(t.db, bounced?.id as string, { refundId: "re_b", status: "succeeded" }, at);
    await applyProviderRefund(t.db, bounced?.id as string, { refundId: "re_b", status: "failed" }, at);

    const notes = await refundNotes(t.db, [bookingId]);
    expect(notes.get(bookingId)).toEqual({
      refund_status: "failed",
      refund_attention: "The refund of $2.00 failed (declined). Use Retry refund; it is never paid twice.",
    });

    // As the console calls it: the owner is the one acting.
    expect(await withActor(OWNER, () => retryBookingRefunds(deps, bookingId))).toBe(2);
    const rows = await t.db.select().from(refunds).where(eq(refunds.bookingId, bookingId));
    const byKey = new Map(rows.map((r) => [r.idempotencyKey, r]));
    // The refund that never reached the provider went out under its own key and succeeded.
    expect(byKey.get(away?.idempotencyKey as string)).toMatchObject({ status: "succeeded", attempts: 1 });
    // The failed one stays as history; a new claim with a new key carries its amount and note.
    expect(byKey.get(bounced?.idempotencyKey as string)?.status).toBe("canceled");
    expect(byKey.get(`${bounced?.idempotencyKey}:3`)).toMatchObject({
      amountCents: 200,
      note: "sorry",
      status: "succeeded",
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, bookingId));
    const retries = audit.filter((a) => a.action === "retry");
    expect(retries).toHaveLength(2);
    expect(retries.map((a) => [a.entity, a.entityId, a.changes])).toEqual(
      expect.arrayContaining([
        [
          "refund",
          away?.id,
          { status: { before: "failed", after: "pending" }, attempts: { before: 8, after: 0 } },
        ],
        [
          "refund",
          byKey.get(`${bounced?.idempotencyKey}:3`)?.id,
          expect.objectContaining({
            amount_cents: { before: null, after: 200 },
            note: { before: null, after: "sorry" },
            replaces: { before: null, after: bounced?.id },
          }),
        ],
      ]),
    );
    // Nothing is left to retry.
    expect(await retryBookingRefunds(deps, bookingId)).toBe(0);
    expect((await refundNotes(t.db, [bookingId])).get(bookingId)?.refund_attention).toBeNull();
  });

  it("notes a refund still on its way after a failed attempt, and nothing for a booking without refunds", async () => {
    const { payment, bookingId } = await paidBooking();
    const { bookingId: quiet } = await paidBooking();
    const claimed = await claimRefund(t.db, {
      payment,
      bookingId,
      amountCents: 900,
      reason: "operator",
      at: clock.now(),
    });
    expect((await refundNotes(t.db, [bookingId])).get(bookingId)).toEqual({
      refund_status: "pending",
      refund_attention: null,
    });
    const { deps } = spyProvider(() => Promise.reject(new Error("timeout")));
    await sendRefund(deps, claimed?.id as string);
    const notes = await refundNotes(t.db, [bookingId, quiet]);
    expect(notes.get(bookingId)?.refund_attention).toBe(
      "The refund of $9.00 has not reached the payment provider yet (timeout). It is retried automatically, or use Retry refund.",
    );
    expect(notes.has(quiet)).toBe(false);
    expect((await refundNotes(t.db, [])).size).toBe(0);
  });
});
