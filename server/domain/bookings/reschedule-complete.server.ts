/**
 * The end of a date change paid through its checkout: the payment completes
 * the move once (fulfil calls in, inside the transaction that claimed the
 * payment), a checkout that closed unpaid gives its held spots back once, and
 * a payment that came too late is refunded in full.
 */
import { and, eq, lte, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookingChanges, bookings, type PaymentRow, payments } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { lateChangeAttention, lateChangeEmails } from "../../email/reschedule-templates.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { claimRefund, type RefundRow } from "../money/refunds.server.ts";
import { applyMove, enqueueMovedEmails, mailContext, releaseChange } from "./reschedule-move.server.ts";
import type { SpotRelease } from "./waitlist-offers.server.ts";

/** A date change's checkout closed unpaid (expired or cancelled): its held spots go back, once. */
export async function releaseRescheduleCheckout(
  tx: DB,
  paymentId: string,
  release: SpotRelease,
): Promise<boolean> {
  const [change] = await tx
    .select({ id: bookingChanges.id })
    .from(bookingChanges)
    .where(eq(bookingChanges.paymentId, paymentId));
  return change ? releaseChange(tx, change.id, release) : false;
}

/** Locks the booking a date change's payment belongs to (see completeReschedule for the order). */
export async function lockChangedBooking(tx: DB, payment: PaymentRow): Promise<void> {
  if (!payment.bookingId) return;
  await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, payment.bookingId)).for("update");
}

/**
 * A date change's difference was paid (called by fulfil inside the
 * transaction that claimed the payment, so once per payment). The move
 * happens only while the change still holds its spots and the booking is
 * still confirmed on the date it left; otherwise (the checkout had expired,
 * or the booking was cancelled meanwhile) the payment is refunded in full,
 * never moving the booking onto a date that may have filled.
 */
export async function completeReschedule(
  tx: DB,
  m: { payment: PaymentRow; publicUrl: string; at: Date },
): Promise<{ outcome: "moved" | "refunded"; refund: RefundRow | null }> {
  const { payment, at } = m;
  const mail = await mailContext(tx);
  const [b] = payment.bookingId
    ? await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for("update")
    : [];
  const [change] = await tx
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.paymentId, payment.id))
    .for("update");
  const [adventure] = b ? await tx.select().from(adventures).where(eq(adventures.id, b.adventureId)) : [];
  if (
    b &&
    change &&
    adventure &&
    change.status === "holding" &&
    b.bookingStatus === "confirmed" &&
    b.availabilityId === change.fromAvailabilityId
  ) {
    const totalCents = b.totalAmountCents + change.priceDifferenceCents;
    const moved = await applyMove(tx, {
      booking: b,
      change,
      unitCents: Math.round(totalCents / change.groupSize),
      totalCents,
      release: { at, publicUrl: m.publicUrl },
    });
    await enqueueMovedEmails(tx, {
      booking: moved,
      change,
      adventure,
      ...mail,
      publicUrl: m.publicUrl,
      at,
      refundCents: 0,
      paidCents: payment.amountTotalCents,
      fromGroupSize: b.groupSize,
    });
    return { outcome: "moved", refund: null };
  }

  // Too late: the spots this change held are given back (if still held) and the money goes back in full.
  if (change) await releaseChange(tx, change.id, { at, publicUrl: m.publicUrl });
  const refund = await claimRefund(tx, {
    payment,
    bookingId: payment.bookingId,
    amountCents: payment.amountTotalCents,
    reason: "late_payment",
    at,
  });
  if (b) {
    await tx
      .update(bookings)
      .set({ attention: lateChangeAttention(payment, change ?? null), updatedAt: at })
      .where(eq(bookings.id, b.id));
    const { customer, operator } = lateChangeEmails({
      booking: b,
      payment,
      to: change ?? null,
      siteTitle: mail.site.title,
      notify: mail.notify,
    });
    await enqueueEmail(tx, { ...customer, bookingId: b.id });
    await enqueueEmail(tx, { ...operator, bookingId: b.id });
  }
  return { outcome: "refunded", refund };
}

/**
 * Date changes whose checkout never opened (the process stopped between the
 * commit and the provider call): past their hold (plus a grace minute for
 * the ledger row being finished), their spots go back. The hold sweep runs it.
 */
export async function releaseStaleChanges(deps: BookingDeps, limit = 50): Promise<number> {
  const at = deps.now();
  const stale = await deps.db
    .select({ id: bookingChanges.id })
    .from(bookingChanges)
    .where(
      and(
        eq(bookingChanges.status, "holding"),
        lte(bookingChanges.holdExpiresAt, new Date(at.getTime() - 60_000)),
        sql`not exists (select 1 from ${payments} where ${payments.id} = ${bookingChanges.paymentId} and ${payments.status} = 'open')`,
      ),
    )
    .limit(limit);
  let released = 0;
  for (const { id } of stale) {
    const release = { at, publicUrl: deps.env.publicUrl };
    if (await deps.db.transaction((tx) => releaseChange(tx, id, release))) released++;
  }
  return released;
}
