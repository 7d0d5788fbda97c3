/**
 * The promo rule (app/lib/promo.ts): percent rounding to cents, fixed
 * amounts, the card's minimum charge, a code that covers everything, and each
 * reason a code is refused.
 */
import { describe, expect, it } from "vitest";
import { promoCodeSchema } from "../../app/lib/admin-forms/index.ts";
import {
  keptDiscountTotalCents,
  normalisePromoCode,
  PROMO_REFUSALS,
  type PromoContext,
  type PromoRule,
  promoDiscountCents,
  promoOutcome,
} from "../../app/lib/promo.ts";
import { priceDifferenceCents } from "../../app/lib/reschedule.ts";

const rule = (over: Partial<PromoRule> = {}): PromoRule => ({
  kind: "percent",
  percent: 10,
  amountCents: null,
  currency: "aud",
  adventureIds: [],
  validFrom: null,
  validTo: null,
  tripFrom: null,
  tripTo: null,
  maxUses: null,
  maxUsesPerEmail: null,
  minGroupSize: 1,
  firstBookingOnly: false,
  isActive: true,
  ...over,
});

const ctx = (over: Partial<PromoContext> = {}): PromoContext => ({
  adventureId: "dive-exhibition",
  tripDate: "2027-02-10",
  groupSize: 2,
  subtotalCents: 30_000,
  currency: "aud",
  today: "2027-01-15",
  minChargeCents: 50,
  uses: 0,
  emailUses: 0,
  hasEarlierBooking: false,
  ...over,
});

describe("the discount", () => {
  it("takes a percent of the subtotal, rounded to the nearest cent (half up)", () => {
    expect(promoDiscountCents(rule({ percent: 10 }), 30_000, 50)).toBe(3000);
    // 15% of 333.33 is 49.9995: 5000 cents.
    expect(promoDiscountCents(rule({ percent: 15 }), 33_333, 50)).toBe(5000);
    // 10% of 0.05 is half a cent: rounds up.
    expect(promoDiscountCents(rule({ percent: 10 }), 1005, 50)).toBe(101);
    expect(promoDiscountCents(rule({ percent: 10 }), 1004, 50)).toBe(100);
  });

  it("takes a fixed amount, never more than the subtotal", () => {
    const fixed = rule({ kind: "fixed", percent: null, amountCents: 2500 });
    expect(promoDiscountCents(fixed, 30_000, 50)).toBe(2500);
    expect(promoDiscountCents({ ...fixed, amountCents: 40_000 }, 30_000, 50)).toBe(30_000);
  });

  it("leaves the card's minimum to pay when it would leave less, but not zero", () => {
    const fixed = rule({ kind: "fixed", percent: null, amountCents: 29_980 });
    expect(promoDiscountCents(fixed, 30_000, 50)).toBe(29_950);
    expect(promoDiscountCents(rule({ percent: 99 }), 4000, 50)).toBe(3950);
    // A subtotal below the minimum itself: nothing can be taken off and still be charged.
    expect(promoDiscountCents(rule({ percent: 50 }), 60, 50)).toBe(10);
  });

  it("makes the total 0 only when the code covers all of it", () => {
    expect(promoDiscountCents(rule({ percent: 100 }), 30_000, 50)).toBe(30_000);
  });
});

describe("refusals", () => {
  const refused = (r: PromoRule | null, c: PromoContext) => {
    const out = promoOutcome(r, c);
    return out.ok ? null : out.message;
  };

  it("applies a code whose every rule holds", () => {
    expect(promoOutcome(rule(), ctx())).toEqual({ ok: true, discountCents: 3000 });
  });

  it("names each reason", () => {
    expect(refused(null, ctx())).toBe(PROMO_REFUSALS.unknown);
    expect(refused(rule({ isActive: false }), ctx())).toBe(PROMO_REFUSALS.inactive);
    expect(refused(rule({ validFrom: "2027-01-16" }), ctx())).toBe(PROMO_REFUSALS.notYet);
    expect(refused(rule({ validTo: "2027-01-14" }), ctx())).toBe(PROMO_REFUSALS.expired);
    expect(refused(rule({ adventureIds: ["camp-weekend"] }), ctx())).toBe(PROMO_REFUSALS.adventure);
    expect(refused(rule({ tripFrom: "2027-03-01" }), ctx())).toBe(PROMO_REFUSALS.tripDates);
    expect(refused(rule({ tripTo: "2027-02-09" }), ctx())).toBe(PROMO_REFUSALS.tripDates);
    expect(refused(rule({ minGroupSize: 3 }), ctx())).toBe("This promo code needs a group of at least 3");
    expect(refused(rule({ maxUses: 3 }), ctx({ uses: 3 }))).toBe(PROMO_REFUSALS.usedUp);
    expect(refused(rule({ maxUsesPerEmail: 1 }), ctx({ emailUses: 1 }))).toBe(PROMO_REFUSALS.emailUsedUp);
    expect(refused(rule({ firstBookingOnly: true }), ctx({ hasEarlierBooking: true }))).toBe(
      PROMO_REFUSALS.firstBooking,
    );
    expect(refused(rule({ kind: "fixed", percent: null, amountCents: 100, currency: "usd" }), ctx())).toBe(
      PROMO_REFUSALS.currency,
    );
  });

  it("counts the window's ends as inside it", () => {
    const edges = rule({
      validFrom: "2027-01-15",
      validTo: "2027-01-15",
      tripFrom: "2027-02-10",
      tripTo: "2027-02-10",
    });
    expect(promoOutcome(edges, ctx()).ok).toBe(true);
    expect(promoOutcome(rule({ maxUses: 3 }), ctx({ uses: 2 })).ok).toBe(true);
    expect(promoOutcome(rule({ maxUsesPerEmail: 2 }), ctx({ emailUses: 1 })).ok).toBe(true);
    expect(promoOutcome(rule({ minGroupSize: 2 }), ctx({ groupSize: 2 })).ok).toBe(true);
  });

  it("checks a fixed amount's currency, in any letter case, and a percent's not at all", () => {
    const fixed = rule({ kind: "fixed", percent: null, amountCents: 100, currency: "aud" });
    expect(promoOutcome(fixed, ctx({ currency: "AUD" }))).toEqual({ ok: true, discountCents: 100 });
    expect(promoOutcome(rule({ currency: "usd" }), ctx())).toEqual({ ok: true, discountCents: 3000 });
  });

  it("leaves the email rules and the trip window to the booking when a check does not know them", () => {
    const strict = rule({ maxUsesPerEmail: 1, firstBookingOnly: true, tripFrom: "2030-01-01" });
    expect(promoOutcome(strict, ctx({ emailUses: null, hasEarlierBooking: null, tripDate: null })).ok).toBe(
      true,
    );
  });
});

