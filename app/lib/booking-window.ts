/**
 * The booking notice: how soon a date may still be booked. One rule for the
 * public date picker (the /book loader's dates), the booking form, the API's
 * create booking, the waitlist and late payments.
 *
 * - `advance_booking_days`: the first bookable date is today (Sydney) plus
 *   these days;
 * - `booking_cutoff_hours` (off when null): bookings close this many hours
 *   before the departure's start (its own start time, else the itinerary's,
 *   in Sydney, or the start of the trip's day), a finer limit beside the days.
 */
import { addDays, sydneyDate } from "./dates.ts";
import { departureAt, departureStartMinutes } from "./departure.ts";

/** Past the adventure's booking notice: the first date a visitor may still book. */
export function firstBookableDate(today: string, advanceBookingDays: number): string {
  return addDays(today, Math.max(0, advanceBookingDays));
}

export interface BookingNotice {
  advanceBookingDays: number;
  bookingCutoffHours: number | null;
  /** The departure's start, minutes after midnight Sydney; null when the itinerary gives none. */
  startMinutes: number | null;
}

/** An adventure's notice from its fields (row or API shape), for a departure at `startTime` ("" = the itinerary's time). */
export function noticeOf(
  a: {
    advanceBookingDays: number;
    bookingCutoffHours: number | null;
    itinerary: readonly string[];
  },
  startTime = "",
): BookingNotice {
  return {
    advanceBookingDays: a.advanceBookingDays,
    bookingCutoffHours: a.bookingCutoffHours,
    startMinutes: departureStartMinutes(startTime, a.itinerary),
  };
}

/** May `date` still be booked at `at` under the adventure's notice? */
export function bookableDate(date: string, at: Date, notice: BookingNotice): boolean {
  if (date < firstBookableDate(sydneyDate(at), notice.advanceBookingDays)) return false;
  if (notice.bookingCutoffHours === null) return true;
  return (
    departureAt(date, notice.startMinutes).getTime() - at.getTime() >= notice.bookingCutoffHours * 3_600_000
  );
}

/** "Bookings close 18 hours before the departure." for the booking form, or null when only the days apply. */
export function bookingCutoffText(hours: number | null): string | null {
  if (hours === null) return null;
  return `Bookings close ${hours} ${hours === 1 ? "hour" : "hours"} before the departure.`;
}
