/**
 * Creating a booking: the server checks the adventure, the date and the group
 * size, computes the price from the database, and in one transaction stores
 * the booking as pending_payment and holds its spots (a conditional update,
 * never more than available) with the ledger row of its card payment; the
 * checkout is then opened by openLedgerCheckout, as every checkout is (a
 * provider failure cancels the booking and gives the spots back).
 * A voucher code is redeemed in that same transaction (its row locked, its
 * balance never below zero, one redemption per booking): the card checkout is
 * then for what is left, and a booking the voucher pays in full is confirmed
 * at once, with the same confirmation a paid booking gets, and no checkout.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BookingInput } from "../../../app/lib/booking.ts";
import { bookableDate, noticeOf } from "../../../app/lib/booking-window.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { adventures, type BookingRow } from "../../db/schema.ts";
import { badRequest } from "../../errors.server.ts";
import { isOwnOrigin } from "../../payments/urls.server.ts";
import { reserveCheckoutSlot } from "../money/checkout-cap.server.ts";
import {
  type BookingDeps,
  CHECKOUT_TTL_MS,
  type CheckoutClient,
  returnSite,
} from "../money/checkout-ledger.server.ts";
import { datePriceCents } from "./availability.server.ts";
import { manageUrl, mintBookingLink } from "./booking-links.server.ts";
import { departuresOn, pickDeparture } from "./departures.server.ts";
import {
  checkGroupSize,
  confirmationContext,
  confirmBooking,
  insertCardPayment,
  openBookingCheckout,
  placeBooking,
} from "./place-booking.server.ts";
import { adventureCategories, categoryLines } from "./price-categories.server.ts";

export interface CreatedCheckout {
  /** The card checkout for what is left to pay, or the booking's own page when a voucher paid it all. */
  checkout_url: string;
  booking_id: string;
  reference: string;
  /** Null when no checkout was needed (a voucher covered the total). */
  session_id: string | null;
  booking_status: "pending_payment" | "confirmed";
  /** Cents: the voucher part and what is left for the card. */
  voucher_cents: number;
  amount_due_cents: number;
  /** Only when a promo code was given (the spec's answer is unchanged without one). */
  promo_code?: string;
  promo_discount_cents?: number;
  total_cents?: number;
}

/** The promo code's part of the answer, present only for a booking that used one. */
function promoAnswer(b: BookingRow): Partial<CreatedCheckout> {
  if (!b.promoCode) return {};
  return {
    promo_code: b.promoCode,
    promo_discount_cents: b.promoDiscountCents,
    total_cents: b.totalAmountCents,
  };
}

export async function createBooking(
  deps: BookingDeps,
  input: BookingInput,
  client: CheckoutClient = {},
): Promise<CreatedCheckout> {
  const { db, env, log, now } = deps;
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, input.adventure_id));
  if (!adventure?.isActive || !adventure.bookingEnabled) {
    throw badRequest("adventure_id: This adventure is not available for booking", {
      adventure_id: "This adventure is not available for booking",
    });
  }
  const slot = pickDeparture(await departuresOn(db, adventure.id, input.selected_date), input.start_time);
  // The booking notice (days, and the cut-off in hours when set): the rule the date list follows.
  if (!slot?.isAvailable || !bookableDate(slot.date, now(), noticeOf(adventure, slot.startTime))) {
    const msg = `${departureText(input.selected_date, slot?.startTime ?? "")} is not available for ${adventure.title}. Please choose another date.`;
    throw badRequest(`selected_date: ${msg}`, { selected_date: msg });
  }
  checkGroupSize(adventure, input.group_size);
  const priceLines = categoryLines(await adventureCategories(db, adventure.id), input);
  const unitPriceCents = datePriceCents(slot.priceOverrideCents, adventure.basePriceCents);
  const holdUntil = new Date(now().getTime() + CHECKOUT_TTL_MS);
  const paymentId = randomUUID();
  // A booking a voucher pays in full, or a promo code makes free, is confirmed in its own
  // transaction, so what the confirmation email needs is read first (the transaction only writes).
  const confirmWith = input.voucher_code || input.promo_code ? await confirmationContext(db) : null;

  const { booking, voucherCents, manageToken } = await db.transaction(async (tx) => {
    await reserveCheckoutSlot(
      tx,
      { email: input.customer_email, clientKey: client.clientKey },
      env.MAX_OPEN_CHECKOUTS,
      now(),
    );
    const { row, voucherCents: cents } = await placeBooking(tx, {
      adventure,
      slot,
      input,
      unitPriceCents,
      priceLines,
      holdUntil,
      at: now(),
      values: { clientKey: client.clientKey ?? null },
    });
    if (row.totalAmountCents - cents > 0 || !confirmWith) {
      // The card pays the rest: its ledger row is written with the hold, before the provider is asked.
      await insertCardPayment(tx, deps, {
        booking: row,
        paymentId,
        expiresAt: holdUntil,
        at: now(),
        clientKey: client.clientKey ?? null,
      });
      return { booking: row, voucherCents: cents, manageToken: null };
    }
    // Paid in full by the voucher, or nothing to pay after a promo code: confirmed now, with the
    // same confirmation a card payment gets.
    const confirmed = await confirmBooking(tx, {
      booking: row,
      adventure,
      ...confirmWith,
      at: now(),
      publicUrl: env.publicUrl,
    });
    const token = await mintBookingLink(tx, row.id, "success_page", now());
    return { booking: confirmed, voucherCents: cents, manageToken: token };
  });

  if (input.host_url && !isOwnOrigin(input.host_url, returnSite(deps))) {
    log.warn("booking host_url names another origin; using the site's own", { booking: booking.id });
  }
  if (manageToken) {
    log.info("booking paid by voucher", { booking: booking.id, reference: booking.reference });
    return {
      checkout_url: manageUrl(returnSite(deps), manageToken),
      booking_id: booking.id,
      reference: booking.reference,
      session_id: null,
      booking_status: "confirmed",
      voucher_cents: voucherCents,
      amount_due_cents: 0,
      ...promoAnswer(booking),
    };
  }
  const opened = await openBookingCheckout(deps, {
    booking,
    adventureTitle: adventure.title,
    paymentId,
    expiresAt: holdUntil,
  });
  log.info("booking created", {
    booking: booking.id,
    reference: booking.reference,
    total: booking.totalAmountCents,
  });
  return {
    checkout_url: opened.url,
    booking_id: booking.id,
    reference: booking.reference,
    session_id: opened.session_id,
    booking_status: "pending_payment",
    voucher_cents: voucherCents,
    amount_due_cents: booking.totalAmountCents - voucherCents,
    ...promoAnswer(booking),
  };
}
