import type { CrewShort } from "../../../app/lib/crew.ts";
import { startTimeText } from "../../../app/lib/departure.ts";
import type { MedicalStatus } from "../../../app/lib/manifest.ts";
import type { PriceLine } from "../../../app/lib/price-lines.ts";
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
import type { BookingStatus } from "../../db/schema.ts";
import { startTimeLabel } from "../bookings/booking-emails.server.ts";
import { canTransition } from "../bookings/booking-status.ts";
import type { CrewMember } from "./crew.server.ts";

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
  /**
   * The answers themselves: only in the console's answer to a Crew instructor of this departure when
   * the Owner allows it (instructor-medical); never loaded here, never in the CSV.
   */
  medical_answers?: Record<string, boolean> | null;
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
  /** The booking's extras as booked ("4 × Camp meal pack"): what to bring for the group besides its gear. */
  extras: { label: string; quantity: number }[];
  readiness: BookingReadiness;
  participants: ManifestParticipant[];
  /** Positions of the group with no participant entered yet ("Participant 2 — details missing"). */
  missing_positions: number[];
}

/** One departure's group: an adventure's bookings on the date at one start time. */
export interface ManifestAdventure {
  adventure_id: string;
  title: string;
  /** The departure's own start time ("HH:MM"), "" when it keeps the adventure's (the date's one departure). */
  departure_time: string;
  /** When the group meets ("9:00 am": the departure's own time, else the itinerary's; null when neither names one) and where. */
  start_time: string | null;
  meeting_point: string;
  diving: boolean;
  requires_certification: boolean;
  people: number;
  bookings: ManifestBooking[];
  /** The departure's crew and the roles it is short of (added by the console's answer, not the CSV). */
  availability_id?: string;
  crew?: CrewMember[];
  crew_short?: CrewShort[];
  /** The hired gear to pack for the departure, by item and size (added by the console's answer when any is hired). */
  gear?: { name: string; size: string; quantity: number }[];
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

/** An upcoming confirmed booking whose group is not ready yet. */
export interface NotReadyBooking {
  id: string;
  reference: string;
  date: string;
  adventure_title: string;
  readiness: BookingReadiness;
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
  /** The booking's price lines (categories and extras) as booked; none for the spec's booking. */
  priceLines?: readonly PriceLine[];
  adventureId: string;
  adventureTitle: string;
  /** The booked departure's own start time ("HH:MM"), "" or absent when none. */
  startTime?: string;
  category: string;
  requiresCertification: boolean;
  minAge: number;
  meetingPoint?: string;
  itinerary?: string[];
}

/** A participant as the manifest reads it: every readiness fact, no medical answers. */
export interface ManifestParticipantRow extends ReadinessParticipant {
  id: string;
  bookingId: string;
  position: number;
  checkedInAt: Date | null;
}

function medicalStatus(p: ManifestParticipantRow, diving: boolean): MedicalStatus {
  // An observer (a category without dive paperwork) answers no medical questions.
  if (!diving || p.needsDivePaperwork === false) return "not_applicable";
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
 * The manifest from its rows: bookings grouped by departure (adventure and
 * start time) in the order given (the query orders a date's departures by
 * time, then adventures as the site lists them), participants
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
      extras: (b.priceLines ?? [])
        .filter((l) => l.kind === "extra")
        .map((l) => ({ label: l.label, quantity: l.quantity })),
      readiness: bookingReadiness(b.groupSize, own, adventure, waiverRequired),
      participants: own.map((p) => toParticipant(p, adventure, date, waiverRequired)),
      missing_positions: Array.from({ length: b.groupSize }, (_, i) => i + 1).filter((n) => !entered.has(n)),
    };
    const departureTime = b.startTime ?? "";
    const key = `${b.adventureId} ${departureTime}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        adventure_id: b.adventureId,
        title: b.adventureTitle,
        departure_time: departureTime,
        start_time: departureTime
          ? startTimeText(departureTime)
          : b.itinerary
            ? startTimeLabel(b.itinerary)
            : null,
        meeting_point: b.meetingPoint ?? "",
        diving: isDivingAdventure(adventure),
        requires_certification: b.requiresCertification,
        people: 0,
        bookings: [],
      };
      groups.set(key, group);
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
