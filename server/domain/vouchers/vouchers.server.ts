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
 *
 * A code is a bearer secret, kept like a gift card's: only its SHA-256 hash
 * (the booking links' hashing, of the normalised code) and its last four
 * characters are stored. The full code exists in memory where it is minted
 * and in the email that carries it; a lost code is replaced, never shown.
 */
import { randomInt } from "node:crypto";
import { and, desc, eq, gte, ilike, isNotNull, or, sql } from "drizzle-orm";
import { DEFAULT_CURRENCY, toCurrency } from "../../../app/lib/currency.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import {
  normaliseVoucherCode,
  VOUCHER_CODE_ALPHABET,
  VOUCHER_CODE_PATTERN,
  VOUCHER_TEXT,
  type VoucherCheck,
  voucherCodeHint,
  voucherCodeSuffix,
  voucherCurrencyText,
} from "../../../app/lib/vouchers.ts";
import type { DB } from "../../db/client.server.ts";
import { bookings, type VoucherRow, type VoucherSource, voucherEntries, vouchers } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { voucherCodeEmail } from "../../email/voucher-templates.server.ts";
import { badRequest, conflict, notFound } from "../../errors.server.ts";
import { hashToken } from "../access/auth.server.ts";
import { loadSiteContent } from "../content/content.server.ts";

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

/**
 * The operator's list: newest first, optionally those matching `q`: a whole
 * code (found by its hash, typed any way a customer would), a code's last
 * four characters ("K7Q2" or "…K7Q2"), or part of an email address.
 */
export async function listVouchers(db: DB, q: string) {
  const term = q.trim();
  const like = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const suffix = term.replace(/^…/, "").toUpperCase();
  const rows = await db
    .select()
    .from(vouchers)
    .where(
      term
        ? or(
            VOUCHER_CODE_PATTERN.test(normaliseVoucherCode(term))
              ? eq(vouchers.codeHash, hashVoucherCode(term))
              : undefined,
            /^[A-Z0-9]{4}$/.test(suffix)
              ? and(isNotNull(vouchers.codeHash), eq(vouchers.codeSuffix, suffix))
              : undefined,
            ilike(vouchers.recipientEmail, like),
            ilike(vouchers.purchaserEmail, like),
          )
        : undefined,
    )
    .orderBy(desc(vouchers.createdAt))
    .limit(200);
  return rows.map(voucherView);
}

export function voucherView(v: VoucherRow) {
  return {
    id: v.id,
    /** "…K7Q2" (empty while a gift voucher waits for its payment): the full code is its holder's only. */
    code_hint: v.codeHash ? voucherCodeHint(v.codeSuffix) : "",
    source: v.source,
    status: v.status,
    currency: v.currency,
    initial_cents: v.initialCents,
    balance_cents: v.balanceCents,
    initial: formatMoney(v.initialCents, v.currency, true),
    balance: formatMoney(v.balanceCents, v.currency, true),
    expires_at: v.expiresAt.toISOString(),
    purchaser_name: v.purchaserName,
    purchaser_email: v.purchaserEmail,
    recipient_name: v.recipientName,
    recipient_email: v.recipientEmail,
    created_at: v.createdAt.toISOString(),
  };
}
export type VoucherView = ReturnType<typeof voucherView>;

/** One voucher with its ledger, oldest entry first, and the booking reference of each use. */
export async function voucherLedger(db: DB, id: string) {
  const [v] = await db.select().from(vouchers).where(eq(vouchers.id, id));
  if (!v) throw notFound("Voucher not found");
  const entries = await db
    .select({ entry: voucherEntries, reference: bookings.reference })
    .from(voucherEntries)
    .leftJoin(bookings, eq(bookings.id, voucherEntries.bookingId))
    .where(eq(voucherEntries.voucherId, id))
    .orderBy(voucherEntries.createdAt, voucherEntries.id);
  return {
    voucher: { ...voucherView(v), message: v.message },
    entries: entries.map(({ entry: e, reference }) => ({
      id: e.id,
      kind: e.kind,
      amount_cents: e.amountCents,
      balance_after_cents: e.balanceAfterCents,
      booking_reference: reference,
      note: e.note,
      created_at: e.createdAt.toISOString(),
    })),
  };
}

/**
 * The operator voids a voucher: its balance goes to 0 with an adjust row,
 * once (a conditional update from active; a second void is a 409).
 */
export async function voidVoucher(db: DB, id: string, note: string, at: Date): Promise<VoucherRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for("update");
    if (!before) throw notFound("Voucher not found");
    const [row] = await tx
      .update(vouchers)
      .set({ status: "void", balanceCents: 0, updatedAt: at })
      .where(and(eq(vouchers.id, id), eq(vouchers.status, "active")))
      .returning();
    if (!row)
      throw conflict(
        before.status === "void" ? "This voucher is already void." : "Only an active voucher can be voided.",
      );
    await tx.insert(voucherEntries).values({
      voucherId: id,
      kind: "adjust",
      amountCents: -before.balanceCents,
      balanceAfterCents: 0,
      note: note || "Voided by the operator",
      createdAt: at,
    });
    return row;
  });
}

/**
 * The operator gives someone credit: an active voucher (source operator) and
 * its code emailed to them, in one transaction (the email's dedupe key is the
 * voucher's, so it is queued exactly when the voucher exists).
 */
export async function issueOperatorVoucher(
  db: DB,
  input: { amountCents: number; email: string; name: string; note: string },
  ctx: { at: Date; publicUrl: string },
): Promise<VoucherRow> {
  const site = siteInfo(await loadSiteContent(db));
  return db.transaction(async (tx) => {
    const v: CodedVoucher = await issueVoucher(tx, {
      amountCents: input.amountCents,
      currency: DEFAULT_CURRENCY,
      source: "operator",
      recipientName: input.name,
      recipientEmail: input.email,
      note: input.note,
      at: ctx.at,
    });
    await enqueueEmail(tx, {
      kind: "voucher_code",
      to: v.recipientEmail,
      ...voucherCodeEmail(v, v.code, site, ctx.publicUrl),
      dedupeKey: `voucher_code:${v.id}`,
    });
    return v;
  });
}

/**
 * The holder lost the code (or a restore dropped its unsent email): the
 * voucher gets a new code, emailed to its recipient, and the old code stops
 * working. The balance and the ledger stay as they are. Only an active
 * voucher with an address to send to.
 */
export async function sendNewVoucherCode(
  db: DB,
  id: string,
  ctx: { at: Date; publicUrl: string },
): Promise<VoucherRow> {
  const site = siteInfo(await loadSiteContent(db));
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for("update");
    if (!before) throw notFound("Voucher not found");
    if (before.status !== "active") throw conflict("Only an active voucher can get a new code.");
    if (!before.recipientEmail) throw conflict("This voucher has no email address to send a new code to.");
    const v = await assignNewCode(tx, id, ctx.at);
    await enqueueEmail(tx, {
      kind: "voucher_code",
      to: v.recipientEmail,
      ...voucherCodeEmail(v, v.code, site, ctx.publicUrl),
      // One email per code: the new code's hash names it.
      dedupeKey: `voucher_code:${v.id}:${(v.codeHash ?? "").slice(0, 16)}`,
    });
    return v;
  });
}
