/**
 * The booking flow, from request to confirmed booking. The server decides
 * the price and the spots; one idempotent fulfil(sessionId) settles a
 * checkout whoever asks first (the webhook, the status check, the cancel
 * return or the sweeper).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { BookingInput, CustomPaymentInput } from "../../app/lib/booking.ts";
import { bookingTotalCents } from "../../app/lib/booking.ts";
import { formatDateAU, sydneyDate } from "../../app/lib/dates.ts";
import { groupSizeError, groupSizeRange, peopleText } from "../../app/lib/group-size.ts";
import { formatMoney, toCents } from "../../app/lib/money.ts";
import { siteInfo } from "../../app/lib/site.ts";
import type { DB } from "../db/client.server.ts";
import { adventures, availability, bookings, payments } from "../db/schema.ts";
import { buildBookingIcs, scheduleFromItinerary, tripDays } from "../email/ics.server.ts";
import { enqueueEmail } from "../email/outbox.server.ts";
import {
  type BookingFacts,
  bookingConfirmationEmail,
  operatorNoticeEmail,
  paymentReceiptEmail,
} from "../email/templates.server.ts";
import type { Env } from "../env.server.ts";
import { badRequest, HttpError, notFound } from "../errors.server.ts";
import type { Logger } from "../log.server.ts";
import type { PaymentProvider, ProviderSessionState } from "../payments/provider.server.ts";
import { isOwnOrigin, ownUrl, SESSION_PLACEHOLDER, withSessionParam } from "../payments/urls.server.ts";
import { hit } from "../security/rate-limit.server.ts";
import { firstBookableDate, freeSpots, holdSpots } from "./availability.server.ts";
import { reserveCheckoutSlot } from "./checkout-cap.server.ts";
import { loadSiteContent } from "./content.server.ts";
import { refundLatePayment } from "./late-payment.server.ts";
import { type RefundRow, sendRefund } from "./refunds.server.ts";
import { getNotificationEmail } from "./settings.server.ts";

/** How long spots are held while the visitor pays (the checkout expires with them). */
export const CHECKOUT_TTL_MS = 30 * 60_000;

export interface BookingDeps {
  db: DB;
  env: Env;
  log: Logger;
  payments: PaymentProvider;
  now: () => Date;
}

export type PaymentRow = typeof payments.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;

const REF_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Short human reference, e.g. TW-7K3Q9P (no 0/O or 1/I to misread). */
export function newReference(): string {
  let out = "TW-";
  for (const b of randomBytes(6)) out += REF_ALPHABET[b % REF_ALPHABET.length];
  return out;
}

const cancelPath = (paymentId: string) => `/api/payments/v1/checkout/cancel/${paymentId}`;

/* ------------------------------------------------------------------ create */

export interface CreatedCheckout {
  checkout_url: string;
  booking_id: string;
  reference: string;
  session_id: string;
}

/** Who opens a checkout: the hashed client address, for the open-checkout cap. */
export interface CheckoutClient {
  clientKey?: string | null;
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
  const unitPriceCents = slot.priceOverrideCents ?? adventure.basePriceCents;
  const totalCents = bookingTotalCents(unitPriceCents, input.group_size);
  const holdUntil = new Date(now().getTime() + CHECKOUT_TTL_MS);
  const paymentId = randomUUID();

  const booking = await db.transaction(async (tx) => {
    await reserveCheckoutSlot(
      tx,
      { email: input.customer_email, clientKey: client.clientKey },
      env.MAX_OPEN_CHECKOUTS,
      now(),
    );
    if (!(await holdSpots(tx, slot.id, input.group_size)))
      throw await spotsError(tx, slot.id, input.group_size);
    for (let i = 0; i < 5; i++) {
      const [row] = await tx
        .insert(bookings)
        .values({
          reference: newReference(),
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
          currency: adventure.currency.toLowerCase(),
          bookingStatus: "pending_payment",
          holdsSpots: true,
          holdExpiresAt: holdUntil,
          clientKey: client.clientKey ?? null,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: bookings.reference })
        .returning();
      if (row) return row;
    }
    throw new Error("Could not allocate a booking reference");
  });

