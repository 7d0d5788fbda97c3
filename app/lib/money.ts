/** Money is integer cents everywhere inside; dollars only at the edges. */

import { currencyCode, DEFAULT_CURRENCY } from "./currency.ts";

/** Dollars (number or numeric string) to cents, rounding half away from zero. */
export function toCents(dollars: number): number {
  // The nudge makes 1.005 (stored as 1.00499...) round up; `+ 0` turns -0 into 0.
  return Math.round(dollars * 100 + (dollars >= 0 ? 1e-9 : -1e-9)) + 0;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/**
 * The one money format of the site: "$1,234.50", en-AU, in the given
 * currency; whole dollars drop the cents unless `always`.
 */
export function formatMoney(cents: number, currency: string = DEFAULT_CURRENCY, always = false): string {
  const whole = cents % 100 === 0 && !always;
  return new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency: currencyCode(currency),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** A dollar amount as the admin APIs send it ("$1,234.50"), always with cents. */
export function formatDollars(amount: number, currency: string = DEFAULT_CURRENCY): string {
  return formatMoney(toCents(amount), currency, true);
}

/** Rounded to whole dollars ("$1,235"), for dashboard totals and chart labels. */
export function formatWholeDollars(amount: number, currency: string = DEFAULT_CURRENCY): string {
  return formatMoney(toCents(Math.round(amount)), currency);
}
