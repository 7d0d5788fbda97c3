/**
 * The operator's ticks on a participant: the doctor's clearance received for
 * answers that need one, and the certification seen. Each is recorded once
 * (a second tick keeps the first time), under the participant's row lock.
 */
import { eq } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { bookings, type ParticipantRow, participants } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";

async function participantForAction(tx: DB, participantId: string) {
  const [row] = await tx
    .select({ participant: participants, booking: bookings })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(eq(participants.id, participantId))
    .limit(1)
    .for("update", { of: participants });
  if (!row) throw notFound("Participant not found");
  if (row.booking.bookingStatus === "cancelled")
    throw conflict("This booking is cancelled: its participants can no longer be changed.");
  return row;
}

/**
 * The operator received the doctor's clearance for a participant whose
 * answers need one. Recording it twice keeps the first time.
 */
export async function recordMedicalClearance(
  db: DB,
  participantId: string,
  at: Date,
): Promise<ParticipantRow> {
  return db.transaction(async (tx) => {
    const { participant } = await participantForAction(tx, participantId);
    if (!participant.medicalNeedsClearance)
      throw conflict("This participant's medical answers need no clearance.");
    if (participant.medicalClearanceAt) return participant;
    const [saved] = await tx
      .update(participants)
      .set({ medicalClearanceAt: at, updatedAt: at })
      .where(eq(participants.id, participantId))
      .returning();
    return saved;
  });
}

/** The operator has seen the certification card or checked the agency's record. */
export async function markCertificationChecked(
  db: DB,
  participantId: string,
  at: Date,
): Promise<ParticipantRow> {
  return db.transaction(async (tx) => {
    const { participant } = await participantForAction(tx, participantId);
    if (participant.certNumber === "")
      throw conflict("This participant has given no certification to check.");
    if (participant.certCheckedAt) return participant;
    const [saved] = await tx
      .update(participants)
      .set({ certCheckedAt: at, updatedAt: at })
      .where(eq(participants.id, participantId))
      .returning();
    return saved;
  });
}
