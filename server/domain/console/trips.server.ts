/**
 * Every trip of a day or a week, across all adventures: each departure with
 * its spots, its confirmed bookings and people, how many of those bookings
 * are ready (the one readiness rule), and whether it is closed or called off
 * for weather, its crew and the crew it is short of. One query per table,
 * whatever the number of departures.
 * A day's departures run in time order: those without a time of their own
 * (their adventure's usual time) first, as they always listed, then by start time.
 */
import { and, asc, between, eq, inArray } from "drizzle-orm";
import { type CrewNeeds, type CrewShort, crewShortfall } from "../../../app/lib/crew.ts";
import { addDays } from "../../../app/lib/dates.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, bookings, weatherCancellations } from "../../db/schema.ts";
import { type CrewMember, crewOf } from "../dive-ops/crew.server.ts";
import { readinessForBookings } from "../dive-ops/participants.server.ts";

/** Bookings that are trips: paid or settled, not waiting for a checkout. */
const ON_THE_TRIP = ["confirmed", "completed"] as const;

export interface TripDeparture {
  availability_id: string;
  adventure_id: string;
  adventure_title: string;
  /** The departure's own start time ("HH:MM", Sydney), "" when it keeps the adventure's. */
  start_time: string;
  available_spots: number;
  /** Spots taken, also by checkouts still open. */
  booked_spots: number;
  free_spots: number;
  is_available: boolean;
  called_off: boolean;
  bookings: number;
  people: number;
  /** Confirmed bookings whose whole group is ready, and those that are not. */
  ready: number;
  not_ready: number;
  /** Who works it, and the crew roles it is short of for the people booked (app/lib/crew.ts). */
  crew: CrewMember[];
  crew_short: CrewShort[];
  /** The adventure's crew needs (guests per person of each role). */
  crew_needs: CrewNeeds;
}

export interface TripDay {
  date: string;
  departures: TripDeparture[];
}

export async function tripDays(db: DB, from: string, days: number): Promise<TripDay[]> {
  const to = addDays(from, days - 1);
  const [slots, trips, calledOff] = await Promise.all([
    db
      .select({
        slot: availability,
        title: adventures.title,
        sort: adventures.sortOrder,
        needs: adventures.crewNeeded,
      })
      .from(availability)
      .innerJoin(adventures, eq(adventures.id, availability.adventureId))
      .where(between(availability.date, from, to))
      .orderBy(
        asc(availability.date),
        asc(availability.startTime),
        asc(adventures.sortOrder),
        asc(adventures.title),
      ),
    db
      .select({ id: bookings.id, slot: bookings.availabilityId, people: bookings.groupSize })
      .from(bookings)
      .where(
        and(between(bookings.selectedDate, from, to), inArray(bookings.bookingStatus, [...ON_THE_TRIP])),
      ),
    db
      .select()
      .from(weatherCancellations)
      .where(between(weatherCancellations.date, from, to)),
  ]);
  const readiness = await readinessForBookings(
    db,
    trips.map((t) => t.id),
  );
  const crews = await crewOf(
    db,
    slots.map(({ slot }) => slot.id),
  );
  const out: TripDay[] = Array.from({ length: days }, (_, i) => ({ date: addDays(from, i), departures: [] }));
  for (const { slot, title, needs } of slots) {
    const crew = crews.get(slot.id) ?? [];
    const mine = trips.filter((t) => t.slot === slot.id);
    const ready = mine.filter((t) => readiness.get(t.id)?.status === "ready").length;
    out
      .find((d) => d.date === slot.date)
      ?.departures.push({
        availability_id: slot.id,
        adventure_id: slot.adventureId,
        adventure_title: title,
        start_time: slot.startTime,
        available_spots: slot.availableSpots,
        booked_spots: slot.bookedSpots,
        free_spots: Math.max(0, slot.availableSpots - slot.bookedSpots),
        is_available: slot.isAvailable,
        // A call-off names one adventure, or every adventure of its date.
        called_off: calledOff.some(
          (w) => w.date === slot.date && (w.adventureId === null || w.adventureId === slot.adventureId),
        ),
        bookings: mine.length,
        people: mine.reduce((sum, t) => sum + t.people, 0),
        ready,
        not_ready: mine.length - ready,
        crew,
        crew_needs: needs,
        crew_short: crewShortfall(
          needs,
          slot.bookedSpots,
          crew.map((c) => c.role),
        ),
      });
  }
  return out;
}
