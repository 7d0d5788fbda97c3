/**
 * Vouchers as money: a booking redeems one in full or in part in the
 * transaction that holds its spots; a refused code names voucher_code; a
 * checkout that ends unpaid gives the voucher part back once; a cancellation
 * gives back the policy's share of it; a gift voucher bought on the site is
 * activated, and its code emailed, once however often its payment settles.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { formatMoney } from "../../app/lib/money.ts";
import { refundCents } from "../../app/lib/policy-refund.ts";
import {
  auditLog,
  availability,
  bookings,
  emailOutbox,
  payments,
  refunds,
  voucherEntries,
  vouchers,
} from "../../server/db/schema.ts";
import { fulfil } from "../../server/domain/bookings/settle.server.ts";
import { openGiftVoucherCheckout } from "../../server/domain/vouchers/gift-vouchers.server.ts";
import { redeemVoucher } from "../../server/domain/vouchers/voucher-use.server.ts";
import { hashVoucherCode, issueVoucher } from "../../server/domain/vouchers/vouchers.server.ts";
import { bookingDeps } from "../../server/services.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText, voucherCodeOf } from "../helpers/outbox.ts";
import {
  bookingPayload,
  createTestApp,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const DAY = 24 * 60 * 60_000;
const CARD = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Voucher Test" };
const clock = testClock();
let t: TestContext;
let token: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  token = await login(t);
});
afterAll(() => t?.close());

/** A voucher of this file's own, active unless changed after. */
async function voucher(cents: number, currency = "aud") {
  return issueVoucher(t.db, { amountCents: cents, currency, source: "operator", at: clock.now() });
}

async function voucherRow(id: string) {
  const [row] = await t.db.select().from(vouchers).where(eq(vouchers.id, id));
  return row;
}

async function entries(voucherId: string) {
  return t.db
    .select()
    .from(voucherEntries)
    .where(eq(voucherEntries.voucherId, voucherId))
    .orderBy(asc(voucherEntries.createdAt));
}

/** An empty open date of the adventure at least `days` ahead (each test takes its own). */
async function freeDate(days: number, adventureId = "dive-exhibition") {
  const [row] = await t.db
    .select()
    .from(availability)
    .where(
      and(
        eq(availability.adventureId, adventureId),
        eq(availability.isAvailable, true),
        gte(availability.date, addDays(sydneyDate(clock.now()), days)),
        eq(availability.bookedSpots, 0),
      ),
    )
    .orderBy(asc(availability.date))
    .limit(1);
  if (!row) throw new Error("no free date");
  return row;
}

interface Created {
  checkout_url: string;
  booking_id: string;
  session_id: string | null;
  booking_status: string;
  voucher_cents: number;
  amount_due_cents: number;
}

async function book(date: string, code: string | undefined, groupSize = 2) {
  seq++;
  return t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({
        selected_date: date,
        group_size: groupSize,
        customer_email: `voucher${seq}@example.com`,
        ...(code === undefined ? {} : { voucher_code: code }),
      }),
    ),
  );
}

async function bookingRow(id: string) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

async function pay(sessionId: string) {
  const res = await t.app.request(
    `/api/payments/v1/test-checkout/${sessionId}/pay`,
    jsonRequest("POST", CARD),
  );
  expect(res.status).toBe(200);
}

async function mails(dedupeKey: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey));
}

