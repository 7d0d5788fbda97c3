import { describe, expect, it } from "vitest";
import { GIFT_MIN, giftVoucherSchema, normaliseVoucherCode } from "../../app/lib/vouchers.ts";

describe("voucher codes and gift amounts at their edges", () => {
  it("drops only a TW prefix from a ten-character code", () => {
    expect(normaliseVoucherCode("tw-abcd-efgh")).toBe("TW-ABCD-EFGH");
    expect(normaliseVoucherCode("xx-abcd-efgh")).toBe("XX-ABCD-EFGH");
  });

  const base = { purchaser_name: "Ruby", purchaser_email: "ruby@example.com" };
  it("takes the smallest gift amount itself", () => {
    const parsed = giftVoucherSchema.parse({ ...base, amount: "custom", custom_amount: String(GIFT_MIN) });
    expect(parsed.amountCents).toBe(GIFT_MIN * 100);
  });
  it("names amount, not custom_amount, when a preset amount is out of range", () => {
    const result = giftVoucherSchema.safeParse({ ...base, amount: String(GIFT_MIN - 1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(["amount"]);
  });
});
