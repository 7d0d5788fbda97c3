/**
 * Settling a checkout: one idempotent fulfil(sessionId) brings our records in
 * line with the provider's view of a session, whoever asks first (the
 * webhook, the status check, the cancel return or the hold sweep). A payment
 * is claimed with a conditional update on the ledger row (unpaid -> paid), so
 * it is recorded, its booking confirmed and its emails queued exactly once,
 * even when several requests or processes settle the same session at once.
 */
import { and, eq } from "drizzle-orm";
import type { TestCardInput } from "../../../app/lib/booking.ts";
import { isPaid } from "../../../app/lib/paid.ts";
import { type SiteInfo, siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, type BookingRow, bookings, type PaymentRow, payments } from "../../db/schema.ts";
import { notFound } from "../../errors.server.ts";
import type { TestCheckout } from "../../payments/index.server.ts";
import type { ProviderSessionState } from "../../payments/provider.server.ts";
import { withSessionParam } from "../../payments/urls.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import { type BookingDeps, findPayment, isSettled } from "../money/checkout-ledger.server.ts";
import { issueBookingInvoice, issuePaymentInvoice } from "../money/invoices.server.ts";
import { type RefundRow, sendRefund } from "../money/refunds.server.ts";
import { activateGiftVoucher } from "../vouchers/gift-vouchers.server.ts";
import { holdSpots } from "./availability.server.ts";
import { enqueueBookingEmails, enqueueCustomPaymentEmails, toFacts } from "./booking-emails.server.ts";
import { manageUrl, mintBookingLink } from "./booking-links.server.ts";
import { keepBookingTerms } from "./booking-terms.server.ts";
import { cancelPendingBooking, isUnpaidEnd } from "./holds.server.ts";
import { refundLatePayment } from "./late-payment.server.ts";
import {
  completeReschedule,
  lockChangedBooking,
  releaseRescheduleCheckout,
} from "./reschedule-complete.server.ts";
import { markWaitlistBooked } from "./waitlist.server.ts";

/**
 * Brings our records in line with the provider's view of one session:
 * paid -> payment recorded, booking confirmed, emails queued (each once);
 * expired -> booking cancelled, hold released (once). Safe to call any
 * number of times, concurrently, in any order.
 */
export async function fulfil(
  deps: BookingDeps,
  sessionId: string,
  options: { providerSaysPaid?: boolean } = {},
): Promise<PaymentRow> {
  const payment = await findPayment(deps, sessionId);
  if (!payment) throw notFound("Checkout session not found");
  // A checkout we closed is not asked about again, unless the provider itself
  // reports a payment for it (its webhook): that money must end in a booking
  // or go back, never be kept silently.
  const closedButPaid = options.providerSaysPaid && !isPaid(payment);
  if (isSettled(payment) && !closedButPaid) return payment;
  const state = await deps.payments.retrieve(sessionId);
  await applyState(deps, payment, state);
  return (await findPayment(deps, sessionId)) ?? payment;
}

async function applyState(deps: BookingDeps, payment: PaymentRow, state: ProviderSessionState) {
  if (isPaid(state)) {
    await markPaid(deps, payment, state);
  } else if (state.status === "expired") {
    await markClosed(deps, payment, "expired");
  }
}

