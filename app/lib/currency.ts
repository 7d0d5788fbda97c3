/**
 * The currencies the site charges in: the custom payment form offers them
 * all, and an adventure is priced in one of them. One form everywhere
 * inside, in every table and at the payment provider: the lower-case code
 * (`Currency`, as Stripe speaks it). People read the upper-case code (AUD),
 * which `currencyCode` makes from it at the edges (prices, forms, JSON-LD).
 */

export const CURRENCIES = ["aud", "usd", "eur", "gbp"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The business is in Sydney: prices and the dashboards are in Australian dollars. */
export const DEFAULT_CURRENCY: Currency = "aud";

/** The payment provider's smallest charge per currency, in cents (Stripe: 50, or 30 pence). */
export const MIN_CHARGE_CENTS: Record<Currency, number> = { aud: 50, usd: 50, eur: 50, gbp: 30 };

/** "aud" -> "AUD", as prices and forms show it. */
export const currencyCode = (currency: string) => currency.toUpperCase();

/** Whether `value`, in any case, names a currency we charge in. */
export function isCurrency(value: string): boolean {
  return (CURRENCIES as readonly string[]).includes(value.trim().toLowerCase());
}

/**
 * Any spelling of a currency we charge in ("AUD", " aud ") as the one stored
 * form; throws on anything else (input is checked with isCurrency first).
 */
export function toCurrency(value: string): Currency {
  const code = CURRENCIES.find((c) => c === value.trim().toLowerCase());
  if (!code) throw new Error(`Not a currency the site charges in: ${value}`);
  return code;
}

/** The list as a message reads it: "AUD, USD, EUR or GBP". */
export const CURRENCY_LIST_TEXT = `${CURRENCIES.slice(0, -1).map(currencyCode).join(", ")} or ${currencyCode(CURRENCIES[CURRENCIES.length - 1])}`;

/** The smallest charge in `currency` (either letter case), or 0 for one the site does not charge in. */
export function minChargeCents(currency: string): number {
  return isCurrency(currency) ? MIN_CHARGE_CENTS[toCurrency(currency)] : 0;
}
