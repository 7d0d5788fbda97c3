import { describe, expect, it } from "vitest";
import { interpret, STATUS_TEXT } from "../../app/components/booking/payment-status.ts";
import { isPaid, PAID_STATES } from "../../app/lib/paid.ts";

describe("isPaid: the one rule for 'was the money taken'", () => {
  it("counts a ledger payment as paid once paid, also after part or all of it was refunded", () => {
    expect(isPaid({ paymentStatus: "paid", status: "complete" })).toBe(true);
    expect(isPaid({ paymentStatus: "partially_refunded", status: "complete" })).toBe(true);
    expect(isPaid({ paymentStatus: "refunded", status: "complete" })).toBe(true);
    expect(PAID_STATES).toEqual(["paid", "partially_refunded", "refunded"]);
  });

  it("does not count an unpaid checkout, whatever its status", () => {
    for (const status of ["creating", "open", "complete", "expired", "cancelled"]) {
      expect(isPaid({ paymentStatus: "unpaid", status })).toBe(false);
    }
  });

  it("counts a provider's 'no payment required' only on a completed checkout", () => {
    expect(isPaid({ paymentStatus: "no_payment_required", status: "complete" })).toBe(true);
    expect(isPaid({ paymentStatus: "no_payment_required", status: "open" })).toBe(false);
    expect(isPaid({ paymentStatus: "no_payment_required", status: "expired" })).toBe(false);
    expect(isPaid({ paymentStatus: "no_payment_required" })).toBe(false);
  });

  it("refuses anything that is not one of the known states", () => {
    expect(isPaid({ paymentStatus: undefined })).toBe(false);
    expect(isPaid({ paymentStatus: "PAID" })).toBe(false);
    expect(isPaid({ paymentStatus: 1 })).toBe(false);
  });

  it("drives the status check on /book: a refunded payment was still paid, so the visitor goes on to the summary", () => {
    const step = interpret(
      { ok: true, data: { status: "complete", payment_status: "partially_refunded" } },
      1,
      "cs_1",
    );
    expect(step.message).toBe(STATUS_TEXT.paid);
    expect(step.next).toMatchObject({ kind: "redirect" });
  });
});
