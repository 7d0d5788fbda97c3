/**
 * Bookings the operator makes in the console: a phone call or a walk-in. The
 * same rules as the public form (the group-size range, the spots held by the
 * conditional update in one transaction, never overbooked, a voucher's share
 * redeemed with them: `placeBooking`), without the public form's limits that
 * protect against strangers (the booking window, the open-checkout cap), and
 * on any date from today: one with no departure yet is opened on the spot
 * when the operator says so.
 *
 * Every way of paying ends in the same confirmed booking, with the same
 * confirmation emails (`confirmBooking`) and the same ledger:
 *  - link: the card checkout, valid 24 hours and holding the spots meanwhile,
 *    emailed to the customer (and shown to the operator to text); paying it
 *    confirms the booking as any checkout does (`fulfil`), and a link that
 *    runs out gives the spots back as any checkout does (the hold sweep);
 *  - cash or bank_transfer: a paid `manual` payment in the ledger, so revenue,
 *    refunds and the booking's page count it like a card payment;
 *  - on_the_day: confirmed now with nothing paid; the money taken on the day
 *    is recorded later as a manual payment (`recordManualPayment`);
 *  - a voucher that covers the total: confirmed, whatever way was chosen.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type {
  ManualMethod,
  ManualPaymentInput,
  OperatorBookingInput,
} from "../../../app/lib/admin-forms/index.ts";
import { sydneyDate } from "../../../app/lib/dates.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { PAID_STATES } from "../../../app/lib/paid.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, type BookingRow, bookings, payments } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { paymentLinkEmail } from "../../email/payment-link-templates.server.ts";
import { badRequest, conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { datePriceCents } from "./availability.server.ts";
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
import { offerFreedSpots } from "./waitlist-offers.server.ts";

/** How long a payment link holds the spots: Stripe's longest checkout. */
export const PAYMENT_LINK_TTL_MS = 24 * 60 * 60_000;

export interface OperatorBooking {
  booking_id: string;
  reference: string;
  booking_status: "pending_payment" | "confirmed";
  total_cents: number;
  voucher_cents: number;
  /** What the customer still owes: the link's amount, or what is paid on the day; 0 when paid. */
  amount_due_cents: number;
  /** The card checkout of a payment link (also emailed to the customer). */
  payment_url: string | null;
  payment_expires_at: string | null;
  /** A date with no departure was opened for this booking. */
  opened_date: boolean;
}

export async function createOperatorBooking(
  deps: BookingDeps,
  input: OperatorBookingInput,
): Promise<OperatorBooking> {
  const { db, env, log, now } = deps;
  const at = now();
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, input.adventure_id));
  if (!adventure) {
    throw badRequest("adventure_id: Adventure not found", { adventure_id: "Adventure not found" });
  }
  if (input.selected_date < sydneyDate(at)) {
    const msg = "Date cannot be before today";
    throw badRequest(`selected_date: ${msg}`, { selected_date: msg });
  }
  checkGroupSize(adventure, input.group_size);
  // Several price categories: the counts, priced here as on the public form.
  const priceLines = categoryLines(await adventureCategories(db, adventure.id), input);
  const context = await confirmationContext(db);
  const paymentId = randomUUID();
  const linkExpires = new Date(at.getTime() + PAYMENT_LINK_TTL_MS);

  const { booking, opened } = await db.transaction(async (tx) => {
    const { slot, opened } = await departureFor(tx, adventure, input);
    const placed = await placeBooking(tx, {
      adventure,
      slot,
      input,
      unitPriceCents: datePriceCents(slot.priceOverrideCents, adventure.basePriceCents),
      priceLines,
      holdUntil: input.payment === "link" ? linkExpires : null,
      at,
      values: { source: "operator", paymentMethod: input.payment === "link" ? "card" : input.payment },
    });
    let row = placed.row;
    const due = row.totalAmountCents - placed.voucherCents;
    if (due > 0 && input.payment === "link") {
      await insertCardPayment(tx, deps, { booking: row, paymentId, expiresAt: linkExpires, at });
    } else {
      if (due > 0 && (input.payment === "cash" || input.payment === "bank_transfer")) {
        await insertManualPayment(tx, row, { id: paymentId, cents: due, method: input.payment, at });
      }
      row = await confirmBooking(tx, { booking: row, adventure, ...context, at, publicUrl: env.publicUrl });
    }
    // A date opened here may have people waiting for it: what the booking left free is offered.
    if (opened) await offerFreedSpots(tx, slot.id, { at, publicUrl: env.publicUrl });
    await recordAudit(tx, {
      action: "create",
      entity: "booking",
      entityId: row.id,
      bookingId: row.id,
      before: null,
      after: { ...operatorBookingFields(row), payment: input.payment, opened_departure: opened },
    });
    return { booking: row, opened };
  });

  const result: OperatorBooking = {
    booking_id: booking.id,
    reference: booking.reference,
    booking_status: booking.bookingStatus === "confirmed" ? "confirmed" : "pending_payment",
    total_cents: booking.totalAmountCents,
    voucher_cents: booking.voucherCents,
    amount_due_cents: input.payment === "cash" || input.payment === "bank_transfer" ? 0 : owedCents(booking),
    payment_url: null,
    payment_expires_at: null,
    opened_date: opened,
  };
  if (booking.bookingStatus === "pending_payment") {
    // The email is queued in the transaction that records the checkout: it exists exactly when the link does.
    const checkout = await openBookingCheckout(deps, {
      booking,
      adventureTitle: adventure.title,
      paymentId,
      expiresAt: linkExpires,
      opened: (tx, url) =>
        enqueueEmail(tx, {
          kind: "payment_link",
          bookingId: booking.id,
          to: booking.customerEmail,
          ...paymentLinkEmail(booking, url, linkExpires, context.site),
          dedupeKey: `payment_link:${paymentId}`,
        }),
    });
    result.payment_url = checkout.url;
    result.payment_expires_at = linkExpires.toISOString();
  }
  log.info("booking made by the operator", {
    booking: booking.id,
    reference: booking.reference,
    payment: input.payment,
    total: booking.totalAmountCents,
  });
  return result;
}

