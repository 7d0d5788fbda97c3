/**
 * What the vouchers screen shows of a voucher: the shapes the API answers,
 * the labels of its source and ledger entries, and its status as of today.
 */
import { sydneyDate } from "../../../lib/dates";
import { formatMoney } from "../../../lib/money";
import type { BadgeTone } from "../ui/badge";

export interface VoucherItem {
  id: string;
  /** "…K7Q2": the full code is only in its holder's email (empty while a gift awaits payment). */
  code_hint: string;
  source: "weather_credit" | "gift" | "operator";
  status: "pending_payment" | "active" | "void";
  currency: string;
  initial_cents: number;
  balance_cents: number;
  expires_at: string;
  purchaser_name: string;
  purchaser_email: string;
  recipient_name: string;
  recipient_email: string;
  created_at: string;
}

export interface LedgerEntry {
  id: string;
  kind: "issue" | "redeem" | "restore" | "adjust";
  amount_cents: number;
  balance_after_cents: number;
  booking_reference: string | null;
  note: string;
  created_at: string;
}

export interface VoucherDetail {
  voucher: VoucherItem & { message: string };
  entries: LedgerEntry[];
}

export const SOURCE_LABELS: Record<VoucherItem["source"], string> = {
  weather_credit: "Weather credit",
  gift: "Gift",
  operator: "Issued",
};

export const KIND_LABELS: Record<LedgerEntry["kind"], string> = {
  issue: "Issued",
  redeem: "Used",
  restore: "Given back",
  adjust: "Adjusted",
};

export function statusOf(v: VoucherItem, today: string): { label: string; tone: BadgeTone } {
  if (v.status === "void") return { label: "Void", tone: "slate" };
  if (v.status === "pending_payment") return { label: "Awaiting payment", tone: "amber" };
  if (sydneyDate(new Date(v.expires_at)) < today) return { label: "Expired", tone: "red" };
  if (v.balance_cents === 0) return { label: "Used up", tone: "blue" };
  return { label: "Active", tone: "green" };
}

/** An amount of a voucher as the screen writes it; signed puts + or − before a ledger entry. */
export const money = (cents: number, currency: string) => formatMoney(cents, currency, true);
export const signed = (cents: number, currency: string) =>
  `${cents > 0 ? "+" : cents < 0 ? "−" : ""}${money(Math.abs(cents), currency)}`;
