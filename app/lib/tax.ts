/**
 * Australian GST on the site's documents. Prices include GST; a taxable
 * line's GST is one eleventh of its price (10% on top of the price without
 * it). A business without an ABN registered for GST issues receipts, not tax
 * invoices, and shows no GST.
 */

/** The GST included in a GST-inclusive amount, in cents, rounded to the nearest cent. */
export function gstIncludedCents(inclusiveCents: number): number {
  return Math.round(inclusiveCents / 11);
}

/**
 * Whether an ABN is well formed: 11 digits whose weighted sum, after taking 1
 * from the first digit, divides by 89 (the Australian Business Register's check).
 */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += (Number(digits[i]) - (i === 0 ? 1 : 0)) * weights[i];
  return sum % 89 === 0;
}

/** "51824753556" -> "51 824 753 556", as the ABN is written. */
export function formatAbn(value: string): string {
  const d = value.replace(/\s/g, "");
  return `${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5, 8)} ${d.slice(8, 11)}`;
}

/** What the business tells its documents: with an ABN and GST registration they are tax invoices. */
export interface TaxIdentity {
  /** The seller's name as registered (the site title when not set). */
  legalName: string;
  abn: string;
  gstRegistered: boolean;
}

export const issuesTaxInvoices = (t: TaxIdentity): boolean => t.gstRegistered && isValidAbn(t.abn);

/** The document's title: "Tax invoice" / "Adjustment note" with GST, "Receipt" / "Refund receipt" without. */
export function documentTitle(kind: "invoice" | "adjustment", taxInvoice: boolean): string {
  if (kind === "adjustment") return taxInvoice ? "Adjustment note" : "Refund receipt";
  return taxInvoice ? "Tax invoice" : "Receipt";
}

/** How a document's number is written: INV-000123 or ADJ-000124 (one series, so no two share a number). */
export function invoiceNumber(row: { kind: "invoice" | "adjustment"; number: number }): string {
  return `${row.kind === "adjustment" ? "ADJ" : "INV"}-${String(row.number).padStart(6, "0")}`;
}
