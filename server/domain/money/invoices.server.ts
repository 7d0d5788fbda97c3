/**
 * Tax invoices and adjustment notes (receipts when the business has no ABN
 * registered for GST). A document is issued inside the transaction of what it
 * reports, once per source (its unique source key): a booking when it is
 * confirmed, a custom payment or gift voucher when paid, a change of a
 * booking's total, a refund the customer gets back. Its number is taken from
 * document_numbers with a row lock in the same transaction: a transaction that
 * rolls back gives its number back, so numbers run without gaps, and two
 * processes issuing at once take numbers one after the other.
 *
 * The seller, buyer and lines are copied into the row: a reissue shows the
 * document as it was issued, whatever the settings or the booking say later.
 */
import { and, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { siteInfo, siteName } from "../../../app/lib/site.ts";
import {
  documentTitle,
  gstIncludedCents,
  invoiceNumber,
  issuesTaxInvoices,
  isValidAbn,
  type TaxIdentity,
} from "../../../app/lib/tax.ts";
import type { DB } from "../../db/client.server.ts";
import {
  type BookingRow,
  bookings,
  documentNumbers,
  type InvoiceLine,
  invoices,
  type PaymentRow,
  type refunds,
} from "../../db/schema.ts";
import { invoiceEmail } from "../../email/invoice-templates.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getSetting, setSetting } from "../content/settings.server.ts";
import { bookingLines } from "./invoice-lines.ts";

export type { InvoiceRow } from "../../db/schema.ts";

import type { InvoiceRow } from "../../db/schema.ts";

type RefundRow = typeof refunds.$inferSelect;

const TAX_IDENTITY_KEY = "tax_identity";

/** The business's name, ABN and GST registration; the site's title stands in for an unset name. */
export async function taxIdentity(db: DB): Promise<TaxIdentity> {
  const stored = await getSetting<Partial<TaxIdentity>>(db, TAX_IDENTITY_KEY);
  return {
    legalName: stored?.legalName || siteName(await loadSiteContent(db)),
    abn: stored?.abn ?? "",
    gstRegistered: stored?.gstRegistered ?? false,
  };
}

/** The settings as the console edits them (an empty name means the site's title). */
export async function storedTaxIdentity(db: DB): Promise<TaxIdentity> {
  const stored = await getSetting<Partial<TaxIdentity>>(db, TAX_IDENTITY_KEY);
  return {
    legalName: stored?.legalName ?? "",
    abn: stored?.abn ?? "",
    gstRegistered: stored?.gstRegistered ?? false,
  };
}

export async function saveTaxIdentity(db: DB, input: TaxIdentity): Promise<TaxIdentity> {
  const abn = input.abn.replace(/\s/g, "");
  if (abn && !isValidAbn(abn)) {
    throw badRequest("abn: This is not a valid ABN: check its 11 digits.", {
      abn: "This is not a valid ABN: check its 11 digits.",
    });
  }
  if (input.gstRegistered && !abn) {
    throw badRequest("abn: Enter the ABN to issue tax invoices.", {
      abn: "Enter the ABN to issue tax invoices.",
    });
  }
  const value = { legalName: input.legalName.trim(), abn, gstRegistered: input.gstRegistered };
  await db.transaction(async (tx) => {
    const before = await storedTaxIdentity(tx);
    await setSetting(tx, TAX_IDENTITY_KEY, value);
    const fields = (t: TaxIdentity) => ({
      legal_name: t.legalName,
      abn: t.abn,
      gst_registered: t.gstRegistered,
    });
    await recordAudit(tx, {
      action: "update",
      entity: "tax_settings",
      entityId: TAX_IDENTITY_KEY,
      before: fields(before),
      after: fields(value),
    });
  });
  return value;
}

/** The next document number, taken under the series row's lock (released when the transaction ends). */
async function takeNumber(tx: DB): Promise<number> {
  const [row] = await tx
    .update(documentNumbers)
    .set({ next: sql`${documentNumbers.next} + 1` })
    .where(eq(documentNumbers.series, "invoice"))
    .returning({ next: documentNumbers.next });
  if (row) return row.next - 1;
  // The first document ever: the series starts at 1 (a racing first issuer takes the conflict path and waits).
  await tx.insert(documentNumbers).values({ series: "invoice", next: 1 }).onConflictDoNothing();
  return takeNumber(tx);
}

export interface IssueRequest {
  kind: "invoice" | "adjustment";
  sourceKey: string;
  bookingId?: string | null;
  paymentId?: string | null;
  refersToId?: string | null;
  buyerName: string;
  buyerEmail: string;
  lines: InvoiceLine[];
  currency: string;
  at: Date;
  /** The seller at the moment of issue (read from the settings when not given). */
  seller?: TaxIdentity;
}

/** Issues a document once per source key, inside the caller's transaction; answers it (or the one issued before). */
export async function issueDocument(tx: DB, r: IssueRequest): Promise<InvoiceRow> {
  const [earlier] = await tx.select().from(invoices).where(eq(invoices.sourceKey, r.sourceKey));
  if (earlier) return earlier;
  const seller = r.seller ?? (await taxIdentity(tx));
  const taxInvoice = issuesTaxInvoices(seller);
  const totalCents = r.lines.reduce((sum, l) => sum + l.total_cents, 0);
  const taxable = r.lines.filter((l) => l.taxable).reduce((sum, l) => sum + l.total_cents, 0);
  const [row] = await tx
    .insert(invoices)
    .values({
      number: await takeNumber(tx),
      kind: r.kind,
      taxInvoice,
      sourceKey: r.sourceKey,
      bookingId: r.bookingId ?? null,
      paymentId: r.paymentId ?? null,
      refersToId: r.refersToId ?? null,
      sellerName: seller.legalName,
      sellerAbn: taxInvoice ? seller.abn : "",
      buyerName: r.buyerName,
      buyerEmail: r.buyerEmail,
      lines: r.lines,
      totalCents,
      gstCents: taxInvoice ? gstIncludedCents(taxable) : 0,
      currency: r.currency,
      issuedAt: r.at,
    })
    .returning();
  return row;
}

const buyerOf = (b: BookingRow) => ({
  buyerName: `${b.customerFirstName} ${b.customerLastName}`.trim(),
  buyerEmail: b.customerEmail,
});

/** A confirmed booking's invoice: the whole supply, whatever paid for it (card, cash, voucher or on the day). */
export async function issueBookingInvoice(tx: DB, b: BookingRow, at: Date) {
  return issueDocument(tx, {
    kind: "invoice",
    sourceKey: `booking:${b.id}`,
    bookingId: b.id,
    ...buyerOf(b),
    lines: bookingLines(b),
    currency: b.currency,
    at,
  });
}

/** The booking's own invoice, if it has one. */
export async function bookingInvoice(tx: DB, bookingId: string): Promise<InvoiceRow | null> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.sourceKey, `booking:${bookingId}`));
  return row ?? null;
}

