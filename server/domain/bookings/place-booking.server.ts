/**
 * Placing a booking, shared by the public form (`create-booking`) and the
 * operator's console (`operator-booking`): the group-size rule, the hold of
 * the spots with the booking row and a voucher's share in one transaction,
 * the card payment's ledger row and checkout, and confirming at once.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { BookingInput } from "../../../app/lib/booking.ts";
import { MIN_CHARGE_CENTS, toCurrency } from "../../../app/lib/currency.ts";
import { departureText } from "../../../app/lib/departure.ts";
import type { ExtraChoice } from "../../../app/lib/extras.ts";
import { groupSizeError, groupSizeRange, peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import {
  bookingSubtotalCents,
  hasCategoryLines,
  type PriceLine,
  priceLinesText,
} from "../../../app/lib/price-lines.ts";
import { type SiteInfo, siteInfo } from "../../../app/lib/site.ts";
import { voucherShareCents } from "../../../app/lib/vouchers.ts";
import type { DB } from "../../db/client.server.ts";
import { availability, type BookingRow, bookings, payments } from "../../db/schema.ts";
import { badRequest, type HttpError } from "../../errors.server.ts";
import { SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import {
  type BookingDeps,
  creatingSessionId,
  openLedgerCheckout,
  returnSite,
} from "../money/checkout-ledger.server.ts";
import { lockUsableVoucher, redeemVoucher } from "../vouchers/voucher-use.server.ts";
import { holdSpots } from "./availability.server.ts";
import { bookingExtras, hireGear } from "./extras.server.ts";
import { cancelPendingBooking } from "./holds.server.ts";
import { applyPromoCode } from "./promo-codes.server.ts";
import { announceConfirmed } from "./settle.server.ts";

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Short human reference, e.g. TW-7K3Q9P (no 0/O or 1/I to misread). */
function newReference(): string {
  let out = "TW-";
  for (const b of randomBytes(6)) out += REF_ALPHABET[b % REF_ALPHABET.length];
  return out;
}

/** The adventure's group-size range, as the public form and the console both apply it. */
export function checkGroupSize(adventure: AdventureRow, groupSize: number): void {
  const groupError = groupSizeError(
    groupSize,
    groupSizeRange({ group_size_min: adventure.groupSizeMin, group_size_max: adventure.groupSizeMax }),
    adventure.title,
  );
  if (groupError) throw badRequest(`group_size: ${groupError}`, { group_size: groupError });
}

/**
 * Inside the caller's transaction: holds the group's spots on the date (a
 * conditional update, never more than available; refused with how many are
 * left), stores the booking as pending_payment under a fresh reference, and
 * redeems a voucher code's share of its total. Every booking, the public
 * form's and the operator's, is placed here.
 */
