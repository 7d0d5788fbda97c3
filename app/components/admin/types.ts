/**
 * Answer shapes of the operations APIs, as the admin screens read them. The
 * server modules that build the answers own the types; these imports are
 * type-only, so no server code reaches the browser.
 */
import type { CrewShort } from "../../lib/crew";

export type { BookingStatus } from "../../../server/db/schema";
export type {
  AdminBooking,
  BookingPage,
  RefundPreview,
} from "../../../server/domain/console/admin-bookings.server";
export type { AdminContactMessage as ContactMessage } from "../../../server/domain/messaging/contact.server";
export type { AdminSubscriber as Subscriber } from "../../../server/domain/messaging/newsletter.server";

export interface AvailabilityEntry {
  id: string;
  adventure_id: string;
  date: string;
  /** A departure's own start time ("HH:MM"), only where it has one. */
  start_time?: string;
  available_spots: number;
  booked_spots: number;
  free_spots: number;
  price_override: number | null;
  notes: string;
  is_available: boolean;
  weather_dependent: boolean;
  /** The crew roles the departure lacks for its guests; only on a departure that is short. */
  crew_short?: CrewShort[];
}
