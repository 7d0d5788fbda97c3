/**
 * The people of a booking: one participant row per person of the group
 * (position 1..group size), filled in from the customer's private link or by
 * the operator (participant-save), and the readiness rule of
 * app/lib/readiness.ts applied to them; the operator's view of them is here
 * too. Medical answers are health information: they leave these modules only
 * towards the operator's screens, never into a log line or an email.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  type BookingReadiness,
  bookingReadiness,
  isDivingAdventure,
  minimumAge,
  missingParts,
  participantIssues,
  participantReadiness,
  type ReadinessAdventure,
} from "../../../app/lib/readiness.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, type BookingRow, bookings, type ParticipantRow, participants } from "../../db/schema.ts";
import { notFound } from "../../errors.server.ts";
import { withPaperwork } from "../bookings/price-categories.server.ts";
import { currentWaiver, type WaiverRow } from "./waivers.server.ts";

/** The adventure facts readiness and the participant rules depend on. */
const adventureFacts = {
  category: adventures.category,
  requiresCertification: adventures.requiresCertification,
  minAge: adventures.minAge,
};

export interface ParticipantBooking {
  booking: BookingRow;
  adventure: ReadinessAdventure;
}

/** A booking with the adventure facts its participants are checked against; `lock` takes the booking row. */
export async function loadBooking(db: DB, bookingId: string, lock = false): Promise<ParticipantBooking> {
  const query = db
    .select({ booking: bookings, adventure: adventureFacts })
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: bookings }) : await query;
  if (!row) throw notFound("Booking not found");
  return row;
}

/** A booking's participant rows, by position. */
export async function participantRows(db: DB, bookingId: string): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(participants)
    .where(eq(participants.bookingId, bookingId))
    .orderBy(asc(participants.position));
}

export interface BookingParticipants extends ParticipantBooking {
  participants: ParticipantRow[];
  readiness: BookingReadiness;
  /** The waiver participants accept now; null while the operator has published none. */
  waiver: WaiverRow | null;
}

/**
 * A booking with its participants, the current waiver and its readiness. The
 * reads run one after another: callers pass a transaction too (the readiness
 * emails), and a transaction's client takes one query at a time.
 */
export async function bookingParticipants(db: DB, bookingId: string): Promise<BookingParticipants> {
  const linked = await loadBooking(db, bookingId);
  const rows = await participantRows(db, bookingId);
  const waiver = await currentWaiver(db);
  const people = await withPaperwork(
    db,
    [linked.booking],
    rows.filter((p) => p.position <= linked.booking.groupSize),
  );
  return {
    ...linked,
    participants: people,
    readiness: bookingReadiness(linked.booking.groupSize, people, linked.adventure, waiver !== null),
    waiver,
  };
}

/**
 * The readiness of many bookings at once (the bookings list, the dashboard,
 * the manifest): one query for their participants, one for their adventures
 * and whether a waiver exists. Unknown ids are left out of the map.
 */
export async function readinessForBookings(
  db: DB,
  bookingIds: readonly string[],
): Promise<Map<string, BookingReadiness>> {
  const out = new Map<string, BookingReadiness>();
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return out;
  const [all, facts] = await Promise.all([
    db.select().from(participants).where(inArray(participants.bookingId, ids)),
    db
      .select({
        id: bookings.id,
        adventureId: bookings.adventureId,
        priceLines: bookings.priceLines,
        groupSize: bookings.groupSize,
        ...adventureFacts,
        waiverRequired: sql<boolean>`exists (select 1 from waivers)`,
      })
      .from(bookings)
      .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
      .where(inArray(bookings.id, ids)),
  ]);
  const rows = await withPaperwork(db, facts, all);
  const byBooking = new Map<string, ParticipantRow[]>();
  for (const p of rows) byBooking.set(p.bookingId, [...(byBooking.get(p.bookingId) ?? []), p]);
  for (const f of facts) {
    const people = (byBooking.get(f.id) ?? []).filter((p) => p.position <= f.groupSize);
    out.set(f.id, bookingReadiness(f.groupSize, people, f, Boolean(f.waiverRequired)));
  }
  return out;
}