/**
 * A change of a confirmed booking's total (another date or group): a dearer
 * one is invoiced for the difference, a cheaper one gets an adjustment note;
 * both refer to the booking's invoice. Nothing when it has none.
 */
export async function issueChangeDocument(
  tx: DB,
  m: { before: BookingRow; after: BookingRow; changeId: string; at: Date },
) {
  const difference = m.after.totalAmountCents - m.before.totalAmountCents;
  if (difference === 0) return null;
  const original = await bookingInvoice(tx, m.before.id);
  if (!original) return null;
  const what = `Change of booking ${m.after.reference}: ${departureText(m.before.selectedDate, m.before.startTime)}, ${peopleText(m.before.groupSize)} to ${departureText(m.after.selectedDate, m.after.startTime)}, ${peopleText(m.after.groupSize)}`;
  return issueDocument(tx, {
    kind: difference > 0 ? "invoice" : "adjustment",
    sourceKey: `change:${m.changeId}`,
    bookingId: m.after.id,
    refersToId: original.id,
    ...buyerOf(m.after),
    lines: [
      {
        description: what,
        quantity: 1,
        unit_cents: Math.abs(difference),
        total_cents: Math.abs(difference),
        taxable: true,
      },
    ],
    currency: m.after.currency,
    at: m.at,
  });
}

/**
 * Money given back on a booking or a custom payment (a cancellation's refund,
 * one the operator chose): an adjustment note referring to the invoice it
 * lowers. A refund of a payment that was never invoiced (a late payment whose
 * booking never confirmed) has none.
 */
