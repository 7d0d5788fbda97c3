/**
 * Which booking status may follow which: completed from pending_payment or
 * confirmed (payments confirm bookings automatically, so a confirmed trip is
 * completed too), cancelled from anything but cancelled. Nothing else.
 */
import { BOOKING_STATUSES, type BookingStatus } from "../../db/schema.ts";

const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  pending_payment: ["completed", "cancelled"],
  confirmed: ["completed", "cancelled"],
  completed: ["cancelled"],
  cancelled: [],
};

export function nextStatuses(from: BookingStatus): readonly BookingStatus[] {
  return TRANSITIONS[from] ?? [];
}

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return nextStatuses(from).includes(to);
}

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === "string" && (BOOKING_STATUSES as readonly string[]).includes(value);
}

/** "pending payment" for pending_payment, as messages show it. */
export function statusLabel(status: BookingStatus): string {
  return status.replace("_", " ");
}
