/**
 * The document as a PDF on A4, for the email: the same facts as its printable
 * page (invoice-templates), laid out with PDFKit's built-in Helvetica (no font
 * files to ship; its encoding has no "−" or "→", so amounts off read "-"). PDFKit is loaded when
 * the first document is made (tests/process/lazy-modules checks it is not loaded at start).
 */
import { formatDateAU, sydneyDate } from "../../app/lib/dates.ts";
import { formatMoney } from "../../app/lib/money.ts";
import type { SiteInfo } from "../../app/lib/site.ts";
import { formatAbn, invoiceNumber } from "../../app/lib/tax.ts";
import type { InvoiceRow } from "../db/schema.ts";
import { invoiceTitle } from "./invoice-templates.server.ts";

const INK = "#1e293b";
const MUTED = "#64748b";
const NAVY = "#0b2545";

export async function invoicePdf(
  row: InvoiceRow,
  m: { refersTo: InvoiceRow | null; site: SiteInfo },
): Promise<Buffer> {
  // Loaded with the first document, not at start: a site that issues none never holds it.
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `${invoiceTitle(row)} ${invoiceNumber(row)}`, Author: row.sellerName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const money = (cents: number) =>
    `${row.kind === "adjustment" ? "-" : ""}${formatMoney(cents, row.currency, true)}`;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fillColor(NAVY).font("Helvetica-Bold").fontSize(22).text(invoiceTitle(row), left, 50);
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(9)
    .text(`${invoiceNumber(row)} · issued ${formatDateAU(sydneyDate(row.issuedAt), "long")}`);
  doc.moveDown(1);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(11).text(row.sellerName);
  doc.font("Helvetica").fontSize(10);
  if (row.sellerAbn) doc.text(`ABN ${formatAbn(row.sellerAbn)}`);
  const address = [m.site.streetAddress, m.site.address, m.site.postcode].filter(Boolean).join(", ");
  if (address) doc.fillColor(MUTED).fontSize(9).text(address);
  if (m.site.email) doc.fillColor(MUTED).fontSize(9).text(m.site.email);

  doc.moveDown(1);
  doc
    .fillColor(MUTED)
    .fontSize(9)
    .text(row.kind === "adjustment" ? "Issued to" : "Bill to");
  doc.fillColor(INK).fontSize(10);
  if (row.buyerName) doc.font("Helvetica-Bold").text(row.buyerName).font("Helvetica");
  doc.text(row.buyerEmail);
  if (m.refersTo) {
    doc.moveDown(0.5);
    doc.text(
      `${row.kind === "adjustment" ? "Adjusts" : "Adds to"} ${invoiceTitle(m.refersTo).toLowerCase()} ${invoiceNumber(m.refersTo)} of ${formatDateAU(sydneyDate(m.refersTo.issuedAt))}.`,
    );
  }

  // The lines: description, quantity, unit price, amount.
  const cols = [width * 0.55, width * 0.1, width * 0.17, width * 0.18];
  const xs = cols.map((_, i) => left + cols.slice(0, i).reduce((a, b) => a + b, 0));
  let y = doc.y + 18;
  doc.fillColor(MUTED).font("Helvetica-Bold").fontSize(8);
  ["DESCRIPTION", "QTY", "UNIT PRICE", "AMOUNT"].forEach((h, i) => {
    doc.text(h, xs[i], y, { width: cols[i], align: i === 0 ? "left" : "right" });
  });
  y += 14;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor("#cbd5e1")
    .stroke();
  doc.fillColor(INK).font("Helvetica").fontSize(10);
  const anyUntaxed = row.lines.some((l) => !l.taxable);
  for (const l of row.lines) {
    y += 6;
    const what =
      row.taxInvoice && anyUntaxed
        ? `${l.description}\n${l.taxable ? "Taxable" : "Not taxable (GST-free)"}`
        : l.description;
    doc.text(what, xs[0], y, { width: cols[0] - 8 });
    const bottom = doc.y;
    doc.text(String(l.quantity), xs[1], y, { width: cols[1], align: "right" });
    doc.text(formatMoney(l.unit_cents, row.currency, true), xs[2], y, { width: cols[2], align: "right" });
    doc.text(money(l.total_cents), xs[3], y, { width: cols[3], align: "right" });
    y = Math.max(bottom, doc.y) + 6;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor("#e2e8f0")
      .stroke();
  }
  y += 4;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(1.5)
    .strokeColor(NAVY)
    .stroke();
  y += 8;
  const totalLabel = `${row.kind === "adjustment" ? "Total adjustment" : "Total"} (${row.currency.toUpperCase()}${row.taxInvoice ? ", GST included" : ""})`;
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(totalLabel, left, y, { width: width * 0.7 });
  doc.text(money(row.totalCents), left + width * 0.7, y, { width: width * 0.3, align: "right" });
  if (row.taxInvoice) {
    y = doc.y + 8;
    doc
      .font("Helvetica")
      .fontSize(10)
      .text(
        row.kind === "adjustment" ? "GST adjustment (included above)" : "GST included in the total",
        left,
        y,
        {
          width: width * 0.7,
        },
      );
    doc.text(money(row.gstCents), left + width * 0.7, y, { width: width * 0.3, align: "right" });
  } else {
    doc
      .moveDown(1.5)
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(9)
      .text("No GST is shown: the seller is not registered for GST.", left);
  }
  doc.end();
  return done;
}
