/**
 * The invoice ledger's rules, called directly on the test database: the seller's tax settings,
 * the documents of custom payments and gift vouchers and their refunds, numbers that run on, the
 * operator's search and a booking's document by its written number, and sending one again.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceNumber } from "../../app/lib/tax.ts";
import { auditLog, emailOutbox, invoices } from "../../server/db/schema.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import {
  bookingDocumentByNumber,
  invoiceById,
  issuePaymentInvoice,
  listInvoices,
  refersTo,
  saveTaxIdentity,
  sendInvoice,
  storedTaxIdentity,
  taxIdentity,
} from "../../server/domain/money/invoices.server.ts";
import { claimRefund } from "../../server/domain/money/refunds.server.ts";
import { openGiftVoucherCheckout } from "../../server/domain/vouchers/gift-vouchers.server.ts";
import { bookingDeps } from "../../server/services.server.ts";
import { OWNER } from "../helpers/admin.ts";
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

const ABN = "51824753556";
const pay = (sessionId: string) => payTestSession(t, sessionId);
const bookingDocument = async (bookingId: string) =>
  (await t.db.select().from(invoices).where(eq(invoices.bookingId, bookingId)))[0];
const documentOf = async (paymentId: string) =>
  (await t.db.select().from(invoices).where(eq(invoices.paymentId, paymentId))).sort(
    (a, b) => a.number - b.number,
  );

async function paidBooking(email: string) {
  const date = await firstOpenDate(t.app, "dive-exhibition", 1);
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({
        selected_date: date,
        group_size: 1,
        customer_email: email,
        customer_first_name: "Ana",
        customer_last_name: "Lima",
      }),
    ),
  );
  const created = (await res.json()) as { session_id: string; booking_id: string; reference: string };
  const payment = await pay(created.session_id);
  return { ...created, payment };
}

describe("the seller's tax settings", () => {
  it("stand in with the site's name until set; refuse a bad ABN and tax invoices without one, naming the field", async () => {
    expect(await storedTaxIdentity(t.db)).toEqual({ legalName: "", abn: "", gstRegistered: false });
    expect(await taxIdentity(t.db)).toEqual({
      legalName: "Tidewater Dive & Camp",
      abn: "",
      gstRegistered: false,
    });

    await expect(
      saveTaxIdentity(t.db, { legalName: "", abn: "12 345 678 901", gstRegistered: false }),
    ).rejects.toMatchObject({
      status: 400,
      message: "abn: This is not a valid ABN: check its 11 digits.",
      errors: { abn: "This is not a valid ABN: check its 11 digits." },
    });
    await expect(
      saveTaxIdentity(t.db, { legalName: "", abn: " ", gstRegistered: true }),
    ).rejects.toMatchObject({
      status: 400,
      message: "abn: Enter the ABN to issue tax invoices.",
      errors: { abn: "Enter the ABN to issue tax invoices." },
    });
    expect(await storedTaxIdentity(t.db)).toEqual({ legalName: "", abn: "", gstRegistered: false });
  });

  it("are saved tidied, and the change is in the audit log", async () => {
    const saved = await withActor(OWNER, () =>
      saveTaxIdentity(t.db, {
        legalName: "  Tidewater Pty Ltd ",
        abn: "51 824 753 556",
        gstRegistered: true,
      }),
    );
    expect(saved).toEqual({ legalName: "Tidewater Pty Ltd", abn: ABN, gstRegistered: true });
    expect(await taxIdentity(t.db)).toEqual(saved);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "tax_settings"), eq(auditLog.action, "update")));
    expect(entry.changes).toEqual({
      legal_name: { before: "", after: "Tidewater Pty Ltd" },
      abn: { before: "", after: ABN },
      gst_registered: { before: false, after: true },
    });
  });
});

describe("documents of payments that are not bookings", () => {
  it("a custom payment's tax invoice, and its refund's adjustment note referring to it", async () => {
    await saveTaxIdentity(t.db, { legalName: "Tidewater Pty Ltd", abn: ABN, gstRegistered: true });
    const res = await t.app.request(
      "/api/payments/v1/checkout/session",
      jsonRequest("POST", { amount: 110, quantity: 2, customer_email: "payer@example.com" }),
    );
    const payment = await pay(((await res.json()) as { session_id: string }).session_id);
    const [invoice] = await documentOf(payment.id);
    expect(invoice).toMatchObject({
      kind: "invoice",
      taxInvoice: true,
      sourceKey: `payment:${payment.id}`,
      buyerName: "",
      buyerEmail: "payer@example.com",
      sellerAbn: ABN,
      totalCents: 22_000,
      gstCents: 2_000,
      lines: [
        {
          description: "Payment to Tidewater Dive & Camp",
          quantity: 2,
          unit_cents: 11_000,
          total_cents: 22_000,
          taxable: true,
        },
      ],
    });

    const refund = await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 5_500,
      reason: "operator",
      at: clock.now(),
    });
    const [, note] = await documentOf(payment.id);
    expect(note).toMatchObject({
      kind: "adjustment",
      sourceKey: `refund:${refund?.id}`,
      refersToId: invoice.id,
      buyerEmail: "payer@example.com",
      totalCents: 5_500,
      gstCents: 500,
      lines: [
        {
          description: `Refund on tax invoice ${invoiceNumber(invoice)}`,
          quantity: 1,
          unit_cents: 5_500,
          total_cents: 5_500,
          taxable: true,
        },
      ],
    });
    expect(note.number).toBe(invoice.number + 1);
    expect(await refersTo(t.db, note)).toEqual(invoice);
    expect(await refersTo(t.db, invoice)).toBeNull();
  });

  it("a gift voucher's receipt has no GST (it applies when the voucher is used), nor has its refund's note", async () => {
    await saveTaxIdentity(t.db, { legalName: "", abn: "", gstRegistered: false });
    const opened = await openGiftVoucherCheckout(bookingDeps(t.services), {
      amountCents: 10_000,
      purchaserName: "Ruby Tran",
      purchaserEmail: "ruby@example.com",
      recipientName: "Sam Tran",
      recipientEmail: "sam@example.com",
      message: "",
    });
    const payment = await pay(opened.session_id);
    const [receipt] = await documentOf(payment.id);
    expect(receipt).toMatchObject({
      taxInvoice: false,
      sellerAbn: "",
      buyerName: "Ruby Tran",
      gstCents: 0,
      lines: [
        expect.objectContaining({
          taxable: false,
          description: "Gift voucher (GST applies when it is used for a booking)",
        }),
      ],
    });
    await claimRefund(t.db, {
      payment,
      bookingId: null,
      amountCents: 10_000,
      reason: "operator",
      at: clock.now(),
    });
    const [, note] = await documentOf(payment.id);
    expect(note.lines).toEqual([
      {
        description: `Refund on receipt ${invoiceNumber(receipt)}`,
        quantity: 1,
        unit_cents: 10_000,
        total_cents: 10_000,
        taxable: false,
      },
    ]);
  });

  it("a GST-registered seller's voucher invoice counts no GST on its untaxed line, and is issued once per payment", async () => {
    await saveTaxIdentity(t.db, { legalName: "", abn: ABN, gstRegistered: true });
    const opened = await openGiftVoucherCheckout(bookingDeps(t.services), {
      amountCents: 11_000,
      purchaserName: "Ruby Tran",
      purchaserEmail: "ruby@example.com",
      recipientName: "",
      recipientEmail: "sam@example.com",
      message: "",
    });
    const payment = await pay(opened.session_id);
    const [invoice] = await documentOf(payment.id);
    expect(invoice).toMatchObject({ taxInvoice: true, sellerAbn: ABN, totalCents: 11_000, gstCents: 0 });
    const again = await t.db.transaction((tx) =>
      issuePaymentInvoice(tx, { payment, description: "again", taxable: true, at: clock.now() }),
    );
    expect(again.id).toBe(invoice.id);
    expect(await documentOf(payment.id)).toHaveLength(1);
    await saveTaxIdentity(t.db, { legalName: "", abn: "", gstRegistered: false });
  });

  it("a refund of a booking confirmed without a document issues no note", async () => {
    const { booking_id, payment } = await paidBooking("older@example.com");
    await t.db.delete(invoices).where(eq(invoices.bookingId, booking_id));
    const refund = await claimRefund(t.db, {
      payment,
      bookingId: booking_id,
      amountCents: 1_000,
      reason: "operator",
      at: clock.now(),
    });
    expect(refund?.amountCents).toBe(1_000);
    expect(await t.db.select().from(invoices).where(eq(invoices.bookingId, booking_id))).toEqual([]);
  });
});

describe("finding documents", () => {
  it("the operator finds a document by its number in any written form, the buyer, a line or the booking's reference", async () => {
    const { booking_id, reference } = await paidBooking("finder@example.com");
    const doc = await bookingDocument(booking_id);
    const numbers = async (q: string) => (await listInvoices(t.db, q)).map((r) => r.number);
    const padded = String(doc.number).padStart(6, "0");
    for (const q of [`INV-${padded}`, `inv${doc.number}`, `ADJ-${padded}`, ` ${doc.number} `, `-${padded}`]) {
      expect(await numbers(q), q).toContain(doc.number);
    }
    for (const q of ["finder@example", "Ana Lima", "discover scuba", reference.toLowerCase()]) {
      expect(await numbers(q), q).toContain(doc.number);
    }
    // A number inside other text is no number (a character no document holds: a letter could meet a
    // reference or an address), and finds nothing else.
    expect(await numbers(`#${doc.number}`)).toEqual([]);
    expect(await numbers(`${doc.number}#`)).toEqual([]);
    const all = await listInvoices(t.db, "  ");
    expect(all.map((r) => r.number)).toEqual([...all.map((r) => r.number)].sort((a, b) => b - a));
    expect(all.length).toBeGreaterThan(1);
  });

  it("a booking's document opens by its written number, and only that booking's", async () => {
    const mine = await paidBooking("mine@example.com");
    const theirs = await paidBooking("theirs@example.com");
    const doc = await bookingDocument(mine.booking_id);
    const padded = String(doc.number).padStart(6, "0");
    for (const written of [`INV-${padded}`, `inv${padded}`, String(doc.number), ` ${doc.number} `, padded]) {
      expect((await bookingDocumentByNumber(t.db, mine.booking_id, written))?.row.id, written).toBe(doc.id);
    }
    for (const written of [
      `XINV-${padded}`,
      `X-${doc.number}`,
      `INV-${doc.number}x`,
      `${doc.number}.0`,
      "9999999999",
      "",
      "INV-",
    ]) {
      expect(await bookingDocumentByNumber(t.db, mine.booking_id, written), written).toBeNull();
    }
    expect(await bookingDocumentByNumber(t.db, theirs.booking_id, String(doc.number))).toBeNull();
    await expect(invoiceById(t.db, "no-such-invoice")).rejects.toMatchObject({
      status: 404,
      message: "Invoice not found",
    });
  });

  it("sending a document again queues a copy each time it is asked for, and records who sent it", async () => {
    const { booking_id } = await paidBooking("copy@example.com");
    const doc = await bookingDocument(booking_id);
    await withActor(OWNER, () => sendInvoice(t.db, doc, clock.now()));
    clock.advance(1_000);
    await withActor(OWNER, () => sendInvoice(t.db, doc, clock.now()));
    const copies = (
      await t.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking_id))
    ).filter((e) => e.dedupeKey?.startsWith(`invoice:${doc.id}:`));
    expect(copies).toHaveLength(2);
    const sent = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "invoice"), eq(auditLog.action, "send"), eq(auditLog.entityId, doc.id)));
    expect(sent).toHaveLength(2);
    expect(sent[0].changes).toEqual({
      number: { before: null, after: invoiceNumber(doc) },
      to: { before: null, after: "copy@example.com" },
      total_cents: { before: null, after: doc.totalCents },
    });
  });
});