async function markPaid(deps: BookingDeps, payment: PaymentRow, state: ProviderSessionState): Promise<void> {
  const { db, log, now } = deps;
  const at = now();
  // Everything the emails need is read first; the transaction only writes.
  const content = await loadSiteContent(db);
  const site = siteInfo(content);
  const notify = await getNotificationEmail(db, content);
  let booking: BookingRow | undefined;
  let adventure: AdventureRow | undefined;
  if (payment.bookingId) {
    [booking] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId));
    if (booking)
      [adventure] = await db.select().from(adventures).where(eq(adventures.id, booking.adventureId));
  }

  // Set inside the transaction, sent after its commit.
  const late: { refund: RefundRow | null } = { refund: null };
  const outcome = await db.transaction(async (tx) => {
    // A date change locks its booking before its payment, in the order a
    // cancellation and a new date change take them, so they never deadlock.
    if (payment.kind === "reschedule") await lockChangedBooking(tx, payment);
    const [claimed] = await tx
      .update(payments)
      .set({
        status: "complete",
        paymentStatus: "paid",
        paidAt: at,
        providerPaymentId: state.paymentId ?? null,
        customerEmail: payment.customerEmail ?? state.customerEmail ?? null,
        updatedAt: at,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.paymentStatus, "unpaid")))
      .returning();
    if (!claimed) return "already";
    if (state.amountTotalCents && state.amountTotalCents !== payment.amountTotalCents) {
      log.warn("provider amount differs from the ledger", {
        payment: payment.id,
        ledger: payment.amountTotalCents,
        provider: state.amountTotalCents,
      });
    }

    if (claimed.kind === "voucher") {
      const voucher = await activateGiftVoucher(tx, {
        payment: claimed,
        site,
        notify,
        at,
        publicUrl: deps.env.publicUrl,
      });
      // A face-value voucher: GST applies when it pays for a trip, on that booking's invoice.
      await issuePaymentInvoice(tx, {
        payment: claimed,
        description: "Gift voucher (GST applies when it is used for a booking)",
        taxable: false,
        buyerName: voucher?.purchaserName ?? "",
        at,
      });
      return "paid";
    }

    if (claimed.kind === "custom") {
      await issuePaymentInvoice(tx, {
        payment: claimed,
        description: claimed.metadata.description || `Payment to ${site.title}`,
        taxable: true,
        at,
      });
      await enqueueCustomPaymentEmails(tx, { payment: claimed, site, notify, at });
      return "paid";
    }

    // A date change's price difference: the move completes here, once, with the payment's claim.
    if (claimed.kind === "reschedule") {
      const done = await completeReschedule(tx, { payment: claimed, publicUrl: deps.env.publicUrl, at });
      late.refund = done.refund;
      return done.outcome;
    }

    if (!booking || !adventure) return "paid";
    const [confirmed] = await tx
      .update(bookings)
      .set({ bookingStatus: "confirmed", confirmedAt: at, holdExpiresAt: null, updatedAt: at })
      .where(and(eq(bookings.id, booking.id), eq(bookings.bookingStatus, "pending_payment")))
      .returning();
    if (!confirmed) {
      // Paid after the hold was released (checkout expired or was left): the
      // spots are taken again only if they are still free; otherwise the
      // booking stays cancelled and the money goes back in full.
      const [current] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update");
      if (current?.bookingStatus !== "cancelled" || current.confirmedAt) return "paid";
      // A booking's voucher part went back to the voucher when its hold ended; the card part
      // alone cannot pay for it, so such a booking is not revived.
      const released = isUnpaidEnd(current.cancelReason) && current.voucherCents === 0;
      const retaken =
        released && current.availabilityId && !current.holdsSpots
          ? await holdSpots(tx, current.availabilityId, current.groupSize)
          : false;
      if (!retaken) {
        late.refund = await refundLatePayment(tx, {
          booking: current,
          facts: toFacts(current),
          payment: claimed,
          adventure,
          site,
          notify,
          publicUrl: deps.env.publicUrl,
          at,
          cause: released ? "date_full" : "booking_cancelled",
        });
        log.warn("late payment refunded in full", {
          booking: current.id,
          cause: released ? "date_full" : "booking_cancelled",
        });
        return "refunded";
      }
      await tx
        .update(bookings)
        .set({
          bookingStatus: "confirmed",
          confirmedAt: at,
          cancelledAt: null,
          cancelReason: null,
          holdsSpots: true,
          holdExpiresAt: null,
          updatedAt: at,
        })
        .where(eq(bookings.id, current.id));
      log.warn("booking paid after its hold was released; its spots were free and are taken again", {
        booking: current.id,
      });
    }
    await announceConfirmed(tx, { booking, adventure, site, notify, at, publicUrl: deps.env.publicUrl });
    return "confirmed";
  });
  if (outcome !== "already") log.info("payment fulfilled", { payment: payment.id, outcome });
  if (late.refund) await sendRefund(deps, late.refund.id);
}

/**
 * What confirming a booking does besides its status, wherever it is confirmed
 * (a settled payment, or a voucher that covers the whole total): its
 * customer's waitlist entry for the date ends, and the confirmation with the
 * private link is queued (the link is minted with it, so it exists exactly
 * when the email is queued; the email's dedupe key sends it once).
 */
