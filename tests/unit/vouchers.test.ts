import { describe, expect, it } from "vitest";
import {
  GIFT_MAX,
  GIFT_MIN,
  giftVoucherSchema,
  normaliseVoucherCode,
  VOUCHER_CODE_PATTERN,
  voucherCodeField,
  voucherShareCents,
} from "../../app/lib/vouchers.ts";
import { newVoucherCode } from "../../server/domain/vouchers/vouchers.server.ts";

describe("voucher codes", () => {
  it("are TW- and two groups of four from the unambiguous alphabet", () => {
    const codes = new Set(Array.from({ length: 500 }, () => newVoucherCode()));
    for (const code of codes) {
      expect(code).toMatch(VOUCHER_CODE_PATTERN);
      expect(code.slice(3)).not.toMatch(/[01ILO]/);
    }
    // 40 bits: 500 draws do not collide.
    expect(codes.size).toBe(500);
  });

  it.each([
    ["tw-7k3q-9pxm", "TW-7K3Q-9PXM"],
    ["TW 7K3Q 9PXM", "TW-7K3Q-9PXM"],
    [" 7k3q9pxm ", "TW-7K3Q-9PXM"],
    ["7K3Q-9PXM", "TW-7K3Q-9PXM"],
    ["tw7k3q9pxm", "TW-7K3Q-9PXM"],
    // A code whose own characters start with T and W is not mistaken for the prefix.
    ["TWAB2345", "TW-TWAB-2345"],
    ["TW-TWAB-2345", "TW-TWAB-2345"],
  ])("%s is read as %s", (typed, code) => {
    expect(normaliseVoucherCode(typed)).toBe(code);
  });

  it("leaves anything that is not a code as typed (trimmed, upper case), so it is simply not found", () => {
    expect(normaliseVoucherCode("  hello ")).toBe("HELLO");
    expect(normaliseVoucherCode("TW-123")).toBe("TW-123");
  });

  it("an empty booking field means no voucher; a long one names the limit", () => {
    expect(voucherCodeField.parse(undefined)).toBe("");
    expect(voucherCodeField.parse("   ")).toBe("");
    expect(voucherCodeField.parse("tw 7k3q 9pxm")).toBe("TW-7K3Q-9PXM");
    expect(voucherCodeField.safeParse("x".repeat(41)).success).toBe(false);
  });
});

describe("the voucher part of a total", () => {
  it("is the balance, at most the total", () => {
    expect(voucherShareCents(5_000, 27_000, 50)).toBe(5_000);
    expect(voucherShareCents(50_000, 27_000, 50)).toBe(27_000);
    expect(voucherShareCents(0, 27_000, 50)).toBe(0);
  });

  it("leaves the card at least the currency's minimum charge when it pays anything", () => {
    expect(voucherShareCents(26_980, 27_000, 50)).toBe(26_950);
    expect(voucherShareCents(26_950, 27_000, 50)).toBe(26_950);
    expect(voucherShareCents(40, 40, 50)).toBe(40);
  });
});

describe("the gift voucher form", () => {
  const base = {
    amount: "200",
    purchaser_name: "Ruby",
    purchaser_email: "ruby@example.com",
  };

  it("takes a preset or a whole-dollar custom amount within the range", () => {
    expect(giftVoucherSchema.parse(base).amountCents).toBe(20_000);
    expect(giftVoucherSchema.parse({ ...base, amount: "custom", custom_amount: "75" }).amountCents).toBe(
      7_500,
    );
    expect(
      giftVoucherSchema.parse({ ...base, amount: "custom", custom_amount: String(GIFT_MAX) }).amountCents,
    ).toBe(GIFT_MAX * 100);
  });

  it.each([String(GIFT_MIN - 1), String(GIFT_MAX + 1), "50.50", "abc", ""])(
    "refuses the custom amount %j, naming custom_amount",
    (custom) => {
      const result = giftVoucherSchema.safeParse({ ...base, amount: "custom", custom_amount: custom });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].path).toEqual(["custom_amount"]);
    },
  );

  it("sends to the buyer when no recipient is given, and checks a recipient's address", () => {
    expect(giftVoucherSchema.parse(base)).toMatchObject({
      recipientEmail: "",
      purchaserEmail: "ruby@example.com",
    });
    const bad = giftVoucherSchema.safeParse({ ...base, recipient_email: "nope" });
    expect(bad.error?.issues[0].path).toEqual(["recipient_email"]);
  });
});
