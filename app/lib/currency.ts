/**
 * The currencies the site charges in: the custom payment form offers them
 * all, and an adventure is priced in one of them. Inside, codes are
 * lower-case as the payment provider speaks them; adventures store and show
 * the upper-case code (AUD), which `currencyCode` turns back.
 */

export const CURRENCIES = ["aud", "usd", "eur", "gbp"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The business is in Sydney: prices and the dashboards are in Australian dollars. */
export const DEFAULT_CURRENCY: Currency = "aud";

/** The payment provider's smallest charge per currency, in cents (Stripe: 50, or 30 pence). */
export const MIN_CHARGE_CENTS: Record<Currency, number> = { aud: 50, usd: 50, eur: 50, gbp: 30 };

/** "aud" -> "AUD", as prices and forms show it. */
export const currencyCode = (currency: string) => currency.toUpperCase();

export function isCurrency(value: string): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value.toLowerCase());
}

/** The list as a message reads it: "AUD, USD, EUR or GBP". */
export const CURRENCY_LIST_TEXT = `${CURRENCIES.slice(0, -1).map(currencyCode).join(", ")} or ${currencyCode(CURRENCIES[CURRENCIES.length - 1])}`;

/** The smallest charge in `currency` (either letter case), or 0 for one the site does not charge in. */
export function minChargeCents(currency: string): number {
  const code = currency.toLowerCase();
  return isCurrency(code) ? MIN_CHARGE_CENTS[code] : 0;
}
