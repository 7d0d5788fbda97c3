/**
 * Medical answers are kept only as long as the trip needs them: a set number
 * of days (MEDICAL_RETENTION_DAYS) after the trip's last day, the answers,
 * the clearance flag and the clearance date of its participants are erased
 * and the erasure is dated, with the doctor's clearance they sent (the file
 * and its facts) and the clearance's history (the operator's notes). Run by the trip email job in every process: the
 * update is conditional on something still being there, so parallel and
 * repeated runs erase each participant once and then find nothing.
 */
import { and, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { addDays, sydneyDate } from "../../../app/lib/dates.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings, medicalClearanceEvents, participants } from "../../db/schema.ts";
import { lastTripDay, tripDays } from "../../email/ics.server.ts";
import { removePrivateFiles } from "../../media/private-store.server.ts";
import { CLEARANCE_FOLDER, eraseClearanceRecords } from "./medical-clearance.server.ts";

/** Something medical is still stored for the participant. */
const holdsMedical = or(
  isNotNull(participants.medicalAnswers),
  eq(participants.medicalNeedsClearance, true),
  isNotNull(participants.medicalClearanceAt),
  isNotNull(participants.medicalClearanceFile),
  // The history outlives a clearance that was undone or voided.
  sql`exists (select 1 from ${medicalClearanceEvents} where ${medicalClearanceEvents.participantId} = ${participants.id})`,
);

/** Whether a trip's medical data is due for erasure on `today`: more than `retentionDays` after its last day. */
export function medicalErasureDue(
  trip: { tripDate: string; tripDays: number },
  today: string,
  retentionDays: number,
): boolean {
  const lastDay = lastTripDay(trip.tripDate, trip.tripDays);
  return addDays(lastDay, retentionDays) < today;
}

/** Erases what is due; answers how many participants were erased. */
export async function eraseExpiredMedicalData(
  db: DB,
  at: Date,
  retentionDays: number,
  dataDir: string,
): Promise<number> {
  const today = sydneyDate(at);
  // Every trip that started early enough; the trip's length decides in code (durations are text).
  const candidates = await db
    .select({ id: participants.id, tripDate: bookings.selectedDate, duration: adventures.duration })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(and(holdsMedical, lte(bookings.selectedDate, addDays(today, -retentionDays - 1))));
  const due = candidates
    .filter((c) =>
      medicalErasureDue({ tripDate: c.tripDate, tripDays: tripDays(c.duration) }, today, retentionDays),
    )
    .map((c) => c.id);
  if (due.length === 0) return 0;
  const { erased, files } = await db.transaction(async (tx) => {
    const held = await tx
      .select({ file: participants.medicalClearanceFile })
      .from(participants)
      .where(and(inArray(participants.id, due), isNotNull(participants.medicalClearanceFile)))
      .for("update");
    const rows = await tx
      .update(participants)
      .set({
        medicalAnswers: null,
        medicalNeedsClearance: false,
        medicalClearanceAt: null,
        medicalClearanceFile: null,
        medicalClearanceFileType: null,
        medicalClearanceFileSize: null,
        medicalClearanceFileAt: null,
        medicalErasedAt: at,
        updatedAt: at,
      })
      .where(and(inArray(participants.id, due), holdsMedical))
      .returning({ id: participants.id });
    await eraseClearanceRecords(
      tx,
      rows.map((r) => r.id),
    );
    return { erased: rows.length, files: held.flatMap((h) => (h.file ? [h.file] : [])) };
  });
  // After the commit: a rolled-back erasure leaves the files its rows still name.
  await removePrivateFiles(dataDir, CLEARANCE_FOLDER, files);
  return erased;
}
