/**
 * The booking notice: how soon a date may still be booked. Its own module so
 * that availability and the waitlist, which call each other's work, both read
 * it without importing each other.
 */
import { addDays } from "../../../app/lib/dates.ts";

/** Past the adventure's booking notice: the first date a visitor may still book. */
export function firstBookableDate(today: string, advanceBookingDays: number): string {
  return addDays(today, Math.max(0, advanceBookingDays));
}
