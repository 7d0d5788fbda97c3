/**
 * Weather cancellations: the operator calls a departure off (one adventure's
 * date, or every adventure on a date) and each booking on it chooses a free
 * move, credit for the full amount, or a full refund (the policy's weather
 * rule); unanswered after respond_by, the operator's default applies.
 *
 * Calling a date off is one transaction: the cancellation row, the date
 * closed (so nobody books it and no waitlist offer goes out for it), unpaid
 * checkouts on it ended as the sweep ends them, and per confirmed booking one
 * offer row, a private link and one email (dedupe key per offer). Repeating
 * it finds the offers already made and adds nothing.
 *
 * A choice is taken exactly once: the offer is claimed with a conditional
 * update (`choice is null`) in the same transaction as what the choice does
 * (the move, the cancellation with its voucher, or the cancellation with its
 * refund claim), after the booking row is locked. Of racing answers the first
 * wins and the others answer its result; money moves once.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { formatDateAU, sydneyDate } from "../../../app/lib/dates.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import { voucherCodeHint } from "../../../app/lib/vouchers.ts";
import {
  CHOICE_TEXT,
  offerOpen,
  respondBy,
  type WeatherCancelInput,
  type WeatherChoiceName,
} from "../../../app/lib/weather.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  type BookingRow,
  bookings,
  payments,
  refunds,
  vouchers,
  waitlistEntries,
  weatherCancellations,
  weatherOffers,
} from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.server.ts";
import { hit } from "../../security/rate-limit.server.ts";
import { manageUrl, mintBookingLink } from "../bookings/booking-links.server.ts";
import { cancelBooking } from "../bookings/cancel-booking.server.ts";
import { cancelPendingBooking } from "../bookings/holds.server.ts";
import { freeMoveDates, moveBookingFree } from "../bookings/reschedule.server.ts";
import { closeAtProvider } from "../bookings/settle.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { REFUNDABLE_STATES } from "../money/refunds.server.ts";
import { issueVoucher } from "../vouchers/vouchers.server.ts";

export type WeatherCancellationRow = typeof weatherCancellations.$inferSelect;
export type WeatherOfferRow = typeof weatherOffers.$inferSelect;
export type DecidedBy = "customer" | "operator" | "default";

/** The customer's page for an offer. */
export const weatherPath = (token: string) => `/my-booking/${token}/weather`;

/** The bookings a cancellation of `date` (one adventure, or all when null) reaches. */
function onDeparture(date: string, adventureId: string | null) {
  return and(
    eq(bookings.selectedDate, date),
    adventureId ? eq(bookings.adventureId, adventureId) : undefined,
    inArray(bookings.bookingStatus, ["confirmed", "pending_payment"]),
  );
}

async function checkAdventure(db: DB, adventureId: string | null): Promise<void> {
  if (!adventureId) return;
  const [row] = await db.select({ id: adventures.id }).from(adventures).where(eq(adventures.id, adventureId));
  if (!row) throw badRequest("adventure_id: Adventure not found", { adventure_id: "Adventure not found" });
}

function pastDate(date: string, at: Date): void {
  if (date < sydneyDate(at)) {
    throw badRequest("date: The date is in the past", { date: "The date is in the past" });
  }
}

