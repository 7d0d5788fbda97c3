/**
 * Cancelling a booking, by the operator or the customer (from their booking
 * link): one path, so
 * the money moves exactly once whoever cancels and however often they click.
 *
 * In one transaction the booking is claimed with a conditional update (its
 * status from what was read to cancelled: of N parallel requests exactly one
 * succeeds), its spots are released and the refund the cancellation policy
 * gives is claimed as a pending `refunds` row with a key derived from the
 * payment. Only after the commit is the provider asked, with that key. If the
 * provider cannot be reached the booking stays cancelled and the refund
 * pending: it is retried with the same key, and the bookings list shows it.
 */
import { and, eq } from "drizzle-orm";
import { departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { refundCents } from "../../../app/lib/policy-refund.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, type BookingStatus, bookings } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import {
  claimBookingRefund,
  lockPaidPayments,
  type RefundDeps,
  sendRefund,
} from "../money/refunds.server.ts";
import { restoreVoucherForBooking } from "../vouchers/voucher-use.server.ts";
import { canTransition, statusLabel } from "./booking-status.ts";
import { bookingTerms } from "./booking-terms.server.ts";
import { releaseHold } from "./holds.server.ts";
import { calledOffForWeather } from "./weather-offers.server.ts";

/** Cancelling gives spots back, and the waitlist's offer emails link to the site. */
export type CancelDeps = RefundDeps & { env: { publicUrl: string } };

export interface CancelOptions {
  by: "operator" | "customer";
  /** Stored as the cancel reason instead of who cancelled (a weather cancellation says "weather"). */
  reason?: "weather";
  /**
   * What goes back to the card: the policy's share (the default), all that was
   * paid (the weather rule: a cancelled departure is refunded in full), or
   * nothing (the amount became credit instead).
   */
  refund?: "policy" | "full" | "none";
  /**
   * Runs in the cancelling transaction after the claim (so it commits or rolls
   * back with it), e.g. issuing credit; the caller then queues its own email
   * instead of the standard ones.
   */
  within?: (tx: DB, booking: BookingRow, refundCents: number, voucherRestoredCents: number) => Promise<void>;
}

export interface CancelResult {
  booking: BookingRow;
  /** The refund the policy gave, in cents (0 when nothing was paid or due). */
  refundCents: number;
  /** What went back onto the booking's voucher, in cents (0 when it used none). */
  voucherRestoredCents: number;
  from: BookingStatus;
}