/* ---------- The operator's view ---------- */

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A participant as the admin API answers it (snake_case, like the body it
 * takes), with its readiness and what its details lack. The medical answers
 * are in here: the admin API is the only place that answers them.
 */
export function adminParticipant(p: ParticipantRow, adventure: ReadinessAdventure, waiverRequired: boolean) {
  return {
    id: p.id,
    booking_id: p.bookingId,
    position: p.position,
    full_name: p.fullName,
    date_of_birth: p.dateOfBirth,
    email: p.email,
    emergency_contact_name: p.emergencyContactName,
    emergency_contact_phone: p.emergencyContactPhone,
    height_cm: p.heightCm,
    weight_kg: p.weightKg,
    wetsuit_size: p.wetsuitSize,
    fin_size: p.finSize,
    cert_agency: p.certAgency,
    cert_level: p.certLevel,
    cert_number: p.certNumber,
    last_dive_date: p.lastDiveDate,
    cert_checked_at: iso(p.certCheckedAt),
    medical_answers: p.medicalAnswers,
    medical_answered_at: iso(p.medicalAnsweredAt),
    medical_needs_clearance: p.medicalNeedsClearance,
    medical_clearance_at: iso(p.medicalClearanceAt),
    /** The doctor's clearance the customer uploaded (its bytes only through the admin file route). */
    medical_clearance_file:
      p.medicalClearanceFile && p.medicalClearanceFileAt
        ? {
            received_at: p.medicalClearanceFileAt.toISOString(),
            mime_type: p.medicalClearanceFileType ?? "",
            size: p.medicalClearanceFileSize ?? 0,
          }
        : null,
    medical_erased_at: iso(p.medicalErasedAt),
    waiver_version: p.waiverVersion,
    waiver_signed_name: p.waiverSignedName,
    waiver_guardian_name: p.waiverGuardianName,
    waiver_accepted_at: iso(p.waiverAcceptedAt),
    checked_in_at: iso(p.checkedInAt),
    updated_at: iso(p.updatedAt),
    readiness: participantReadiness(p, adventure, waiverRequired),
    issues: participantIssues(p, adventure, waiverRequired),
    missing: missingParts(p, adventure),
  };
}
export type AdminParticipant = ReturnType<typeof adminParticipant>;
export type AdminBookingParticipants = Awaited<ReturnType<typeof adminBookingParticipants>>;

/** GET /api/admin/bookings/:id/participants: the booking's readiness and its people. */
export async function adminBookingParticipants(db: DB, bookingId: string) {
  const found = await bookingParticipants(db, bookingId);
  const waiverRequired = found.waiver !== null;
  return {
    readiness: found.readiness,
    booking_id: found.booking.id,
    reference: found.booking.reference,
    adventure_title: found.booking.adventureTitle,
    selected_date: found.booking.selectedDate,
    group_size: found.booking.groupSize,
    requires_certification: found.adventure.requiresCertification,
    diving: isDivingAdventure(found.adventure),
    minimum_age: minimumAge(found.adventure),
    waiver_version: found.waiver?.version ?? null,
    editable: found.booking.bookingStatus === "confirmed",
    participants: found.participants.map((p) => adminParticipant(p, found.adventure, waiverRequired)),
  };
}

/** One saved participant in the operator's shape (after a save or an action). */
export async function adminParticipantView(db: DB, p: ParticipantRow): Promise<AdminParticipant> {
  const [{ booking, adventure }, waiver] = await Promise.all([
    loadBooking(db, p.bookingId),
    currentWaiver(db),
  ]);
  const [marked] = await withPaperwork(db, [booking], [p]);
  return adminParticipant(marked, adventure, waiver !== null);
}