describe("codes as typed and as saved", () => {
  it("ignores letter case and spaces", () => {
    expect(normalisePromoCode(" summer 10 ")).toBe("SUMMER10");
  });

  it("saves amounts in cents and refuses windows that end before they start", () => {
    const ok = promoCodeSchema.safeParse({ code: "reef25", kind: "fixed", amount: 25.5 });
    expect(ok.success && ok.data).toMatchObject({ code: "REEF25", amountCents: 2550, percent: null });
    const bad = promoCodeSchema.safeParse({
      code: "x!",
      kind: "percent",
      percent: 101,
      valid_from: "2027-02-01",
      valid_to: "2027-01-01",
    });
    expect(bad.success).toBe(false);
    const paths = bad.success ? [] : bad.error.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["code", "percent", "valid_to"]));
  });
});

describe("a code as the operator saves it", () => {
  const base = { code: "reef25", kind: "percent", percent: 10 };
  const issues = (input: Record<string, unknown>) => {
    const r = promoCodeSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join("."), i.message]);
  };

  it("asks for the kind's own amount, naming the field", () => {
    expect(issues({ code: "reef25", kind: "percent" })).toEqual([
      ["percent", "Percent is required (1 to 100)"],
    ]);
    expect(issues({ code: "reef25", kind: "fixed" })).toEqual([["amount", "Amount must be more than 0"]]);
    expect(issues({ code: "reef25", kind: "fixed", amount: 0 })).toEqual([
      ["amount", "Amount must be more than 0"],
    ]);
    expect(issues({ code: "reef25", kind: "fixed", amount: 0.01 })).toEqual([]);
  });

  it("refuses a window that ends before it starts; one day, or one open end, is a window", () => {
    expect(issues({ ...base, valid_from: "2027-01-02", valid_to: "2027-01-01" })).toEqual([
      ["valid_to", "Valid to must not be before valid from"],
    ]);
    expect(issues({ ...base, trip_from: "2027-03-02", trip_to: "2027-03-01" })).toEqual([
      ["trip_to", "Trips to must not be before trips from"],
    ]);
    const oneDay = {
      valid_from: "2027-01-01",
      valid_to: "2027-01-01",
      trip_from: "2027-03-01",
      trip_to: "2027-03-01",
    };
    expect(issues({ ...base, ...oneDay })).toEqual([]);
    expect(issues({ ...base, valid_from: "2027-01-02", trip_from: "2027-03-02" })).toEqual([]);
    expect(issues({ ...base, valid_to: "2027-01-01", trip_to: "2027-03-01" })).toEqual([]);
  });

  it("keeps only the kind's own amount", () => {
    expect(promoCodeSchema.parse({ ...base, amount: 5 })).toMatchObject({ percent: 10, amountCents: null });
    expect(promoCodeSchema.parse({ code: "reef25", kind: "fixed", amount: 5, percent: 10 })).toMatchObject({
      percent: null,
      amountCents: 500,
    });
  });
});

describe("a change of date or group", () => {
  it("keeps the booking's discount in cents, never more than the new subtotal", () => {
    // $300 booked less $30: a $360 departure costs $330, so $60 more; the spec's rule without a discount.
    expect(priceDifferenceCents(18_000, 2, 27_000, 3000)).toBe(6000);
    expect(priceDifferenceCents(18_000, 2, 30_000)).toBe(6000);
    expect(keptDiscountTotalCents(2000, 3000)).toBe(0);
  });
});
