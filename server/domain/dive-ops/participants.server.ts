/**
 * The people of a booking: one participant row per person of the group
 * (position 1..group size), filled in from the customer's private link or by
 * the operator, and the readiness rule of app/lib/readiness.ts applied to
 * them. Medical answers are health information: they leave this module only
 * towards the operator's screens, never into a log line or an email.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { sydneyDate } from "../../../app/lib/dates.ts";
import { needsClearance, sameAnswers } from "../../../app/lib/medical.ts";
import {
  participantSchema,
  type WaiverAcceptanceInput,
  waiverAcceptanceSchema,
  waiverSigner,
} from "../../../app/lib/participants.ts";
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
import { badRequest, conflict, HttpError, notFound } from "../../errors.server.ts";
import { validateBody } from "../../security/text.server.ts";
import { revokeParticipantLinks } from "../bookings/booking-links.server.ts";
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

async function loadBooking(db: DB, bookingId: string, lock = false): Promise<ParticipantBooking> {
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

/** A booking with its participants, the current waiver and its readiness. */
export async function bookingParticipants(db: DB, bookingId: string): Promise<BookingParticipants> {
  const [linked, rows, waiver] = await Promise.all([
    loadBooking(db, bookingId),
    participantRows(db, bookingId),
    currentWaiver(db),
  ]);
  const people = rows.filter((p) => p.position <= linked.booking.groupSize);
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
  const [rows, facts] = await Promise.all([
    db.select().from(participants).where(inArray(participants.bookingId, ids)),
    db
      .select({
        id: bookings.id,
        groupSize: bookings.groupSize,
        ...adventureFacts,
        waiverRequired: sql<boolean>`exists (select 1 from waivers)`,
      })
      .from(bookings)
      .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
      .where(inArray(bookings.id, ids)),
  ]);
  const byBooking = new Map<string, ParticipantRow[]>();
  for (const p of rows) byBooking.set(p.bookingId, [...(byBooking.get(p.bookingId) ?? []), p]);
  for (const f of facts) {
    const people = (byBooking.get(f.id) ?? []).filter((p) => p.position <= f.groupSize);
    out.set(f.id, bookingReadiness(f.groupSize, people, f, Boolean(f.waiverRequired)));
  }
  return out;
}

/**
 * Whether a booking's participants may change: not once it is cancelled
 * (nobody is going) or completed (the record of who went), and not before it
 * is paid (the group may still change).
 */
function assertEditable(booking: BookingRow): void {
  if (booking.bookingStatus === "cancelled")
    throw conflict("This booking is cancelled: its participants can no longer be changed.");
  if (booking.bookingStatus === "completed")
    throw conflict("This booking is completed: its participants can no longer be changed.");
  if (booking.bookingStatus !== "confirmed")
    throw conflict("This booking is not paid yet: participants are added once it is confirmed.");
}

function checkPosition(booking: BookingRow, position: number): void {
  if (!Number.isInteger(position) || position < 1 || position > booking.groupSize) {
    const message =
      booking.groupSize === 1 ? "Must be 1 for a group of one" : `Must be from 1 to ${booking.groupSize}`;
    throw badRequest(`position: ${message}`, { position: message });
  }
}

export interface SaveParticipantOptions {
  /** The form's waiver fields (customer only); omitted or with no name typed: no acceptance. */
  waiver?: unknown;
  /** Where the waiver was accepted from: the client address in clear, kept as evidence with the acceptance. */
  clientAddress?: string | null;
  /**
   * Saved from this participant's own link (their id): the row must still be
   * theirs, and their email stays as the group gave it (the link was sent to
   * it; changing it would switch the link off).
   */
  ownLinkOf?: string;
}

/**
 * Saves one participant of a booking (created on first save). Every field
 * is replaced by the body's; the medical answers only when the body carries
 * them. New answers with any "yes" need a doctor's clearance, and a
 * clearance recorded for earlier answers no longer counts; the same answers
 * saved again change nothing. A new certification number needs checking
 * again. A new email switches off the participant's own links (each was
 * sent to the old address). The row is written under the booking's lock, so
 * two saves of the same person end as one of them, whole.
 */
