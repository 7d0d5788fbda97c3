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
 *   exactly once when it is paid; an expired or cancelled checkout releases
 *   the held spots exactly once; a payment after that is refunded in full.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, lte, sql } from "drizzle-orm";
import { bookingTotalCents } from "../../../app/lib/booking.ts";
import { formatDateAU } from "../../../app/lib/dates.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import {
  differenceText,
  priceDifferenceCents,
  RESCHEDULE_BLOCK_TEXT,
  type RescheduleBlock,
  rescheduleBlock,
} from "../../../app/lib/reschedule.ts";
import { type SiteInfo, siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  type BookingRow,
  bookingChanges,
  bookings,
  type PaymentRow,
  payments,
} from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.server.ts";
import { SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import { type BookingDeps, CHECKOUT_TTL_MS, checkoutCancelPath } from "../money/checkout-ledger.server.ts";
import {
  claimBookingRefund,
  claimRefund,
  lockPaidPayments,
  type RefundRow,
  sendRefund,
} from "../money/refunds.server.ts";
import { datePriceCents, freeSpots, holdSpots, listDateOptions } from "./availability.server.ts";
import { bookingIcs } from "./booking-emails.server.ts";
import type { LinkedBooking } from "./booking-links.server.ts";
import { releaseHold } from "./holds.server.ts";
import type { SpotRelease } from "./waitlist.server.ts";
import { calledOffForWeather } from "./weather-offers.server.ts";

export type BookingChangeRow = typeof bookingChanges.$inferSelect;

/** Where the provider sends the customer back after paying (or leaving) a date change's checkout. */
export const RESCHEDULE_RETURN_PATH = "/my-booking/date-changed";

/** One date the booking could move to, with what the move costs. */
export interface RescheduleOption {
  date: string;
  display: string;
  spotsLeft: number;
  unitCents: number;
  totalCents: number;
  differenceCents: number;
  differenceText: string;
}

export type RescheduleOffer =
  | { offered: true; options: RescheduleOption[]; currency: string }
  | { offered: false; block: RescheduleBlock; reason: string; checkoutUrl: string | null };

async function holdingChange(db: DB, bookingId: string): Promise<BookingChangeRow | null> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, "holding")))
    .limit(1);
  return row ?? null;
}

/**
 * What the booking may move to now: the /book date list of its adventure
 * (its notice period, open dates only), less the current date and dates
 * without room for the whole group, each priced as /book prices it.
 */
export async function rescheduleOffer(db: DB, linked: LinkedBooking, at: Date): Promise<RescheduleOffer> {
  const { booking: b } = linked;
  const pending = await holdingChange(db, b.id);
  const block = rescheduleBlock(
    {
      status: b.bookingStatus,
      paid: linked.payment !== null,
      date: b.selectedDate,
      changePending: !!pending,
      calledOff: await calledOffForWeather(db, b),
    },
    at,
  );
  if (block) {
    let checkoutUrl: string | null = null;
    if (pending?.paymentId) {
      const [p] = await db.select().from(payments).where(eq(payments.id, pending.paymentId));
      if (p?.status === "open" && p.checkoutUrl) checkoutUrl = p.checkoutUrl;
    }
    return { offered: false, block, reason: RESCHEDULE_BLOCK_TEXT[block], checkoutUrl };
  }
  const dates = (await listDateOptions(db, b.adventureId, at)) ?? [];
  const options = dates
    .filter((d) => d.available && d.date !== b.selectedDate && d.spots_left >= b.groupSize)
    .map((d): RescheduleOption => {
      const unitCents = Math.round(d.price * 100);
      const totalCents = bookingTotalCents(unitCents, b.groupSize);
      const differenceCents = priceDifferenceCents(unitCents, b.groupSize, b.totalAmountCents);
      return {
        date: d.date,
        display: d.display,
        spotsLeft: d.spots_left,
        unitCents,
        totalCents,
        differenceCents,
        differenceText: differenceText(differenceCents, b.currency),
      };
    });
  if (options.length === 0) {
    return {
      offered: false,
      block: "no_other_dates",
      reason: RESCHEDULE_BLOCK_TEXT.no_other_dates,
      checkoutUrl: null,
    };
  }
  return { offered: true, options, currency: b.currency };
}