/** Who and what a cancellation of the departure would reach, for the operator's confirm step. */
export async function previewWeather(db: DB, input: { date: string; adventure_id: string | null }, at: Date) {
  pastDate(input.date, at);
  await checkAdventure(db, input.adventure_id);
  const rows = await db
    .select()
    .from(bookings)
    .where(onDeparture(input.date, input.adventure_id))
    .orderBy(asc(bookings.adventureTitle), asc(bookings.createdAt));
  const dates = await db
    .select({ adventureId: availability.adventureId, title: adventures.title })
    .from(availability)
    .innerJoin(adventures, eq(adventures.id, availability.adventureId))
    .where(
      and(
        eq(availability.date, input.date),
        input.adventure_id ? eq(availability.adventureId, input.adventure_id) : undefined,
      ),
    )
    .orderBy(asc(adventures.title));
  const confirmed = rows.filter((b) => b.bookingStatus === "confirmed");
  return {
    date: input.date,
    adventures: dates.map((d) => d.title),
    bookings: rows.map((b) => ({
      reference: b.reference,
      name: `${b.customerFirstName} ${b.customerLastName}`.trim(),
      adventure: b.adventureTitle,
      group_size: b.groupSize,
      status: b.bookingStatus,
      total_cents: b.totalAmountCents,
      currency: b.currency,
    })),
    people: confirmed.reduce((sum, b) => sum + b.groupSize, 0),
    confirmed: confirmed.length,
    unpaid: rows.length - confirmed.length,
  };
}

/**
 * Calls a departure off for weather (see the module comment). Answers the
 * cancellation, whether this call created it, and how many offers it made
 * (0 on a repeat).
 */
export async function cancelForWeather(
  deps: BookingDeps,
  input: WeatherCancelInput,
): Promise<{ cancellation: WeatherCancellationRow; created: boolean; offers: number; unpaidEnded: number }> {
  const { db, env, log } = deps;
  const at = deps.now();
  pastDate(input.date, at);
  await checkAdventure(db, input.adventure_id);
  const site = siteInfo(await loadSiteContent(db));
  const release = { at, publicUrl: env.publicUrl };

  const done = await db.transaction(async (tx) => {
    // Two operators (or a double click) calling off the same date take turns; the second finds the first's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`weather:${input.date}`}))`);
    const sameDeparture = and(
      eq(weatherCancellations.date, input.date),
      input.adventure_id
        ? eq(weatherCancellations.adventureId, input.adventure_id)
        : isNull(weatherCancellations.adventureId),
    );
    let [cancellation] = await tx.select().from(weatherCancellations).where(sameDeparture);
    const created = !cancellation;
    if (!cancellation) {
      [cancellation] = await tx
        .insert(weatherCancellations)
        .values({
          date: input.date,
          adventureId: input.adventure_id,
          message: input.message,
          defaultChoice: input.default_choice,
          respondBy: respondBy(at, input.respond_days),
          createdAt: at,
        })
        .returning();
    }
    // Closed first: the spots released below then offer nothing to the waitlist (offerFreedSpots skips closed dates).
    const closed = await tx
      .update(availability)
      .set({ isAvailable: false, updatedAt: at })
      .where(
        and(
          eq(availability.date, input.date),
          input.adventure_id ? eq(availability.adventureId, input.adventure_id) : undefined,
        ),
      )
      .returning({ adventureId: availability.adventureId });
    // Nobody waits for, or holds an offer on, a date that will not run.
    if (closed.length) {
      await tx
        .update(waitlistEntries)
        .set({ status: "expired", updatedAt: at })
        .where(
          and(
            eq(waitlistEntries.date, input.date),
            inArray(
              waitlistEntries.adventureId,
              closed.map((c) => c.adventureId),
            ),
            inArray(waitlistEntries.status, ["waiting", "offered"]),
          ),
        );
    }

    const found = await tx
      .select()
      .from(bookings)
      .where(onDeparture(input.date, input.adventure_id))
      .orderBy(asc(bookings.createdAt))
      .for("update");
    const unpaid: string[] = [];
    let made = 0;
    for (const b of found) {
      if (b.bookingStatus === "pending_payment") {
        // As the sweep ends a lapsed checkout; a payment that still arrives finds the date closed and is refunded in full.
        if (await cancelPendingBooking(tx, b.id, release, "expired")) unpaid.push(b.id);
        continue;
      }
      // One offer per booking and date, even when a date is called off twice (one adventure, then all).
      const [already] = await tx
        .select({ id: weatherOffers.id })
        .from(weatherOffers)
        .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
        .where(and(eq(weatherOffers.bookingId, b.id), eq(weatherCancellations.date, input.date)));
      if (already) continue;
      const [offer] = await tx
        .insert(weatherOffers)
        .values({ cancellationId: cancellation.id, bookingId: b.id, createdAt: at })
        .onConflictDoNothing()
        .returning();
      if (!offer) continue;
      const token = await mintBookingLink(tx, b.id, "weather", at);
      await enqueueEmail(
        tx,
        offerEmail(b, cancellation, `${manageUrl(env.publicUrl, token)}/weather`, site.title),
      );
      made++;
    }
    return { cancellation, created, made, unpaid };
  });

  // The unpaid checkouts end at the provider too, as the sweep ends them (a payment that slipped through is settled).
  if (done.unpaid.length) {
    const open = await db
      .select()
      .from(payments)
      .where(and(inArray(payments.bookingId, done.unpaid), eq(payments.status, "open")));
    for (const payment of open) {
      await closeAtProvider(deps, payment, "cancelled").catch((error: unknown) => {
        log.warn("could not end a checkout on a weather-cancelled date", { payment: payment.id, error });
      });
    }
  }
  log.info("departure cancelled for weather", {
    cancellation: done.cancellation.id,
    date: input.date,
    offers: done.made,
    unpaid: done.unpaid.length,
  });
  return {
    cancellation: done.cancellation,
    created: done.created,
    offers: done.made,
    unpaidEnded: done.unpaid.length,
  };
}

