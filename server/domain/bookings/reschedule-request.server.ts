/**
 * The customer moves their own booking to another date of the same adventure
 * (from their private link). The rules are in app/lib/reschedule.ts; this
 * module moves spots and money.
 *
 * One transaction locks the booking row (so two requests, or a request and a
 * cancellation, run one after the other), checks the rules against the locked
 * row, allows at most one `holding` change per booking, holds the new date's
 * spots with the same conditional update a new booking uses (never more than
 * free), and records a booking_changes row. Then, by the price difference:
 * - none or less: the booking moves in the same transaction (the old date's
 *   spots go back through releaseHold, the one release path), the change is
 *   done, the emails are queued, and a lower price is claimed as a refund
 *   with a key per change (sent to the provider after the commit);
 * - more: the new spots stay held for a checkout of the difference (kind
 *   reschedule, its ledger row written first). fulfil() completes the move
 *   exactly once when it is paid (reschedule-complete); an expired or
 *   cancelled checkout releases the held spots exactly once; a payment after
 *   that is refunded in full.
 */
import { eq } from "drizzle-orm";
import { atDepartureTime, departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import {
  movedTotalCents,
  priceDifferenceCents,
  rescheduleBlock,
  rescheduleBlockText,
} from "../../../app/lib/reschedule.ts";
import { adventures, bookings } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";
import { SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";
import { adventurePolicy } from "../content/policy.server.ts";
import {
  type BookingDeps,
  CHECKOUT_TTL_MS,
  openLedgerCheckout,
  returnSite,
} from "../money/checkout-ledger.server.ts";
import { claimBookingRefund, lockPaidPayments, type RefundRow, sendRefund } from "../money/refunds.server.ts";
import { datePriceCents } from "./availability.server.ts";
import {
  applyMove,
  type BookingChangeRow,
  changePaymentRow,
  enqueueMovedEmails,
  holdChange,
  holdingChange,
  type MoveTarget,
  mailContext,
  openSlot,
  releaseChange,
} from "./reschedule-move.server.ts";
import { calledOffForWeather } from "./weather-offers.server.ts";

/** Where the provider sends the customer back after paying (or leaving) a date change's checkout. */
export const RESCHEDULE_RETURN_PATH = "/my-booking/date-changed";

export type RescheduleResult =
  | { outcome: "moved"; change: BookingChangeRow; refundCents: number }
  | { outcome: "checkout"; change: BookingChangeRow; checkoutUrl: string };

/**
 * Moves a booking to the departure `target` names (a date, and its start time
 * where the date has several; another time on the booking's own date is a
 * move too). `expectedDifferenceCents`, when given, is the
 * difference the customer reviewed: a price changed since is refused, so
 * nobody pays or gets back an amount they were not shown.
 */
export async function requestReschedule(
  deps: BookingDeps,
  bookingId: string,
  target: MoveTarget,
  expectedDifferenceCents?: number,
): Promise<RescheduleResult> {
  const { db, env, log, now } = deps;
  const at = now();
  const mail = await mailContext(db);
  const [current] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!current) throw notFound("Booking not found");
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, current.adventureId));
  if (!adventure) throw notFound("Booking not found");
  // The adventure's date-change cut-off (content/policy).
  const adventureRules = await adventurePolicy(db, adventure);

  const refunds: RefundRow[] = [];
  const result = await db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    const paid = await lockPaidPayments(tx, bookingId);
    // Its hours count to the departure the booking is on.
    const policy = atDepartureTime(adventureRules, b.startTime);
    const block = rescheduleBlock(
      {
        status: b.bookingStatus,
        paid: paid.length > 0,
        date: b.selectedDate,
        changePending: !!(await holdingChange(tx, bookingId)),
        calledOff: await calledOffForWeather(tx, b),
      },
      at,
      policy,
    );
    if (block) throw conflict(rescheduleBlockText(block, policy));
    const slot = await openSlot(tx, b, target, at);
    const unitCents = datePriceCents(slot.priceOverrideCents, adventure.basePriceCents);
    const totalCents = movedTotalCents(unitCents, b.groupSize, b.priceLines, b.promoDiscountCents);
    const differenceCents = priceDifferenceCents(
      unitCents,
      b.groupSize,
      b.totalAmountCents,
      b.promoDiscountCents,
      b.priceLines,
    );
    if (expectedDifferenceCents !== undefined && expectedDifferenceCents !== differenceCents) {
      throw conflict("The price for this date has changed since you looked. Please review it again.");
    }
    const change = await holdChange(tx, b, slot, differenceCents, at);

    if (differenceCents <= 0) {
      const moved = await applyMove(tx, {
        booking: b,
        change,
        unitCents,
        totalCents,
        release: { at, publicUrl: env.publicUrl },
      });
      if (differenceCents < 0) {
        refunds.push(
          ...(await claimBookingRefund(tx, {
            payments: paid,
            bookingId: b.id,
            amountCents: -differenceCents,
            reason: "reschedule",
            at,
            key: (p) => `reschedule:${change.id}:${p.id}`,
          })),
        );
      }
      await enqueueMovedEmails(tx, {
        booking: moved,
        change,
        adventure,
        ...mail,
        publicUrl: env.publicUrl,
        at,
        refundCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
      });
      return { outcome: "moved" as const, change: { ...change, status: "done" as const } };
    }

    // A dearer date: the ledger row exists before the provider is asked, as for a custom payment.
    const { paymentId, change: withPayment } = await changePaymentRow(tx, {
      provider: deps.payments.name,
      booking: b,
      change,
      expiresAt: change.holdExpiresAt ?? at,
      at,
    });
    return { outcome: "checkout" as const, change: withPayment, paymentId, differenceCents };
  });

  if (result.outcome === "moved") {
    log.info("booking rescheduled", {
      booking: bookingId,
      change: result.change.id,
      refunds: refunds.length,
    });
    for (const r of refunds) await sendRefund(deps, r.id);
    return {
      outcome: "moved",
      change: result.change,
      refundCents: refunds.reduce((sum, r) => sum + r.amountCents, 0),
    };
  }

  const { change, paymentId, differenceCents } = result;
  const returnUrl = `${returnSite(deps)}${RESCHEDULE_RETURN_PATH}?session_id=`;
  const opened = await openLedgerCheckout(
    deps,
    paymentId,
    {
      kind: "booking",
      name: `${current.adventureTitle}: date change`,
      description: `${departureText(current.selectedDate, current.startTime, "full")} to ${departureText(change.toDate, change.toStartTime, "full")} · ${peopleText(current.groupSize)} · ${current.reference}`,
      unitAmountCents: differenceCents,
      quantity: 1,
      currency: current.currency,
      customerEmail: current.customerEmail,
      successUrl: `${returnUrl}${SESSION_PLACEHOLDER}`,
      expiresAt: change.holdExpiresAt ?? new Date(at.getTime() + CHECKOUT_TTL_MS),
      metadata: { kind: "reschedule", change_id: change.id, booking_id: bookingId, payment_id: paymentId },
    },
    (sessionId) => `${returnUrl}${encodeURIComponent(sessionId)}`,
    {
      // The held spots go back with the cancelled row: nothing moved and nobody was charged.
      undo: (tx) => releaseChange(tx, change.id, { at: now(), publicUrl: env.publicUrl }),
      message:
        "Our payment provider could not start the payment. Your booking is unchanged; please try again in a moment.",
    },
  );
  log.info("date change awaits payment", { booking: bookingId, change: change.id, payment: paymentId });
  return { outcome: "checkout", change, checkoutUrl: opened.url };
}
