import { addDays, BUSINESS_TZ } from "./dates.ts";

/** A trip's clock times: day offset from the trip date and Sydney local 24 h time. */
export interface TripTimes {
  start: { day: number; hour: number; minute: number };
  end: { day: number; hour: number; minute: number };
}

export interface CalendarTrip {
  title: string;
  /** The trip date, YYYY-MM-DD (Sydney calendar day). */
  date: string;
  /** Clock times from the itinerary, or null for an all-day event. */
  times: TripTimes | null;
  /** Days an all-day trip spans (at least 1). */
  days: number;
  details: string;
  location: string;
}

const compact = (isoDate: string) => isoDate.replaceAll("-", "");
const two = (n: number) => String(n).padStart(2, "0");
const local = (isoDate: string, t: TripTimes["start"]) =>
  `${compact(addDays(isoDate, t.day))}T${two(t.hour)}${two(t.minute)}00`;

/**
 * Google Calendar's "add event" template link for a trip. Timed trips are
 * given in Sydney local time with ctz=Australia/Sydney (the same times as the
 * .ics file), so the event lands right whatever the reader's own zone; trips
 * without times are all-day events whose end date is exclusive, as Google
 * and iCalendar both count it.
 */
export function googleCalendarUrl(trip: CalendarTrip): string {
  const dates = trip.times
    ? `${local(trip.date, trip.times.start)}/${local(trip.date, trip.times.end)}`
    : `${compact(trip.date)}/${compact(addDays(trip.date, Math.max(1, trip.days)))}`;
  const params = new URLSearchParams({ action: "TEMPLATE", text: trip.title, dates });
  if (trip.times) params.set("ctz", BUSINESS_TZ);
  if (trip.details) params.set("details", trip.details);
  if (trip.location) params.set("location", trip.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}