describe("redeeming a voucher", () => {
  it("a voucher that covers the total confirms the booking without a checkout", async () => {
    const slot = await freeDate(10);
    const v = await voucher(500_000);
    // Typed as people type it: lower case, spaces for dashes.
    const res = await book(slot.date, v.code.toLowerCase().replaceAll("-", " "));
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    expect(created).toMatchObject({ booking_status: "confirmed", session_id: null, amount_due_cents: 0 });
    expect(created.checkout_url).toMatch(/\/my-booking\/[A-Za-z0-9_-]+$/);

    const b = await bookingRow(created.booking_id);
    expect(b).toMatchObject({
      bookingStatus: "confirmed",
      voucherCents: b.totalAmountCents,
      holdsSpots: true,
    });
    expect(created.voucher_cents).toBe(b.totalAmountCents);
    expect((await voucherRow(v.id)).balanceCents).toBe(500_000 - b.totalAmountCents);
    const redeem = (await entries(v.id)).filter((e) => e.kind === "redeem");
    expect(redeem).toEqual([
      expect.objectContaining({
        bookingId: b.id,
        amountCents: -b.totalAmountCents,
        balanceAfterCents: 500_000 - b.totalAmountCents,
      }),
    ]);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, b.id))).toHaveLength(0);
    // The same confirmation a card payment sends, with the voucher part in it.
    const [confirmation] = await mails(`booking_confirmation:${b.id}`);
    expect(confirmation.textBody).toContain("Paid with a voucher");
    expect(await sentText(t.db, confirmation)).toMatch(/\/my-booking\//);
    expect(await mails(`booking_notice:${b.id}`)).toHaveLength(1);
    // The operator sees it paid, by voucher.
    const list = await t.app.request(`/api/bookings?q=${encodeURIComponent(b.customerEmail)}`, authed(token));
    const { bookings: rows } = (await list.json()) as {
      bookings: { payment_status: string; voucher_amount: number }[];
    };
    expect(rows).toEqual([
      expect.objectContaining({ payment_status: "paid", voucher_amount: b.totalAmountCents / 100 }),
    ]);
  });

  it("a smaller voucher pays part: the card checkout is for the rest only", async () => {
    const slot = await freeDate(10);
    const v = await voucher(5_000);
    const res = await book(slot.date, v.code);
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    const b = await bookingRow(created.booking_id);
    expect(created).toMatchObject({
      booking_status: "pending_payment",
      voucher_cents: 5_000,
      amount_due_cents: b.totalAmountCents - 5_000,
    });
    expect(b).toMatchObject({ bookingStatus: "pending_payment", voucherCents: 5_000 });
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(payment.amountTotalCents).toBe(b.totalAmountCents - 5_000);
    expect((await voucherRow(v.id)).balanceCents).toBe(0);

    await pay(created.session_id as string);
    expect((await bookingRow(b.id)).bookingStatus).toBe("confirmed");
    expect((await voucherRow(v.id)).balanceCents).toBe(0);
  });

  it("refuses unknown, expired, empty, void and foreign-currency vouchers by naming voucher_code, and holds nothing", async () => {
    const slot = await freeDate(10);
    const expired = await voucher(10_000);
    await t.db
      .update(vouchers)
      .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
      .where(eq(vouchers.id, expired.id));
    const empty = await voucher(10_000);
    await t.db.update(vouchers).set({ balanceCents: 0 }).where(eq(vouchers.id, empty.id));
    const voided = await voucher(10_000);
    const voidRes = await t.app.request(`/api/admin/vouchers/${voided.id}/void`, authed(token, "POST", {}));
    expect(voidRes.status).toBe(200);
    const dollars = await voucher(10_000, "usd");

    const cases: [string, string | RegExp][] = [
      ["TW-ZZZZ-ZZZZ", "Voucher code not found"],
      [expired.code, "This voucher has expired"],
      [empty.code, "This voucher has no balance left"],
      [voided.code, "Voucher code not found"],
      [dollars.code, /USD/],
    ];
    for (const [code, message] of cases) {
      const res = await book(slot.date, code);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { detail: string; errors: Record<string, string> };
      expect(body.detail).toMatch(/^voucher_code: /);
      expect(body.errors.voucher_code).toMatch(message);
    }
    const [after] = await t.db.select().from(availability).where(eq(availability.id, slot.id));
    expect(after.bookedSpots).toBe(0);
    expect(await t.db.select().from(bookings).where(eq(bookings.availabilityId, slot.id))).toHaveLength(0);
    expect((await voucherRow(dollars.id)).balanceCents).toBe(10_000);
  });

  it("redeeming more than the balance is a 409 with a message, and moves neither the balance nor the ledger", async () => {
    const v = await voucher(5_000);
    const slot = await freeDate(12);
    const created = (await (await book(slot.date, undefined, 1)).json()) as Created;
    const ledger = await entries(v.id);
    const attempt = t.db.transaction((tx) =>
      redeemVoucher(tx, {
        voucherId: v.id,
        bookingId: created.booking_id,
        amountCents: 5_001,
        at: clock.now(),
      }),
    );
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      message: "The voucher's balance does not cover this amount. Please try again.",
    });
    expect((await voucherRow(v.id)).balanceCents).toBe(5_000);
    expect(await entries(v.id)).toEqual(ledger);
    expect((await bookingRow(created.booking_id)).voucherCents).toBe(0);
  });

  it("the check answers a valid code's balance only, and refuses others naming code", async () => {
    const v = await voucher(12_345);
    const ok = await t.app.request(
      "/api/vouchers/check",
      jsonRequest("POST", { code: v.code.toLowerCase() }),
    );
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toEqual({
      code: v.code,
      balance: 123.45,
      balance_cents: 12_345,
      currency: "aud",
      expires_at: v.expiresAt.toISOString(),
    });
    const bad = await t.app.request("/api/vouchers/check", jsonRequest("POST", { code: "nope" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.code).toBe(
      "Voucher code not found",
    );
    const wrongType = await t.app.request("/api/vouchers/check", jsonRequest("POST", { code: 5 }));
    expect(wrongType.status).toBe(400);
  });
});