/** The dates a free (weather) move may go to: the /book list of the adventure, open with room for the group. */
export async function freeMoveDates(db: DB, b: BookingRow, at: Date) {
  const dates = (await listDateOptions(db, b.adventureId, at)) ?? [];
  return dates
    .filter((d) => d.available && d.date !== b.selectedDate && d.spots_left >= b.groupSize)
    .map((d) => ({ date: d.date, display: d.display, spotsLeft: d.spots_left }));
}

export type RescheduleResult =
  | { outcome: "moved"; change: BookingChangeRow; refundCents: number }
  | { outcome: "checkout"; change: BookingChangeRow; checkoutUrl: string };

/** Everything the emails need, read before the transaction (which only writes). */
async function mailContext(db: DB) {
  const content = await loadSiteContent(db);
  return { site: siteInfo(content), notify: await getNotificationEmail(db, content) };
}

/**
 * Moves a booking to `date`. `expectedDifferenceCents`, when given, is the
 * difference the customer reviewed: a price changed since is refused, so
 * nobody pays or gets back an amount they were not shown.
 */
export async function requestReschedule(
  deps: BookingDeps,
  bookingId: string,
  date: string,
  expectedDifferenceCents?: number,
): Promise<RescheduleResult> {
  const { db, env, log, now } = deps;
  const at = now();
  const mail = await mailContext(db);
  const [current] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!current) throw notFound("Booking not found");
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, current.adventureId));
  if (!adventure) throw notFound("Booking not found");

  const refunds: RefundRow[] = [];
  const result = await db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    const paid = await lockPaidPayments(tx, bookingId);
    const block = rescheduleBlock(
      {
        status: b.bookingStatus,
        paid: paid.length > 0,
        date: b.selectedDate,
        changePending: !!(await holdingChange(tx, bookingId)),
        calledOff: await calledOffForWeather(tx, b),
      },
      at,
    );
    if (block) throw conflict(RESCHEDULE_BLOCK_TEXT[block]);
    const slot = await openSlot(tx, b, date, at);
    const unitCents = datePriceCents(slot.priceOverrideCents, adventure.basePriceCents);
    const totalCents = bookingTotalCents(unitCents, b.groupSize);
    const differenceCents = priceDifferenceCents(unitCents, b.groupSize, b.totalAmountCents);
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
    const paymentId = randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      provider: deps.payments.name,
      sessionId: `creating:${paymentId}`,
      kind: "reschedule",
      bookingId: b.id,
      unitAmountCents: differenceCents,
      quantity: 1,
      amountTotalCents: differenceCents,
      currency: b.currency,
      status: "creating",
      customerEmail: b.customerEmail,
      metadata: { kind: "reschedule", change_id: change.id, booking_id: b.id, reference: b.reference },
      expiresAt: change.holdExpiresAt ?? at,
      createdAt: at,
    });
    const [withPayment] = await tx
      .update(bookingChanges)
      .set({ paymentId })
      .where(eq(bookingChanges.id, change.id))
      .returning();
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
  const returnUrl = `${env.publicUrl}${RESCHEDULE_RETURN_PATH}?session_id=`;
  let session: { id: string; url: string; expiresAt: Date };
  try {
    session = await deps.payments.createCheckout({
      kind: "booking",
      name: `${current.adventureTitle}: date change`,
      description: `${formatDateAU(current.selectedDate, "full")} to ${formatDateAU(change.toDate, "full")} · ${peopleText(current.groupSize)} · ${current.reference}`,
      unitAmountCents: differenceCents,
      quantity: 1,
      currency: current.currency,
      customerEmail: current.customerEmail,
      successUrl: `${returnUrl}${SESSION_PLACEHOLDER}`,
      cancelUrl: `${env.publicUrl}${checkoutCancelPath(paymentId)}`,
      expiresAt: change.holdExpiresAt ?? new Date(at.getTime() + CHECKOUT_TTL_MS),
      metadata: { kind: "reschedule", change_id: change.id, booking_id: bookingId, payment_id: paymentId },
    });
  } catch (error) {
    log.error("payment provider failed to open a date-change checkout", { booking: bookingId, error });
    await db.transaction(async (tx) => {
      await tx
        .update(payments)
        .set({ status: "cancelled", updatedAt: now() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, "creating")));
      await releaseChange(tx, change.id, { at: now(), publicUrl: env.publicUrl });
    });
    throw new HttpError(
      502,
      "Our payment provider could not start the payment. Your booking is unchanged; please try again in a moment.",
    );
  }
  await db
    .update(payments)
    .set({
      sessionId: session.id,
      status: "open",
      checkoutUrl: session.url,
      successUrl: `${returnUrl}${encodeURIComponent(session.id)}`,
      cancelUrl: `${returnUrl}${encodeURIComponent(session.id)}`,
      expiresAt: session.expiresAt,
      updatedAt: now(),
    })
    .where(eq(payments.id, paymentId));
  log.info("date change awaits payment", { booking: bookingId, change: change.id, payment: paymentId });
  return { outcome: "checkout", change, checkoutUrl: session.url };
}