export async function cancelBooking(
  deps: CancelDeps,
  bookingId: string,
  options: CancelOptions,
): Promise<CancelResult> {
  const { db, log, now } = deps;
  const at = now();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw notFound("Booking not found");
  const from = booking.bookingStatus;
  // The operator hears of a cancellation they did not make; read before the transaction, which only writes.
  const notify =
    options.by === "customer" && !options.within
      ? await getNotificationEmail(db, await loadSiteContent(db))
      : null;
  if (!canTransition(from, "cancelled")) {
    throw conflict(
      from === "cancelled"
        ? "This booking is already cancelled."
        : `A ${statusLabel(from)} booking cannot be marked cancelled.`,
    );
  }

  const done = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(bookings)
      .set({
        bookingStatus: "cancelled",
        cancelledAt: at,
        cancelReason: options.reason ?? options.by,
        holdExpiresAt: null,
        updatedAt: at,
      })
      .where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, from)))
      .returning();
    if (!claimed) return null;
    await releaseHold(tx, bookingId, { at, publicUrl: deps.env.publicUrl });
    // The policy applies to what the booking costs now (a date change may have
    // raised or lowered it) and to the date the locked row holds. A voucher
    // part gets the policy's share of it back on its voucher (an unpaid
    // booking all of it); the rest of the policy's refund is spread over the
    // card payments that paid it, never beyond what each took. A weather
    // cancellation gives everything back ("full" to the card, "none" when it
    // becomes credit), the voucher part in full either way.
    const refundMode = options.refund ?? ((await calledOffForWeather(tx, claimed)) ? "full" : "policy");
    // The adventure's effective policy, counted from the date the booking's terms follow.
    const terms = refundMode === "policy" ? await bookingTerms(tx, claimed) : null;
    const share = (cents: number) => (terms ? refundCents(cents, terms.date, at, terms.policy) : cents);
    const policyCents = share(claimed.totalAmountCents);
    const voucherBack = await restoreVoucherForBooking(tx, {
      bookingId,
      share: (redeemed) => (from === "pending_payment" ? redeemed : share(redeemed)),
      at,
      note: `Booking ${claimed.reference} cancelled`,
    });
    const paid = await lockPaidPayments(tx, bookingId);
    const claimedRefunds =
      paid.length && refundMode !== "none"
        ? await claimBookingRefund(tx, {
            payments: paid,
            bookingId,
            amountCents: policyCents - share(claimed.voucherCents),
            reason: "cancellation",
            at,
          })
        : [];
    const cents = claimedRefunds.reduce((sum, r) => sum + r.amountCents, 0);
    const [row] = await tx
      .update(bookings)
      .set({ refundAmountCents: claimed.refundAmountCents + cents, holdsSpots: false })
      .where(eq(bookings.id, bookingId))
      .returning();
    await recordAudit(tx, {
      action: "cancel",
      entity: "booking",
      entityId: bookingId,
      bookingId,
      before: { booking_status: from, refund_amount_cents: claimed.refundAmountCents },
      after: {
        booking_status: row.bookingStatus,
        cancel_reason: row.cancelReason,
        refund_amount_cents: row.refundAmountCents,
        ...(voucherBack > 0 ? { voucher_restored_cents: voucherBack } : {}),
      },
    });
    if (options.within) {
      await options.within(tx, row, cents, voucherBack);
    } else {
      if (from === "confirmed" || from === "completed") {
        await enqueueEmail(tx, { ...cancellationEmail(row, cents, voucherBack), bookingId: row.id });
      }
      if (notify) {
        await enqueueEmail(tx, {
          ...customerCancelledNotice(row, cents, notify, voucherBack),
          bookingId: row.id,
        });
      }
    }
    return { row, refunds: claimedRefunds, cents, voucherBack };
  });
  if (!done) {
    const [again] = await db
      .select({ status: bookings.bookingStatus })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    throw conflict(
      again?.status === "cancelled"
        ? "This booking is already cancelled."
        : "This booking was changed at the same time. Reload and try again.",
    );
  }
  log.info("booking cancelled", {
    booking: bookingId,
    from,
    by: options.by,
    refunds: done.refunds.map((r) => r.id),
  });
  // Asked after the commit, each with its own key: one the provider cannot take stays pending and is retried.
  for (const claimedRefund of done.refunds) await sendRefund(deps, claimedRefund.id);

  // A booking settled by hand must not be paid (again) through a checkout left open.
  if (from === "pending_payment" && booking.checkoutSessionId) {
    await deps.payments.expire(booking.checkoutSessionId).catch((error: unknown) => {
      log.warn("could not expire the checkout session", { booking: bookingId, error });
    });
  }
  return { booking: done.row, refundCents: done.cents, from, voucherRestoredCents: done.voucherBack };
}

function cancellationEmail(b: BookingRow, refundCentsValue: number, voucherCents: number) {
  const amount = formatMoney(refundCentsValue, b.currency, true);
  const voucherLine =
    voucherCents > 0
      ? [
          `${formatMoney(voucherCents, b.currency, true)} is back on your voucher, ready for your next booking.`,
        ]
      : [];
  return {
    kind: "booking_cancelled",
    to: b.customerEmail,
    subject: `Your booking ${b.reference} has been cancelled`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `Your booking ${b.reference} for ${b.adventureTitle} on ${b.selectedDate} has been cancelled.`,
      refundCentsValue > 0
        ? `A refund of ${amount} is on its way to your card; it usually shows within 5-10 business days.`
        : voucherCents > 0
          ? ""
          : "Under our cancellation policy no refund applies to this booking.",
      ...voucherLine,
      "",
      "If you have any questions, just reply to this email.",
    ].join("\n"),
    dedupeKey: `booking_cancelled:${b.id}`,
  };
}

/** The operator's notice of a booking the customer cancelled from their link. */
function customerCancelledNotice(b: BookingRow, refundCentsValue: number, to: string, voucherCents: number) {
  return {
    kind: "booking_cancelled_notice",
    to,
    subject: `Booking ${b.reference} cancelled by the customer`,
    text: [
      `${b.customerFirstName} ${b.customerLastName}`.trim() +
        ` (${b.customerEmail}) cancelled booking ${b.reference} online.`,
      "",
      `Adventure: ${b.adventureTitle}`,
      `Date: ${departureText(b.selectedDate, b.startTime, "full")}`,
      `Group: ${peopleText(b.groupSize)}`,
      `Refund under the cancellation policy: ${formatMoney(refundCentsValue, b.currency, true)}`,
      ...(voucherCents > 0
        ? [`Back on the customer's voucher: ${formatMoney(voucherCents, b.currency, true)}`]
        : []),
      "",
      "The spots are open again. The refund is shown in the bookings list until the payment provider confirms it.",
    ].join("\n"),
    dedupeKey: `booking_cancelled_notice:${b.id}`,
  };
}
