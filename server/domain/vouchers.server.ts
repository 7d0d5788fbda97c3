/**
 * Vouchers: credit as a code (weather credit, gift vouchers, the operator's
 * own). The balance only moves together with a ledger row
 * (voucher_entries), in the caller's transaction.
 */
import { randomInt } from "node:crypto";
import type { DB } from "../db/client.server.ts";
import { type VoucherRow, type VoucherSource, voucherEntries, vouchers } from "../db/schema.ts";

/** How long credit and gift vouchers last: three years, the usual Australian gift-card minimum or more. */
export const VOUCHER_VALIDITY_MS = 3 * 365 * 24 * 60 * 60_000;

/** Letters and digits that cannot be misread (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A voucher code such as TW-7K3Q-9PXM: 8 random characters, about 40 bits, in two groups. */
export function newVoucherCode(): string {
  let body = "";
  for (let i = 0; i < 8; i++) body += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `TW-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** Codes are typed by people: case, spaces and missing dashes do not matter. */
export function normaliseVoucherCode(input: string): string {
  const compact = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const body = compact.startsWith("TW") ? compact.slice(2) : compact;
  return body.length === 8 ? `TW-${body.slice(0, 4)}-${body.slice(4)}` : input.trim().toUpperCase();
}

export interface IssueVoucher {
  amountCents: number;
  currency: string;
  source: VoucherSource;
  at: Date;
  /** pending_payment for a gift voucher until its checkout is paid. */
  status?: "active" | "pending_payment";
  sourceBookingId?: string | null;
  paymentId?: string | null;
  purchaserName?: string;
  purchaserEmail?: string;
  recipientName?: string;
  recipientEmail?: string;
  message?: string;
  note?: string;
}

/**
 * Creates a voucher with its "issue" ledger row, in the caller's transaction.
 * A code collision (40 bits: practically never) is retried with a new code.
 */
export async function issueVoucher(tx: DB, input: IssueVoucher): Promise<VoucherRow> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error("A voucher needs a positive whole number of cents");
  }
  for (;;) {
    const [row] = await tx
      .insert(vouchers)
      .values({
        code: newVoucherCode(),
        initialCents: input.amountCents,
        balanceCents: input.amountCents,
        currency: input.currency.toLowerCase(),
        expiresAt: new Date(input.at.getTime() + VOUCHER_VALIDITY_MS),
        source: input.source,
        status: input.status ?? "active",
        sourceBookingId: input.sourceBookingId ?? null,
        paymentId: input.paymentId ?? null,
        purchaserName: input.purchaserName ?? "",
        purchaserEmail: input.purchaserEmail ?? "",
        recipientName: input.recipientName ?? "",
        recipientEmail: input.recipientEmail ?? "",
        message: input.message ?? "",
        createdAt: input.at,
        updatedAt: input.at,
      })
      .onConflictDoNothing({ target: vouchers.code })
      .returning();
    if (!row) continue;
    await tx.insert(voucherEntries).values({
      voucherId: row.id,
      bookingId: input.sourceBookingId ?? null,
      kind: "issue",
      amountCents: input.amountCents,
      balanceAfterCents: input.amountCents,
      note: input.note ?? "",
      createdAt: input.at,
    });
    return row;
  }
}
