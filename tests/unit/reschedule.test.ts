import { describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/dates.ts";
import { priceLine } from "../../app/lib/price-lines.ts";
import {
  differenceText,
  movedTotalCents,
  priceDifferenceCents,
  RESCHEDULE_BLOCK_TEXT,
  rescheduleBlock,
} from "../../app/lib/reschedule.ts";

/** An instant at the given Sydney wall-clock time, with its UTC offset spelled out. */
const sydney = (local: string, offset: "+10:00" | "+11:00") => new Date(`${local}${offset}`);

const confirmedPaid = (date: string) => ({ status: "confirmed", paid: true, date, changePending: false });

describe("when a date change is offered", () => {
  // 2026-07-20 is in winter (AEST, UTC+10), away from any DST change.
  const trip = "2026-07-20";

  it.each([
    [30, null],
    [7, null],
    [3, null],
    [2, "no_refund_window"],
    [1, "no_refund_window"],
    [0, "no_refund_window"],
    [-1, "no_refund_window"],
  ])("%d Sydney days before the trip -> %s, at both ends of that day", (days, block) => {
    const day = addDays(trip, -days);
    expect(rescheduleBlock(confirmedPaid(trip), sydney(`${day}T00:00:00`, "+10:00"))).toBe(block);
    expect(rescheduleBlock(confirmedPaid(trip), sydney(`${day}T23:59:59`, "+10:00"))).toBe(block);
  });

  it("counts Sydney days, not UTC days: 3 days before in Sydney is still the previous UTC day", () => {
    // 2026-07-17 08:30 in Sydney is 2026-07-16 22:30 UTC: 3 Sydney days out, offered.
    expect(rescheduleBlock(confirmedPaid(trip), new Date("2026-07-16T22:30:00Z"))).toBeNull();
    // 2026-07-18 00:30 in Sydney is 2026-07-17 14:30 UTC: 2 Sydney days out, refused.
    expect(rescheduleBlock(confirmedPaid(trip), new Date("2026-07-17T14:30:00Z"))).toBe("no_refund_window");
  });

  it("follows summer time (AEDT, UTC+11) at the boundary", () => {
    const summerTrip = "2026-12-20";
    expect(rescheduleBlock(confirmedPaid(summerTrip), sydney("2026-12-17T23:59:59", "+11:00"))).toBeNull();
    expect(rescheduleBlock(confirmedPaid(summerTrip), sydney("2026-12-18T00:00:00", "+11:00"))).toBe(
      "no_refund_window",
    );
  });

  it("needs a confirmed, paid booking with no change awaiting payment", () => {
    const at = sydney("2026-06-01T12:00:00", "+10:00");
    expect(rescheduleBlock({ ...confirmedPaid(trip), status: "pending_payment" }, at)).toBe("not_confirmed");
    expect(rescheduleBlock({ ...confirmedPaid(trip), status: "cancelled" }, at)).toBe("not_confirmed");
    expect(rescheduleBlock({ ...confirmedPaid(trip), status: "completed" }, at)).toBe("not_confirmed");
    expect(rescheduleBlock({ ...confirmedPaid(trip), paid: false }, at)).toBe("not_paid");
    expect(rescheduleBlock({ ...confirmedPaid(trip), changePending: true }, at)).toBe("change_pending");
    expect(rescheduleBlock(confirmedPaid(trip), at)).toBeNull();
  });

  it("sends a booking called off for weather to its free move instead of a paid change", () => {
    const at = sydney("2026-06-01T12:00:00", "+10:00");
    expect(rescheduleBlock({ ...confirmedPaid(trip), calledOff: true }, at)).toBe("weather");
    expect(rescheduleBlock({ ...confirmedPaid(trip), calledOff: false }, at)).toBeNull();
  });

  it("says why in words that point to a person for the no-refund window", () => {
    expect(RESCHEDULE_BLOCK_TEXT.no_refund_window).toContain("within 48 hours");
    expect(RESCHEDULE_BLOCK_TEXT.no_refund_window).toContain("contact us");
  });
});

describe("the price difference of a date change", () => {
  it("is the new date's price for the whole group less what the booking costs now", () => {
    expect(priceDifferenceCents(13_000, 2, 20_000)).toBe(6_000);
    expect(priceDifferenceCents(7_000, 2, 20_000)).toBe(-6_000);
    expect(priceDifferenceCents(10_000, 2, 20_000)).toBe(0);
    // After an earlier change the current total (not the first price) is the base.
    expect(priceDifferenceCents(10_000, 3, 39_000)).toBe(-9_000);
  });

  it("keeps the booking's lines as booked: only the people of a booking without categories follow the date", () => {
    const meal = priceLine({
      kind: "extra",
      ref_id: "m",
      label: "Meal pack",
      quantity: 2,
      unit_cents: 1_500,
    });
    const adult = priceLine({
      kind: "category",
      ref_id: "a",
      label: "Adult",
      quantity: 2,
      unit_cents: 12_000,
    });
    // Two people at the new $130 plus the meal packs, less the $10 discount the booking keeps.
    expect(movedTotalCents(13_000, 2, [meal], 1_000)).toBe(26_000 + 3_000 - 1_000);
    expect(priceDifferenceCents(10_000, 2, 23_000, 0, [meal])).toBe(0);
    // By category the date's price does not apply: the lines are the price.
    expect(movedTotalCents(13_000, 2, [adult, meal])).toBe(27_000);
  });

  it("reads as pay more, refund or no change", () => {
    expect(differenceText(6_000, "aud")).toBe("Pay $60.00 more");
    expect(differenceText(-6_050, "aud")).toBe("Refund $60.50");
    expect(differenceText(0, "aud")).toBe("No change in price");
  });
});