/**
 * The open availability row of `date` for the booking's adventure: listed (past
 * the notice period) and open, and not the date it is on. A listed, open date
 * without room is refused by the hold (holdChange).
 */
async function openSlot(tx: DB, b: BookingRow, date: string, at: Date) {
  if (date === b.selectedDate) {
    throw badRequest("date: Your booking is already on this date. Choose another date.", {
      date: "Your booking is already on this date. Choose another date.",
    });
  }
  const options = (await listDateOptions(tx, b.adventureId, at)) ?? [];
  const option = options.find((o) => o.date === date);
  const [slot] = option
    ? await tx
        .select()
        .from(availability)
        .where(and(eq(availability.adventureId, b.adventureId), eq(availability.date, date)))
    : [];
  if (!slot?.isAvailable) {
    const msg = `${formatDateAU(date)} is not open for ${b.adventureTitle}. Choose another date.`;
    throw badRequest(`date: ${msg}`, { date: msg });
  }
  return slot;
}

/**
 * Holds the new date's spots with the conditional update a new booking uses
 * (never more than free) and records the holding change; the old date's
 * spots are released only when the move is applied.
 */
async function holdChange(
  tx: DB,
  b: BookingRow,
  slot: { id: string; date: string },
  differenceCents: number,
  at: Date,
): Promise<BookingChangeRow> {
  if (!(await holdSpots(tx, slot.id, b.groupSize))) {
    throw conflict(
      `${formatDateAU(slot.date)} no longer has room for ${peopleText(b.groupSize)}. Choose another date.`,
    );
  }
  const [change] = await tx
    .insert(bookingChanges)
    .values({
      bookingId: b.id,
      fromAvailabilityId: b.availabilityId,
      toAvailabilityId: slot.id,
      fromDate: b.selectedDate,
      toDate: slot.date,
      groupSize: b.groupSize,
      priceDifferenceCents: differenceCents,
      status: "holding",
      holdExpiresAt: differenceCents > 0 ? new Date(at.getTime() + CHECKOUT_TTL_MS) : null,
      createdAt: at,
    })
    .returning();
  return change;
}

/**
 * The free move of a departure called off for weather (the policy's weather
 * rule: a reschedule costs nothing), inside the caller's transaction, which
 * has locked the booking row. The same hold-then-release as a paid change,
 * but the price stays what the customer paid whatever the new date costs: no
 * checkout and no refund. The no-refund window does not apply (the operator
 * cancelled the date, not the customer).
 */
export async function moveBookingFree(
  tx: DB,
  m: { booking: BookingRow; date: string; at: Date; publicUrl: string },
): Promise<{ booking: BookingRow; change: BookingChangeRow }> {
  const { booking: b, at } = m;
  if (b.bookingStatus !== "confirmed") throw conflict(RESCHEDULE_BLOCK_TEXT.not_confirmed);
  if (await holdingChange(tx, b.id)) throw conflict(RESCHEDULE_BLOCK_TEXT.change_pending);
  const [adventure] = await tx.select().from(adventures).where(eq(adventures.id, b.adventureId));
  if (!adventure) throw notFound("Booking not found");
  const mail = await mailContext(tx);
  const slot = await openSlot(tx, b, m.date, at);
  const change = await holdChange(tx, b, slot, 0, at);
  const moved = await applyMove(tx, {
    booking: b,
    change,
    unitCents: b.unitPriceCents,
    totalCents: b.totalAmountCents,
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
    weather: true,
  });
  return { booking: moved, change: { ...change, status: "done" } };
}

/**
 * Moves the booking onto the change's date: the old date's spots go back
 * through releaseHold (the one release path, with whatever runs when spots
 * free up), and the spots the change holds become the booking's.
 */
