/**
 * What the weather call-offs look like to the customer (their offer, its
 * state and outcome) and to the operator (the list of cancellations with
 * each booking's answer, and the answers so far per date).
 */
import { and, asc, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { voucherCodeHint } from "../../../app/lib/vouchers.ts";
import { offerOpen } from "../../../app/lib/weather.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  type BookingRow,
  bookings,
  payments,
  vouchers,
  weatherCancellations,
  weatherOffers,
} from "../../db/schema.ts";
import { freeMoveDates } from "../bookings/reschedule-offer.server.ts";
import { REFUNDABLE_STATES } from "../money/refunds.server.ts";
import { creditCents, onCancelledDate, outcomeOf } from "./choice.server.ts";

/** The customer's page for an offer. */
export const weatherPath = (token: string) => `/my-booking/${token}/weather`;

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
    /** The called-off departure's start time, where the booking's has one (a call-off takes the whole date). */
    startTime: booking.selectedDate === cancellation.date ? booking.startTime : "",
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
  const moveDates = new Map<string, Awaited<ReturnType<typeof freeMoveDates>>>();
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
        // The booking's departure on the called-off date, where it has a time of its own.
        ...(b.startTime && { start_time: b.startTime }),
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
