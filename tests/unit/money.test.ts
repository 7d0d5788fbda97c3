import { describe, expect, it } from "vitest";
import { formatDollars, formatMoney, formatWholeDollars, fromCents, toCents } from "../../app/lib/money.ts";

describe("toCents", () => {
  it.each([
    [0, 0],
    [95, 9500],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [1.015, 102],
    [2.675, 268],
    [0.01, 1],
    [0.004, 0],
    [0.005, 1],
    [1234.5, 123450],
    [395, 39500],
    [4.35, 435],
    [8.2, 820],
    [-1.005, -101],
    [-19.99, -1999],
  ])("%d dollars = %d cents", (dollars, cents) => {
    expect(toCents(dollars)).toBe(cents);
    expect(Number.isInteger(toCents(dollars))).toBe(true);
  });

  it("round-trips every cent amount up to $1,000", () => {
    for (let c = 0; c <= 100_000; c += 7) expect(toCents(fromCents(c))).toBe(c);
  });

  it("never gives -0", () => {
    expect(Object.is(toCents(-0.001), -0)).toBe(false);
    expect(Object.is(toCents(0), 0)).toBe(true);
  });
});

describe("fromCents", () => {
  it("gives dollars", () => {
    expect(fromCents(9500)).toBe(95);
    expect(fromCents(1999)).toBe(19.99);
    expect(fromCents(0)).toBe(0);
  });
});

describe("formatMoney", () => {
  it("drops cents on whole dollars", () => {
    expect(formatMoney(9500)).toBe("$95");
    expect(formatMoney(39500)).toBe("$395");
    expect(formatMoney(0)).toBe("$0");
  });

  it("shows two decimals otherwise", () => {
    expect(formatMoney(1999)).toBe("$19.99");
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(5)).toBe("$0.05");
  });

  it("always shows cents when asked", () => {
    expect(formatMoney(9500, "AUD", true)).toBe("$95.00");
    expect(formatMoney(158000, "aud", true)).toBe("$1,580.00");
  });

  it("groups thousands", () => {
    expect(formatMoney(123456789)).toBe("$1,234,567.89");
  });

  it("formats negative amounts", () => {
    expect(formatMoney(-550)).toBe("-$5.50");
  });

  it("accepts lower-case currency codes and names foreign currencies", () => {
    expect(formatMoney(1999, "aud")).toBe("$19.99");
    for (const cur of ["usd", "eur", "gbp"]) {
      const text = formatMoney(1999, cur);
      expect(text).toContain("19.99");
      expect(text).not.toBe("$19.99");
    }
    expect(formatMoney(1999, "USD")).toMatch(/^(USD|US\$)\s?19\.99$/);
  });
});

describe("dollar amounts from the admin APIs", () => {
  it("always show cents, in the row's currency", () => {
    expect(formatDollars(95)).toBe("$95.00");
    expect(formatDollars(1234.5)).toBe("$1,234.50");
    expect(formatDollars(0.1 + 0.2)).toBe("$0.30");
    expect(formatDollars(20, "usd")).toMatch(/^USD\s20\.00$/);
  });

  it("round to whole dollars for dashboard totals", () => {
    expect(formatWholeDollars(1234.49)).toBe("$1,234");
    expect(formatWholeDollars(1234.5)).toBe("$1,235");
    expect(formatWholeDollars(0)).toBe("$0");
  });
});
