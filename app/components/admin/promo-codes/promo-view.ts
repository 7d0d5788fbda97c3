/** A promo code as the console's screens read it from the admin API. */
import { formatMoney } from "../../../lib/money";

export interface PromoCodeItem {
  id: string;
  code: string;
  kind: "percent" | "fixed";
  percent: number | null;
  amount_cents: number | null;
  currency: string;
  label: string;
  adventure_ids: string[];
  valid_from: string | null;
  valid_to: string | null;
  trip_from: string | null;
  trip_to: string | null;
  max_uses: number | null;
  max_uses_per_email: number | null;
  min_group_size: number;
  first_booking_only: boolean;
  is_active: boolean;
  note: string;
  created_at: string;
  uses: number;
  confirmed: number;
  revenue_cents: number;
  extras_cents: number;
  discount_cents: number;
}

export interface AdventureChoice {
  id: string;
  title: string;
}

export const money = (cents: number, currency = "aud") => formatMoney(cents, currency, true);

/** "1 Dec 2026 – 31 Jan 2027", "from 1 Dec 2026", "any time". */
export function windowText(from: string | null, to: string | null, open = "Any time"): string {
  if (from && to) return `${from} – ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Until ${to}`;
  return open;
}