function offerEmail(b: BookingRow, c: WeatherCancellationRow, link: string, siteTitle: string) {
  const by = `${formatDateAU(sydneyDate(c.respondBy), "full")}`;
  return {
    kind: "weather_offer",
    to: b.customerEmail,
    subject: `Weather: your ${b.adventureTitle} on ${formatDateAU(b.selectedDate)} is cancelled`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      c.message,
      "",
      `Your booking ${b.reference} (${b.adventureTitle}, ${formatDateAU(b.selectedDate, "full")}, ${peopleText(b.groupSize)}) will not run. You have three choices:`,
      "",
      `1. ${CHOICE_TEXT.move.title}: ${CHOICE_TEXT.move.detail}`,
      `2. ${CHOICE_TEXT.credit.title}: ${CHOICE_TEXT.credit.detail}`,
      `3. ${CHOICE_TEXT.refund.title}: ${CHOICE_TEXT.refund.detail}`,
      "",
      "Choose here:",
      link,
      "",
      `If we have not heard from you by ${by}, we will ${c.defaultChoice === "credit" ? "give you credit for the full amount" : "refund you in full"}.`,
      "Keep this email to yourself: the link opens your booking.",
      "",
      siteTitle,
    ].join("\n"),
    dedupeKey: `weather_offer:${b.id}:${c.id}`,
  };
}

/** What became of an offer, for the customer's page and the admin list. */
export interface WeatherOutcome {
  choice: WeatherChoiceName;
  decidedBy: DecidedBy;
  decidedAt: string;
  movedToDate: string | null;
  /** The credit voucher: its code is in the customer's email only, the page names it by its last four characters. */
  voucher: { codeHint: string; balanceCents: number; currency: string; expiresAt: string } | null;
  refundCents: number;
}

async function outcomeOf(db: DB, offer: WeatherOfferRow): Promise<WeatherOutcome | null> {
  if (!offer.choice || !offer.decidedBy || !offer.decidedAt) return null;
  const [voucher] = offer.voucherId
    ? await db.select().from(vouchers).where(eq(vouchers.id, offer.voucherId))
    : [];
  const [{ cents }] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.bookingId, offer.bookingId),
        eq(refunds.reason, "cancellation"),
        inArray(refunds.status, ["pending", "succeeded"]),
      ),
    );
  return {
    choice: offer.choice,
    decidedBy: offer.decidedBy,
    decidedAt: offer.decidedAt.toISOString(),
    movedToDate: offer.movedToDate,
    voucher: voucher
      ? {
          codeHint: voucherCodeHint(voucher.codeSuffix),
          balanceCents: voucher.balanceCents,
          currency: voucher.currency,
          expiresAt: voucher.expiresAt.toISOString(),
        }
      : null,
    refundCents: offer.choice === "refund" ? Number(cents) : 0,
  };
}

