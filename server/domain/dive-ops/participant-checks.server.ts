/**
 * The operator's ticks on a participant: the doctor's clearance received for
 * answers that need one (and its undo), and the certification seen. Each is
 * recorded once (a second tick keeps the first time), under the participant's
 * row lock.
 */
import { eq } from "drizzle-orm";
import type { ClearanceRecordInput, ClearanceUndoInput } from "../../../app/lib/admin-forms/clearance.ts";
import { sydneyDate } from "../../../app/lib/dates.ts";
import type { DB } from "../../db/client.server.ts";
import { bookings, medicalClearanceEvents, type ParticipantRow, participants } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { PARTICIPANT_REDACTED } from "./participant-audit.ts";

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
 * answers need one, with who recorded it, the doctor, the date on the
 * clearance and a note (`details`; the API's older bodiless call records the
 * time alone). Recording it again keeps the first: a repeated submit (the
 * same request key, or a participant cleared already) changes nothing.
 */
export async function recordMedicalClearance(
  db: DB,
  participantId: string,
  at: Date,
  details?: ClearanceRecordInput,
): Promise<ParticipantRow> {
  if (details && details.cleared_on > sydneyDate(at)) {
    const message = "The date on the clearance cannot be in the future";
    throw badRequest(`cleared_on: ${message}`, { cleared_on: message });
  }
  return db.transaction(async (tx) => {
    const { participant } = await participantForAction(tx, participantId);
    if (!participant.medicalNeedsClearance)
      throw conflict("This participant's medical answers need no clearance.");
    if (participant.medicalClearanceAt) return participant;
    const [event] = await tx
      .insert(medicalClearanceEvents)
      .values({
        participantId,
        kind: "recorded",
        recordedBy: details?.recorded_by ?? "",
        doctor: details?.doctor ?? "",
        clearedOn: details?.cleared_on ?? null,
        note: details?.note ?? "",
        requestKey: details?.request_key ?? null,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: medicalClearanceEvents.id });
    // This form was submitted before (and undone since): the repeat records nothing.
    if (!event) return participant;
    const [saved] = await tx
      .update(participants)
      .set({ medicalClearanceAt: at, updatedAt: at })
      .where(eq(participants.id, participantId))
      .returning();
    await recordAudit(tx, {
      action: "medical_clearance",
      entity: "participant",
      entityId: participantId,
      bookingId: saved.bookingId,
      before: { medical_clearance_at: null },
      after: {
        medical_clearance_at: at,
        recorded_by: details?.recorded_by ?? "",
        doctor: details?.doctor ?? "",
        cleared_on: details?.cleared_on ?? null,
        clearance_note: details?.note ?? "",
      },
      redact: PARTICIPANT_REDACTED,
    });
    return saved;
  });
}

/**
 * Takes a recorded clearance back (recorded in error, or the wrong person's
 * letter): the participant needs one again, so the readiness rule reads them
 * as not ready. The history keeps both. Undoing what is not recorded, or a
 * repeated submit, changes nothing.
 */
export async function undoMedicalClearance(
  db: DB,
  participantId: string,
  at: Date,
  details: ClearanceUndoInput,
): Promise<ParticipantRow> {
  return db.transaction(async (tx) => {
    const { participant } = await participantForAction(tx, participantId);
    if (!participant.medicalClearanceAt) return participant;
    const [event] = await tx
      .insert(medicalClearanceEvents)
      .values({
        participantId,
        kind: "undone",
        recordedBy: details.recorded_by,
        note: details.note,
        requestKey: details.request_key ?? null,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: medicalClearanceEvents.id });
    if (!event) return participant;
    const [saved] = await tx
      .update(participants)
      .set({ medicalClearanceAt: null, updatedAt: at })
      .where(eq(participants.id, participantId))
      .returning();
    await recordAudit(tx, {
      action: "medical_clearance_undo",
      entity: "participant",
      entityId: participantId,
      bookingId: saved.bookingId,
      before: { medical_clearance_at: participant.medicalClearanceAt },
      after: { medical_clearance_at: null, recorded_by: details.recorded_by, clearance_note: details.note },
      redact: PARTICIPANT_REDACTED,
    });
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
    await recordAudit(tx, {
      action: "certification_checked",
      entity: "participant",
      entityId: participantId,
      bookingId: saved.bookingId,
      before: { cert_checked_at: null },
      after: { cert_checked_at: at, cert_agency: saved.certAgency, cert_level: saved.certLevel },
    });
    return saved;
  });
}