export async function placeBooking(
  tx: DB,
  p: {
    adventure: AdventureRow;
    slot: { id: string; date: string; startTime: string };
    input: Pick<
      BookingInput,
      | "customer_first_name"
      | "customer_last_name"
      | "customer_email"
      | "customer_phone"
      | "group_size"
      | "special_requirements"
      | "voucher_code"
    > & { promo_code?: string; extras?: ExtraChoice[] };
    unitPriceCents: number;
    /** The booking's price lines by category; empty for the spec's booking (one price per person). */
    priceLines: PriceLine[];
    holdUntil: Date | null;
    at: Date;
    values?: Partial<typeof bookings.$inferInsert>;
  },
): Promise<{ row: BookingRow; voucherCents: number }> {
  const { adventure, slot, input } = p;
  if (!(await holdSpots(tx, slot.id, input.group_size))) throw await spotsError(tx, slot.id);
  // Extras (none for an adventure without any: the spec's booking) are lines on top of the people.
  const extras = await bookingExtras(tx, adventure.id, input.extras, input.group_size);
  const priceLines = [...p.priceLines, ...extras.lines];
  const subtotalCents = bookingSubtotalCents(p.unitPriceCents, input.group_size, priceLines);
  // The code's row stays locked until this transaction ends, so its caps count this booking
  // before the next one with the same code is checked (promo-codes.server.ts).
  const promo = input.promo_code
    ? await applyPromoCode(tx, {
        code: input.promo_code,
        adventureId: adventure.id,
        tripDate: slot.date,
        groupSize: input.group_size,
        subtotalCents,
        currency: toCurrency(adventure.currency),
        email: input.customer_email,
        at: p.at,
      })
    : null;
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
    startTime: slot.startTime,
    specialRequirements: input.special_requirements,
    unitPriceCents: p.unitPriceCents,
    priceLines,
    // What is paid: the subtotal less the promo discount (the discount is kept beside it).
    totalAmountCents: subtotalCents - (promo?.discountCents ?? 0),
    ...(promo
      ? { promoCodeId: promo.promo.id, promoCode: promo.promo.code, promoDiscountCents: promo.discountCents }
      : {}),
    currency: toCurrency(adventure.currency),
    bookingStatus: "pending_payment",
    holdsSpots: true,
    holdExpiresAt: p.holdUntil,
    createdAt: p.at,
    ...p.values,
  });
  await hireGear(tx, { bookingId: row.id, date: slot.date, gear: extras.gear });
  // The voucher row stays locked until this transaction ends: parallel bookings with the
  // same code take turns, each sees the balance the one before left, none goes below zero.
  const cents = input.voucher_code ? await redeemShare(tx, row, input.voucher_code, p.at) : 0;
  return { row: cents ? { ...row, voucherCents: cents } : row, voucherCents: cents };
}

/**
 * The card payment's ledger row for what a voucher left to pay, written with
 * the hold and before the provider is asked (status creating).
 */
export async function insertCardPayment(
  tx: DB,
  deps: Pick<BookingDeps, "payments">,
  p: { booking: BookingRow; paymentId: string; expiresAt: Date; at: Date; clientKey?: string | null },
): Promise<void> {
  const { booking } = p;
  const due = booking.totalAmountCents - booking.voucherCents;
  await tx.insert(payments).values({
    id: p.paymentId,
    provider: deps.payments.name,
    sessionId: creatingSessionId(p.paymentId),
    kind: "booking",
    bookingId: booking.id,
    // With a voucher or a promo discount the card pays what is left, as one amount.
    unitAmountCents: oneAmount(booking) ? due : booking.unitPriceCents,
    quantity: oneAmount(booking) ? 1 : booking.groupSize,
    amountTotalCents: due,
    currency: booking.currency,
    status: "creating",
    customerEmail: booking.customerEmail,
    metadata: { reference: booking.reference },
    clientKey: p.clientKey ?? null,
    expiresAt: p.expiresAt,
    createdAt: p.at,
  });
}

/**
 * Confirms a booking inside the caller's transaction and announces it (the
 * confirmation email with its private link, the operator's notice): a booking
 * a voucher pays in full, or one the operator settles by hand.
 */
export async function confirmBooking(
  tx: DB,
  m: {
    booking: BookingRow;
    adventure: AdventureRow;
    site: SiteInfo;
    notify: string;
    at: Date;
    publicUrl: string;
  },
): Promise<BookingRow> {
  const [confirmed] = await tx
    .update(bookings)
    .set({ bookingStatus: "confirmed", confirmedAt: m.at, holdExpiresAt: null, updatedAt: m.at })
    .where(eq(bookings.id, m.booking.id))
    .returning();
  await announceConfirmed(tx, { ...m, booking: confirmed });
  return confirmed;
}

/**
 * Opens the card checkout of a placed booking (its ledger row written by
 * insertCardPayment); a provider failure cancels the booking and gives its
 * spots and voucher share back.
 */
