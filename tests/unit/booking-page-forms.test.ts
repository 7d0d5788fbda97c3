import { describe, expect, it } from "vitest";
import {
  bookingContactSchema,
  dollarsToCents,
  operatorRefundSchema,
} from "../../app/lib/admin-forms/booking-page.ts";
import { bookingSchema } from "../../app/lib/booking.ts";

describe("dollarsToCents", () => {
  it.each([
    ["40", 4000],
    ["40.5", 4050],
    ["40.50", 4050],
    [" 0.01 ", 1],
    ["1.10", 110],
    // 1.005 and 0.29 are where floating point would round wrong.
    ["0.29", 29],
    ["123456789.99", 12_345_678_999],
  ])("reads %s as %d cents", (typed, cents) => {
    expect(dollarsToCents(typed)).toBe(cents);
  });

  it.each(["", "1.005", "-1", "1e3", "$40", "40,50", "4 0", ".5", "5."])("refuses %j", (typed) => {
    expect(dollarsToCents(typed)).toBeNull();
  });
});

describe("the booking page's schemas", () => {
  it("check the contact details with the public booking form's own rules", () => {
    const contact = {
      customer_first_name: "x".repeat(101),
      customer_last_name: "",
      customer_email: "nope",
      customer_phone: "call me",
      special_requirements: "",
    };
    const mine = bookingContactSchema.safeParse(contact);
    const theirs = bookingSchema.safeParse({
      ...contact,
      adventure_id: "a",
      group_size: 1,
      selected_date: "2030-01-01",
    });
    expect(mine.success).toBe(false);
    expect(mine.error?.issues.map((i) => [i.path, i.message])).toEqual(
      theirs.error?.issues.map((i) => [i.path, i.message]),
    );
  });

  it("turn a refund's amount into cents and keep its reason", () => {
    expect(
      operatorRefundSchema.parse({ amount: "12.30", reason: " Wetsuit hire ", request_key: "a".repeat(36) }),
    ).toEqual({ amount: 1230, reason: "Wetsuit hire", request_key: "a".repeat(36) });
  });
});
