/**
 * The operator's tax invoices, adjustment notes and receipts: the business's
 * tax details, the list (found by number, name, email or booking reference),
 * one document as its page, a booking's documents, and sending a document to
 * its buyer again. Behind requireAdmin like all of /api/admin.
 */
import { Hono } from "hono";
import { taxSettingsSchema } from "../../app/lib/admin-forms/invoices.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { siteInfo } from "../../app/lib/site.ts";
import { invoiceNumber } from "../../app/lib/tax.ts";
import { loadSiteContent } from "../domain/content/content.server.ts";
import {
  bookingDocuments,
  type InvoiceRow,
  invoiceById,
  listInvoices,
  refersTo,
  saveTaxIdentity,
  sendInvoice,
  storedTaxIdentity,
} from "../domain/money/invoices.server.ts";
import { invoiceHtml, invoiceTitle } from "../email/invoice-templates.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

/** A document as the console lists it. */
export function invoiceView(row: InvoiceRow) {
  return {
    id: row.id,
    number: invoiceNumber(row),
    title: invoiceTitle(row),
    kind: row.kind,
    tax_invoice: row.taxInvoice,
    booking_id: row.bookingId,
    buyer_name: row.buyerName,
    buyer_email: row.buyerEmail,
    total: row.totalCents / 100,
    gst: row.gstCents / 100,
    currency: row.currency,
    issued_at: row.issuedAt.toISOString(),
  };
}
export type InvoiceView = ReturnType<typeof invoiceView>;

export function adminInvoicesApi({ database, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/invoice-settings", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const t = await storedTaxIdentity(db);
    return c.json({ legal_name: t.legalName, abn: t.abn, gst_registered: t.gstRegistered });
  });

  api.put("/admin/invoice-settings", async (c) => {
    const input = await readJson(c, taxSettingsSchema);
    const t = await saveTaxIdentity(db, {
      legalName: input.legal_name,
      abn: input.abn,
      gstRegistered: input.gst_registered,
    });
    return c.json({ success: true, legal_name: t.legalName, abn: t.abn, gst_registered: t.gstRegistered });
  });

  api.get("/admin/invoices", async (c) => {
    const q = c.req.query("q") ?? "";
    if (q.length > 200)
      throw badRequest("q: Search text must be at most 200 characters", {
        q: "Search text must be at most 200 characters",
      });
    c.header("Cache-Control", NO_STORE);
    return c.json({ invoices: (await listInvoices(db, q)).map(invoiceView) });
  });

  // The document's page, to show in the console (in a sandboxed frame) or print from there.
  api.get("/admin/invoices/:id", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const row = await invoiceById(db, c.req.param("id"));
    const site = siteInfo(await loadSiteContent(db));
    return c.json({
      ...invoiceView(row),
      html: invoiceHtml(row, { refersTo: await refersTo(db, row), site }),
    });
  });

  api.post("/admin/invoices/:id/send", async (c) => {
    const row = await invoiceById(db, c.req.param("id"));
    await sendInvoice(db, row, now());
    return c.json({ success: true, to: row.buyerEmail });
  });

  api.get("/admin/bookings/:id/invoices", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json({ invoices: (await bookingDocuments(db, c.req.param("id"))).map(invoiceView) });
  });

  return api;
}