/** What a choice leaves for the customer as credit: the booking's total less any part a voucher paid (that part goes back to its voucher). */
export function creditCents(b: Pick<BookingRow, "totalAmountCents" | "voucherCents">): number {
  return Math.max(0, b.totalAmountCents - b.voucherCents);
}

/** Thrown inside a choice's transaction when another answer claimed the offer first: the transaction rolls back. */
class AlreadyDecided extends Error {}

async function claimOffer(
  tx: DB,
  offerId: string,
  m: { choice: WeatherChoiceName; by: DecidedBy; at: Date },
): Promise<WeatherOfferRow> {
  const [row] = await tx
    .update(weatherOffers)
    .set({ choice: m.choice, decidedBy: m.by, decidedAt: m.at })
    .where(and(eq(weatherOffers.id, offerId), isNull(weatherOffers.choice)))
    .returning();
  if (!row) throw new AlreadyDecided();
  return row;
}

/**
 * Takes a booking's answer to its weather offer, once: the first answer does
 * what it says, a repeat or a racing answer gets the first one's outcome.
 */
export async function chooseWeather(
  deps: BookingDeps,
  offerId: string,
  answer: { choice: WeatherChoiceName; date?: string; by: DecidedBy },
): Promise<WeatherOutcome> {
  const { db, env, log } = deps;
  const at = deps.now();
  const [found] = await db
    .select({ offer: weatherOffers, cancellation: weatherCancellations, booking: bookings })
    .from(weatherOffers)
    .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
    .innerJoin(bookings, eq(bookings.id, weatherOffers.bookingId))
    .where(eq(weatherOffers.id, offerId));
  if (!found) throw notFound("Weather offer not found");
  const decided = await outcomeOf(db, found.offer);
  if (decided) return decided;
  const { cancellation, booking } = found;
  if (!onCancelledDate(booking, cancellation.date)) {
    throw conflict("This booking is no longer on the cancelled date, so the weather choices do not apply.");
  }
  const site = siteInfo(await loadSiteContent(db));
  const byCustomer = answer.by === "customer";

  try {
    if (answer.choice === "move") {
      if (!answer.date) throw badRequest("date: Choose the new date", { date: "Choose the new date" });
      const date = answer.date;
      await db.transaction(async (tx) => {
        // The booking row first, as cancelling locks it: racing answers queue here.
        const [b] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update");
        await claimOffer(tx, offerId, { choice: "move", by: answer.by, at });
        if (!onCancelledDate(b, cancellation.date)) {
          throw conflict("This booking is no longer on the cancelled date.");
        }
        const moved = await moveBookingFree(tx, { booking: b, date, at, publicUrl: env.publicUrl });
        await tx
          .update(weatherOffers)
          .set({ movedToDate: moved.booking.selectedDate })
          .where(eq(weatherOffers.id, offerId));
      });
    } else {
      const choice = answer.choice;
      await cancelBooking(deps, booking.id, {
        by: byCustomer ? "customer" : "operator",
        reason: "weather",
        refund: choice === "refund" ? "full" : "none",
        within: async (tx, row, refundedCents, voucherBack) => {
          await claimOffer(tx, offerId, { choice, by: answer.by, at });
          if (choice === "refund") {
            await enqueueEmail(tx, refundEmail(row, refundedCents, voucherBack, site.title, offerId));
            return;
          }
          // A booking paid wholly by a voucher has it all back on that voucher: no second one.
          const amount = creditCents(row);
          if (amount <= 0) return;
          const voucher = await issueVoucher(tx, {
            amountCents: amount,
            currency: row.currency,
            source: "weather_credit",
            at,
            sourceBookingId: row.id,
            recipientName: `${row.customerFirstName} ${row.customerLastName}`.trim(),
            recipientEmail: row.customerEmail,
            note: `Weather credit for ${row.reference}`,
          });
          await tx.update(weatherOffers).set({ voucherId: voucher.id }).where(eq(weatherOffers.id, offerId));
          await enqueueEmail(tx, creditEmail(row, voucher, voucherBack, site.title, env.publicUrl, offerId));
        },
      });
    }
  } catch (error) {
    // Another answer won (or is winning): answer its outcome.
    if (error instanceof AlreadyDecided || (error instanceof HttpError && error.status === 409)) {
      const [again] = await db.select().from(weatherOffers).where(eq(weatherOffers.id, offerId));
      const outcome = again ? await outcomeOf(db, again) : null;
      if (outcome) return outcome;
      if (error instanceof AlreadyDecided) throw conflict("This choice was made at the same time. Reload.");
    }
    throw error;
  }
  log.info("weather choice taken", { offer: offerId, choice: answer.choice, by: answer.by });
  const [row] = await db.select().from(weatherOffers).where(eq(weatherOffers.id, offerId));
  const outcome = await outcomeOf(db, row);
  if (!outcome) throw new Error("A weather choice committed without its outcome");
  return outcome;
}

