/**
 * When a departure starts: the times an adventure's itinerary lists ("8:00 AM
 * - Meet...", "Day 2, 3:00 PM - ..."), Sydney local time. One reading for the
 * calendar file, the emails' start time, the cancellation tiers counted in
 * hours and the booking cut-off.
 */
import { formatDateAU, sydneyInstant } from "./dates.ts";

export interface ItineraryPoint {
  /** Day offset from the trip date (0 = the booked day) and local 24 h time. */
  day: number;
  hour: number;
  minute: number;
}

const ITINERARY_TIME = /^\s*(?:Day\s+(\d+)\s*,\s*)?(\d{1,2}):(\d{2})\s*(AM|PM)\b/i;

/** The clock times the itinerary lists, in its order. */
export function itineraryPoints(itinerary: readonly string[]): ItineraryPoint[] {
  const points: ItineraryPoint[] = [];
  for (const line of itinerary) {
    const m = ITINERARY_TIME.exec(line);
    if (!m) continue;
    const day = m[1] ? Math.max(0, Number(m[1]) - 1) : (points.at(-1)?.day ?? 0);
    let hour = Number(m[2]) % 12;
    if (m[4].toUpperCase() === "PM") hour += 12;
    const minute = Number(m[3]);
    if (minute > 59) continue;
    points.push({ day, hour, minute });
  }
  return points;
}

/** The departure's start, minutes after midnight Sydney time on the trip date, or null when the itinerary gives no time. */
export function startMinutesOf(itinerary: readonly string[]): number | null {
  const first = itineraryPoints(itinerary)[0];
  return first ? first.day * 1440 + first.hour * 60 + first.minute : null;
}

/**
 * The instant a departure starts: the adventure's start time on the trip date
 * in Australia/Sydney where one is known, otherwise the start of the trip's
 * day (midnight, Sydney). Rules counted in hours before the departure count
 * back from here.
 */
export function departureAt(tripDate: string, startMinutes: number | null): Date {
  return sydneyInstant(tripDate, startMinutes ?? 0);
}

/** A departure's own start time: "HH:MM", 24-hour, Sydney time. */
export const START_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of an "HH:MM" start time. */
function minutesOf(startTime: string): number {
  return Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3, 5));
}

/**
 * When the departure starts, minutes after midnight Sydney: its own start time
 * where its date has one ("" when not), else the adventure's itinerary time.
 */
export function departureStartMinutes(startTime: string, itinerary: readonly string[]): number | null {
  return startTime ? minutesOf(startTime) : startMinutesOf(itinerary);
}

/** "1:00 pm" for "13:00", the way times read elsewhere on the site (en-AU). */
export function startTimeText(startTime: string): string {
  const minutes = minutesOf(startTime);
  const hour = Math.floor(minutes / 60);
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${startTime.slice(3, 5)} ${hour < 12 ? "am" : "pm"}`;
}

/** The departure in words: its date, and its start time when it has one ("Saturday, 6 December 2026, 1:00 pm"). */
export function departureText(
  date: string,
  startTime: string,
  style: "short" | "long" | "full" = "long",
): string {
  const day = formatDateAU(date, style);
  return startTime ? `${day}, ${startTimeText(startTime)}` : day;
}

/**
 * Rules counted in hours before a departure (refund tiers, the change cut-off)
 * counted to this departure's own start time where it has one; a departure
 * without one keeps the time the policy was given (the itinerary's).
 */
export function atDepartureTime<P extends { startMinutes: number | null }>(policy: P, startTime: string): P {
  return startTime ? { ...policy, startMinutes: minutesOf(startTime) } : policy;
}

/**
 * A departure's name in lists and plans: its date ("2026-12-06") when it has
 * no time of its own, else its local Sydney date-time ("2026-12-06T13:00",
 * ISO 8601). Sorted as text, a date's departures follow the date in time order.
 */
export function departureKey(date: string, startTime: string): string {
  return startTime ? `${date}T${startTime}` : date;
}

/** The date and start time ("" when none) a departure key names. */
export function splitDepartureKey(key: string): { date: string; startTime: string } {
  const [date, startTime = ""] = key.split("T");
  return { date, startTime };
}

/**
 * A date keeps either departures that each have a start time, or its one
 * departure without a time (which keeps the adventure's own time): true when
 * a departure at `startTime` would sit beside one of the other kind. The
 * public form names a date's departures by their times, so it could not name
 * one without a time among timed ones.
 */
export function mixesDepartureKinds(startTime: string, onDate: readonly { startTime: string }[]): boolean {
  const timed = startTime !== "";
  return onDate.some((r) => (r.startTime !== "") !== timed);
}
