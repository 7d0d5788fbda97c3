/**
 * The manifest's reads: the bookings going ahead on a date with their
 * adventure's facts, their participants, and the next date with a trip. The
 * shape and the assembly are manifest.server's.
 *
 * The manifest is printed and left on a boat, so it carries only a medical
 * STATUS, never the answers: these queries name their columns and leave
 * medical_answers out.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { sydneyDate } from "../../../app/lib/dates.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings, participants } from "../../db/schema.ts";
import { withPaperwork } from "../bookings/price-categories.server.ts";
import { crewKey } from "./crew.server.ts";
import {
  assembleManifest,
  MANIFEST_STATUSES,
  type Manifest,
  type ManifestParticipantRow,
} from "./manifest.server.ts";
import { currentWaiver } from "./waivers.server.ts";

/** One booking of the manifest with its adventure's facts, as the queries of the trip day read it. */
export const manifestBookingColumns = {
  id: bookings.id,
  reference: bookings.reference,
  bookingStatus: bookings.bookingStatus,
  customerFirstName: bookings.customerFirstName,
  customerLastName: bookings.customerLastName,
  customerPhone: bookings.customerPhone,
  customerEmail: bookings.customerEmail,
  groupSize: bookings.groupSize,
  specialRequirements: bookings.specialRequirements,
  adventureId: bookings.adventureId,
  priceLines: bookings.priceLines,
  adventureTitle: adventures.title,
  startTime: bookings.startTime,
  category: adventures.category,
  requiresCertification: adventures.requiresCertification,
  minAge: adventures.minAge,
  meetingPoint: adventures.meetingPoint,
  itinerary: adventures.itinerary,
  selectedDate: bookings.selectedDate,
};

// Explicit columns: medical_answers is left in the database (see the module comment).
const participantColumns = {
  id: participants.id,
  bookingId: participants.bookingId,
  position: participants.position,
  fullName: participants.fullName,
  dateOfBirth: participants.dateOfBirth,
  emergencyContactName: participants.emergencyContactName,
  emergencyContactPhone: participants.emergencyContactPhone,
  heightCm: participants.heightCm,
  weightKg: participants.weightKg,
  wetsuitSize: participants.wetsuitSize,
  finSize: participants.finSize,
  certAgency: participants.certAgency,
  certLevel: participants.certLevel,
  certNumber: participants.certNumber,
  lastDiveDate: participants.lastDiveDate,
  certCheckedAt: participants.certCheckedAt,
  medicalAnsweredAt: participants.medicalAnsweredAt,
  medicalNeedsClearance: participants.medicalNeedsClearance,
  medicalClearanceAt: participants.medicalClearanceAt,
  waiverVersion: participants.waiverVersion,
  checkedInAt: participants.checkedInAt,
};

async function participantsOf(db: DB, bookingIds: string[]): Promise<ManifestParticipantRow[]> {
  if (!bookingIds.length) return [];
  return db
    .select(participantColumns)
    .from(participants)
    .where(inArray(participants.bookingId, bookingIds))
    .orderBy(asc(participants.bookingId), asc(participants.position));
}

function goingAhead() {
  return inArray(bookings.bookingStatus, [...MANIFEST_STATUSES]);
}

/** The first date from `from` on with a booking going ahead, or null: where the manifest opens when today has none. */
export async function nextTripDate(db: DB, from: string): Promise<string | null> {
  const [row] = await db
    .select({ date: sql<string | null>`min(${bookings.selectedDate})` })
    .from(bookings)
    .where(and(gte(bookings.selectedDate, from), goingAhead()));
  return row?.date ?? null;
}

/**
 * The manifest of one date (YYYY-MM-DD), as the screen, the print-out and the CSV show it;
 * `only` limits it to those departures (a Crew member's, as crew keys: dive-ops/crew).
 */
export async function loadManifest(
  db: DB,
  date: string,
  now: Date,
  only: ReadonlySet<string> | null = null,
): Promise<Manifest> {
  const all = await db
    .select(manifestBookingColumns)
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(and(eq(bookings.selectedDate, date), goingAhead()))
    .orderBy(
      asc(bookings.startTime),
      asc(adventures.sortOrder),
      asc(adventures.title),
      asc(bookings.createdAt),
      asc(bookings.id),
    );
  const rows = only ? all.filter((r) => only.has(crewKey(r.adventureId, date, r.startTime ?? ""))) : all;
  const [entered, waiver] = await Promise.all([
    participantsOf(
      db,
      rows.map((r) => r.id),
    ),
    currentWaiver(db),
  ]);
  const people = await withPaperwork(db, rows, entered);
  // Participants accept a waiver once the operator has published one (readiness.ts).
  return assembleManifest(date, sydneyDate(now), rows, people, waiver !== null);
}