export async function openBookingCheckout(
  deps: BookingDeps,
  p: {
    booking: BookingRow;
    adventureTitle: string;
    paymentId: string;
    expiresAt: Date;
    /** More to record in the transaction that records the session (e.g. the payment link's email). */
    opened?: (tx: DB, url: string) => Promise<unknown>;
  },
): Promise<{ url: string; session_id: string }> {
  const { env, now } = deps;
  const { booking } = p;
  const dueCents = booking.totalAmountCents - booking.voucherCents;
  const bookPage = `${returnSite(deps)}/book?session_id=`;
  return openLedgerCheckout(
    deps,
    p.paymentId,
    {
      kind: "booking",
      name: p.adventureTitle,
      description: `${departureText(booking.selectedDate, booking.startTime, "full")} · ${whoAndWhat(booking)} · ${booking.reference}${promoText(booking)}${
        booking.voucherCents
          ? ` · ${formatMoney(booking.voucherCents, booking.currency, true)} paid by voucher`
          : ""
      }`,
      // With a voucher or a promo discount the card pays what is left, as one amount.
      unitAmountCents: oneAmount(booking) ? dueCents : booking.unitPriceCents,
      quantity: oneAmount(booking) ? 1 : booking.groupSize,
      currency: booking.currency,
      customerEmail: booking.customerEmail,
      successUrl: `${bookPage}${SESSION_PLACEHOLDER}`,
      expiresAt: p.expiresAt,
      metadata: {
        kind: "booking",
        booking_id: booking.id,
        reference: booking.reference,
        payment_id: p.paymentId,
      },
    },
    (sessionId) => `${bookPage}${encodeURIComponent(sessionId)}`,
    {
      // The held spots (and any voucher share) go back with the cancelled row: nobody was charged.
      undo: (tx) =>
        cancelPendingBooking(tx, booking.id, { at: now(), publicUrl: env.publicUrl }, "checkout_failed"),
      message:
        "Our payment provider could not start the payment. Your card has not been charged; please try again in a moment.",
      opened: async (tx, sessionId, url) => {
        await tx.update(bookings).set({ checkoutSessionId: sessionId }).where(eq(bookings.id, booking.id));
        await p.opened?.(tx, url);
      },
    },
  );
}

/**
 * Who and what the checkout's line is for: the lines when people were booked by category,
 * else the spec's "N people", followed by any extras.
 */
function whoAndWhat(b: BookingRow): string {
  if (hasCategoryLines(b.priceLines)) return priceLinesText(b.priceLines, b.currency);
  const people = peopleText(b.groupSize);
  return b.priceLines.length ? `${people} · ${priceLinesText(b.priceLines, b.currency)}` : people;
}

/**
 * A voucher part, a promo discount or price lines (categories, extras): the card's line is then
 * one amount, what is left to pay, and the description lists the lines.
 */
const oneAmount = (b: BookingRow) =>
  b.voucherCents > 0 || b.promoDiscountCents > 0 || b.priceLines.length > 0;

/** The checkout's words for a promo discount: its code and the amount taken off the subtotal. */
function promoText(b: BookingRow): string {
  if (!b.promoDiscountCents) return "";
  const subtotal = formatMoney(b.totalAmountCents + b.promoDiscountCents, b.currency, true);
  return ` · Subtotal ${subtotal} · Promo ${b.promoCode}: -${formatMoney(b.promoDiscountCents, b.currency, true)}`;
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
export async function confirmationContext(db: DB) {
  const content = await loadSiteContent(db);
  return { site: siteInfo(content), notify: await getNotificationEmail(db, content) };
}

/** Why the hold failed, in words the visitor can act on (how many spots are left). */
export async function spotsError(db: DB, availabilityId: string): Promise<HttpError> {
  const [row] = await db
    .select({
      a: availability.availableSpots,
      b: availability.bookedSpots,
      date: availability.date,
      startTime: availability.startTime,
    })
    .from(availability)
    .where(eq(availability.id, availabilityId));
  const left = row ? Math.max(0, row.a - row.b) : 0;
  if (left === 0) {
    const msg = "This date is fully booked. Please choose another date.";
    return badRequest(`selected_date: ${msg}`, { selected_date: msg });
  }
  const msg = `Only ${left} ${left === 1 ? "spot is" : "spots are"} left on ${departureText(row.date, row.startTime)}; choose a group of ${left} or fewer, or another date.`;
  return badRequest(`group_size: ${msg}`, { group_size: msg });
}
