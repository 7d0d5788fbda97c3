import { getTableConfig } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { check, proAdventureSchema } from "../../app/lib/admin-forms/index.ts";
import { customPaymentSchema } from "../../app/lib/booking.ts";
import {
  CURRENCIES,
  CURRENCY_LIST_TEXT,
  currencyCode,
  DEFAULT_CURRENCY,
  isCurrency,
  MIN_CHARGE_CENTS,
  minChargeCents,
  toCurrency,
} from "../../app/lib/currency.ts";
import { formatMoney } from "../../app/lib/money.ts";
import { adventures, bookings, payments, vouchers } from "../../server/db/schema.ts";

describe("currencies", () => {
  it("are one list: aud first and the default, then usd, eur and gbp", () => {
    expect(CURRENCIES).toEqual(["aud", "usd", "eur", "gbp"]);
    expect(DEFAULT_CURRENCY).toBe("aud");
    expect(CURRENCY_LIST_TEXT).toBe("AUD, USD, EUR or GBP");
    expect(Object.keys(MIN_CHARGE_CENTS)).toEqual([...CURRENCIES]);
    expect(currencyCode("aud")).toBe("AUD");
    expect(isCurrency("EUR")).toBe(true);
    expect(isCurrency("nzd")).toBe(false);
  });

  it("are what both the custom payment and an adventure accept", () => {
    const base = { title: "Reef", slug: "reef", base_price: 10 };
    for (const c of CURRENCIES) {
      expect(customPaymentSchema.safeParse({ amount: 10, currency: c }).success, c).toBe(true);
      const adventure = check(proAdventureSchema, { ...base, currency: c });
      expect(adventure.ok && adventure.data.currency, c).toBe(c);
      // As the admin form sends it, upper case: stored as the same one form.
      const shown = check(proAdventureSchema, { ...base, currency: currencyCode(c) });
      expect(shown.ok && shown.data.currency, c).toBe(c);
    }
    const pay = customPaymentSchema.safeParse({ amount: 10, currency: "nzd" });
    expect(pay.success).toBe(false);
    expect(pay.error?.issues[0].message).toBe("Currency must be AUD, USD, EUR or GBP");
    const adv = check(proAdventureSchema, { ...base, currency: "NZD" });
    expect(adv.ok ? "" : adv.errors.currency).toBe("Currency must be AUD, USD, EUR or GBP");
    // Until the operator chooses, an adventure is priced in Australian dollars.
    const plain = check(proAdventureSchema, base);
    expect(plain.ok && plain.data.currency).toBe("aud");
  });

  it("have one stored form, the payment provider's lower case, and people read the upper case made from it", () => {
    expect(toCurrency(" AUD ")).toBe("aud");
    expect(toCurrency("gbp")).toBe("gbp");
    expect(() => toCurrency("NZD")).toThrow(/NZD/);
    expect(currencyCode(toCurrency("Eur"))).toBe("EUR");
    expect(formatMoney(9500, "aud")).toBe(formatMoney(9500, "AUD"));
  });

  it("every table that stores a currency defaults to the one default, in the one form", () => {
    for (const table of [adventures, bookings, payments, vouchers]) {
      const column = getTableConfig(table).columns.find((c) => c.name === "currency");
      expect(column?.default, getTableConfig(table).name).toBe(DEFAULT_CURRENCY);
    }
    const check = getTableConfig(adventures).checks.find((c) => c.name === "adventures_currency");
    expect(check, "adventures accept only the currencies we charge in").toBeDefined();
  });

  it("give their smallest charge in either letter case, and none for a currency the site does not charge in", () => {
    expect(minChargeCents("AUD")).toBe(50);
    expect(minChargeCents("gbp")).toBe(30);
    expect(minChargeCents("GBP")).toBe(30);
    expect(minChargeCents("NZD")).toBe(0);
  });
});