  if (input.host_url && !isOwnOrigin(input.host_url, env.publicUrl)) {
    log.warn("booking host_url names another origin; using the site's own", { booking: booking.id });
  }
  const successUrl = `${env.publicUrl}/book?session_id=${SESSION_PLACEHOLDER}`;
  let session: { id: string; url: string; expiresAt: Date };
  try {
    session = await deps.payments.createCheckout({
      kind: "booking",
      name: adventure.title,
      description: `${formatDateAU(slot.date, "full")} · ${peopleText(input.group_size)} · ${booking.reference}`,
      unitAmountCents: unitPriceCents,
      quantity: input.group_size,
      currency: booking.currency,
      customerEmail: input.customer_email,
      successUrl,
      cancelUrl: `${env.publicUrl}${cancelPath(paymentId)}`,
      expiresAt: holdUntil,
      metadata: {
        kind: "booking",
        booking_id: booking.id,
        reference: booking.reference,
        payment_id: paymentId,
      },
    });
  } catch (error) {
    log.error("payment provider failed to open a checkout", { booking: booking.id, error });
    await db.transaction((tx) => cancelPendingBooking(tx, booking.id, now(), "checkout_failed"));
    throw new HttpError(
      502,
      "Our payment provider could not start the payment. Your card has not been charged; please try again in a moment.",
    );
  }
  await db.transaction(async (tx) => {
    await tx.insert(payments).values({
      id: paymentId,
      provider: deps.payments.name,
      sessionId: session.id,
      kind: "booking",
      bookingId: booking.id,
      unitAmountCents: unitPriceCents,
      quantity: input.group_size,
      amountTotalCents: totalCents,
      currency: booking.currency,
      customerEmail: input.customer_email,
      checkoutUrl: session.url,
      successUrl: successUrl.replaceAll(SESSION_PLACEHOLDER, session.id),
      cancelUrl: `${env.publicUrl}/book?session_id=${encodeURIComponent(session.id)}`,
      metadata: { reference: booking.reference },
      clientKey: client.clientKey ?? null,
      expiresAt: session.expiresAt,
      createdAt: now(),
    });
    await tx.update(bookings).set({ checkoutSessionId: session.id }).where(eq(bookings.id, booking.id));
  });
  log.info("booking created", { booking: booking.id, reference: booking.reference, total: totalCents });
  return {
    checkout_url: session.url,
    booking_id: booking.id,
    reference: booking.reference,
    session_id: session.id,
  };
}

async function spotsError(db: DB, availabilityId: string, wanted: number): Promise<HttpError> {
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
  void wanted;
  return badRequest(`group_size: ${msg}`, { group_size: msg });
}

export interface CreatedPayment {
  url: string;
  session_id: string;
}

export async function createCustomPayment(
  deps: BookingDeps,
  input: CustomPaymentInput,
  client: CheckoutClient = {},
): Promise<CreatedPayment> {
  const { db, env, log, now } = deps;
  const unit = toCents(input.amount);
  const total = unit * input.quantity;
  const paymentId = randomUUID();
  const defaultSuccess = `${env.publicUrl}/book?session_id=${SESSION_PLACEHOLDER}`;
  const successUrl = withSessionParam(ownUrl(input.success_url, env.publicUrl, defaultSuccess));
  const finalCancel = ownUrl(input.cancel_url, env.publicUrl, `${env.publicUrl}/book`);
  const expiresAt = new Date(now().getTime() + CHECKOUT_TTL_MS);
  // The schema already dropped reserved keys; the server's own are set last.
  const metadata: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.metadata)) metadata[k] = String(v);
  metadata.kind = "custom";
  metadata.payment_id = paymentId;
  const money = formatMoney(unit, input.currency, true);

  // The ledger row exists (status creating) before the provider is asked, so
  // the open-checkout cap counts it from the start; the sweeper only looks at open ones.
  await db.transaction(async (tx) => {
    await reserveCheckoutSlot(
      tx,
      { email: input.customer_email || null, clientKey: client.clientKey },
      env.MAX_OPEN_CHECKOUTS,
      now(),
    );
    await tx.insert(payments).values({
      id: paymentId,
      provider: deps.payments.name,
      sessionId: `creating:${paymentId}`,
      kind: "custom",
      unitAmountCents: unit,
      quantity: input.quantity,
      amountTotalCents: total,
      currency: input.currency,
      status: "creating",
      customerEmail: input.customer_email || null,
      metadata,
      clientKey: client.clientKey ?? null,
      expiresAt,
      createdAt: now(),
    });
  });

  let session: { id: string; url: string; expiresAt: Date };
  try {
    session = await deps.payments.createCheckout({
      kind: "custom",
      name: "Custom payment",
      description: input.quantity > 1 ? `${input.quantity} x ${money}` : money,
      unitAmountCents: unit,
      quantity: input.quantity,
      currency: input.currency,
      customerEmail: input.customer_email || undefined,
      successUrl,
      cancelUrl: `${env.publicUrl}${cancelPath(paymentId)}`,
      expiresAt,
      metadata,
    });
  } catch (error) {
    log.error("payment provider failed to open a custom checkout", { error });
    await db
      .update(payments)
      .set({ status: "cancelled", updatedAt: now() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "creating")));
    throw new HttpError(
      502,
      "Our payment provider could not start the payment. You have not been charged; please try again in a moment.",
    );
  }
  await db
    .update(payments)
    .set({
      sessionId: session.id,
      status: "open",
      checkoutUrl: session.url,
      successUrl: successUrl.replaceAll(SESSION_PLACEHOLDER, session.id),
      cancelUrl: withSessionParam(finalCancel, session.id),
      expiresAt: session.expiresAt,
      updatedAt: now(),
    })
    .where(eq(payments.id, paymentId));
  log.info("custom payment opened", { payment: paymentId, total, currency: input.currency });
  return { url: session.url, session_id: session.id };
}