async function applyMove(
  tx: DB,
  m: {
    booking: BookingRow;
    change: BookingChangeRow;
    unitCents: number;
    totalCents: number;
    release: SpotRelease;
  },
): Promise<BookingRow> {
  const { booking, change, release } = m;
  const { at } = release;
  await releaseHold(tx, booking.id, release);
  const [moved] = await tx
    .update(bookings)
    .set({
      availabilityId: change.toAvailabilityId,
      selectedDate: change.toDate,
      unitPriceCents: m.unitCents,
      totalAmountCents: m.totalCents,
      holdsSpots: true,
      updatedAt: at,
    })
    .where(eq(bookings.id, booking.id))
    .returning();
  await tx
    .update(bookingChanges)
    .set({ status: "done", holdExpiresAt: null, completedAt: at })
    .where(eq(bookingChanges.id, change.id));
  return moved;
}

/** Gives a holding change's spots back and marks it released, once; false when it was not holding. */
export async function releaseChange(tx: DB, changeId: string, release: SpotRelease): Promise<boolean> {
  const { at } = release;
  const [row] = await tx
    .update(bookingChanges)
    .set({ status: "released", holdExpiresAt: null, completedAt: at })
    .where(and(eq(bookingChanges.id, changeId), eq(bookingChanges.status, "holding")))
    .returning();
  if (!row) return false;
  if (row.toAvailabilityId) await freeSpots(tx, row.toAvailabilityId, row.groupSize, release);
  return true;
}

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
      unitCents: Math.round(totalCents / b.groupSize),
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
  const amount = formatMoney(payment.amountTotalCents, payment.currency, true);
  const toDate = change ? formatDateAU(change.toDate, "full") : "the new date";
  if (b) {
    await tx
      .update(bookings)
      .set({
        attention: `A date change to ${toDate} was paid after it had ended; the booking was not moved and ${amount} is refunded in full automatically.`,
        updatedAt: at,
      })
      .where(eq(bookings.id, b.id));
    await enqueueEmail(tx, {
      kind: "reschedule_late_refund",
      to: b.customerEmail,
      subject: `Your date change for ${b.reference} did not go through`,
      text: [
        `Hi ${b.customerFirstName},`,
        "",
        `Your payment of ${amount} for moving ${b.adventureTitle} to ${toDate} arrived after the date change had ended, so your booking was not changed.`,
        `The ${amount} is refunded in full automatically; it usually shows within 5-10 business days.`,
        "You can try again from the link in your confirmation email, or reply to this email.",
        "",
        mail.site.title,
      ].join("\n"),
      dedupeKey: `reschedule_late_refund:${payment.id}`,
    });
    await enqueueEmail(tx, {
      kind: "reschedule_late_notice",
      to: mail.notify,
      subject: `Late date-change payment refunded: ${b.reference}`,
      text: [
        `Booking ${b.reference} (${b.customerFirstName} ${b.customerLastName}, ${b.customerEmail}): a date change to ${toDate} was paid after it had ended.`,
        `The booking stays as it is (${formatDateAU(b.selectedDate, "full")}, ${b.bookingStatus}) and ${amount} is refunded in full automatically.`,
        "",
        "The booking is marked in the admin area: Bookings.",
      ].join("\n"),
      dedupeKey: `reschedule_late_notice:${payment.id}`,
    });
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

/** The booking's latest date change, for the notice on its page. */
export async function latestChange(db: DB, bookingId: string): Promise<BookingChangeRow | null> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.bookingId, bookingId))
    .orderBy(desc(bookingChanges.createdAt))
    .limit(1);
  return row ?? null;
}

/** A paid date change's checkout, read by the return page. */
export async function changeForSession(deps: BookingDeps, sessionId: string) {
  if (!sessionId || sessionId.length > 255) return null;
  const [row] = await deps.db
    .select({ change: bookingChanges, payment: payments })
    .from(payments)
    .innerJoin(bookingChanges, eq(bookingChanges.paymentId, payments.id))
    .where(
      and(
        eq(payments.provider, deps.payments.name),
        eq(payments.sessionId, sessionId),
        eq(payments.kind, "reschedule"),
      ),
    );
  return row ?? null;
}

/**
 * The customer's "moved" email (with the calendar file for the new date) and
 * the operator's notice, once per change. The email does not carry a new
 * link: minting one would switch off the link the customer already has, so
 * it points to that one (and to the page that emails a fresh one).
 */
