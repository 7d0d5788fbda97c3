/**
 * A tax invoice, adjustment note or receipt as a printable page (A4), from
 * the document as it was issued. What it shows is what the tax office asks of
 * a tax invoice: the words "Tax invoice", the seller's name and ABN, the date
 * of issue, each item with its quantity and price, the GST included and which
 * lines are taxable, and the buyer's name from $1,000. Without an ABN the
 * page is a receipt with no GST line.
 */
import { formatDateAU, sydneyDate } from "../../app/lib/dates.ts";
import { formatMoney } from "../../app/lib/money.ts";
import type { SiteInfo } from "../../app/lib/site.ts";
import { documentTitle, formatAbn, invoiceNumber } from "../../app/lib/tax.ts";
import type { EmailAttachment, InvoiceRow } from "../db/schema.ts";
import { invoicePdf } from "./invoice-pdf.server.ts";
import type { OutgoingEmail } from "./outbox.server.ts";
import { escapeHtml } from "./templates.server.ts";

export function invoiceTitle(row: Pick<InvoiceRow, "kind" | "taxInvoice">): string {
  return documentTitle(row.kind, row.taxInvoice);
}

/** The document's page: self-contained (no scripts, no outside files), printable on A4. */
export function invoiceHtml(row: InvoiceRow, m: { refersTo: InvoiceRow | null; site: SiteInfo }): string {
  const money = (cents: number) => formatMoney(cents, row.currency, true);
  const title = invoiceTitle(row);
  const number = invoiceNumber(row);
  const adjustment = row.kind === "adjustment";
  const anyUntaxed = row.lines.some((l) => !l.taxable);
  const lines = row.lines
    .map(
      (l) => `<tr>
<td>${escapeHtml(l.description)}${row.taxInvoice && anyUntaxed ? `<div class="muted">${l.taxable ? "Taxable" : "Not taxable (GST-free)"}</div>` : ""}</td>
<td class="num">${l.quantity}</td>
<td class="num">${money(l.unit_cents)}</td>
<td class="num">${adjustment ? "−" : ""}${money(l.total_cents)}</td>
</tr>`,
    )
    .join("");
  // The buyer is always named when known (a tax invoice of $1,000 or more must name them).
  const buyer = row.buyerName
    ? `<p><strong>${escapeHtml(row.buyerName)}</strong><br>${escapeHtml(row.buyerEmail)}</p>`
    : `<p>${escapeHtml(row.buyerEmail)}</p>`;
  const refers = m.refersTo
    ? `<p>${adjustment ? "Adjusts" : "Adds to"} ${escapeHtml(invoiceTitle(m.refersTo).toLowerCase())} ${escapeHtml(invoiceNumber(m.refersTo))} of ${escapeHtml(formatDateAU(sydneyDate(m.refersTo.issuedAt)))}.</p>`
    : "";
  const gst = row.taxInvoice
    ? `<tr><td colspan="3">${adjustment ? "GST adjustment (included above)" : "GST included in the total"}</td><td class="num">${adjustment ? "−" : ""}${money(row.gstCents)}</td></tr>`
    : "";
  const address = [m.site.streetAddress, m.site.address, m.site.postcode].filter(Boolean).join(", ");
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${title} ${number}`)}</title>
<style>
@page { size: A4; margin: 18mm; }
body { font-family: Arial, Helvetica, sans-serif; color: #1e293b; margin: 0; padding: 24px; background: #fff; }
main { max-width: 720px; margin: 0 auto; }
header { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 16px; border-bottom: 2px solid #0b2545; padding-bottom: 16px; }
h1 { margin: 0; font-size: 26px; color: #0b2545; }
.muted { color: #64748b; font-size: 12px; }
p { margin: 4px 0; }
.parties { display: flex; flex-wrap: wrap; gap: 24px; justify-content: space-between; margin: 20px 0; }
table { width: 100%; border-collapse: collapse; margin-top: 12px; font-size: 14px; }
th { text-align: left; border-bottom: 1px solid #cbd5e1; padding: 8px 4px; color: #475569; font-size: 12px; text-transform: uppercase; }
td { padding: 8px 4px; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
.num { text-align: right; white-space: nowrap; }
tfoot td { border-bottom: none; }
.total td { font-weight: bold; font-size: 16px; border-top: 2px solid #0b2545; }
@media print { body { padding: 0; } }
</style></head>
<body><main>
<header>
<div><h1>${escapeHtml(title)}</h1><p class="muted">${escapeHtml(number)} · issued ${escapeHtml(formatDateAU(sydneyDate(row.issuedAt), "long"))}</p></div>
<div><p><strong>${escapeHtml(row.sellerName)}</strong></p>${row.sellerAbn ? `<p>ABN ${escapeHtml(formatAbn(row.sellerAbn))}</p>` : ""}${address ? `<p class="muted">${escapeHtml(address)}</p>` : ""}${m.site.email ? `<p class="muted">${escapeHtml(m.site.email)}</p>` : ""}</div>
</header>
<div class="parties"><div><p class="muted">${adjustment ? "Issued to" : "Bill to"}</p>${buyer}</div><div>${refers}</div></div>
<table>
<thead><tr><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
<tbody>${lines}</tbody>
<tfoot>
<tr class="total"><td colspan="3">${adjustment ? "Total adjustment" : "Total"} (${escapeHtml(row.currency.toUpperCase())}${row.taxInvoice ? ", GST included" : ""})</td><td class="num">${adjustment ? "−" : ""}${money(row.totalCents)}</td></tr>
${gst}
</tfoot>
</table>
${row.taxInvoice ? "" : '<p class="muted" style="margin-top:16px">No GST is shown: the seller is not registered for GST.</p>'}
</main></body></html>`;
}

/** The document by email: a few words, and the document attached as a PDF and as its page. */
export async function invoiceEmail(
  row: InvoiceRow,
  m: { refersTo: InvoiceRow | null; site: SiteInfo },
): Promise<OutgoingEmail> {
  const title = invoiceTitle(row);
  const number = invoiceNumber(row);
  return {
    kind: "invoice",
    to: row.buyerEmail,
    subject: `${title} ${number} from ${row.sellerName}`,
    text: [
      row.buyerName ? `Hi ${row.buyerName.split(" ")[0]},` : "Hello,",
      "",
      `Your ${title.toLowerCase()} ${number} for ${formatMoney(row.totalCents, row.currency, true)} is attached, as a PDF to print on A4 and as a page to open in a browser.`,
      "",
      m.site.title,
    ].join("\n"),
    attachments: await invoiceAttachments(row, m.site, m.refersTo),
  };
}

/** The document as email attachments: a PDF on A4, and its page to open in a browser. */
export async function invoiceAttachments(
  row: InvoiceRow,
  site: SiteInfo,
  refersTo: InvoiceRow | null = null,
): Promise<EmailAttachment[]> {
  const number = invoiceNumber(row);
  return [
    {
      filename: `${number}.pdf`,
      contentType: "application/pdf",
      content: (await invoicePdf(row, { refersTo, site })).toString("base64"),
      encoding: "base64",
    },
    {
      filename: `${number}.html`,
      contentType: "text/html; charset=utf-8",
      content: invoiceHtml(row, { refersTo, site }),
    },
  ];
}