/** The booking still runs on the cancelled date: confirmed and not moved away. */
function onCancelledDate(b: BookingRow, date: string): boolean {
  return b.bookingStatus === "confirmed" && b.selectedDate === date;
}

function creditEmail(
  b: BookingRow,
  v: { code: string; initialCents: number; currency: string; expiresAt: Date },
  voucherBack: number,
  siteTitle: string,
  publicUrl: string,
  offerId: string,
) {
  return {
    kind: "weather_credit",
    to: b.customerEmail,
    // The code stays out of the subject (shown in notifications and lists): the body carries it.
    subject: `Your credit voucher: ${formatMoney(v.initialCents, v.currency, true)}`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `Your booking ${b.reference} for ${b.adventureTitle} on ${formatDateAU(b.selectedDate, "full")} is cancelled for the weather, and the full amount is yours as credit.`,
      "",
      `Voucher code: ${v.code}`,
      `Amount: ${formatMoney(v.initialCents, v.currency, true)}`,
      `Valid until: ${formatDateAU(sydneyDate(v.expiresAt), "full")}`,
      ...(voucherBack > 0
        ? [
            "",
            `The ${formatMoney(voucherBack, b.currency, true)} paid with your earlier voucher is back on that voucher.`,
          ]
        : []),
      "",
      `Enter the code when you book at ${publicUrl}/book: it pays for as much of the booking as its balance covers.`,
      "",
      siteTitle,
    ].join("\n"),
    dedupeKey: `weather_credit:${offerId}`,
  };
}

function refundEmail(b: BookingRow, cents: number, voucherBack: number, siteTitle: string, offerId: string) {
  return {
    kind: "weather_refund",
    to: b.customerEmail,
    subject: `Your booking ${b.reference} is refunded in full`,
    text: [
      `Hi ${b.customerFirstName},`,
      "",
      `Your booking ${b.reference} for ${b.adventureTitle} on ${formatDateAU(b.selectedDate, "full")} is cancelled for the weather.`,
      cents > 0
        ? `A refund of ${formatMoney(cents, b.currency, true)}, everything you paid by card, is on its way; it usually shows within 5-10 business days.`
        : "Nothing was paid by card for this booking, so there is nothing to refund to a card.",
      ...(voucherBack > 0
        ? [
            `The ${formatMoney(voucherBack, b.currency, true)} paid with your voucher is back on that voucher.`,
          ]
        : []),
      "",
      "We hope to see you on another day.",
      "",
      siteTitle,
    ].join("\n"),
    dedupeKey: `weather_refund:${offerId}`,
  };
}

/** One process per window applies the defaults; the conditional claim makes each offer once in any case. */
const DEFAULT_LEASE = { limit: 1, windowMs: 50_000 };

