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
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BookingInput } from "../../../app/lib/booking.ts";
import { bookingTotalCents } from "../../../app/lib/booking.ts";
import { MIN_CHARGE_CENTS, toCurrency } from "../../../app/lib/currency.ts";
import { formatDateAU, sydneyDate } from "../../../app/lib/dates.ts";
import { groupSizeError, groupSizeRange, peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import { voucherShareCents } from "../../../app/lib/vouchers.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, type BookingRow, bookings, payments } from "../../db/schema.ts";
import { badRequest, type HttpError } from "../../errors.server.ts";
import { isOwnOrigin, SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import { reserveCheckoutSlot } from "../money/checkout-cap.server.ts";
import {
  type BookingDeps,
  CHECKOUT_TTL_MS,
  type CheckoutClient,
  openLedgerCheckout,
} from "../money/checkout-ledger.server.ts";
import { lockUsableVoucher, redeemVoucher } from "../vouchers/voucher-use.server.ts";
import { datePriceCents, holdSpots } from "./availability.server.ts";
import { manageUrl, mintBookingLink } from "./booking-links.server.ts";
import { firstBookableDate } from "./booking-window.ts";
import { cancelPendingBooking } from "./holds.server.ts";
import { announceConfirmed } from "./settle.server.ts";

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Short human reference, e.g. TW-7K3Q9P (no 0/O or 1/I to misread). */
function newReference(): string {
  let out = "TW-";
  for (const b of randomBytes(6)) out += REF_ALPHABET[b % REF_ALPHABET.length];
  return out;
}

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
  const [slot] = await db
    .select()
    .from(availability)
    .where(and(eq(availability.adventureId, adventure.id), eq(availability.date, input.selected_date)));
  const first = firstBookableDate(sydneyDate(now()), adventure.advanceBookingDays);
  if (!slot?.isAvailable || slot.date < first) {
    const msg = `${formatDateAU(input.selected_date)} is not available for ${adventure.title}. Please choose another date.`;
    throw badRequest(`selected_date: ${msg}`, { selected_date: msg });
  }
  const groupError = groupSizeError(
    input.group_size,
    groupSizeRange({ group_size_min: adventure.groupSizeMin, group_size_max: adventure.groupSizeMax }),
    adventure.title,
  );
  if (groupError) throw badRequest(`group_size: ${groupError}`, { group_size: groupError });
  const unitPriceCents = datePriceCents(slot.priceOverrideCents, adventure.basePriceCents);
  const totalCents = bookingTotalCents(unitPriceCents, input.group_size);
  const holdUntil = new Date(now().getTime() + CHECKOUT_TTL_MS);
  const paymentId = randomUUID();

  const currency = toCurrency(adventure.currency);
  // A booking a voucher pays in full is confirmed in its own transaction, so what the
  // confirmation email needs is read first (the transaction only writes).
  const confirmWith = input.voucher_code ? await confirmationContext(db) : null;

  const { booking, voucherCents, manageToken } = await db.transaction(async (tx) => {
    await reserveCheckoutSlot(
      tx,
      { email: input.customer_email, clientKey: client.clientKey },
      env.MAX_OPEN_CHECKOUTS,
      now(),
    );
    if (!(await holdSpots(tx, slot.id, input.group_size))) throw await spotsError(tx, slot.id);
    const row = await insertBooking(tx, {
      reference: "",
      adventureId: adventure.id,
      adventureTitle: adventure.title,
      availabilityId: slot.id,
      customerFirstName: input.customer_first_name,
      customerLastName: input.customer_last_name,
      customerEmail: input.customer_email,
      customerPhone: input.customer_phone,
      groupSize: input.group_size,
      selectedDate: slot.date,
      specialRequirements: input.special_requirements,
      unitPriceCents,
      totalAmountCents: totalCents,
      currency,
      bookingStatus: "pending_payment",
      holdsSpots: true,
      holdExpiresAt: holdUntil,
      clientKey: client.clientKey ?? null,
      createdAt: now(),
    });
    // The voucher row stays locked until this transaction ends: parallel bookings with the
    // same code take turns, each sees the balance the one before left, none goes below zero.
    const cents = input.voucher_code ? await redeemShare(tx, row, input.voucher_code, now()) : 0;
    if (!cents || cents < totalCents || !confirmWith) {
      // The card pays the rest: its ledger row is written with the hold, before the provider is asked.
      const due = totalCents - cents;
      await tx.insert(payments).values({
        id: paymentId,
        provider: deps.payments.name,
        sessionId: `creating:${paymentId}`,
        kind: "booking",
        bookingId: row.id,
        unitAmountCents: cents ? due : unitPriceCents,
        quantity: cents ? 1 : input.group_size,
        amountTotalCents: due,
        currency: row.currency,
        status: "creating",
        customerEmail: input.customer_email,
        metadata: { reference: row.reference },
        clientKey: client.clientKey ?? null,
        expiresAt: holdUntil,
        createdAt: now(),
      });
      return {
        booking: cents ? { ...row, voucherCents: cents } : row,
        voucherCents: cents,
        manageToken: null,
      };
    }

    // Paid in full by the voucher: confirmed now, with the same confirmation a card payment gets.
    const [confirmed] = await tx
      .update(bookings)
      .set({ bookingStatus: "confirmed", confirmedAt: now(), holdExpiresAt: null, updatedAt: now() })
      .where(eq(bookings.id, row.id))
      .returning();
    await announceConfirmed(tx, {
      booking: confirmed,
      adventure,
      ...confirmWith,
      at: now(),
      publicUrl: env.publicUrl,
    });
    const token = await mintBookingLink(tx, row.id, "success_page", now());
    return { booking: confirmed, voucherCents: cents, manageToken: token };
  });

  if (input.host_url && !isOwnOrigin(input.host_url, env.publicUrl)) {
    log.warn("booking host_url names another origin; using the site's own", { booking: booking.id });
  }
  if (manageToken) {
    log.info("booking paid by voucher", { booking: booking.id, reference: booking.reference });
    return {
      checkout_url: manageUrl(env.publicUrl, manageToken),
      booking_id: booking.id,
      reference: booking.reference,
      session_id: null,
      booking_status: "confirmed",
      voucher_cents: voucherCents,
      amount_due_cents: 0,
    };
  }
  const dueCents = totalCents - voucherCents;
  const bookPage = `${env.publicUrl}/book?session_id=`;
  const opened = await openLedgerCheckout(
    deps,
    paymentId,
    {
      kind: "booking",
      name: adventure.title,
      description: `${formatDateAU(slot.date, "full")} · ${peopleText(input.group_size)} · ${booking.reference}${
        voucherCents ? ` · ${formatMoney(voucherCents, currency, true)} paid by voucher` : ""
      }`,
      // With a voucher the card pays what is left, as one amount.
      unitAmountCents: voucherCents ? dueCents : unitPriceCents,
      quantity: voucherCents ? 1 : input.group_size,
      currency: booking.currency,
      customerEmail: input.customer_email,
      successUrl: `${bookPage}${SESSION_PLACEHOLDER}`,
      expiresAt: holdUntil,
      metadata: {
        kind: "booking",
        booking_id: booking.id,
        reference: booking.reference,
        payment_id: paymentId,
      },
    },
    (sessionId) => `${bookPage}${encodeURIComponent(sessionId)}`,
    {
      // The held spots (and any voucher share) go back with the cancelled row: nobody was charged.
      undo: (tx) =>
        cancelPendingBooking(tx, booking.id, { at: now(), publicUrl: env.publicUrl }, "checkout_failed"),
      message:
        "Our payment provider could not start the payment. Your card has not been charged; please try again in a moment.",
      opened: (tx, sessionId) =>
        tx.update(bookings).set({ checkoutSessionId: sessionId }).where(eq(bookings.id, booking.id)),
    },
  );
  log.info("booking created", { booking: booking.id, reference: booking.reference, total: totalCents });
  return {
    checkout_url: opened.url,
    booking_id: booking.id,
    reference: booking.reference,
    session_id: opened.session_id,
    booking_status: "pending_payment",
    voucher_cents: voucherCents,
    amount_due_cents: dueCents,
  };
}

/**
 * Redeems the voucher's share of a booking in its transaction (the voucher
 * row locked until the end): the cents it pays, 0 when it pays nothing.
 */
async function redeemShare(tx: DB, booking: BookingRow, code: string, at: Date): Promise<number> {
  const voucher = await lockUsableVoucher(tx, code, booking.currency, at);
  const cents = voucherShareCents(
    voucher.balanceCents,
    booking.totalAmountCents,
    MIN_CHARGE_CENTS[toCurrency(booking.currency)],
  );
  if (cents <= 0) return 0;
  await redeemVoucher(tx, { voucherId: voucher.id, bookingId: booking.id, amountCents: cents, at });
  return cents;
}

/** Inserts the booking under a fresh reference (a collision, practically never, draws again). */
async function insertBooking(tx: DB, values: typeof bookings.$inferInsert): Promise<BookingRow> {
  for (let i = 0; i < 5; i++) {
    const [row] = await tx
      .insert(bookings)
      .values({ ...values, reference: newReference() })
      .onConflictDoNothing({ target: bookings.reference })
      .returning();
    if (row) return row;
  }
  throw new Error("Could not allocate a booking reference");
}

/** What a confirmation email needs from the site's content and settings. */
async function confirmationContext(db: DB) {
  const content = await loadSiteContent(db);
  return { site: siteInfo(content), notify: await getNotificationEmail(db, content) };
}

/** Why the hold failed, in words the visitor can act on (how many spots are left). */
async function spotsError(db: DB, availabilityId: string): Promise<HttpError> {
  const [row] = await db
    .select({ a: availability.availableSpots, b: availability.bookedSpots, date: availability.date })
    .from(availability)
    .where(eq(availability.id, availabilityId));
  const left = row ? Math.max(0, row.a - row.b) : 0;
  if (left === 0) {
    const msg = "This date is fully booked. Please choose another date.";
    return badRequest(`selected_date: ${msg}`, { selected_date: msg });
  }
  const msg = `Only ${left} ${left === 1 ? "spot is" : "spots are"} left on ${formatDateAU(row.date)}; choose a group of ${left} or fewer, or another date.`;
  return badRequest(`group_size: ${msg}`, { group_size: msg });
}
