/**
 * The public date list and the spot holds. Availability rows are the one
 * source of dates; booked_spots counts pending holds and confirmed bookings.
 */
import { and, asc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { bookableDate, firstBookableDate, noticeOf } from "../../../app/lib/booking-window.ts";
import { formatDateAU, sydneyDate } from "../../../app/lib/dates.ts";
import { startTimeText } from "../../../app/lib/departure.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, weatherCancellations } from "../../db/schema.ts";
import { offerFreedSpots, type SpotRelease } from "./waitlist-offers.server.ts";

/** One departure on a date that has several: its start time and its own spots and price. */
export interface DepartureOption {
  /** "HH:MM", Sydney time. */
  start_time: string;
  /** "1:00 pm". */
  display: string;
  available: boolean;
  spots_left: number;
  price: number;
  published: boolean;
  called_off: boolean;
}

/**
 * The spec's Date option (date, display, available) plus the free spots. A date
 * with one departure reads as the spec's (with `start_time` when that departure
 * has its own); a date with several lists them in `departures`, and its own
 * fields sum them up: open when any is, the most spots one departure has left,
 * the lowest price.
 */
export interface DateOption {
  date: string;
  display: string;
  available: boolean;
  spots_left: number;
  /** Price per person on that date in dollars (a date may override the base price). */
  price: number;
  /** Open for booking (full or not); a closed date has no waitlist. */
  published: boolean;
  /** Closed because the operator called the departure off for weather (not simply closed). */
  called_off: boolean;
  /** The date's one departure's own start time ("HH:MM"), where it has one. */
  start_time?: string;
  /** The date's departures, earliest first, where it has more than one. */
  departures?: DepartureOption[];
}

export interface AvailabilityRow {
  date: string;
  /** "" for a departure without a time of its own. */
  startTime?: string;
  availableSpots: number;
  bookedSpots: number;
  isAvailable: boolean;
  priceOverrideCents?: number | null;
}

/** A date's price per person in cents: its own override, else the adventure's base price. */
export function datePriceCents(
  priceOverrideCents: number | null | undefined,
  basePriceCents: number,
): number {
  return priceOverrideCents ?? basePriceCents;
}

/** One row as the public sees it. */
function toDeparture(r: AvailabilityRow, basePriceCents: number, calledOff: ReadonlySet<string>) {
  const left = Math.max(0, r.availableSpots - r.bookedSpots);
  return {
    available: r.isAvailable && left > 0,
    spots_left: r.isAvailable ? left : 0,
    price: datePriceCents(r.priceOverrideCents, basePriceCents) / 100,
    published: r.isAvailable,
    // A date opened again after a call-off is just open.
    called_off: !r.isAvailable && calledOff.has(r.date),
  };
}

/**
 * Rows to options, one per date: full or closed dates stay listed but
 * disabled. `calledOff` holds the dates with a weather call-off, which read
 * apart from a date the operator simply closed. Pure, for tests.
 */
export function toDateOptions(
  rows: AvailabilityRow[],
  firstDate: string,
  basePriceCents = 0,
  calledOff: ReadonlySet<string> = new Set(),
): DateOption[] {
  const byDate = new Map<string, AvailabilityRow[]>();
  for (const r of rows) {
    if (r.date < firstDate) continue;
    byDate.set(r.date, [...(byDate.get(r.date) ?? []), r]);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, onDate]) => {
      const display = formatDateAU(date, "full");
      if (onDate.length === 1) {
        const [only] = onDate;
        return { date, display, ...toDeparture(only, basePriceCents, calledOff), ...ownTime(only) };
      }
      const departures = onDate
        .map((r) => ({
          start_time: r.startTime ?? "",
          display: r.startTime ? startTimeText(r.startTime) : "",
          ...toDeparture(r, basePriceCents, calledOff),
        }))
        .sort((a, b) => a.start_time.localeCompare(b.start_time));
      return {
        date,
        display,
        available: departures.some((d) => d.available),
        spots_left: Math.max(...departures.map((d) => d.spots_left)),
        price: Math.min(...departures.map((d) => d.price)),
        published: departures.some((d) => d.published),
        called_off: departures.every((d) => d.called_off),
        departures,
      };
    });
}

