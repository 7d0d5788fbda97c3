/**
 * The voucher ledger's rules, called directly on the test database: issuing, using and giving
 * back a voucher's money, the operator's list, void and new code, and a gift voucher from its
 * checkout to its emails and the page that says how it went.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  emailOutbox,
  payments,
  testCheckoutSessions,
  voucherEntries,
  vouchers,
} from "../../server/db/schema.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import {
  giftVoucherStatus,
  openGiftVoucherCheckout,
} from "../../server/domain/vouchers/gift-vouchers.server.ts";
import {
  issueOperatorVoucher,
  listVouchers,
  sendNewVoucherCode,
  voidVoucher,
  voucherLedger,
} from "../../server/domain/vouchers/voucher-admin.server.ts";
import {
  checkVoucher,
  redeemVoucher,
  restoreVoucherForBooking,
} from "../../server/domain/vouchers/voucher-use.server.ts";
import { issueVoucher } from "../../server/domain/vouchers/vouchers.server.ts";
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

const CTX = () => ({ at: clock.now(), publicUrl: "http://localhost:3999" });
let seq = 0;
const email = (tag: string) => `${tag}-${++seq}@example.com`;

const entriesOf = async (voucherId: string) =>
  (await t.db.select().from(voucherEntries).where(eq(voucherEntries.voucherId, voucherId))).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
const voucherRow = async (id: string) => (await t.db.select().from(vouchers).where(eq(vouchers.id, id)))[0];
const outboxTo = async (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

async function pendingBooking() {
  const date = await firstOpenDate(t.app, "dive-exhibition", 1);
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({ selected_date: date, group_size: 1, customer_email: email("booker") }),
    ),
  );
  return ((await res.json()) as { booking_id: string }).booking_id;
}

describe("a voucher's money", () => {
  it("is issued whole, with its ledger's first row, and refuses an amount that is not a positive whole number of cents", async () => {
    const v = await t.db.transaction((tx) =>
      issueVoucher(tx, { amountCents: 5_000, currency: "AUD", source: "operator", at: clock.now() }),
    );
    expect(v).toMatchObject({
      status: "active",
      initialCents: 5_000,
      balanceCents: 5_000,
      currency: "aud",
      purchaserName: "",
      purchaserEmail: "",
      recipientName: "",
      recipientEmail: "",
      message: "",
      sourceBookingId: null,
      paymentId: null,
    });
    expect(v.code).toMatch(/^TW-/);
    expect(await entriesOf(v.id)).toEqual([
      expect.objectContaining({
        kind: "issue",
        amountCents: 5_000,
        balanceAfterCents: 5_000,
        note: "",
        bookingId: null,
      }),
    ]);
    for (const amountCents of [0, -100, 12.5]) {
      await expect(
        t.db.transaction((tx) =>
          issueVoucher(tx, { amountCents, currency: "aud", source: "operator", at: clock.now() }),
        ),
      ).rejects.toThrow("A voucher needs a positive whole number of cents");
    }
  });

  it("pays a booking only within its balance, and gives back no more than was used, once", async () => {
    const at = clock.now();
    const v = await t.db.transaction((tx) =>
      issueVoucher(tx, { amountCents: 3_000, currency: "aud", source: "operator", at }),
    );
    const booking = await pendingBooking();
    for (const amountCents of [0, -1, 1.5]) {
      await expect(
        t.db.transaction((tx) => redeemVoucher(tx, { voucherId: v.id, bookingId: booking, amountCents, at })),
      ).rejects.toThrow("A redemption takes a positive whole number of cents");
    }
    await expect(
      t.db.transaction((tx) =>
        redeemVoucher(tx, { voucherId: v.id, bookingId: booking, amountCents: 3_001, at }),
      ),
    ).rejects.toMatchObject({ status: 409 });
    // Each step a second after the last: the ledger lists its rows by time.
    const redeemedAt = new Date(at.getTime() + 1_000);
    const restoredAt = new Date(at.getTime() + 2_000);
    expect(
      await t.db.transaction((tx) =>
        redeemVoucher(tx, { voucherId: v.id, bookingId: booking, amountCents: 2_000, at: redeemedAt }),
      ),
    ).toBe(1_000);

    const give = (share: (cents: number) => number) =>
      t.db.transaction((tx) =>
        restoreVoucherForBooking(tx, { bookingId: booking, share, at: restoredAt, note: "cancelled" }),
      );
    // Asked for more than was used: only what was used comes back, and only once.
    expect(await give((cents) => cents + 5_000)).toBe(2_000);
    expect(await give((cents) => cents)).toBe(0);
    expect((await voucherRow(v.id)).balanceCents).toBe(3_000);
    expect((await entriesOf(v.id)).map((e) => [e.kind, e.amountCents, e.balanceAfterCents])).toEqual([
      ["issue", 3_000, 3_000],
      ["redeem", -2_000, 1_000],
      ["restore", 2_000, 3_000],
    ]);
    // A booking that used no voucher gets nothing back.
    expect(
      await t.db.transaction((tx) =>
        restoreVoucherForBooking(tx, { bookingId: "no-such-booking", share: (c) => c, at, note: "" }),
      ),
    ).toBe(0);
  });

  it("a half share gives half back; a voucher that expires this very moment no longer pays", async () => {
    const at = clock.now();
    const v = await t.db.transaction((tx) =>
      issueVoucher(tx, { amountCents: 4_000, currency: "aud", source: "operator", at }),
    );
    const booking = await pendingBooking();
    await t.db.transaction((tx) =>
      redeemVoucher(tx, { voucherId: v.id, bookingId: booking, amountCents: 4_000, at }),
    );
    const back = await t.db.transaction((tx) =>
      restoreVoucherForBooking(tx, { bookingId: booking, share: (c) => c / 2, at, note: "half" }),
    );
    expect(back).toBe(2_000);
    expect((await voucherRow(v.id)).balanceCents).toBe(2_000);

    expect((await checkVoucher(t.db, v.code, "aud", at)).balance_cents).toBe(2_000);
    await expect(checkVoucher(t.db, v.code, "aud", v.expiresAt)).rejects.toMatchObject({
      status: 400,
      errors: { code: expect.stringMatching(/expired/i) },
    });
  });
});

describe("the operator's vouchers", () => {
  it("finds a voucher by its whole code typed any way, its last four, with or without the ellipsis, or part of an address", async () => {
    const recipient = `sam_${email("found")}`;
    const v = await withActor(OWNER, () =>
      issueOperatorVoucher(t.db, { amountCents: 2_500, email: recipient, name: "Sam", note: "" }, CTX()),
    );
    const ids = async (q: string) => (await listVouchers(t.db, q)).map((r) => r.id);
    const last4 = v.codeSuffix;
    for (const q of [
      v.code,
      v.code.toLowerCase().replace(/-/g, " "),
      last4,
      last4.toLowerCase(),
      `…${last4}`,
      recipient.slice(0, 8),
    ]) {
      expect(await ids(q), q).toContain(v.id);
    }
    // A suffix inside other text, and wildcards typed as text, find nothing.
    for (const q of [`X${last4}`, `${last4}X`, "%", "m%f"]) expect(await ids(q), q).not.toContain(v.id);
    // A wildcard typed as text is matched as itself.
    expect(await ids("sam_found")).toContain(v.id);
    expect((await listVouchers(t.db, "   ")).length).toBeGreaterThan(0);
    const [view] = await listVouchers(t.db, recipient);
    expect(view).toMatchObject({
      code_hint: `…${last4}`,
      initial: "$25.00",
      balance: "$25.00",
      recipient_email: recipient,
      recipient_name: "Sam",
    });
  });

  it("voids an active voucher once, with a ledger row taking its balance to nothing, and says why a second void is refused", async () => {
    const v = await withActor(OWNER, () =>
      issueOperatorVoucher(
        t.db,
        { amountCents: 1_800, email: email("void"), name: "", note: "goodwill" },
        CTX(),
      ),
    );
    // A second later: the ledger lists its rows by time.
    clock.advance(1_000);
    const voided = await withActor(OWNER, () => voidVoucher(t.db, v.id, "", clock.now()));
    expect(voided).toMatchObject({ status: "void", balanceCents: 0 });
    const ledger = await voucherLedger(t.db, v.id);
    expect(ledger.voucher).toMatchObject({ id: v.id, status: "void", balance_cents: 0, message: "" });
    expect(ledger.entries.map((e) => [e.kind, e.amount_cents, e.balance_after_cents, e.note])).toEqual([
      ["issue", 1_800, 1_800, "goodwill"],
      ["adjust", -1_800, 0, "Voided by the operator"],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, v.id), eq(auditLog.action, "void")));
    expect(audit).toMatchObject({ entity: "voucher" });
    expect(audit.changes).toEqual({
      status: { before: "active", after: "void" },
      balance_cents: { before: 1_800, after: 0 },
      note: { before: null, after: "Voided by the operator" },
    });
    await expect(voidVoucher(t.db, v.id, "", clock.now())).rejects.toMatchObject({
      status: 409,
      message: "This voucher is already void.",
    });
    await expect(voidVoucher(t.db, "no-such-voucher", "", clock.now())).rejects.toMatchObject({
      status: 404,
      message: "Voucher not found",
    });
    await expect(voucherLedger(t.db, "no-such-voucher")).rejects.toMatchObject({
      status: 404,
      message: "Voucher not found",
    });
  });

  it("a voucher waiting for its payment cannot be voided, nor get a new code", async () => {
    const pending = await t.db.transaction((tx) =>
      issueVoucher(tx, {
        amountCents: 2_000,
        currency: "aud",
        source: "gift",
        status: "pending_payment",
        recipientEmail: email("pending"),
        at: clock.now(),
      }),
    );
    // Its code is minted when it is paid: the list shows none yet.
    expect((await listVouchers(t.db, pending.recipientEmail)).map((r) => r.code_hint)).toEqual([""]);
    await expect(voidVoucher(t.db, pending.id, "", clock.now())).rejects.toMatchObject({
      status: 409,
      message: "Only an active voucher can be voided.",
    });
    await expect(sendNewVoucherCode(t.db, pending.id, CTX())).rejects.toMatchObject({
      status: 409,
      message: "Only an active voucher can get a new code.",
    });
  });

  it("a lost code is replaced and emailed; the old one stops working; a voucher without an address cannot get one", async () => {
    const recipient = email("lost");
    const v = await withActor(OWNER, () =>
      issueOperatorVoucher(t.db, { amountCents: 1_000, email: recipient, name: "Lee", note: "" }, CTX()),
    );
    const renewed = await withActor(OWNER, () => sendNewVoucherCode(t.db, v.id, CTX()));
    await expect(checkVoucher(t.db, v.code, "aud", clock.now())).rejects.toMatchObject({ status: 400 });
    const codes = await outboxTo(recipient);
    const newKey = `voucher_code:${v.id}:${(renewed.codeHash ?? "").slice(0, 16)}`;
    expect(codes.map((e) => e.dedupeKey).sort()).toEqual([`voucher_code:${v.id}`, newKey]);
    const second = codes.find((e) => e.dedupeKey === newKey);
    expect(await sentText(t.db, second as (typeof codes)[number])).toContain(renewed.code);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, v.id), eq(auditLog.action, "new_code"), eq(auditLog.entity, "voucher")),
      );
    expect(audit.changes).toEqual({
      code_hint: { before: `…${v.codeSuffix}`, after: `…${renewed.codeSuffix}` },
      sent_to: { before: null, after: recipient },
    });

    const nameless = await t.db.transaction((tx) =>
      issueVoucher(tx, { amountCents: 1_000, currency: "aud", source: "operator", at: clock.now() }),
    );
    await expect(sendNewVoucherCode(t.db, nameless.id, CTX())).rejects.toMatchObject({
      status: 409,
      message: "This voucher has no email address to send a new code to.",
    });
    await expect(sendNewVoucherCode(t.db, "no-such-voucher", CTX())).rejects.toMatchObject({
      status: 404,
      message: "Voucher not found",
    });
  });

  it("giving credit is logged with the code's last characters only", async () => {
    const recipient = email("credit");
    const v = await withActor(OWNER, () =>
      issueOperatorVoucher(
        t.db,
        { amountCents: 700, email: recipient, name: "Kim", note: "rain day" },
        CTX(),
      ),
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, v.id), eq(auditLog.action, "create")));
    expect(audit).toMatchObject({ entity: "voucher" });
    expect(audit.changes).toMatchObject({
      code_hint: { before: null, after: `…${v.codeSuffix}` },
      initial_cents: { before: null, after: 700 },
      recipient_email: { before: null, after: recipient },
      note: { before: null, after: "rain day" },
    });
    expect(JSON.stringify(audit.changes)).not.toContain(v.code);
  });
});

describe("a gift voucher", () => {
  const buy = (purchaserEmail: string, recipientEmail: string, recipientName = "Sam Tran") =>
    openGiftVoucherCheckout(
      bookingDeps(t.services),
      {
        amountCents: 7_500,
        purchaserName: "Ruby Tran",
        purchaserEmail,
        recipientName,
        recipientEmail,
        message: "Enjoy",
      },
      { clientKey: `gift-${++seq}` },
    );

  it("opens a checkout named for it, counted against its buyer, and logs it", async () => {
    const buyer = email("buyer");
    const opened = await buy(buyer, email("friend"));
    const [payment] = await t.db.select().from(payments).where(eq(payments.sessionId, opened.session_id));
    expect(payment).toMatchObject({
      kind: "voucher",
      status: "open",
      customerEmail: buyer,
      clientKey: expect.stringMatching(/^gift-/),
    });
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, opened.session_id));
    expect(session).toMatchObject({
      kind: "voucher",
      name: "Gift voucher",
      description: "$75.00 gift voucher",
      metadata: { kind: "voucher", payment_id: payment.id },
    });
    const logged = t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((e) => e.msg === "gift voucher checkout opened" && e.payment === payment.id);
    expect(logged).toMatchObject({ total: 7_500 });
    expect(await giftVoucherStatus(bookingDeps(t.services), opened.session_id)).toMatchObject({
      state: "pending",
      amountCents: 7_500,
      purchaserEmail: buyer,
    });
  });

  it("once paid: the code to the recipient, a receipt to a buyer who is someone else, a notice to the operator", async () => {
    const buyer = email("giver");
    const friend = email("friend");
    const opened = await buy(buyer, friend, "");
    await payTestSession(t, opened.session_id);
    const status = await giftVoucherStatus(bookingDeps(t.services), opened.session_id);
    expect(status).toMatchObject({ state: "paid", recipientEmail: friend });
    expect((await outboxTo(friend)).map((e) => e.kind)).toEqual(["voucher_code"]);
    expect((await outboxTo(buyer)).map((e) => e.kind)).toEqual(["voucher_receipt"]);
    const [v] = await t.db.select().from(vouchers).where(eq(vouchers.recipientEmail, friend));
    const notice = (
      await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `voucher_notice:${v.id}`))
    )[0];
    expect(notice.subject).toBe("Gift voucher sold: $75.00");
    // Without the recipient's name, the notice names their address.
    expect(await sentText(t.db, notice)).toBe(
      `Ruby Tran (${buyer}) bought a gift voucher of $75.00 for ${friend}.\nVoucher: …${v.codeSuffix}`,
    );
  });

  it("bought for oneself: the code only, no separate receipt, whatever the address's case", async () => {
    const self = email("self");
    const opened = await buy(self.toUpperCase(), self);
    await payTestSession(t, opened.session_id);
    expect((await outboxTo(self)).map((e) => e.kind)).toEqual(["voucher_code"]);
    expect(await outboxTo(self.toUpperCase())).toEqual([]);
  });

  it("counts against its buyer's open checkouts", async () => {
    const buyer = email("capped");
    const deps = { ...bookingDeps(t.services), env: { ...t.services.env, MAX_OPEN_CHECKOUTS: 1 } };
    const input = {
      amountCents: 5_000,
      purchaserName: "Ruby Tran",
      purchaserEmail: buyer,
      recipientName: "",
      recipientEmail: email("friend"),
      message: "",
    };
    await openGiftVoucherCheckout(deps, input);
    await expect(openGiftVoucherCheckout(deps, input)).rejects.toMatchObject({ status: 429 });
  });

  it("a checkout that lapsed reads closed; a session that is not a gift voucher's reads nothing", async () => {
    const opened = await buy(email("lapsed"), email("friend"));
    await t.db.update(payments).set({ status: "expired" }).where(eq(payments.sessionId, opened.session_id));
    expect((await giftVoucherStatus(bookingDeps(t.services), opened.session_id))?.state).toBe("closed");
    const custom = await t.app.request(
      "/api/payments/v1/checkout/session",
      jsonRequest("POST", { amount: 20, customer_email: email("custom") }),
    );
    const { session_id } = (await custom.json()) as { session_id: string };
    expect(await giftVoucherStatus(bookingDeps(t.services), session_id)).toBeNull();
    expect(await giftVoucherStatus(bookingDeps(t.services), "cs_test_unknown")).toBeNull();
  });
});
