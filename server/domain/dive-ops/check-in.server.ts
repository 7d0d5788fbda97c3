/** The check-in on the trip day, one participant at a time. */
import { eq, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { bookings, participants } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import { recordAudit } from "../audit/audit.server.ts";

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
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        status: bookings.bookingStatus,
        bookingId: bookings.id,
        checkedInAt: participants.checkedInAt,
      })
      .from(participants)
      .innerJoin(bookings, eq(bookings.id, participants.bookingId))
      .where(eq(participants.id, participantId))
      .limit(1)
      .for("update", { of: participants });
    if (!found) throw notFound("Participant not found");
    if (found.status === "cancelled")
      throw conflict("This booking is cancelled: its participants cannot check in.");
    const [updated] = await tx
      .update(participants)
      .set({
        checkedInAt: checkedIn
          ? sql`coalesce(${participants.checkedInAt}, ${at.toISOString()}::timestamptz)`
          : null,
        updatedAt: at,
      })
      .where(eq(participants.id, participantId))
      .returning({ id: participants.id, checkedInAt: participants.checkedInAt });
    if (!updated) throw notFound("Participant not found");
    // Checking in again keeps the first time: an entry only when the state changed.
    if ((found.checkedInAt === null) !== (updated.checkedInAt === null)) {
      await recordAudit(tx, {
        action: checkedIn ? "check_in" : "undo_check_in",
        entity: "check_in",
        entityId: participantId,
        bookingId: found.bookingId,
        before: { checked_in: found.checkedInAt !== null, checked_in_at: found.checkedInAt },
        after: { checked_in: updated.checkedInAt !== null, checked_in_at: updated.checkedInAt },
      });
    }
    return { ...updated, bookingId: found.bookingId };
  });
  log.info("participant check-in", {
    booking: row.bookingId,
    participant: participantId,
    checked_in: checkedIn,
  });
  return {
    id: row.id,
    checked_in: row.checkedInAt !== null,
    checked_in_at: row.checkedInAt?.toISOString() ?? null,
  };
}
