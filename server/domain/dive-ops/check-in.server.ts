/** The check-in on the trip day, one participant at a time. */
import { eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { bookings, participants } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";

export interface CheckIn {
  id: string;
  checked_in: boolean;
  checked_in_at: string | null;
}

/**
 * Checks a participant in on the day (or undoes it). Idempotent: checking in
 * again keeps the first time; a participant of a cancelled booking is not
 * checked in.
 */
export async function setCheckIn(
  db: DB,
  log: Logger,
  participantId: string,
  checkedIn: boolean,
  at: Date,
): Promise<CheckIn> {
  const [found] = await db
    .select({ status: bookings.bookingStatus, bookingId: bookings.id })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(eq(participants.id, participantId))
    .limit(1);
  if (!found) throw notFound("Participant not found");
  if (found.status === "cancelled")
    throw conflict("This booking is cancelled: its participants cannot check in.");
  const [row] = await db
    .update(participants)
    .set({
      checkedInAt: checkedIn
        ? sql`coalesce(${participants.checkedInAt}, ${at.toISOString()}::timestamptz)`
        : null,
      updatedAt: at,
    })
    .where(eq(participants.id, participantId))
    .returning({ id: participants.id, checkedInAt: participants.checkedInAt });
  if (!row) throw notFound("Participant not found");
  log.info("participant check-in", {
    booking: found.bookingId,
    participant: participantId,
    checked_in: checkedIn,
  });
  return {
    id: row.id,
    checked_in: row.checkedInAt !== null,
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
  };
}
