/**
 * The trip-day manifest: every booking that goes ahead on one date, across
 * adventures, with each person's readiness, gear sizes, certification and
 * emergency contact; the check-in on the day; marking the date completed
 * after the trip; and the upcoming bookings that are not ready yet.
 *
 * The manifest is printed and left on a boat, so it carries only a medical
 * STATUS (clearance needed / received / no medical issues), never the
 * answers: its queries name their columns and leave medical_answers out.
 */
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { addDays, sydneyDate } from "../../../app/lib/dates.ts";
import { MEDICAL_STATUS_LABELS, type MedicalStatus } from "../../../app/lib/manifest.ts";
import {
  ageOn,
  type BookingReadiness,
  bookingReadiness,
  isDivingAdventure,
  participantIssues,
  type Readiness,
  type ReadinessAdventure,
  type ReadinessParticipant,
} from "../../../app/lib/readiness.ts";
import { csvLine, csvRecord } from "../../csv.server.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, type BookingStatus, bookings, participants } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import { canTransition } from "../bookings/booking-status.ts";
import { readinessForBookings } from "./participants.server.ts";
import { currentWaiver } from "./waivers.server.ts";

/** The bookings that go ahead: paid and not cancelled (a completed one is a trip that went ahead). */
export const MANIFEST_STATUSES = ["confirmed", "completed"] as const satisfies readonly BookingStatus[];

export interface ManifestParticipant {
  id: string;
  position: number;
  full_name: string;
  /** Whole years on the trip date, or null without a date of birth. */
  age: number | null;
  readiness: Readiness;
  issues: Exclude<Readiness, "ready">[];
  height_cm: number | null;
  weight_kg: number | null;
  wetsuit_size: string;
  fin_size: string;
  cert_agency: string;
  cert_level: string;
  cert_number: string;
  last_dive_date: string | null;
  cert_checked: boolean;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  /** not_applicable for trips without diving; not_answered until the questionnaire is in. */
  medical: MedicalStatus;
  checked_in: boolean;
  checked_in_at: string | null;
}

export interface ManifestBooking {
  id: string;
  reference: string;
  booking_status: BookingStatus;
  customer_name: string;
  customer_phone: string;
  customer_email: string;
  group_size: number;
  special_requirements: string;
  readiness: BookingReadiness;
  participants: ManifestParticipant[];
  /** Positions of the group with no participant entered yet ("Participant 2 — details missing"). */
  missing_positions: number[];
}

export interface ManifestAdventure {
  adventure_id: string;
  title: string;
  diving: boolean;
  requires_certification: boolean;
  people: number;
  bookings: ManifestBooking[];
}

export interface ManifestTotals {
  bookings: number;
  /** Every person booked (group sizes), entered or not. */
  people: number;
  ready: number;
  /** people - ready: includes the persons not entered yet. */
  not_ready: number;
  checked_in: number;
}

export interface Manifest {
  date: string;
  /** The Sydney day the answer was made on. */
  today: string;
  /** Mark date completed is offered from the trip day on (and only with confirmed bookings left). */
  can_complete: boolean;
  /** Confirmed bookings a "mark date completed" would complete. */
  to_complete: number;
  totals: ManifestTotals;
  adventures: ManifestAdventure[];
}

/** One booking of the date, with its adventure's facts (what the queries below read). */
export interface ManifestBookingRow {
  id: string;
  reference: string;
  bookingStatus: BookingStatus;
  customerFirstName: string;
  customerLastName: string;
  customerPhone: string;
  customerEmail: string;
  groupSize: number;
  specialRequirements: string;
  adventureId: string;
  adventureTitle: string;
  category: string;
  requiresCertification: boolean;
  minAge: number;
}

/** A participant as the manifest reads it: every readiness fact, no medical answers. */
export interface ManifestParticipantRow extends ReadinessParticipant {
  id: string;
  bookingId: string;
  position: number;
  checkedInAt: Date | null;
}

function medicalStatus(p: ManifestParticipantRow, diving: boolean): MedicalStatus {
  if (!diving) return "not_applicable";
  if (p.medicalNeedsClearance) return p.medicalClearanceAt ? "clearance_received" : "clearance_needed";
  return p.medicalAnsweredAt ? "no_medical_issues" : "not_answered";
}

function adventureFacts(b: ManifestBookingRow): ReadinessAdventure {
  return { category: b.category, requiresCertification: b.requiresCertification, minAge: b.minAge };
}