/**
 * The departure the booking goes on: the date's (the one at the start time
 * given, where the date has several), or (when the operator asked) a new one
 * at that time with the spots given, else the adventure's largest group. A
 * closed departure is refused: reopening it is the calendar's job.
 */
async function departureFor(tx: DB, adventure: AdventureRow, input: OperatorBookingInput) {
  const wanted = input.start_time ?? "";
  let rows = await departuresOn(tx, adventure.id, input.selected_date);
  let opened = false;
  if (input.start_time ? !rows.some((r) => r.startTime === wanted) : rows.length === 0) {
    if (!input.open_date) {
      const msg = `${adventure.title} has no departure on ${departureText(input.selected_date, wanted)}. Choose "Open this date" to add one for this booking.`;
      throw badRequest(`selected_date: ${msg}`, { selected_date: msg });
    }
    const created = await tx
      .insert(availability)
      .values({
        adventureId: adventure.id,
        date: input.selected_date,
        startTime: wanted,
        availableSpots: input.spots ?? adventure.groupSizeMax,
      })
      .onConflictDoNothing()
      .returning();
    opened = created.length === 1;
    // Read again: another request may have opened the same departure at the same moment.
    rows = await departuresOn(tx, adventure.id, input.selected_date);
  }
  const slot = pickDeparture(rows, input.start_time);
  if (!slot) throw new Error("an opened departure could not be read back");
  if (!slot.isAvailable) {
    const msg = `${departureText(slot.date, slot.startTime)} is closed for ${adventure.title}. Reopen it in the calendar first.`;
    throw badRequest(`selected_date: ${msg}`, { selected_date: msg });
  }
  return { slot, opened };
}

/** What a booking still owes: its total less the voucher's share and what its payments took. */
export function owedCents(
  booking: Pick<BookingRow, "totalAmountCents" | "voucherCents">,
  paidCents = 0,
): number {
  return Math.max(0, booking.totalAmountCents - booking.voucherCents - paidCents);
}

/** A booking made in the console, as the audit log records it. */
function operatorBookingFields(b: BookingRow) {
  return {
    reference: b.reference,
    booking_status: b.bookingStatus,
    adventure_id: b.adventureId,
    selected_date: b.selectedDate,
    start_time: b.startTime,
    group_size: b.groupSize,
    total_amount_cents: b.totalAmountCents,
    voucher_cents: b.voucherCents,
    customer_first_name: b.customerFirstName,
    customer_last_name: b.customerLastName,
    customer_email: b.customerEmail,
  };
}

/** Money taken by hand, paid in the ledger and recorded in the audit log in the same transaction. */
async function insertManualPayment(
  tx: DB,
  booking: BookingRow,
  p: { id: string; cents: number; method: ManualMethod; at: Date; key?: string },
) {
  await recordAudit(tx, {
    action: "create",
    entity: "payment",
    entityId: p.id,
    bookingId: booking.id,
    before: null,
    after: { amount_cents: p.cents, currency: booking.currency, method: p.method, payment_status: "paid" },
  });
  await tx.insert(payments).values({
    id: p.id,
    provider: "manual",
    // The provider's key is the operator's request: the same request records one payment.
    sessionId: `manual:${p.key ?? p.id}`,
    kind: "booking",
    bookingId: booking.id,
    unitAmountCents: p.cents,
    quantity: 1,
    amountTotalCents: p.cents,
    currency: booking.currency,
    status: "complete",
    paymentStatus: "paid",
    customerEmail: booking.customerEmail,
    metadata: { reference: booking.reference, method: p.method },
    expiresAt: p.at,
    paidAt: p.at,
    createdAt: p.at,
  });
}

/**
 * Records money the operator took by hand for a confirmed booking that still
 * owes some (paid on the day): exactly what is owed, once. The booking row is
 * locked while what it owes is computed, so two operators recording at once
 * record one payment; the same request key twice answers the first.
 */
export async function recordManualPayment(
  deps: Pick<BookingDeps, "db" | "log" | "now">,
  bookingId: string,
  input: ManualPaymentInput,
): Promise<{ amount_cents: number; already: boolean }> {
  const { db, log, now } = deps;
  const at = now();
  const outcome = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!booking) throw notFound("Booking not found");
    const [same] = await tx
      .select({ cents: payments.amountTotalCents })
      .from(payments)
      .where(and(eq(payments.provider, "manual"), eq(payments.sessionId, `manual:${input.request_key}`)));
    if (same) return { amount_cents: same.cents, already: true };
    if (booking.bookingStatus !== "confirmed" && booking.bookingStatus !== "completed") {
      throw conflict("Only a confirmed or completed booking takes a payment here.");
    }
    const [{ paid }] = await tx
      .select({ paid: sql<number>`coalesce(sum(${payments.amountTotalCents}), 0)::int` })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), inArray(payments.paymentStatus, [...PAID_STATES])));
    const cents = owedCents(booking, paid);
    if (cents <= 0) throw conflict("This booking owes nothing: it is paid in full.");
    await insertManualPayment(tx, booking, {
      id: randomUUID(),
      cents,
      method: input.method,
      at,
      key: input.request_key,
    });
    return { amount_cents: cents, already: false };
  });
  if (!outcome.already)
    log.info("payment recorded by the operator", { booking: bookingId, cents: outcome.amount_cents });
  return outcome;
}