function ownTime(r: AvailabilityRow): { start_time?: string } {
  return r.startTime ? { start_time: r.startTime } : {};
}

/** A year of dates is more than anyone scrolls through in a select. */
const MAX_OPTIONS = 120;

/**
 * Dates offered for an adventure, or null when it is unknown or inactive.
 * An adventure whose booking is switched off offers no dates.
 */
export async function listDateOptions(
  db: DB,
  adventureId: string,
  now: Date = new Date(),
): Promise<DateOption[] | null> {
  const [adventure] = await db
    .select({
      isActive: adventures.isActive,
      bookingEnabled: adventures.bookingEnabled,
      advanceBookingDays: adventures.advanceBookingDays,
      bookingCutoffHours: adventures.bookingCutoffHours,
      itinerary: adventures.itinerary,
      basePriceCents: adventures.basePriceCents,
    })
    .from(adventures)
    .where(eq(adventures.id, adventureId))
    .limit(1);
  if (!adventure?.isActive) return null;
  if (!adventure.bookingEnabled) return [];
  const first = firstBookableDate(sydneyDate(now), adventure.advanceBookingDays);
  const rows = await db
    .select({
      date: availability.date,
      startTime: availability.startTime,
      availableSpots: availability.availableSpots,
      bookedSpots: availability.bookedSpots,
      isAvailable: availability.isAvailable,
      priceOverrideCents: availability.priceOverrideCents,
    })
    .from(availability)
    .where(and(eq(availability.adventureId, adventureId), gte(availability.date, first)))
    .orderBy(asc(availability.date), asc(availability.startTime))
    .limit(MAX_OPTIONS);
  const calledOff = await db
    .select({ date: weatherCancellations.date })
    .from(weatherCancellations)
    .where(
      and(
        gte(weatherCancellations.date, first),
        or(eq(weatherCancellations.adventureId, adventureId), isNull(weatherCancellations.adventureId)),
      ),
    );
  // The booking notice's finer part: a departure within the cut-off hours is not offered.
  const open = rows.filter((r) => bookableDate(r.date, now, noticeOf(adventure, r.startTime)));
  return toDateOptions(open, first, adventure.basePriceCents, new Set(calledOff.map((c) => c.date)));
}

/**
 * Takes `spots` on one availability row if, and only if, they are free. The
 * condition sits in the UPDATE itself, so it holds under concurrent requests
 * on PostgreSQL (row lock + re-check) and on PGlite (one connection).
 */
export async function holdSpots(db: DB, availabilityId: string, spots: number): Promise<boolean> {
  const rows = await db
    .update(availability)
    .set({ bookedSpots: sql`${availability.bookedSpots} + ${spots}`, updatedAt: new Date() })
    .where(
      and(
        eq(availability.id, availabilityId),
        eq(availability.isAvailable, true),
        sql`${availability.bookedSpots} + ${spots} <= ${availability.availableSpots}`,
      ),
    )
    .returning({ id: availability.id });
  return rows.length === 1;
}

/**
 * Gives spots back, never below zero, and offers them to the date's waitlist
 * in the same transaction: every path that frees spots comes through here.
 */
export async function freeSpots(
  db: DB,
  availabilityId: string,
  spots: number,
  release: SpotRelease,
): Promise<void> {
  await db
    .update(availability)
    .set({
      bookedSpots: sql`greatest(${availability.bookedSpots} - ${spots}, 0)`,
      updatedAt: release.at,
    })
    .where(eq(availability.id, availabilityId));
  await offerFreedSpots(db, availabilityId, release);
}