export async function announceConfirmed(
  tx: DB,
  m: {
    booking: BookingRow;
    adventure: AdventureRow;
    site: SiteInfo;
    notify: string;
    at: Date;
    publicUrl: string;
  },
): Promise<void> {
  const booking = await keepBookingTerms(tx, m.booking);
  m = { ...m, booking };
  await markWaitlistBooked(tx, m.booking, m.at);
  await issueBookingInvoice(tx, m.booking, m.at);
  const token = await mintBookingLink(tx, m.booking.id, "email", m.at);
  await enqueueBookingEmails(tx, { ...m, manageUrl: manageUrl(m.publicUrl, token) });
}

/** Closes an unpaid session (expired or cancelled) and cancels its booking, once. */
async function markClosed(deps: BookingDeps, payment: PaymentRow, status: "expired" | "cancelled") {
  const at = deps.now();
  const closed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status, updatedAt: at })
      .where(
        and(eq(payments.id, payment.id), eq(payments.paymentStatus, "unpaid"), eq(payments.status, "open")),
      )
      .returning({ id: payments.id });
    if (!row) return false;
    if (payment.kind === "reschedule") {
      // The booking itself stays as it is; only the new date's held spots go back.
      await releaseRescheduleCheckout(tx, payment.id, { at, publicUrl: deps.env.publicUrl });
    } else if (payment.bookingId) {
      await cancelPendingBooking(
        tx,
        payment.bookingId,
        { at, publicUrl: deps.env.publicUrl },
        status === "expired" ? "expired" : "checkout_cancelled",
      );
    }
    return true;
  });
  if (closed) deps.log.info("checkout closed", { payment: payment.id, status });
}

/** A payment that failed after checkout (Stripe's async methods): close it and free the spots. */
export async function closeUnpaid(deps: BookingDeps, sessionId: string, status: "expired" | "cancelled") {
  const payment = await findPayment(deps, sessionId);
  if (!payment || isSettled(payment)) return;
  const state = await deps.payments.retrieve(sessionId);
  if (isPaid(state)) await markPaid(deps, payment, state);
  else await markClosed(deps, payment, status);
}

/**
 * Ends a session early: asks the provider to expire it, then settles with
 * whatever the provider says (a payment that slipped through still counts).
 */
export async function closeAtProvider(
  deps: BookingDeps,
  payment: PaymentRow,
  reason: "expired" | "cancelled",
) {
  try {
    await deps.payments.expire(payment.sessionId);
  } catch (error) {
    deps.log.warn("provider could not expire the session", { payment: payment.id, error });
  }
  const state = await deps.payments.retrieve(payment.sessionId);
  if (isPaid(state)) {
    await markPaid(deps, payment, state);
  } else if (state.status === "expired") {
    await markClosed(deps, payment, reason);
  } else {
    deps.log.warn("session still open at the provider after expiry", {
      payment: payment.id,
      status: state.status,
    });
  }
}

/** The visitor pressed Cancel at checkout. Answers where to send them next. */
export async function cancelCheckout(deps: BookingDeps, paymentId: string): Promise<string> {
  const fallback = `${deps.env.publicUrl}/book`;
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return fallback;
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) return fallback;
  if (!isSettled(payment)) {
    try {
      await closeAtProvider(deps, payment, "cancelled");
    } catch (error) {
      deps.log.error("cancelling a checkout failed", { payment: payment.id, error });
    }
  }
  return payment.cancelUrl || withSessionParam(fallback, payment.sessionId);
}

/**
 * A card entered on the built-in test checkout (its JSON route and its page
 * form): the test provider takes it, then the payment is settled at once, as
 * a provider's webhook would; the status check would do it otherwise.
 */
export async function payTestCheckout(
  deps: BookingDeps,
  checkout: TestCheckout,
  sessionId: string,
  card: TestCardInput,
): Promise<{ redirectUrl: string }> {
  const result = await checkout.pay(sessionId, card);
  await fulfil(deps, sessionId).catch((error: unknown) =>
    deps.log.error("fulfil after test payment failed", { error }),
  );
  return result;
}
