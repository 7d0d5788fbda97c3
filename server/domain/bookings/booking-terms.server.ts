/**
 * The refund terms one booking is under: its adventure's effective policy
 * (content/policy) as it stood when the booking was confirmed (kept on the
 * booking: what its confirmation told the customer), and the date its tiers count from. That date is the
 * booking's date now, or, when the policy says a moved booking keeps its
 * original terms, the date it was first booked for (the first completed
 * change's `from_date`). Its hours count to that departure's own start time
 * where it has one. Cancelling, the manage page, the console's refund
 * preview and the confirmation email all read this one answer.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { atDepartureTime } from "../../../app/lib/departure.ts";
import type { EffectivePolicy } from "../../../app/lib/policy.ts";
import { termsDate } from "../../../app/lib/policy-refund.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, bookingChanges, bookings } from "../../db/schema.ts";
import { adventurePolicy } from "../content/policy.server.ts";

export interface BookingTerms {
  policy: EffectivePolicy;
  /** The trip date the policy's tiers count from. */
  date: string;
}

/** The departure a booking was first booked for, or null when it never moved. */
async function originalDeparture(db: DB, bookingId: string) {
  const [first] = await db
    .select({ date: bookingChanges.fromDate, startTime: bookingChanges.fromStartTime })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, "done")))
    .orderBy(asc(bookingChanges.createdAt))
    .limit(1);
  return first ?? null;
}

export async function bookingTerms(
  db: DB,
  booking: {
    id: string;
    adventureId: string;
    selectedDate: string;
    startTime: string;
    policyTerms?: EffectivePolicy | null;
  },
): Promise<BookingTerms> {
  // The terms kept when it was confirmed; a booking confirmed before they were kept follows today's.
  const kept = booking.policyTerms ?? (await adventurePolicy(db, booking.adventureId));
  const original = kept.movedKeepsOriginalTerms ? await originalDeparture(db, booking.id) : null;
  const date = termsDate(booking.selectedDate, original?.date ?? null, kept);
  // Hours count to the departure the tiers count from: the booked one, or the original one when its terms are kept.
  const policy = atDepartureTime(kept, original ? original.startTime : booking.startTime);
  return { policy, date };
}

/**
 * Keeps the terms in force on the booking, once, when it is confirmed (in the
 * confirming transaction, before the confirmation that states them is composed).
 */
export async function keepBookingTerms<B extends BookingRow>(tx: DB, booking: B): Promise<B> {
  if (booking.policyTerms) return booking;
  const policyTerms = await adventurePolicy(tx, booking.adventureId);
  await tx
    .update(bookings)
    .set({ policyTerms })
    .where(and(eq(bookings.id, booking.id), isNull(bookings.policyTerms)));
  return { ...booking, policyTerms };
}