export async function issueRefundNote(tx: DB, refund: RefundRow, payment: PaymentRow) {
  const original = refund.bookingId
    ? await bookingInvoice(tx, refund.bookingId)
    : ((
        await tx
          .select()
          .from(invoices)
          .where(eq(invoices.sourceKey, `payment:${payment.id}`))
      )[0] ?? null);
  if (!original) return null;
  return issueDocument(tx, {
    kind: "adjustment",
    sourceKey: `refund:${refund.id}`,
    bookingId: refund.bookingId,
    paymentId: payment.id,
    refersToId: original.id,
    buyerName: original.buyerName,
    buyerEmail: original.buyerEmail,
    lines: [
      {
        description: `Refund on ${original.taxInvoice ? "tax invoice" : "receipt"} ${invoiceNumber(original)}`,
        quantity: 1,
        unit_cents: refund.amountCents,
        total_cents: refund.amountCents,
        taxable: original.gstCents > 0,
      },
    ],
    currency: original.currency,
    at: refund.createdAt,
  });
}

/** A paid custom payment (an agreed amount, taxable) or gift voucher (GST applies when it is used). */
export async function issuePaymentInvoice(
  tx: DB,
  m: { payment: PaymentRow; description: string; taxable: boolean; buyerName?: string; at: Date },
) {
  const p = m.payment;
  return issueDocument(tx, {
    kind: "invoice",
    sourceKey: `payment:${p.id}`,
    paymentId: p.id,
    buyerName: m.buyerName ?? "",
    buyerEmail: p.customerEmail ?? "",
    lines: [
      {
        description: m.description,
        quantity: p.quantity,
        unit_cents: p.unitAmountCents,
        total_cents: p.amountTotalCents,
        taxable: m.taxable,
      },
    ],
    currency: p.currency,
    at: m.at,
  });
}

/** The operator's list: newest first, found by number, email, name or booking reference. */
export async function listInvoices(db: DB, q: string, limit = 50) {
  const term = q.trim();
  const digits = /^(?:INV|ADJ)?-?0*(\d{1,9})$/i.exec(term)?.[1];
  const where = term
    ? or(
        digits ? eq(invoices.number, Number(digits)) : undefined,
        ilike(invoices.buyerEmail, `%${term}%`),
        ilike(invoices.buyerName, `%${term}%`),
        sql`${invoices.lines}::text ilike ${`%${term}%`}`,
        inArray(
          invoices.bookingId,
          db
            .select({ id: bookings.id })
            .from(bookings)
            .where(ilike(bookings.reference, `%${term}%`)),
        ),
      )
    : undefined;
  return db.select().from(invoices).where(where).orderBy(desc(invoices.number)).limit(limit);
}

/** A booking's documents, oldest first. */
export async function bookingDocuments(db: DB, bookingId: string) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId)))
    .orderBy(invoices.number);
}

/** A booking's document by its written number (INV-000012, ADJ-000013 or 12), with the one it refers to. */
export async function bookingDocumentByNumber(db: DB, bookingId: string, written: string) {
  const digits = /^(?:INV|ADJ)-?(\d{1,9})$|^(\d{1,9})$/i.exec(written.trim());
  const number = Number(digits?.[1] ?? digits?.[2] ?? Number.NaN);
  if (!Number.isSafeInteger(number)) return null;
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, bookingId), eq(invoices.number, number)));
  if (!row) return null;
  return { row, refersTo: await refersTo(db, row) };
}

/** The document an adjustment note or a later invoice refers to. */
export async function refersTo(db: DB, row: InvoiceRow): Promise<InvoiceRow | null> {
  if (!row.refersToId) return null;
  const [original] = await db.select().from(invoices).where(eq(invoices.id, row.refersToId));
  return original ?? null;
}

export async function invoiceById(db: DB, id: string): Promise<InvoiceRow> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound("Invoice not found");
  return row;
}

/** Emails a document to its buyer again, as its page attached (a copy each time it is asked for). */
export async function sendInvoice(db: DB, row: InvoiceRow, at: Date): Promise<void> {
  const content = await loadSiteContent(db);
  const email = await invoiceEmail(row, { refersTo: await refersTo(db, row), site: siteInfo(content) });
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      ...email,
      bookingId: row.bookingId,
      dedupeKey: `invoice:${row.id}:${at.getTime()}`,
    });
    await recordAudit(tx, {
      action: "send",
      entity: "invoice",
      entityId: row.id,
      bookingId: row.bookingId,
      before: null,
      after: { number: invoiceNumber(row), to: row.buyerEmail, total_cents: row.totalCents },
    });
  });
}

/** A document as the customer's page links it: its written number and title. */
export function documentLink(row: InvoiceRow) {
  return { number: invoiceNumber(row), title: documentTitle(row.kind, row.taxInvoice) };
}