/* ----------------------------------------------------------------- settle */

export async function findPayment(deps: BookingDeps, sessionId: string): Promise<PaymentRow | null> {
  if (!sessionId || sessionId.length > 255) return null;
  const [row] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, deps.payments.name), eq(payments.sessionId, sessionId)));
  return row ?? null;
}

const isSettled = (p: PaymentRow) =>
  p.paymentStatus !== "unpaid" || p.status === "expired" || p.status === "cancelled";

export interface PaymentStatusView {
  session_id: string;
  kind: "booking" | "custom";
  status: string;
  payment_status: string;
  /** Dollars, like every amount at our API. */
  amount_total: number;
  amount_total_cents: number;
  currency: string;
  booking_id: string | null;
  booking_reference: string | null;
  booking_status: string | null;
  expires_at: string;
  paid_at: string | null;
}

export async function statusView(deps: BookingDeps, payment: PaymentRow): Promise<PaymentStatusView> {
  let booking: { reference: string; status: string } | undefined;
  if (payment.bookingId) {
    [booking] = await deps.db
      .select({ reference: bookings.reference, status: bookings.bookingStatus })
      .from(bookings)
      .where(eq(bookings.id, payment.bookingId));
  }
  return {
    session_id: payment.sessionId,
    kind: payment.kind,
    status: payment.status,
    payment_status: payment.paymentStatus,
    amount_total: payment.amountTotalCents / 100,
    amount_total_cents: payment.amountTotalCents,
    currency: payment.currency,
    booking_id: payment.bookingId,
    booking_reference: booking?.reference ?? null,
    booking_status: booking?.status ?? null,
    expires_at: payment.expiresAt.toISOString(),
    paid_at: payment.paidAt?.toISOString() ?? null,
  };
}

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
  const closedButPaid = options.providerSaysPaid && payment.paymentStatus === "unpaid";
  if (isSettled(payment) && !closedButPaid) return payment;
  const state = await deps.payments.retrieve(sessionId);
  await applyState(deps, payment, state);
  return (await findPayment(deps, sessionId)) ?? payment;
}