export async function saveParticipant(
  db: DB,
  bookingId: string,
  position: number,
  body: unknown,
  at: Date,
  options: SaveParticipantOptions = {},
): Promise<ParticipantRow> {
  return db.transaction(async (tx) => {
    const { booking, adventure } = await loadBooking(tx, bookingId, true);
    assertEditable(booking);
    checkPosition(booking, position);
    const input = validateBody(
      body,
      participantSchema({ adventure, tripDate: booking.selectedDate, today: sydneyDate(at) }),
    );
    const acceptance = readAcceptance(options.waiver);
    const [existing] = await tx
      .select()
      .from(participants)
      .where(and(eq(participants.bookingId, bookingId), eq(participants.position, position)))
      .limit(1);
    if (options.ownLinkOf !== undefined && existing?.id !== options.ownLinkOf) {
      throw notFound("Participant not found");
    }
    const email = existing && options.ownLinkOf !== undefined ? existing.email : input.email;
    if (existing && existing.email.trim().toLowerCase() !== email.trim().toLowerCase()) {
      await revokeParticipantLinks(tx, existing.id, at);
    }

    const medical =
      input.medical_answers === undefined ||
      sameAnswers(existing?.medicalAnswers ?? null, input.medical_answers)
        ? {}
        : {
            medicalAnswers: input.medical_answers,
            medicalAnsweredAt: at,
            medicalNeedsClearance: needsClearance(input.medical_answers),
            medicalClearanceAt: null,
            medicalErasedAt: null,
          };
    const certChanged =
      !existing ||
      existing.certAgency !== input.cert_agency ||
      existing.certLevel !== input.cert_level ||
      existing.certNumber !== input.cert_number;
    const values = {
      fullName: input.full_name,
      dateOfBirth: input.date_of_birth,
      email,
      emergencyContactName: input.emergency_contact_name,
      emergencyContactPhone: input.emergency_contact_phone,
      heightCm: input.height_cm,
      weightKg: input.weight_kg,
      wetsuitSize: input.wetsuit_size,
      finSize: input.fin_size,
      certAgency: input.cert_agency,
      certLevel: input.cert_level,
      certNumber: input.cert_number,
      lastDiveDate: input.last_dive_date,
      ...(certChanged ? { certCheckedAt: null } : {}),
      ...medical,
      ...(acceptance
        ? await signWaiver(
            tx,
            { fullName: input.full_name, dateOfBirth: input.date_of_birth },
            booking.selectedDate,
            acceptance,
            at,
            options.clientAddress ?? null,
          )
        : {}),
      updatedAt: at,
    };
    const [saved] = await tx
      .insert(participants)
      .values({ bookingId, position, ...values, createdAt: at })
      .onConflictDoUpdate({ target: [participants.bookingId, participants.position], set: values })
      .returning();
    return saved;
  });
}

/** The waiver fields of a form, or null when no name was typed (saving details without accepting). */
function readAcceptance(raw: unknown): WaiverAcceptanceInput | null {
  if (raw === undefined || raw === null) return null;
  const typed = raw as Record<string, unknown>;
  const named = [typed.waiver_name, typed.waiver_guardian_name].some(
    (v) => typeof v === "string" && v.trim() !== "",
  );
  return named ? validateBody(raw, waiverAcceptanceSchema) : null;
}

/**
 * The acceptance columns for the version the participant read. A newer
 * version published while the form was open must be read first (409).
 */
async function signWaiver(
  tx: DB,
  participant: { fullName: string; dateOfBirth: string | null },
  tripDate: string,
  acceptance: WaiverAcceptanceInput,
  at: Date,
  clientAddress: string | null,
) {
  const waiver = await currentWaiver(tx);
  if (!waiver) throw conflict("There is no waiver to accept.");
  if (waiver.version !== acceptance.waiver_version) {
    throw new HttpError(
      409,
      "waiver_version: The waiver has changed since the page was opened; read it again",
      {
        waiver_version: "The waiver has changed since the page was opened; read it again",
      },
    );
  }
  const signer = waiverSigner(participant, tripDate, {
    name: acceptance.waiver_name,
    guardianName: acceptance.waiver_guardian_name,
  });
  if (!signer.ok) throw badRequest(`${signer.field}: ${signer.message}`, { [signer.field]: signer.message });
  return {
    waiverVersion: waiver.version,
    waiverSignedName: signer.signedName,
    waiverGuardianName: signer.guardianName,
    waiverAcceptedAt: at,
    waiverClientAddress: clientAddress,
  };
}

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
  const [{ adventure }, waiver] = await Promise.all([loadBooking(db, p.bookingId), currentWaiver(db)]);
  return adminParticipant(p, adventure, waiver !== null);
}