function toParticipant(
  p: ManifestParticipantRow,
  adventure: ReadinessAdventure,
  date: string,
  waiverRequired: boolean,
): ManifestParticipant {
  const issues = participantIssues(p, adventure, waiverRequired);
  return {
    id: p.id,
    position: p.position,
    full_name: p.fullName,
    age: p.dateOfBirth ? ageOn(p.dateOfBirth, date) : null,
    readiness: issues[0] ?? "ready",
    issues,
    height_cm: p.heightCm,
    weight_kg: p.weightKg,
    wetsuit_size: p.wetsuitSize,
    fin_size: p.finSize,
    cert_agency: p.certAgency,
    cert_level: p.certLevel,
    cert_number: p.certNumber,
    last_dive_date: p.lastDiveDate,
    cert_checked: p.certCheckedAt !== null,
    emergency_contact_name: p.emergencyContactName,
    emergency_contact_phone: p.emergencyContactPhone,
    medical: medicalStatus(p, isDivingAdventure(adventure)),
    checked_in: p.checkedInAt !== null,
    checked_in_at: p.checkedInAt?.toISOString() ?? null,
  };
}

/**
 * The manifest from its rows: bookings grouped by adventure in the order
 * given (the query orders adventures as the site lists them), participants
 * by position, readiness by the one rule in app/lib/readiness.
 */
export function assembleManifest(
  date: string,
  today: string,
  rows: readonly ManifestBookingRow[],
  people: readonly ManifestParticipantRow[],
  waiverRequired: boolean,
): Manifest {
  const byBooking = new Map<string, ManifestParticipantRow[]>();
  for (const p of [...people].sort((a, b) => a.position - b.position)) {
    const list = byBooking.get(p.bookingId) ?? [];
    list.push(p);
    byBooking.set(p.bookingId, list);
  }
  const groups = new Map<string, ManifestAdventure>();
  const totals: ManifestTotals = { bookings: 0, people: 0, ready: 0, not_ready: 0, checked_in: 0 };
  let toComplete = 0;
  for (const b of rows) {
    const adventure = adventureFacts(b);
    // A row past the group size is left from a larger group: nobody of this booking (as readinessForBookings).
    const own = (byBooking.get(b.id) ?? []).filter((p) => p.position <= b.groupSize);
    const entered = new Set(own.map((p) => p.position));
    const booking: ManifestBooking = {
      id: b.id,
      reference: b.reference,
      booking_status: b.bookingStatus,
      customer_name: `${b.customerFirstName} ${b.customerLastName}`.trim(),
      customer_phone: b.customerPhone,
      customer_email: b.customerEmail,
      group_size: b.groupSize,
      special_requirements: b.specialRequirements,
      readiness: bookingReadiness(b.groupSize, own, adventure, waiverRequired),
      participants: own.map((p) => toParticipant(p, adventure, date, waiverRequired)),
      missing_positions: Array.from({ length: b.groupSize }, (_, i) => i + 1).filter((n) => !entered.has(n)),
    };
    let group = groups.get(b.adventureId);
    if (!group) {
      group = {
        adventure_id: b.adventureId,
        title: b.adventureTitle,
        diving: isDivingAdventure(adventure),
        requires_certification: b.requiresCertification,
        people: 0,
        bookings: [],
      };
      groups.set(b.adventureId, group);
    }
    group.bookings.push(booking);
    group.people += b.groupSize;
    totals.bookings += 1;
    totals.people += b.groupSize;
    totals.ready += booking.participants.filter((p) => p.readiness === "ready").length;
    totals.checked_in += booking.participants.filter((p) => p.checked_in).length;
    if (canTransition(b.bookingStatus, "completed")) toComplete += 1;
  }
  totals.not_ready = totals.people - totals.ready;
  return {
    date,
    today,
    can_complete: date <= today && toComplete > 0,
    to_complete: toComplete,
    totals,
    adventures: [...groups.values()],
  };
}

/* ---------- Queries ---------- */