async function applyState(deps: BookingDeps, payment: PaymentRow, state: ProviderSessionState) {
  if (
    state.paymentStatus === "paid" ||
    (state.status === "complete" && state.paymentStatus === "no_payment_required")
  ) {
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
  let adventure: typeof adventures.$inferSelect | undefined;
  if (payment.bookingId) {
    [booking] = await db.select().from(bookings).where(eq(bookings.id, payment.bookingId));
    if (booking)
      [adventure] = await db.select().from(adventures).where(eq(adventures.id, booking.adventureId));
  }

  // Set inside the transaction, sent after its commit.
  const late: { refund: RefundRow | null } = { refund: null };
  const outcome = await db.transaction(async (tx) => {
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

    if (claimed.kind === "custom") {
      const facts = {
        sessionId: claimed.sessionId,
        description: "Custom payment",
        unitAmountCents: claimed.unitAmountCents,
        quantity: claimed.quantity,
        amountTotalCents: claimed.amountTotalCents,
        currency: claimed.currency,
        paidAt: at,
      };
      if (claimed.customerEmail) {
        await enqueueEmail(tx, {
          kind: "payment_receipt",
          to: claimed.customerEmail,
          ...paymentReceiptEmail(facts, site),
          dedupeKey: `payment_receipt:${claimed.id}`,
        });
      }
      const money = formatMoney(claimed.amountTotalCents, claimed.currency, true);
      await enqueueEmail(tx, {
        kind: "payment_notice",
        to: notify,
        subject: `Custom payment received: ${money}`,
        text: `A custom payment of ${money} (${claimed.quantity} x ${formatMoney(claimed.unitAmountCents, claimed.currency, true)}) was paid${claimed.customerEmail ? ` by ${claimed.customerEmail}` : ""}.\nSession: ${claimed.sessionId}`,
        dedupeKey: `payment_notice:${claimed.id}`,
      });
      return "paid";
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
      const released = !current.cancelReason || UNPAID_ENDS.includes(current.cancelReason as UnpaidEnd);
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
    const facts = toFacts(booking);
    const schedule = scheduleFromItinerary(adventure.itinerary);
    const ics = buildBookingIcs({
      uid: booking.id,
      date: booking.selectedDate,
      title: `${adventure.title} (${site.title})`,
      description: `Booking ${booking.reference}: ${peopleText(booking.groupSize)}.${adventure.meetingPoint ? ` Meeting point: ${adventure.meetingPoint}.` : ""}${site.phone ? ` Contact: ${site.phone}.` : ""}`,
      location: adventure.meetingPoint || adventure.location,
      schedule,
      days: tripDays(adventure.duration),
      organizerEmail: site.email || undefined,
      organizerName: site.title,
      stamp: at,
    });
    const startTime = schedule
      ? new Intl.DateTimeFormat("en-AU", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
          new Date(Date.UTC(2000, 0, 1, schedule.start.hour, schedule.start.minute)),
        )
      : undefined;
    const confirmation = bookingConfirmationEmail(
      facts,
      {
        duration: adventure.duration,
        location: adventure.location,
        meetingPoint: adventure.meetingPoint,
        whatToBring: adventure.whatToBring,
        startTime,
      },
      site,
      at,
    );
    await enqueueEmail(tx, {
      kind: "booking_confirmation",
      to: booking.customerEmail,
      ...confirmation,
      attachments: [
        {
          filename: `booking-${booking.reference}.ics`,
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: ics,
        },
      ],
      dedupeKey: `booking_confirmation:${booking.id}`,
    });
    await enqueueEmail(tx, {
      kind: "booking_notice",
      to: notify,
      ...operatorNoticeEmail(facts, site),
      dedupeKey: `booking_notice:${booking.id}`,
    });
    return "confirmed";
  });
  if (outcome !== "already") log.info("payment fulfilled", { payment: payment.id, outcome });
  if (late.refund) await sendRefund(deps, late.refund.id);
}

function toFacts(b: BookingRow): BookingFacts {
  return {
    id: b.id,
    reference: b.reference,
    adventureTitle: b.adventureTitle,
    selectedDate: b.selectedDate,
    groupSize: b.groupSize,
    unitPriceCents: b.unitPriceCents,
    totalAmountCents: b.totalAmountCents,
    currency: b.currency,
    customerFirstName: b.customerFirstName,
    customerLastName: b.customerLastName,
    customerEmail: b.customerEmail,
    customerPhone: b.customerPhone,
    specialRequirements: b.specialRequirements,
  };
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
    if (payment.bookingId) {
      await cancelPendingBooking(
        tx,
        payment.bookingId,
        at,
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
  if (state.paymentStatus === "paid") await markPaid(deps, payment, state);
  else await markClosed(deps, payment, status);
}

/**
 * Gives a booking's held spots back, once (holds_spots flips in the same
 * statement). Exported for the admin area's cancellations.
 */
export async function releaseHold(db: DB, bookingId: string): Promise<boolean> {
  const [row] = await db
    .update(bookings)
    .set({ holdsSpots: false })
    .where(and(eq(bookings.id, bookingId), eq(bookings.holdsSpots, true)))
    .returning({ availabilityId: bookings.availabilityId, groupSize: bookings.groupSize });
  if (!row) return false;
  if (row.availabilityId) await freeSpots(db, row.availabilityId, row.groupSize);
  return true;
}

/** Why an unpaid booking ended; a payment arriving later may revive only these. */
const UNPAID_ENDS = ["expired", "checkout_cancelled", "checkout_failed"] as const;
export type UnpaidEnd = (typeof UNPAID_ENDS)[number];

/** pending_payment -> cancelled and the hold released; no-op for any other status. */
export async function cancelPendingBooking(
  db: DB,
  bookingId: string,
  at: Date,
  reason: UnpaidEnd = "expired",
): Promise<boolean> {
  const [row] = await db
    .update(bookings)
    .set({
      bookingStatus: "cancelled",
      cancelledAt: at,
      cancelReason: reason,
      holdExpiresAt: null,
      updatedAt: at,
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, "pending_payment")))
    .returning({ id: bookings.id });
  if (!row) return false;
  await releaseHold(db, bookingId);
  return true;
}

/**
 * Ends a session early: asks the provider to expire it, then settles with
 * whatever the provider says (a payment that slipped through still counts).
 */
async function closeAtProvider(deps: BookingDeps, payment: PaymentRow, reason: "expired" | "cancelled") {
  try {
    await deps.payments.expire(payment.sessionId);
  } catch (error) {
    deps.log.warn("provider could not expire the session", { payment: payment.id, error });
  }
  const state = await deps.payments.retrieve(payment.sessionId);
  if (state.paymentStatus === "paid" || state.paymentStatus === "no_payment_required") {
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
 * Expires checkouts whose time is up and releases their holds; runs every
 * minute in every app process. Bookings that never got a session (a crash
 * mid-way) are cancelled.
 *
 * Each due checkout is claimed first with a lease in the shared rate_limits
 * table (one atomic upsert: only the first claimant within the lease gets
 * hits = 1), so two processes sweeping at once never settle the same checkout
 * at the same time or ask the provider twice. A sweep that dies mid-way
 * leaves the lease to run out; the next sweep after it takes the checkout.
 * The lease outlasts a provider round trip by far and is dropped by the
 * periodic prune of ended windows.
 */
export async function sweepExpired(deps: BookingDeps, limit = 50): Promise<{ closed: number }> {
  const { db, now, log } = deps;
  const at = now();
  const lease = { limit: 1, windowMs: 2 * 60_000 };
  let closed = 0;
  const due = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, "open"), eq(payments.paymentStatus, "unpaid"), lte(payments.expiresAt, at)),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(limit);
  for (const payment of due) {
    try {
      if (!(await hit(db, `sweep:${payment.id}`, lease, at)).allowed) continue;
      await closeAtProvider(deps, payment, "expired");
      closed++;
    } catch (error) {
      log.error("sweep could not settle a checkout", { payment: payment.id, error });
    }
  }
  // Holds past their time (with a grace minute for the payment row being written).
  const orphans = await db
    .select({ id: bookings.id, session: bookings.checkoutSessionId })
    .from(bookings)
    .where(
      and(
        eq(bookings.bookingStatus, "pending_payment"),
        eq(bookings.holdsSpots, true),
        isNotNull(bookings.holdExpiresAt),
        lte(bookings.holdExpiresAt, new Date(at.getTime() - 60_000)),
        sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'open')`,
      ),
    )
    .limit(limit);
  for (const orphan of orphans) {
    if (await db.transaction((tx) => cancelPendingBooking(tx, orphan.id, at))) closed++;
  }
  return { closed };
}

/* ------------------------------------------------------------- read model */

/** What the success page shows for a paid session, or null. */
export async function paidSummary(db: DB, sessionId: string) {
  if (!sessionId || sessionId.length > 255) return null;
  const [payment] = await db.select().from(payments).where(eq(payments.sessionId, sessionId)).limit(1);
  if (!payment || payment.paymentStatus === "unpaid") return null;
  if (!payment.bookingId) {
    return {
      kind: "custom" as const,
      amountTotalCents: payment.amountTotalCents,
      unitAmountCents: payment.unitAmountCents,
      quantity: payment.quantity,
      currency: payment.currency,
      email: payment.customerEmail,
    };
  }
  const [row] = await db
    .select({ booking: bookings, adventure: adventures })
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(eq(bookings.id, payment.bookingId));
  if (!row) return null;
  const { booking: b, adventure: a } = row;
  return {
    kind: "booking" as const,
    reference: b.reference,
    status: b.bookingStatus,
    adventureTitle: b.adventureTitle,
    adventureSlug: a.slug,
    image: a.heroImage,
    imageAlt: a.heroImageAlt || a.title,
    date: b.selectedDate,
    duration: a.duration,
    groupSize: b.groupSize,
    unitPriceCents: b.unitPriceCents,
    amountTotalCents: payment.amountTotalCents,
    currency: payment.currency,
    firstName: b.customerFirstName,
    email: b.customerEmail,
    meetingPoint: a.meetingPoint,
    location: a.location,
    whatToBring: a.whatToBring,
    startTime: (() => {
      const s = scheduleFromItinerary(a.itinerary);
      return s
        ? new Intl.DateTimeFormat("en-AU", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
            new Date(Date.UTC(2000, 0, 1, s.start.hour, s.start.minute)),
          )
        : null;
    })(),
  };
}
export type PaidSummary = NonNullable<Awaited<ReturnType<typeof paidSummary>>>;