/**
 * Offers unanswered past their cancellation's respond_by get the operator's
 * default (decided_by "default"). The hold sweep runs it every minute.
 */
export async function applyWeatherDefaults(deps: BookingDeps, limit = 25): Promise<number> {
  const { db, log } = deps;
  const at = deps.now();
  if (!(await hit(db, "sweep:weather-defaults", DEFAULT_LEASE, at)).allowed) return 0;
  const due = await db
    .select({ id: weatherOffers.id, choice: weatherCancellations.defaultChoice })
    .from(weatherOffers)
    .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
    .innerJoin(bookings, eq(bookings.id, weatherOffers.bookingId))
    .where(
      and(
        isNull(weatherOffers.choice),
        lte(weatherCancellations.respondBy, at),
        eq(bookings.bookingStatus, "confirmed"),
        eq(bookings.selectedDate, weatherCancellations.date),
      ),
    )
    .orderBy(asc(weatherCancellations.respondBy))
    .limit(limit);
  let applied = 0;
  for (const offer of due) {
    try {
      await chooseWeather(deps, offer.id, { choice: offer.choice, by: "default" });
      applied++;
    } catch (error) {
      log.error("could not apply a weather default", { offer: offer.id, error });
    }
  }
  return applied;
}

/** The booking's latest weather offer with its cancellation, or null. */
async function offerForBooking(db: DB, bookingId: string) {
  const [row] = await db
    .select({ offer: weatherOffers, cancellation: weatherCancellations })
    .from(weatherOffers)
    .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
    .where(eq(weatherOffers.bookingId, bookingId))
    .orderBy(desc(weatherOffers.createdAt))
    .limit(1);
  return row ?? null;
}

