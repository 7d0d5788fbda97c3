/**
 * A booking's side of a voucher: whether a code can pay (the check the
 * booking form asks and the lock the booking takes), the redeem that takes
 * the booking's part off the balance, and the restore that gives it back
 * once when the booking lapses unpaid or is cancelled.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import {
  normaliseVoucherCode,
  VOUCHER_TEXT,
  type VoucherCheck,
  voucherCurrencyText,
} from "../../../app/lib/vouchers.ts";
import type { DB } from "../../db/client.server.ts";
import { bookings, type VoucherRow, voucherEntries, vouchers } from "../../db/schema.ts";
import { badRequest, conflict } from "../../errors.server.ts";
import { hashVoucherCode } from "./vouchers.server.ts";

/** A refused code: 400 naming the field the form shows it under. */
const refused = (message: string) => badRequest(`voucher_code: ${message}`, { voucher_code: message });

/**
 * Why a voucher cannot pay now, or null when it can. A voucher waiting for
 * its gift payment or voided by the operator is "not found": the answer never
 * tells a guesser that a code exists.
 */
function unusableText(v: VoucherRow | undefined, currency: string, at: Date): string | null {
  if (v?.status !== "active") return VOUCHER_TEXT.notFound;
  if (v.expiresAt.getTime() <= at.getTime()) return VOUCHER_TEXT.expired;
  if (v.currency !== currency.toLowerCase()) return voucherCurrencyText(v.currency, currency);
  if (v.balanceCents <= 0) return VOUCHER_TEXT.empty;
  return null;
}

/**
 * The voucher a booking will use, locked for the rest of the caller's
 * transaction (parallel bookings with one code take their turn on this row),
 * or a 400 naming voucher_code.
 */
export async function lockUsableVoucher(
  tx: DB,
  code: string,
  currency: string,
  at: Date,
): Promise<VoucherRow> {
  const [row] = await tx
    .select()
    .from(vouchers)
    .where(eq(vouchers.codeHash, hashVoucherCode(code)))
    .for("update");
  const why = unusableText(row, currency, at);
  if (why) throw refused(why);
  return row;
}

/** What POST /api/vouchers/check answers for a valid code; a 400 naming `code` otherwise. */
export async function checkVoucher(db: DB, code: string, currency: string, at: Date): Promise<VoucherCheck> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.codeHash, hashVoucherCode(code)));
  const why = unusableText(row, currency, at);
  if (why) throw badRequest(`code: ${why}`, { code: why });
  return {
    // The code as the customer typed it, normalised: the server has only its hash.
    code: normaliseVoucherCode(code),
    balance: row.balanceCents / 100,
    balance_cents: row.balanceCents,
    currency: row.currency,
    expires_at: row.expiresAt.toISOString(),
  };
}

/**
 * Takes `amountCents` off the voucher for a booking, in the caller's
 * transaction: the balance moves only if it covers the amount (a conditional
 * update), and the redeem row's unique index allows one use per booking.
 */
export async function redeemVoucher(
  tx: DB,
  r: { voucherId: string; bookingId: string; amountCents: number; at: Date },
): Promise<number> {
  if (!Number.isInteger(r.amountCents) || r.amountCents <= 0) {
    throw new Error("A redemption takes a positive whole number of cents");
  }
  const [moved] = await tx
    .update(vouchers)
    .set({ balanceCents: sql`${vouchers.balanceCents} - ${r.amountCents}`, updatedAt: r.at })
    .where(
      and(
        eq(vouchers.id, r.voucherId),
        eq(vouchers.status, "active"),
        gte(vouchers.balanceCents, r.amountCents),
      ),
    )
    .returning({ balance: vouchers.balanceCents });
  // The balance does not cover the amount: the row was not locked first, or the caller's plan no
  // longer holds. Refused here, by the condition, not left to the table's check (a raw 400).
  if (!moved) throw conflict("The voucher's balance does not cover this amount. Please try again.");
  await tx.insert(voucherEntries).values({
    voucherId: r.voucherId,
    bookingId: r.bookingId,
    kind: "redeem",
    amountCents: -r.amountCents,
    balanceAfterCents: moved.balance,
    createdAt: r.at,
  });
  await tx.update(bookings).set({ voucherCents: r.amountCents }).where(eq(bookings.id, r.bookingId));
  return moved.balance;
}

/**
 * Gives a booking's voucher part back to its voucher, once per voucher and
 * booking (the restore row's unique index): `share` is the whole redeemed
 * amount for a checkout that lapsed unpaid, or the cancellation policy's
 * share of it. Never above the voucher's initial amount (the table's check).
 * Answers the cents restored (0 when the booking used no voucher or its
 * voucher part was already given back).
 */
export async function restoreVoucherForBooking(
  tx: DB,
  r: { bookingId: string; share: (redeemedCents: number) => number; at: Date; note: string },
): Promise<number> {
  const redeemed = await tx
    .select({ voucherId: voucherEntries.voucherId, amount: voucherEntries.amountCents })
    .from(voucherEntries)
    .where(and(eq(voucherEntries.bookingId, r.bookingId), eq(voucherEntries.kind, "redeem")));
  let total = 0;
  for (const use of redeemed) {
    const [v] = await tx.select().from(vouchers).where(eq(vouchers.id, use.voucherId)).for("update");
    if (!v) continue;
    const cents = Math.min(r.share(-use.amount), v.initialCents - v.balanceCents);
    if (cents <= 0) continue;
    const [entry] = await tx
      .insert(voucherEntries)
      .values({
        voucherId: v.id,
        bookingId: r.bookingId,
        kind: "restore",
        amountCents: cents,
        balanceAfterCents: v.balanceCents + cents,
        note: r.note,
        createdAt: r.at,
      })
      .onConflictDoNothing()
      .returning({ id: voucherEntries.id });
    if (!entry) continue;
    await tx
      .update(vouchers)
      .set({ balanceCents: sql`${vouchers.balanceCents} + ${cents}`, updatedAt: r.at })
      .where(eq(vouchers.id, v.id));
    total += cents;
  }
  return total;
}
