/**
 * The refund terms one booking is under: its adventure's effective policy
 * (content/policy) and the date its tiers count from. That date is the
 * booking's date now, or, when the policy says a moved booking keeps its
 * original terms, the date it was first booked for (the first completed
 * change's `from_date`). Cancelling, the manage page, the console's refund
 * preview and the confirmation email all read this one answer.
 */
import { and, asc, eq } from "drizzle-orm";
import { type EffectivePolicy, termsDate } from "../../../app/lib/policy.ts";
import type { DB } from "../../db/client.server.ts";
import { bookingChanges } from "../../db/schema.ts";
import { adventurePolicy } from "../content/policy.server.ts";

export interface BookingTerms {
  policy: EffectivePolicy;
  /** The trip date the policy's tiers count from. */
  date: string;
}

/** The date a booking was first booked for, or null when it never moved. */
async function originalDate(db: DB, bookingId: string): Promise<string | null> {
  const [first] = await db
    .select({ fromDate: bookingChanges.fromDate })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, "done")))
    .orderBy(asc(bookingChanges.createdAt))
    .limit(1);
  return first?.fromDate ?? null;
}

export async function bookingTerms(
  db: DB,
  booking: { id: string; adventureId: string; selectedDate: string },
): Promise<BookingTerms> {
  const policy = await adventurePolicy(db, booking.adventureId);
  const original = policy.movedKeepsOriginalTerms ? await originalDate(db, booking.id) : null;
  return { policy, date: termsDate(booking.selectedDate, original, policy) };
}
