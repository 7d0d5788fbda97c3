/**
 * The calendar file attached to a booking confirmation (RFC 5545), in
 * Australia/Sydney time with its VTIMEZONE so every calendar app places the
 * trip correctly, whatever the reader's own zone and whatever the DST state.
 */
import { addDays } from "../../app/lib/dates.ts";
import { itineraryPoints } from "../../app/lib/departure.ts";
import { DEFAULT_SITE_NAME } from "../../app/lib/site.ts";

export interface TripSchedule {
  /** Day offset from the trip date (0 = the booked day) and local 24 h time. */
  start: { day: number; hour: number; minute: number };
  end: { day: number; hour: number; minute: number };
}

/**
 * The length an adventure advertises in hours or minutes ("3 hours",
 * "Full day (7 hours)", "1.5 hours", "90 minutes"), in minutes; null when it
 * advertises none or counts days or nights instead (a multi-day trip's hours
 * are not its length).
 */
export function advertisedMinutes(duration: string): number | null {
  if (/\d+\s*(?:days?|nights?)\b/i.test(duration) || /overnight/i.test(duration)) return null;
  const hours = /(\d+(?:\.\d+)?)\s*(?:hours?|hrs?)\b/i.exec(duration);
  const minutes = /(\d+)\s*(?:minutes?|mins?)\b/i.exec(duration);
  if (!hours && !minutes) return null;
  const total = Math.round((hours ? Number(hours[1]) * 60 : 0) + (minutes ? Number(minutes[1]) : 0));
  return total > 0 ? total : null;
}

/**
 * Start and end from the itinerary ("8:00 AM - Meet...", "Day 2, 3:00 PM - ...").
 * The trip ends when it says it does: the start plus the advertised duration
 * when that is in hours (a "3 hours" trip is a 3-hour event, whatever its
 * last step); otherwise an hour after the last listed step starts, or
 * `fallbackHours` after a lone time. Null when the itinerary gives no times
 * (the event is then all-day).
 */
export function scheduleFromItinerary(
  itinerary: string[],
  duration: string,
  fallbackHours = 3,
): TripSchedule | null {
  const points = itineraryPoints(itinerary);
  if (points.length === 0) return null;
  const start = points[0];
  const key = (p: { day: number; hour: number; minute: number }) => p.day * 1440 + p.hour * 60 + p.minute;
  const last = points.reduce((a, b) => (key(b) > key(a) ? b : a), start);
  const advertised = advertisedMinutes(duration);
  const endMinutes =
    advertised !== null
      ? key(start) + advertised
      : key(last) === key(start)
        ? key(start) + fallbackHours * 60
        : key(last) + 60;
  const end = {
    day: Math.floor(endMinutes / 1440),
    hour: Math.floor((endMinutes % 1440) / 60),
    minute: endMinutes % 60,
  };
  return { start, end };
}

/**
 * The schedule of one departure: at its own start time where it has one, for
 * as long as the itinerary's trip lasts (its advertised hours, else its steps,
 * else `fallbackHours`); the itinerary's schedule where it has none.
 */
export function departureSchedule(
  itinerary: string[],
  duration: string,
  startTime: string,
  fallbackHours = 3,
): TripSchedule | null {
  const planned = scheduleFromItinerary(itinerary, duration, fallbackHours);
  if (!startTime) return planned;
  const key = (p: { day: number; hour: number; minute: number }) => p.day * 1440 + p.hour * 60 + p.minute;
  const length = planned
    ? key(planned.end) - key(planned.start)
    : (advertisedMinutes(duration) ?? fallbackHours * 60);
  const startMinutes = Number(startTime.slice(0, 2)) * 60 + Number(startTime.slice(3, 5));
  const at = (minutes: number) => ({
    day: Math.floor(minutes / 1440),
    hour: Math.floor((minutes % 1440) / 60),
    minute: minutes % 60,
  });
  return { start: at(startMinutes), end: at(startMinutes + length) };
}

export interface BookingEvent {
  uid: string;
  date: string;
  title: string;
  description: string;
  location: string;
  schedule: TripSchedule | null;
  /** Multi-day trips without times span this many days. */
  days?: number;
  organizerEmail?: string;
  organizerName?: string;
  url?: string;
  stamp?: Date;
}

const SYDNEY_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Australia/Sydney",
  "X-LIC-LOCATION:Australia/Sydney",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+1100",
  "TZOFFSETTO:+1000",
  "TZNAME:AEST",
  "DTSTART:19700405T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+1000",
  "TZOFFSETTO:+1100",
  "TZNAME:AEDT",
  "DTSTART:19701004T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

export function escapeText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds a content line at 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  const limit = () => (parts.length === 0 ? 75 : 74);
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit()) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const compactDate = (iso: string) => iso.replaceAll("-", "");
const two = (n: number) => String(n).padStart(2, "0");
const localTime = (date: string, p: { day: number; hour: number; minute: number }) =>
  `${compactDate(addDays(date, p.day))}T${two(p.hour)}${two(p.minute)}00`;
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function buildBookingIcs(event: BookingEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    // The product that made the file, not a name a guest reads: the default, whatever the settings say.
    `PRODID:-//${DEFAULT_SITE_NAME}//Bookings//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...SYDNEY_VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp ?? new Date())}`,
  ];
  if (event.schedule) {
    lines.push(`DTSTART;TZID=Australia/Sydney:${localTime(event.date, event.schedule.start)}`);
    lines.push(`DTEND;TZID=Australia/Sydney:${localTime(event.date, event.schedule.end)}`);
  } else {
    lines.push(`DTSTART;VALUE=DATE:${compactDate(event.date)}`);
    lines.push(`DTEND;VALUE=DATE:${compactDate(addDays(event.date, Math.max(1, event.days ?? 1)))}`);
  }
  lines.push(`SUMMARY:${escapeText(event.title)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  if (event.organizerEmail) {
    const cn = event.organizerName ? `;CN=${event.organizerName.replace(/[";:,]/g, " ")}` : "";
    lines.push(`ORGANIZER${cn}:mailto:${event.organizerEmail}`);
  }
  lines.push("STATUS:CONFIRMED", "TRANSP:OPAQUE", "END:VEVENT", "END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/** A trip's last calendar day (YYYY-MM-DD), from its first day and the days it spans. */
export function lastTripDay(tripDate: string, days: number): string {
  return addDays(tripDate, Math.max(1, days) - 1);
}

/** Whole days a trip spans, from its duration text ("2 days (weekend)", "Overnight (1 night)"). */
export function tripDays(duration: string): number {
  const days = /(\d+)\s*days?/i.exec(duration);
  if (days) return Math.max(1, Number(days[1]));
  const nights = /(\d+)\s*nights?/i.exec(duration);
  if (nights) return Number(nights[1]) + 1;
  return 1;
}