const bookingColumns = {
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
  adventureTitle: adventures.title,
  category: adventures.category,
  requiresCertification: adventures.requiresCertification,
  minAge: adventures.minAge,
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

/** The manifest of one date (YYYY-MM-DD), as the screen, the print-out and the CSV show it. */
export async function loadManifest(db: DB, date: string, now: Date): Promise<Manifest> {
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(and(eq(bookings.selectedDate, date), goingAhead()))
    .orderBy(asc(adventures.sortOrder), asc(adventures.title), asc(bookings.createdAt), asc(bookings.id));
  const [people, waiver] = await Promise.all([
    participantsOf(
      db,
      rows.map((r) => r.id),
    ),
    currentWaiver(db),
  ]);
  // Participants accept a waiver once the operator has published one (readiness.ts).
  return assembleManifest(date, sydneyDate(now), rows, people, waiver !== null);
}

/* ---------- CSV ---------- */

const CSV_HEADER = [
  "date",
  "adventure",
  "reference",
  "booking_status",
  "customer_name",
  "customer_phone",
  "customer_email",
  "group_size",
  "special_requirements",
  "booking_readiness",
  "position",
  "participant_name",
  "age",
  "readiness",
  "height_cm",
  "weight_kg",
  "wetsuit_size",
  "fin_size",
  "cert_agency",
  "cert_level",
  "cert_number",
  "last_dive_date",
  "cert_checked",
  "emergency_contact_name",
  "emergency_contact_phone",
  "medical",
  "checked_in",
] as const;

const READINESS_TEXT: Record<Readiness, string> = {
  details_missing: "details missing",
  waiver_missing: "waiver missing",
  medical_clearance_needed: "medical clearance needed",
  certification_to_check: "certification to check",
  ready: "ready",
};

type ManifestColumn = (typeof CSV_HEADER)[number];

/**
 * The manifest as CSV: one record per person of each group (a person not
 * entered yet is a record with their position and "details missing", the
 * rest of their cells empty), the booking's columns repeated on each.
 * Medical is the status only.
 */
export function manifestCsv(manifest: Manifest): string {
  let out = csvLine(CSV_HEADER);
  for (const group of manifest.adventures) {
    for (const b of group.bookings) {
      const booking: Partial<Record<ManifestColumn, unknown>> = {
        date: manifest.date,
        adventure: group.title,
        reference: b.reference,
        booking_status: b.booking_status,
        customer_name: b.customer_name,
        customer_phone: b.customer_phone,
        customer_email: b.customer_email,
        group_size: b.group_size,
        special_requirements: b.special_requirements,
        booking_readiness: READINESS_TEXT[b.readiness.status],
      };
      for (const p of b.participants) {
        out += csvRecord(CSV_HEADER, {
          ...booking,
          position: p.position,
          participant_name: p.full_name,
          age: p.age,
          readiness: READINESS_TEXT[p.readiness],
          height_cm: p.height_cm,
          weight_kg: p.weight_kg,
          wetsuit_size: p.wetsuit_size,
          fin_size: p.fin_size,
          cert_agency: p.cert_agency,
          cert_level: p.cert_level,
          cert_number: p.cert_number,
          last_dive_date: p.last_dive_date,
          cert_checked: group.requires_certification ? (p.cert_checked ? "yes" : "no") : "",
          emergency_contact_name: p.emergency_contact_name,
          emergency_contact_phone: p.emergency_contact_phone,
          medical: MEDICAL_STATUS_LABELS[p.medical].toLowerCase(),
          checked_in: p.checked_in ? "yes" : "no",
        });
      }
      for (const position of b.missing_positions) {
        out += csvRecord(CSV_HEADER, {
          ...booking,
          position,
          readiness: READINESS_TEXT.details_missing,
        });
      }
    }
  }
  return out;
}

/* ---------- Check-in ---------- */

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

/* ---------- After the trip ---------- */

/**
 * Marks every confirmed booking of a date completed, from the trip day on
 * (Sydney). One conditional update: a booking cancelled or completed at the
 * same moment is left as it is, and a second call completes nothing more.
 */
export async function completeDate(
  db: DB,
  log: Logger,
  date: string,
  now: Date,
): Promise<{ date: string; completed: number }> {
  if (date > sydneyDate(now)) {
    const message = "A date can be marked completed from the trip day on, not before";
    throw badRequest(`date: ${message}`, { date: message });
  }
  // Which of the manifest's bookings move is the booking status rule's to say, as for one booking.
  const from = MANIFEST_STATUSES.filter((s) => canTransition(s, "completed"));
  const done = await db
    .update(bookings)
    .set({ bookingStatus: "completed", holdExpiresAt: null, updatedAt: now })
    .where(and(eq(bookings.selectedDate, date), inArray(bookings.bookingStatus, from)))
    .returning({ id: bookings.id });
  log.info("date marked completed", { date, completed: done.length });
  return { date, completed: done.length };
}

/* ---------- Upcoming bookings not ready ---------- */

export interface NotReadyBooking {
  id: string;
  reference: string;
  date: string;
  adventure_title: string;
  readiness: BookingReadiness;
}

/** Confirmed bookings of the next `days` days (from today in Sydney) that are not ready, soonest first. */
export async function upcomingNotReady(
  db: DB,
  now: Date,
  days = 14,
): Promise<{ from: string; to: string; bookings: NotReadyBooking[] }> {
  const from = sydneyDate(now);
  const to = addDays(from, days - 1);
  const rows = await db
    .select(bookingColumns)
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(
      and(
        gte(bookings.selectedDate, from),
        lte(bookings.selectedDate, to),
        eq(bookings.bookingStatus, "confirmed"),
      ),
    )
    .orderBy(
      asc(bookings.selectedDate),
      asc(adventures.sortOrder),
      asc(bookings.createdAt),
      asc(bookings.id),
    );
  const readiness = await readinessForBookings(
    db,
    rows.map((r) => r.id),
  );
  const out: NotReadyBooking[] = [];
  for (const b of rows) {
    const r = readiness.get(b.id);
    if (!r || r.status === "ready") continue;
    out.push({
      id: b.id,
      reference: b.reference,
      date: b.selectedDate,
      adventure_title: b.adventureTitle,
      readiness: r,
    });
  }
  return { from, to, bookings: out };
}
