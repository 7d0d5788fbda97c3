/**
 * The operator's vouchers: the searchable list, one voucher's ledger,
 * voiding, giving someone credit, and a new code for a lost one (each code
 * emailed through the outbox in the transaction that makes it).
 */
import { and, desc, eq, ilike, isNotNull, or } from "drizzle-orm";
import { DEFAULT_CURRENCY } from "../../../app/lib/currency.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import { normaliseVoucherCode, VOUCHER_CODE_PATTERN, voucherCodeHint } from "../../../app/lib/vouchers.ts";
import type { DB } from "../../db/client.server.ts";
import { bookings, type VoucherRow, voucherEntries, vouchers } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { voucherCodeEmail } from "../../email/voucher-templates.server.ts";
import { conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { assignNewCode, type CodedVoucher, hashVoucherCode, issueVoucher } from "./vouchers.server.ts";

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
    await recordAudit(tx, {
      action: "void",
      entity: "voucher",
      entityId: id,
      bookingId: before.sourceBookingId,
      before: { status: before.status, balance_cents: before.balanceCents },
      after: { status: row.status, balance_cents: row.balanceCents, note: note || "Voided by the operator" },
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
): Promise<CodedVoucher> {
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
    // The code is the holder's credential: the log names it by its last characters only.
    await recordAudit(tx, {
      action: "create",
      entity: "voucher",
      entityId: v.id,
      before: null,
      after: {
        code_hint: voucherCodeHint(v.codeSuffix),
        status: v.status,
        initial_cents: v.initialCents,
        balance_cents: v.balanceCents,
        currency: v.currency,
        recipient_name: v.recipientName,
        recipient_email: v.recipientEmail,
        note: input.note,
        expires_at: v.expiresAt,
      },
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
): Promise<CodedVoucher> {
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
    await recordAudit(tx, {
      action: "new_code",
      entity: "voucher",
      entityId: id,
      bookingId: before.sourceBookingId,
      before: { code_hint: voucherCodeHint(before.codeSuffix) },
      after: { code_hint: voucherCodeHint(v.codeSuffix), sent_to: v.recipientEmail },
    });
    return v;
  });
}
