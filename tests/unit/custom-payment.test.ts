import { describe, expect, it } from "vitest";
import { customPaymentSchema, MAX_METADATA_KEYS, strictNumber } from "../../app/lib/booking.ts";

describe("strictNumber", () => {
  it.each([
    [25, 25],
    [25.5, 25.5],
    ["25", 25],
    ["25.50", 25.5],
    [" 7 ", 7],
  ])("reads %o as %o", (input, expected) => {
    expect(strictNumber(input)).toBe(expected);
  });

  it.each([
    [true],
    [false],
    [null],
    [undefined],
    [""],
    [" "],
    ["0x10"],
    ["1e3"],
    ["Infinity"],
    ["-5"],
    ["+5"],
    ["5."],
    [".5"],
    ["1,000"],
    ["12abc"],
    [[5]],
    [{}],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])("refuses %o", (input) => {
    expect(strictNumber(input)).toBeUndefined();
  });
});

describe("customPaymentSchema", () => {
  const fieldOf = (input: unknown) => {
    const r = customPaymentSchema.safeParse(input);
    return r.success ? null : r.error.issues.map((i) => i.path.join("."));
  };

  it("keeps the spec's message for an amount that is not a positive number", () => {
    for (const amount of [0, -1, "", true, "0x10", "1e3"]) {
      const r = customPaymentSchema.safeParse({ amount });
      expect(r.error?.issues[0].message).toBe("Please enter a valid amount greater than 0");
    }
  });

  it("bounds the charge to what the card network accepts, per currency", () => {
    expect(fieldOf({ amount: 0.49 })).toEqual(["amount"]);
    expect(fieldOf({ amount: 0.5 })).toBeNull();
    expect(fieldOf({ amount: 0.29, currency: "gbp" })).toEqual(["amount"]);
    expect(fieldOf({ amount: 0.3, currency: "GBP" })).toBeNull();
    expect(fieldOf({ amount: 0.25, quantity: 2 })).toBeNull();
    expect(fieldOf({ amount: 50_000, quantity: 19 })).toBeNull();
    expect(fieldOf({ amount: 50_000, quantity: 20 })).toEqual(["quantity"]);
    expect(fieldOf({ amount: 50_000.01 })).toEqual(["amount"]);
    expect(fieldOf({ amount: 10.001 })).toEqual(["amount"]);
  });

  it("takes whole quantities from 1 to 100 only", () => {
    for (const quantity of [0, 101, 1.5, "2.5", true, "0x2", "1e1"]) {
      expect(fieldOf({ amount: 10, quantity })).toEqual(["quantity"]);
    }
    expect(customPaymentSchema.parse({ amount: 10, quantity: "3" }).quantity).toBe(3);
  });

  it("drops reserved metadata keys and keeps Stripe's metadata limits", () => {
    const parsed = customPaymentSchema.parse({
      amount: 10,
      metadata: { note: "hi", n: 2, ok: true, kind: "x", payment_id: "y", booking_id: "z", reference: "r" },
    });
    expect(parsed.metadata).toEqual({ note: "hi", n: 2, ok: true });
    const many = Object.fromEntries(Array.from({ length: MAX_METADATA_KEYS + 1 }, (_, i) => [`k${i}`, "v"]));
    expect(fieldOf({ amount: 10, metadata: many })).toEqual(["metadata"]);
    expect(fieldOf({ amount: 10, metadata: { "a[b]": "v" } })?.[0]).toMatch(/^metadata/);
    expect(fieldOf({ amount: 10, metadata: { k: "v".repeat(501) } })?.[0]).toMatch(/^metadata/);
    expect(fieldOf({ amount: 10, metadata: { k: { nested: 1 } } })?.[0]).toMatch(/^metadata/);
  });
});