/** What the card paid and may still be refunded: the weather refund's amount before it is chosen. */
async function cardPaidCents(db: DB, bookingId: string): Promise<number> {
  const [{ cents }] = await db
    .select({
      cents: sql<number>`coalesce(sum(${payments.amountTotalCents} - ${payments.refundedCents}), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), inArray(payments.paymentStatus, REFUNDABLE_STATES)));
  return Number(cents);
}

/** The customer's weather page (and the manage page's notice): the offer, its state and its outcome. */
export async function weatherView(db: DB, booking: BookingRow) {
  const found = await offerForBooking(db, booking.id);
  if (!found) return null;
  const { offer, cancellation } = found;
  const outcome = await outcomeOf(db, offer);
  const open = offerOpen({
    choice: offer.choice,
    bookingConfirmedOnDate: onCancelledDate(booking, cancellation.date),
  });
  return {
    offerId: offer.id,
    date: cancellation.date,
    message: cancellation.message,
    respondBy: cancellation.respondBy.toISOString(),
    defaultChoice: cancellation.defaultChoice,
    open,
    creditCents: creditCents(booking),
    refundCents: Math.min(booking.totalAmountCents, await cardPaidCents(db, booking.id)),
    currency: booking.currency,
    outcome,
  };
}
export type WeatherView = NonNullable<Awaited<ReturnType<typeof weatherView>>>;

/** The admin list: cancellations from `from` on (latest date first), each with its bookings' answers. */
export async function listWeatherCancellations(db: DB, from: string, at: Date) {
  const rows = await db
    .select({ c: weatherCancellations, adventureTitle: adventures.title })
    .from(weatherCancellations)
    .leftJoin(adventures, eq(adventures.id, weatherCancellations.adventureId))
    .where(gte(weatherCancellations.date, from))
    .orderBy(desc(weatherCancellations.date), desc(weatherCancellations.createdAt))
    .limit(100);
  if (!rows.length) return [];
  const offers = await db
    .select({ offer: weatherOffers, booking: bookings, voucherSuffix: vouchers.codeSuffix })
    .from(weatherOffers)
    .innerJoin(bookings, eq(bookings.id, weatherOffers.bookingId))
    .leftJoin(vouchers, eq(vouchers.id, weatherOffers.voucherId))
    .where(
      inArray(
        weatherOffers.cancellationId,
        rows.map((r) => r.c.id),
      ),
    )
    .orderBy(asc(bookings.createdAt));
  // Where an open offer's booking could move: the operator records a phoned "move" with one of these.
  const moveDates = new Map<string, { date: string; display: string; spotsLeft: number }[]>();
  for (const { offer, booking } of offers) {
    const c = rows.find((r) => r.c.id === offer.cancellationId)?.c;
    if (c && offer.choice === null && onCancelledDate(booking, c.date)) {
      moveDates.set(offer.id, await freeMoveDates(db, booking, at));
    }
  }
  return rows.map(({ c, adventureTitle }) => {
    const mine = offers.filter((o) => o.offer.cancellationId === c.id);
    return {
      id: c.id,
      date: c.date,
      adventure_id: c.adventureId,
      adventure_title: adventureTitle ?? "Every adventure",
      message: c.message,
      default_choice: c.defaultChoice,
      respond_by: c.respondBy.toISOString(),
      created_at: c.createdAt.toISOString(),
      offers: mine.map(({ offer, booking: b, voucherSuffix }) => ({
        id: offer.id,
        booking_id: b.id,
        reference: b.reference,
        name: `${b.customerFirstName} ${b.customerLastName}`.trim(),
        email: b.customerEmail,
        phone: b.customerPhone,
        adventure: b.adventureTitle,
        group_size: b.groupSize,
        total_cents: b.totalAmountCents,
        currency: b.currency,
        choice: offer.choice,
        decided_by: offer.decidedBy,
        decided_at: offer.decidedAt?.toISOString() ?? null,
        moved_to_date: offer.movedToDate,
        voucher_code_hint: voucherSuffix ? voucherCodeHint(voucherSuffix) : null,
        refund_cents: b.refundAmountCents,
        open: offerOpen({ choice: offer.choice, bookingConfirmedOnDate: onCancelledDate(b, c.date) }),
        move_dates: moveDates.get(offer.id) ?? [],
      })),
    };
  });
}

/** Answers so far per cancelled date, counting the bookings of one adventure (or all), for the calendar and the dashboard. */
export async function weatherCounts(db: DB, m: { adventureId?: string; from: string }) {
  const rows = await db
    .select({
      date: weatherCancellations.date,
      choice: weatherOffers.choice,
      bookingAdventure: bookings.adventureId,
      status: bookings.bookingStatus,
      bookingDate: bookings.selectedDate,
    })
    .from(weatherCancellations)
    .leftJoin(weatherOffers, eq(weatherOffers.cancellationId, weatherCancellations.id))
    .leftJoin(bookings, eq(bookings.id, weatherOffers.bookingId))
    .where(
      and(
        gte(weatherCancellations.date, m.from),
        m.adventureId
          ? sql`(${weatherCancellations.adventureId} = ${m.adventureId} or ${weatherCancellations.adventureId} is null)`
          : undefined,
      ),
    )
    .limit(5000);
  const byDate = new Map<
    string,
    { date: string; waiting: number; move: number; credit: number; refund: number }
  >();
  for (const r of rows) {
    const entry = byDate.get(r.date) ?? { date: r.date, waiting: 0, move: 0, credit: 0, refund: 0 };
    byDate.set(r.date, entry);
    if (!r.bookingAdventure || (m.adventureId && r.bookingAdventure !== m.adventureId)) continue;
    if (r.choice) entry[r.choice]++;
    else if (r.status === "confirmed" && r.bookingDate === r.date) entry.waiting++;
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** One cancellation of the admin list, as the API answers it. */
export type WeatherCancellationItem = Awaited<ReturnType<typeof listWeatherCancellations>>[number];
/** The preview of who a cancellation reaches. */
export type WeatherPreview = Awaited<ReturnType<typeof previewWeather>>;
