/**
 * Vouchers: credit as a code (weather credit, gift vouchers, the operator's
 * own). The balance only moves together with a ledger row
 * (voucher_entries), in the caller's transaction:
 * - issue: a new voucher (issueVoucher);
 * - redeem: a booking uses it, once per voucher and booking (a unique index),
 *   by a conditional update that never takes the balance below zero, on the
 *   voucher row locked for the rest of the booking's transaction;
 * - restore: the booking's checkout lapsed unpaid or it was cancelled, once
 *   per voucher and booking (the same unique index);
 * - adjust: the operator voids it.
 * Issuing and codes are here; a booking's use of a voucher is in
 * voucher-use, the operator's list, ledger and actions in voucher-admin.
 *
 * A code is a bearer secret, kept like a gift card's: only its SHA-256 hash
 * (the booking links' hashing, of the normalised code) and its last four
 * characters are stored. The full code exists in memory where it is minted
 * and in the email that carries it; a lost code is replaced, never shown.
 */
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { toCurrency } from "../../../app/lib/currency.ts";
import { normaliseVoucherCode, VOUCHER_CODE_ALPHABET, voucherCodeSuffix } from "../../../app/lib/vouchers.ts";
import type { DB } from "../../db/client.server.ts";
import { type VoucherRow, type VoucherSource, voucherEntries, vouchers } from "../../db/schema.ts";
import { notFound } from "../../errors.server.ts";
import { hashToken } from "../access/auth.server.ts";

export { normaliseVoucherCode };

/** How long credit and gift vouchers last: three years, the usual Australian gift-card minimum or more. */
export const VOUCHER_VALIDITY_MS = 3 * 365 * 24 * 60 * 60_000;

/** A voucher code such as TW-7K3Q-9PXM: 8 random characters, about 40 bits, in two groups. */
export function newVoucherCode(): string {
  let body = "";
  for (let i = 0; i < 8; i++) body += VOUCHER_CODE_ALPHABET[randomInt(VOUCHER_CODE_ALPHABET.length)];
  return `TW-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** What is stored to find a code: the hash of its normalised form. */
export function hashVoucherCode(code: string): string {
  return hashToken(normaliseVoucherCode(code));
}

/** A voucher just given a code: the row and, this once, the code itself (for its email). */
export type CodedVoucher = VoucherRow & { code: string };

/**
 * Gives a voucher a new code (replacing any code it had: the old one stops
 * working), in the caller's transaction. A collision with another voucher's
 * code (40 bits: practically never) is retried with a new code.
 */
export async function assignNewCode(tx: DB, voucherId: string, at: Date): Promise<CodedVoucher> {
  for (;;) {
    const code = newVoucherCode();
    const [taken] = await tx
      .select({ id: vouchers.id })
      .from(vouchers)
      .where(eq(vouchers.codeHash, hashVoucherCode(code)));
    if (taken) continue;
    const [row] = await tx
      .update(vouchers)
      .set({ codeHash: hashVoucherCode(code), codeSuffix: voucherCodeSuffix(code), updatedAt: at })
      .where(eq(vouchers.id, voucherId))
      .returning();
    if (!row) throw notFound("Voucher not found");
    return { ...row, code };
  }
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
 * An active voucher gets its code now (answered once, for its email); a gift
 * voucher waiting for its payment gets one when it is activated.
 */
export async function issueVoucher(
  tx: DB,
  input: IssueVoucher & { status: "pending_payment" },
): Promise<VoucherRow>;
export async function issueVoucher(tx: DB, input: IssueVoucher): Promise<CodedVoucher>;
export async function issueVoucher(tx: DB, input: IssueVoucher): Promise<VoucherRow | CodedVoucher> {
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
    throw new Error("A voucher needs a positive whole number of cents");
  }
  const status = input.status ?? "active";
  const [row] = await tx
    .insert(vouchers)
    .values({
      initialCents: input.amountCents,
      balanceCents: input.amountCents,
      currency: toCurrency(input.currency),
      expiresAt: new Date(input.at.getTime() + VOUCHER_VALIDITY_MS),
      source: input.source,
      status,
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
    .returning();
  await tx.insert(voucherEntries).values({
    voucherId: row.id,
    bookingId: input.sourceBookingId ?? null,
    kind: "issue",
    amountCents: input.amountCents,
    balanceAfterCents: input.amountCents,
    note: input.note ?? "",
    createdAt: input.at,
  });
  return status === "active" ? assignNewCode(tx, row.id, input.at) : row;
}
