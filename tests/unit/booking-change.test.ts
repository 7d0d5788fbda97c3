import { describe, expect, it } from "vitest";
import { changeSettlements, totalAfterChange } from "../../app/lib/booking-change.ts";

/** A booking of $190 paid in full by card, changed to a total of `newTotal`. */
const paidInFull = (newTotal: number, extra: Partial<Parameters<typeof changeSettlements>[0]> = {}) =>
  changeSettlements({
    differenceCents: newTotal - 19_000,
    newTotalCents: newTotal,
    owedBeforeCents: 0,
    coveredCents: 19_000,
    refundableCents: 19_000,
    ...extra,
  });

describe("how an operator's change settles its price difference", () => {
  it("the same price has nothing to settle", () => {
    expect(paidInFull(19_000)).toEqual({ options: ["none"], refundCents: 0 });
  });

  it("a dearer change of a paid booking: a link first, then owed or waived", () => {
    expect(paidInFull(28_500)).toEqual({ options: ["link", "owed", "waive"], refundCents: 0 });
  });

  it("a dearer change of a booking that still owes money adds to what it owes (no link)", () => {
    expect(paidInFull(28_500, { owedBeforeCents: 1 }).options).toEqual(["owed", "waive"]);
  });

  it("a cheaper change refunds the difference, or waives it", () => {
    expect(paidInFull(14_000)).toEqual({ options: ["refund", "waive"], refundCents: 5_000 });
  });

  it("never refunds more than the payments can give back", () => {
    expect(paidInFull(14_000, { refundableCents: 3_000 })).toEqual({
      options: ["refund", "waive"],
      refundCents: 3_000,
    });
  });

  it("never refunds past the new total: only what was covered beyond it", () => {
    // $100 paid of $190, the change costs $90: $10 was paid beyond the new total.
    expect(
      paidInFull(9_000, { coveredCents: 10_000, refundableCents: 10_000, owedBeforeCents: 9_000 }),
    ).toEqual({
      options: ["refund", "waive"],
      refundCents: 1_000,
    });
  });

  it("a booking paid on the day just owes less", () => {
    expect(paidInFull(14_000, { coveredCents: 0, refundableCents: 0, owedBeforeCents: 19_000 })).toEqual({
      options: ["owed"],
      refundCents: 0,
    });
    // Covered exactly up to the new total: nothing to refund either.
    expect(paidInFull(14_000, { coveredCents: 14_000, refundableCents: 14_000 }).options).toEqual(["owed"]);
  });

  it("a voucher part is never paid out: a voucher-paid booking's cheaper change is waived", () => {
    expect(paidInFull(14_000, { refundableCents: 0 })).toEqual({ options: ["waive"], refundCents: 0 });
  });

  it("a waived change keeps the old total; every other takes the new one", () => {
    expect(totalAfterChange("waive", 19_000, 28_500)).toBe(19_000);
    for (const s of ["none", "link", "owed", "refund"] as const)
      expect(totalAfterChange(s, 19_000, 28_500)).toBe(28_500);
  });
});