async function enqueueMovedEmails(
  tx: DB,
  m: {
    booking: BookingRow;
    change: BookingChangeRow;
    adventure: AdventureRow;
    site: SiteInfo;
    notify: string;
    publicUrl: string;
    at: Date;
    refundCents: number;
    paidCents?: number;
    /** A free move from a departure called off for weather. */
    weather?: boolean;
  },
) {
  const { booking: b, change, adventure, site, at } = m;
  const money = (cents: number) => formatMoney(cents, b.currency, true);
  const newDate = formatDateAU(change.toDate, "full");
  const oldDate = formatDateAU(change.fromDate, "full");
  const moneyLine = m.weather
    ? "We called the old date off for the weather, so the move is free: nothing more to pay."
    : m.refundCents > 0
      ? `The new date costs less: ${money(m.refundCents)} is refunded to your card; it usually shows within 5-10 business days.`
      : m.paidCents
        ? `You paid ${money(m.paidCents)} for the difference in price.`
        : "The price is the same; nothing more to pay.";
  await enqueueEmail(tx, {
    kind: "booking_rescheduled",
    to: b.customerEmail,
    subject: `Your booking has moved to ${newDate}`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `Your booking ${b.reference} for ${b.adventureTitle} has moved from ${oldDate} to ${newDate} (${peopleText(b.groupSize)}).`,
      moneyLine,
      `Total for the booking now: ${money(b.totalAmountCents)}.`,
      "",
      "The calendar file for the new date is attached. Your private booking link from the confirmation email keeps working and shows the new date;",
      `if you cannot find it, ask for a fresh one at ${m.publicUrl}/my-booking`,
      "",
      "If you have any questions, just reply to this email.",
      "",
      site.title,
    ].join("\n"),
    attachments: [
      {
        filename: `booking-${b.reference}.ics`,
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: bookingIcs(b, adventure, site, at),
      },
    ],
    dedupeKey: `booking_rescheduled:${change.id}`,
  });
  await enqueueEmail(tx, {
    kind: "booking_rescheduled_notice",
    to: m.notify,
    subject: `Booking ${b.reference} moved to ${newDate} by the customer${m.weather ? " (weather)" : ""}`,
    text: [
      `${b.customerFirstName} ${b.customerLastName}`.trim() +
        ` (${b.customerEmail}) moved booking ${b.reference} online.`,
      "",
      `Adventure: ${b.adventureTitle}`,
      `From: ${oldDate}`,
      `To: ${newDate}`,
      `Group: ${peopleText(b.groupSize)}`,
      m.weather
        ? "Free move after the weather cancellation: no payment, no refund."
        : m.refundCents > 0
          ? `Refunded for the lower price: ${money(m.refundCents)}`
          : m.paidCents
            ? `Paid for the higher price: ${money(m.paidCents)}`
            : "Same price.",
      "",
      "The spots on the old date are open again.",
    ].join("\n"),
    dedupeKey: `booking_rescheduled_notice:${change.id}`,
  });
}

/**
 * The manage page's part: whether a date change is offered (and why not),
 * and, when the page is opened after a change (?changed=1), a sentence on
 * what became of the latest one.
 */
export async function dateChangeView(db: DB, linked: LinkedBooking, at: Date, request: Request) {
  const offer = await rescheduleOffer(db, linked, at);
  let notice: string | null = null;
  if (new URL(request.url).searchParams.get("changed") === "1") {
    const change = await latestChange(db, linked.booking.id);
    const money = (cents: number) => formatMoney(cents, linked.booking.currency, true);
    const to = change ? formatDateAU(change.toDate, "full") : "";
    if (change?.status === "done") {
      notice = `Your booking has moved to ${to}.${
        change.priceDifferenceCents < 0
          ? ` A refund of ${money(-change.priceDifferenceCents)} is on its way to your card; it usually shows within 5-10 business days.`
          : change.priceDifferenceCents > 0
            ? ` Thank you for your payment of ${money(change.priceDifferenceCents)}.`
            : ""
      } We have emailed you the new date.`;
    } else if (change?.status === "released") {
      notice = `Your date was not changed: the payment for ${to} was not completed. Your booking stays on ${formatDateAU(linked.booking.selectedDate, "full")}.`;
    } else if (change?.status === "holding") {
      notice = `We are waiting for your payment for the move to ${to}. This page shows the new date once it is confirmed.`;
    }
  }
  return {
    offered: offer.offered,
    reason: offer.offered ? null : offer.reason,
    checkoutUrl: offer.offered ? null : offer.checkoutUrl,
    notice,
  };
}