describe("giving a voucher part back", () => {
  it("a checkout that ends unpaid restores the voucher part exactly once", async () => {
    const slot = await freeDate(10);
    const v = await voucher(7_500);
    const created = (await (await book(slot.date, v.code)).json()) as Created;
    expect((await voucherRow(v.id)).balanceCents).toBe(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, created.booking_id));

    // The visitor presses Cancel at the checkout, twice; then the hold runs out and the sweep comes by.
    await t.app.request(`/api/payments/v1/checkout/cancel/${payment.id}`);
    await t.app.request(`/api/payments/v1/checkout/cancel/${payment.id}`);
    clock.advance(2 * 60 * 60_000);
    token = await login(t);
    await t.services.sweeper.sweep();
    await fulfil(bookingDeps(t.services), created.session_id as string);

    expect((await bookingRow(created.booking_id)).bookingStatus).toBe("cancelled");
    expect((await voucherRow(v.id)).balanceCents).toBe(7_500);
    const restores = (await entries(v.id)).filter((e) => e.kind === "restore");
    expect(restores).toEqual([
      expect.objectContaining({
        bookingId: created.booking_id,
        amountCents: 7_500,
        balanceAfterCents: 7_500,
      }),
    ]);
  });

  it("cancelling a booking a voucher paid in full, 10 days before, puts all of it back", async () => {
    const slot = await freeDate(10);
    const v = await voucher(400_000);
    const created = (await (await book(slot.date, v.code)).json()) as Created;
    const total = (await bookingRow(created.booking_id)).totalAmountCents;
    const res = await t.app.request(
      `/api/admin/bookings/${created.booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(res.status).toBe(200);
    expect((await voucherRow(v.id)).balanceCents).toBe(400_000);
    const restores = (await entries(v.id)).filter((e) => e.kind === "restore");
    expect(restores.map((e) => e.amountCents)).toEqual([total]);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, created.booking_id))).toHaveLength(
      0,
    );
    // The customer is told where the money went: all of it back on the voucher, nothing to the card.
    const row = await bookingRow(created.booking_id);
    expect(await cancelledEmail(created.booking_id)).toBe(
      [
        `Hi ${row.customerFirstName},`,
        "",
        `Your booking ${row.reference} for ${row.adventureTitle} on ${row.selectedDate} has been cancelled.`,
        "",
        `${formatMoney(total, "aud", true)} is back on your voucher, ready for your next booking.`,
        "",
        "If you have any questions, just reply to this email.",
      ].join("\n"),
    );
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.booking_id));
    expect(audit).toMatchObject({ action: "cancel", entity: "booking", bookingId: created.booking_id });
    expect(audit.changes).toEqual({
      booking_status: { before: "confirmed", after: "cancelled" },
      cancel_reason: { before: null, after: "operator" },
      voucher_restored_cents: { before: null, after: total },
    });
    // A second cancel changes nothing.
    const again = await t.app.request(
      `/api/admin/bookings/${created.booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(again.status).toBe(409);
    expect((await entries(v.id)).filter((e) => e.kind === "restore")).toHaveLength(1);
  });

  it("half voucher, half card, cancelled at 50%: half of each part goes back to where it came from", async () => {
    const slot = await freeDate(12);
    const price = (await bookingRow((await bookWithoutVoucherProbe(slot.date)).booking_id)).totalAmountCents;
    const half = price / 2;
    const v = await voucher(half);
    const created = (await (await book(slot.date, v.code)).json()) as Created;
    expect(created.amount_due_cents).toBe(price - half);
    await pay(created.session_id as string);

    // Five Sydney days before the trip: the 50% band of the policy.
    const daysAhead = Math.round((Date.parse(slot.date) - Date.parse(sydneyDate(clock.now()))) / DAY);
    clock.advance((daysAhead - 5) * DAY);
    token = await login(t);
    const res = await t.app.request(
      `/api/admin/bookings/${created.booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(res.status).toBe(200);
    const voucherShare = refundCents(half, slot.date, clock.now());
    expect(voucherShare).toBe(half / 2);
    expect((await voucherRow(v.id)).balanceCents).toBe(voucherShare);
    const cardRefunds = await t.db.select().from(refunds).where(eq(refunds.bookingId, created.booking_id));
    expect(cardRefunds.map((r) => r.amountCents)).toEqual([
      refundCents(price, slot.date, clock.now()) - voucherShare,
    ]);
    expect(cardRefunds[0].amountCents).toBe((price - half) / 2);
    // Both parts are named: the card's refund, then the voucher's share.
    const row = await bookingRow(created.booking_id);
    expect(await cancelledEmail(created.booking_id)).toBe(
      [
        `Hi ${row.customerFirstName},`,
        "",
        `Your booking ${row.reference} for ${row.adventureTitle} on ${row.selectedDate} has been cancelled.`,
        `A refund of ${formatMoney((price - half) / 2, "aud", true)} is on its way to your card; it usually shows within 5-10 business days.`,
        `${formatMoney(voucherShare, "aud", true)} is back on your voucher, ready for your next booking.`,
        "",
        "If you have any questions, just reply to this email.",
      ].join("\n"),
    );
  });
});

describe("giving a voucher part back, unpaid", () => {
  it("an unpaid booking cancelled in the no-refund days gets all its voucher part back, and no email", async () => {
    const slot = await freeDate(12);
    const v = await voucher(5_000);
    const created = (await (await book(slot.date, v.code)).json()) as Created;
    expect(created.booking_status).toBe("pending_payment");
    expect((await voucherRow(v.id)).balanceCents).toBe(0);

    // One Sydney day before the trip: the policy gives nothing back of what was paid.
    const daysAhead = Math.round((Date.parse(slot.date) - Date.parse(sydneyDate(clock.now()))) / DAY);
    clock.advance((daysAhead - 1) * DAY);
    expect(refundCents(5_000, slot.date, clock.now())).toBe(0);
    token = await login(t);
    const res = await t.app.request(
      `/api/admin/bookings/${created.booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(res.status).toBe(200);
    expect((await voucherRow(v.id)).balanceCents).toBe(5_000);
    const row = await bookingRow(created.booking_id);
    expect((await entries(v.id)).filter((e) => e.kind === "restore")).toEqual([
      expect.objectContaining({ amountCents: 5_000, note: `Booking ${row.reference} cancelled` }),
    ]);
    // Nothing was confirmed, so the customer has no cancellation to be told of.
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, created.booking_id));
    expect(mails.map((m) => m.kind)).not.toContain("booking_cancelled");
  });
});

/** The text of the one cancellation email a booking's customer got. */
async function cancelledEmail(bookingId: string) {
  const mails = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, "booking_cancelled")));
  expect(mails).toHaveLength(1);
  return sentText(t.db, mails[0]);
}

