/** The weather rules the admin form, the customer's page and the server share. */
import { describe, expect, it } from "vitest";
import { weatherCountText } from "../../app/components/admin/WeatherCard.tsx";
import {
  choiceLabel,
  offerOpen,
  respondBy,
  weatherCancelSchema,
  weatherChoiceSchema,
} from "../../app/lib/weather.ts";
import { creditCents, onCancelledDate } from "../../server/domain/weather/choice.server.ts";

const TODAY = "2030-03-10";
const valid = {
  date: "2030-03-12",
  adventure_id: "dive-exhibition",
  message: "Strong winds",
  default_choice: "credit",
  respond_days: 3,
};
const fieldsOf = (input: unknown) => {
  const parsed = weatherCancelSchema(TODAY).safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0]));
};

describe("weather rules", () => {
  it("answers by respond_by, whole days after the call", () => {
    const at = new Date("2030-03-10T22:15:00Z");
    expect(respondBy(at, 3).toISOString()).toBe("2030-03-13T22:15:00.000Z");
    expect(respondBy(at, 1).getTime() - at.getTime()).toBe(24 * 60 * 60_000);
  });

  it("keeps an offer open only while unanswered and the booking still on the cancelled date", () => {
    expect(offerOpen({ choice: null, bookingConfirmedOnDate: true })).toBe(true);
    expect(offerOpen({ choice: "credit", bookingConfirmedOnDate: true })).toBe(false);
    expect(offerOpen({ choice: null, bookingConfirmedOnDate: false })).toBe(false);
  });

  it("gives the booking's total less its voucher part as credit (that part goes back to its voucher)", () => {
    expect(creditCents({ totalAmountCents: 27_000, voucherCents: 0 })).toBe(27_000);
    expect(creditCents({ totalAmountCents: 27_000, voucherCents: 5_000 })).toBe(22_000);
    expect(creditCents({ totalAmountCents: 27_000, voucherCents: 27_000 })).toBe(0);
  });

  it("gives the choices only to a booking still confirmed on the cancelled date", () => {
    const on = { bookingStatus: "confirmed", selectedDate: "2030-03-12" } as const;
    expect(onCancelledDate(on, "2030-03-12")).toBe(true);
    expect(onCancelledDate({ ...on, selectedDate: "2030-03-13" }, "2030-03-12")).toBe(false);
    expect(onCancelledDate({ ...on, bookingStatus: "cancelled" }, "2030-03-12")).toBe(false);
    expect(onCancelledDate({ ...on, bookingStatus: "pending_payment" }, "2030-03-12")).toBe(false);
  });

  it("labels each answer for the admin list", () => {
    const base = { movedToDate: null, voucherCode: null, closed: false };
    expect(choiceLabel({ ...base, choice: null })).toBe("Waiting");
    expect(choiceLabel({ ...base, choice: null, closed: true })).toBe("Closed (booking changed)");
    expect(choiceLabel({ ...base, choice: "move", movedToDate: "Fri, 15 Mar 2030" })).toBe(
      "Moved to Fri, 15 Mar 2030",
    );
    expect(choiceLabel({ ...base, choice: "credit", voucherCode: "TW-ABCD-EFGH" })).toBe(
      "Credit TW-ABCD-EFGH",
    );
    expect(choiceLabel({ ...base, choice: "refund" })).toBe("Refunded");
  });

  it("counts the answers in one line", () => {
    expect(weatherCountText({ date: TODAY, waiting: 2, move: 1, credit: 0, refund: 1 })).toBe(
      "2 waiting · 1 moved · 1 refunded",
    );
    expect(weatherCountText({ date: TODAY, waiting: 0, move: 0, credit: 0, refund: 0 })).toBe("No bookings");
  });

  it("takes a departure from today on, for one adventure or all, with 1 to 30 days to answer", () => {
    expect(fieldsOf(valid)).toEqual([]);
    expect(fieldsOf({ ...valid, date: TODAY, adventure_id: null })).toEqual([]);
    expect(fieldsOf({ ...valid, date: "2030-03-09" })).toEqual(["date"]);
    expect(fieldsOf({ ...valid, date: "10/03/2030" })).toEqual(["date"]);
    expect(fieldsOf({ ...valid, adventure_id: "" })).toEqual(["adventure_id"]);
    expect(fieldsOf({ ...valid, message: "   " })).toEqual(["message"]);
    expect(fieldsOf({ ...valid, message: "x".repeat(2001) })).toEqual(["message"]);
    expect(fieldsOf({ ...valid, default_choice: "move" })).toEqual(["default_choice"]);
    for (const days of [0, 31, 2.5, Number.NaN, "3"]) {
      expect(fieldsOf({ ...valid, respond_days: days })).toEqual(["respond_days"]);
    }
    expect(fieldsOf({ ...valid, respond_days: 1 })).toEqual([]);
    expect(fieldsOf({ ...valid, respond_days: 30 })).toEqual([]);
  });

  it("asks a move for its date, and nothing else for credit or refund", () => {
    expect(weatherChoiceSchema.safeParse({ choice: "credit" }).success).toBe(true);
    expect(weatherChoiceSchema.safeParse({ choice: "move", date: "2030-04-01" }).success).toBe(true);
    const noDate = weatherChoiceSchema.safeParse({ choice: "move" });
    expect(noDate.success ? [] : noDate.error.issues.map((i) => i.path[0])).toEqual(["date"]);
    const cash = weatherChoiceSchema.safeParse({ choice: "cash" });
    expect(cash.success ? [] : cash.error.issues.map((i) => i.path[0])).toEqual(["choice"]);
  });
});
