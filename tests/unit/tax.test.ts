import { describe, expect, it } from "vitest";
import {
  documentTitle,
  formatAbn,
  gstIncludedCents,
  invoiceNumber,
  issuesTaxInvoices,
  isValidAbn,
} from "../../app/lib/tax.ts";

// The Australian Business Register's published example ABN.
const ABN = "51824753556";

describe("GST on the site's documents", () => {
  it("is one eleventh of a GST-inclusive price, to the nearest cent", () => {
    expect(gstIncludedCents(11000)).toBe(1000);
    expect(gstIncludedCents(9500)).toBe(864); // 863.63…
    expect(gstIncludedCents(5)).toBe(0); // 0.45…
    expect(gstIncludedCents(6)).toBe(1); // 0.54…
    expect(gstIncludedCents(0)).toBe(0);
  });

  it("takes an ABN of 11 digits that passes the register's check, spaces allowed", () => {
    expect(isValidAbn(ABN)).toBe(true);
    expect(isValidAbn("51 824 753 556")).toBe(true);
    expect(isValidAbn(" 51824753556\t")).toBe(true);
    // One digit changed, two swapped, the first digit off by one: the weighted sum no longer divides by 89.
    expect(isValidAbn("51824753557")).toBe(false);
    expect(isValidAbn("15824753556")).toBe(false);
    expect(isValidAbn("41824753556")).toBe(false);
    expect(isValidAbn("51824753565")).toBe(false);
  });

  it("refuses an ABN of another length or with other characters", () => {
    for (const bad of ["", "5182475355", "518247535560", "x51824753556", "51824753556x", "5182475355a"]) {
      expect(isValidAbn(bad)).toBe(false);
    }
    // Twelve digits that contain a valid ABN: the whole value must be the 11 digits.
    expect(isValidAbn("151824753556")).toBe(false);
    expect(isValidAbn("518247535561")).toBe(false);
  });

  it("writes the ABN in its groups of 2, 3, 3 and 3", () => {
    expect(formatAbn(ABN)).toBe("51 824 753 556");
    expect(formatAbn("51 8247 53556")).toBe("51 824 753 556");
  });

  it("issues tax invoices only when registered for GST with a valid ABN", () => {
    expect(issuesTaxInvoices({ legalName: "T", abn: ABN, gstRegistered: true })).toBe(true);
    expect(issuesTaxInvoices({ legalName: "T", abn: ABN, gstRegistered: false })).toBe(false);
    expect(issuesTaxInvoices({ legalName: "T", abn: "51824753557", gstRegistered: true })).toBe(false);
    expect(issuesTaxInvoices({ legalName: "T", abn: "", gstRegistered: false })).toBe(false);
  });

  it("titles each document by its kind and whether it carries GST", () => {
    expect(documentTitle("invoice", true)).toBe("Tax invoice");
    expect(documentTitle("invoice", false)).toBe("Receipt");
    expect(documentTitle("adjustment", true)).toBe("Adjustment note");
    expect(documentTitle("adjustment", false)).toBe("Refund receipt");
  });

  it("numbers invoices and adjustment notes in one zero-padded series", () => {
    expect(invoiceNumber({ kind: "invoice", number: 123 })).toBe("INV-000123");
    expect(invoiceNumber({ kind: "adjustment", number: 124 })).toBe("ADJ-000124");
    expect(invoiceNumber({ kind: "invoice", number: 1234567 })).toBe("INV-1234567");
  });
});