/** A booking on the date without a voucher, cancelled at once: only to read the date's price. */
async function bookWithoutVoucherProbe(date: string): Promise<Created> {
  const created = (await (await book(date, undefined)).json()) as Created;
  const res = await t.app.request(
    `/api/admin/bookings/${created.booking_id}/status`,
    authed(token, "PUT", { status: "cancelled" }),
  );
  expect(res.status).toBe(200);
  return created;
}

describe("gift vouchers", () => {
  it("a paid gift voucher is activated and emailed once, however often its payment settles", async () => {
    const deps = bookingDeps(t.services);
    const opened = await openGiftVoucherCheckout(deps, {
      amountCents: 20_000,
      purchaserName: "Ruby Tran",
      purchaserEmail: "ruby@example.com",
      recipientName: "Sam Tran",
      recipientEmail: "sam@example.com",
      message: "Happy birthday!",
    });
    const [pending] = await t.db
      .select()
      .from(vouchers)
      .innerJoin(payments, eq(payments.id, vouchers.paymentId))
      .where(eq(payments.sessionId, opened.session_id));
    expect(pending.vouchers).toMatchObject({
      status: "pending_payment",
      balanceCents: 20_000,
      source: "gift",
    });
    expect(pending.payments).toMatchObject({ kind: "voucher", amountTotalCents: 20_000, status: "open" });
    // Not usable before it is paid: it has no code until then.
    expect(pending.vouchers.codeHash).toBeNull();

    // The card is taken; then the webhook and the status check settle it at the same time.
    await t.services.testCheckout?.pay(opened.session_id, { ...CARD, email: "" });
    await Promise.all([
      fulfil(deps, opened.session_id, { providerSaysPaid: true }),
      t.app.request(`/api/payments/v1/checkout/status/${opened.session_id}`),
      fulfil(deps, opened.session_id),
    ]);
    const v = await voucherRow(pending.vouchers.id);
    expect(v.status).toBe("active");
    const code = await mails(`voucher_code:${v.id}`);
    expect(code).toHaveLength(1);
    expect(code[0]).toMatchObject({ toAddress: "sam@example.com" });
    const theCode = await voucherCodeOf(t.db, code[0]);
    // Stored: its hash and last four; the emails keep a marker, the code travels only in what is sent.
    expect(v.codeHash).toBe(hashVoucherCode(theCode));
    expect(v.codeSuffix).toBe(theCode.slice(-4));
    expect(code[0].textBody).not.toContain(theCode);
    expect(code[0].textBody).toContain(`…${v.codeSuffix}`);
    expect(code[0].textBody).toContain("Happy birthday!");
    const receipt = await mails(`voucher_receipt:${v.id}`);
    expect(receipt).toHaveLength(1);
    expect(receipt[0].toAddress).toBe("ruby@example.com");
    expect(await sentText(t.db, receipt[0])).toContain(theCode);
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(sql`${emailOutbox.textBody} || ${emailOutbox.htmlBody} like ${`%${theCode}%`}`),
    ).toHaveLength(0);
    // The operator's notice names it by its last four characters only.
    const [notice] = await mails(`voucher_notice:${v.id}`);
    expect(await sentText(t.db, notice)).toContain(`Voucher: …${v.codeSuffix}`);
    expect(await sentText(t.db, notice)).not.toContain(theCode);
    expect((await entries(v.id)).map((e) => e.kind)).toEqual(["issue"]);
    const check = await t.app.request("/api/vouchers/check", jsonRequest("POST", { code: theCode }));
    expect(check.status).toBe(200);
  });

  it("the operator issues a voucher (its code emailed) and finds it by email", async () => {
    const res = await t.app.request(
      "/api/admin/vouchers",
      authed(token, "POST", {
        amount: "150",
        email: "credit@example.com",
        name: "Lee",
        note: "Sorry about the boat",
      }),
    );
    expect(res.status).toBe(201);
    const { voucher: issued } = (await res.json()) as {
      voucher: { id: string; code: string; source: string };
    };
    expect(issued.source).toBe("operator");
    expect(await mails(`voucher_code:${issued.id}`)).toHaveLength(1);
    const list = await t.app.request("/api/admin/vouchers?q=credit%40example", authed(token));
    const { vouchers: found } = (await list.json()) as { vouchers: { id: string }[] };
    expect(found.map((f) => f.id)).toEqual([issued.id]);
    const bad = await t.app.request(
      "/api/admin/vouchers",
      authed(token, "POST", { amount: "-5", email: "x" }),
    );
    expect(bad.status).toBe(400);
    const errors = ((await bad.json()) as { errors: Record<string, string> }).errors;
    expect(Object.keys(errors).sort()).toEqual(["amount", "email"]);
    expect((await t.app.request("/api/admin/vouchers")).status).toBe(401);
  });

  it("the operator's screens show only the last four characters; a lost code is replaced, never shown", async () => {
    const res = await t.app.request(
      "/api/admin/vouchers",
      authed(token, "POST", { amount: "80", email: "lost-code@example.com", name: "Ari" }),
    );
    const { voucher: issued } = (await res.json()) as { voucher: Record<string, unknown> & { id: string } };
    const [mail] = await mails(`voucher_code:${issued.id}`);
    const code = await voucherCodeOf(t.db, mail);
    expect(issued.code_hint).toBe(`…${code.slice(-4)}`);
    expect(JSON.stringify(issued)).not.toContain(code);
    const detail = await (await t.app.request(`/api/admin/vouchers/${issued.id}`, authed(token))).json();
    expect(JSON.stringify(detail)).not.toContain(code);
    // Found by the whole code as a customer reads it out, or by its last four characters.
    for (const q of [code.replaceAll("-", " ").toLowerCase(), code.slice(-4), `…${code.slice(-4)}`]) {
      const list = await t.app.request(`/api/admin/vouchers?q=${encodeURIComponent(q)}`, authed(token));
      const { vouchers: found } = (await list.json()) as { vouchers: { id: string }[] };
      expect(found.map((f) => f.id)).toContain(issued.id);
    }

    const renewed = await t.app.request(
      `/api/admin/vouchers/${issued.id}/new-code`,
      authed(token, "POST", {}),
    );
    expect(renewed.status).toBe(200);
    const sent = (
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "lost-code@example.com"))
    ).filter((m) => m.kind === "voucher_code");
    expect(sent).toHaveLength(2);
    const newCode = await voucherCodeOf(t.db, sent.find((m) => m.id !== mail.id) ?? mail);
    expect(newCode).not.toBe(code);
    const check = (c: string) => t.app.request("/api/vouchers/check", jsonRequest("POST", { code: c }));
    expect((await check(code)).status).toBe(400);
    expect((await check(newCode)).status).toBe(200);
    expect((await voucherRow(issued.id)).balanceCents).toBe(8_000);
    expect((await entries(issued.id)).map((e) => e.kind)).toEqual(["issue"]);
    // A voided voucher gets no new code.
    await t.app.request(`/api/admin/vouchers/${issued.id}/void`, authed(token, "POST", {}));
    const refused = await t.app.request(
      `/api/admin/vouchers/${issued.id}/new-code`,
      authed(token, "POST", {}),
    );
    expect(refused.status).toBe(409);
  });
});
