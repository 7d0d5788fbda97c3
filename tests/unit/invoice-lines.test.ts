import { describe, expect, it } from "vitest";
import type { BookingRow } from "../../server/db/schema.ts";
import { bookingLines } from "../../server/domain/money/invoice-lines.ts";

// A document lists what was paid: the adventure (or each category and extra booked) at the
// booking's prices, then a promo discount as a negative line, every line taxable, so the total
// and its GST are of what the customer actually paid.
const booking = (over: Partial<BookingRow> = {}) =>
  ({
    adventureTitle: "Discover Scuba Diving",
    selectedDate: "2026-12-05",
    startTime: null,
    groupSize: 3,
    reference: "TW-7K3Q",
    unitPriceCents: 24_900,
    totalAmountCents: 74_700,
    promoDiscountCents: 0,
    promoCode: null,
    priceLines: [],
    ...over,
  }) as BookingRow;

const WHEN = "Discover Scuba Diving, Saturday 5 December 2026";

describe("a booking's document lines", () => {
  it("the spec's booking: one line for the group at the booking's total", () => {
    expect(bookingLines(booking())).toEqual([
      {
        description: `${WHEN} (3 people), booking TW-7K3Q`,
        quantity: 3,
        unit_cents: 24_900,
        total_cents: 74_700,
        taxable: true,
      },
    ]);
  });

  it("a promo discount: the group at the price before it, then the discount as a negative line", () => {
    const lines = bookingLines(
      booking({ totalAmountCents: 64_700, promoDiscountCents: 10_000, promoCode: "SUMMER" }),
    );
    expect(lines).toEqual([
      expect.objectContaining({ quantity: 3, unit_cents: 24_900, total_cents: 74_700 }),
      {
        description: "Promo code SUMMER",
        quantity: 1,
        unit_cents: -10_000,
        total_cents: -10_000,
        taxable: true,
      },
    ]);
    // A discount whose code was since removed still reads as a promo discount.
    expect(bookingLines(booking({ promoDiscountCents: 500, promoCode: null })).at(-1)?.description).toBe(
      "Promo code",
    );
  });

  it("categories and extras: one line each at the booking's prices, and the promo line after them", () => {
    const priceLines = [
      {
        kind: "category" as const,
        ref_id: "adult",
        label: "Adult",
        quantity: 2,
        unit_cents: 24_900,
        total_cents: 49_800,
      },
      {
        kind: "extra" as const,
        ref_id: "gear",
        label: "Full gear set (M)",
        quantity: 1,
        unit_cents: 3_500,
        total_cents: 3_500,
      },
    ];
    expect(bookingLines(booking({ priceLines, promoDiscountCents: 1_000, promoCode: "MATE" }))).toEqual([
      {
        description: `Adult: ${WHEN}, booking TW-7K3Q`,
        quantity: 2,
        unit_cents: 24_900,
        total_cents: 49_800,
        taxable: true,
      },
      {
        description: `Full gear set (M): ${WHEN}, booking TW-7K3Q`,
        quantity: 1,
        unit_cents: 3_500,
        total_cents: 3_500,
        taxable: true,
      },
      { description: "Promo code MATE", quantity: 1, unit_cents: -1_000, total_cents: -1_000, taxable: true },
    ]);
  });

  it("extras without categories: the people at the per-person price first, then each extra", () => {
    const priceLines = [
      {
        kind: "extra" as const,
        ref_id: "meal",
        label: "Meal pack",
        quantity: 1,
        unit_cents: 2_000,
        total_cents: 2_000,
      },
    ];
    expect(
      bookingLines(booking({ groupSize: 2, unitPriceCents: 10_050, totalAmountCents: 22_100, priceLines })),
    ).toEqual([
      {
        description: `${WHEN} (2 people), booking TW-7K3Q`,
        quantity: 2,
        unit_cents: 10_050,
        total_cents: 20_100,
        taxable: true,
      },
      expect.objectContaining({ description: `Meal pack: ${WHEN}, booking TW-7K3Q`, total_cents: 2_000 }),
    ]);
  });
});
