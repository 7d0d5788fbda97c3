/**
 * What the customer's side sees of a booking's participants: the group's
 * summary (the booking's page and the lead booker's readiness email), and one
 * person's form and own state (their own link). None of it carries a medical
 * answer, and the group's side carries no medical state either: it is the
 * readiness rule's group view (app/lib/readiness.ts), where the operator's
 * checks read as "waiting for the operator". Only a person's own link says
 * that a doctor's clearance is needed, and whether their file arrived, and
 * only to them.
 */

import {
  DETAIL_PART_LABELS,
  type DetailPart,
  GROUP_READINESS_LABELS,
  type GroupPersonReadiness,
  type GroupReadiness,
  groupIssues,
  groupPersonReadiness,
  groupReadiness,
  isDivingAdventure,
  isMinorOn,
  minimumAge,
  missingParts,
  participantIssues,
  READINESS_LABELS,
  type Readiness,
} from "../../../app/lib/readiness.ts";
import type { DB } from "../../db/client.server.ts";
import type { ParticipantRow } from "../../db/schema.ts";
import { positionCategory } from "../bookings/price-categories.server.ts";
import { clearanceReceipt } from "./medical-clearance.server.ts";
import { type BookingParticipants, bookingParticipants } from "./participants.server.ts";

type Issue = Exclude<Readiness, "ready">;

/** One person of the group as the group sees them. */
export interface PersonSummary {
  position: number;
  /** The name given, or "Person n" while none is. */
  name: string;
  status: GroupPersonReadiness;
  label: string;
  /** What the group is still asked to give for this person, in words; empty when nothing. */
  todo: string[];
}

export interface ParticipantsSummary {
  status: GroupReadiness;
  label: string;
  /** The customer can still add or change details (a confirmed booking). */
  editable: boolean;
  people: PersonSummary[];
}

/** A person's own state, for their own eyes: the whole rule, a doctor's clearance included. */
export interface OwnSummary {
  status: Readiness;
  label: string;
  /** What is still to do, in words, first to fix first; empty when ready. */
  todo: string[];
  /** The issues themselves (the person's own email words them without anything medical). */
  issues: Issue[];
  missing: DetailPart[];
}

/** What one issue asks, in words. */
export function todoFor(issue: Issue, missing: DetailPart[]): string {
  switch (issue) {
    case "details_missing":
      return missing.length
        ? `Add ${wordList(missing.map((m) => DETAIL_PART_LABELS[m]))}`
        : "Add their details";
    case "waiver_missing":
      return "Accept the waiver";
    case "medical_clearance_needed":
      return "Send us a doctor's clearance for diving";
    case "certification_to_check":
      return "Nothing to do: we are checking the certification";
  }
}

export function wordList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The rule applied to one place in the group (no row yet: their details are missing). */
export function ownSummary(p: ParticipantRow | undefined, found: BookingParticipants): OwnSummary {
  const issues: Issue[] = p
    ? participantIssues(p, found.adventure, found.waiver !== null)
    : ["details_missing"];
  const missing = p ? missingParts(p, found.adventure) : [];
  const status = issues[0] ?? "ready";
  return {
    status,
    label: READINESS_LABELS[status],
    todo: issues.map((i) => todoFor(i, missing)),
    issues,
    missing,
  };
}

function groupPerson(
  position: number,
  p: ParticipantRow | undefined,
  found: BookingParticipants,
): PersonSummary {
  const own = ownSummary(p, found);
  const status = groupPersonReadiness(own.status, found.readiness.status);
  return {
    position,
    name: p?.fullName || `Person ${position}`,
    status,
    label: GROUP_READINESS_LABELS[status],
    todo: groupIssues(own.issues).map((i) => todoFor(i, own.missing)),
  };
}

/** The booking's readiness and one line per person of the group, by position, as the group may see them. */
export function summarise(found: BookingParticipants): ParticipantsSummary {
  const byPosition = new Map(found.participants.map((p) => [p.position, p]));
  const people = Array.from({ length: found.booking.groupSize }, (_, i) =>
    groupPerson(i + 1, byPosition.get(i + 1), found),
  );
  const status = groupReadiness(found.readiness.status);
  return {
    status,
    label: GROUP_READINESS_LABELS[status],
    editable: found.booking.bookingStatus === "confirmed",
    people,
  };
}

/** The manage page's Participants section. */
export async function participantsSummary(db: DB, bookingId: string): Promise<ParticipantsSummary> {
  return summarise(await bookingParticipants(db, bookingId));
}

/**
 * One person's form: the details as saved (without the medical answers), what
 * the adventure asks, and the waiver to accept. Null for a position outside
 * the group. Seen by the group (the booking's link) it states what the group
 * may see; seen by the person (their own link), their whole state.
 */
export async function participantForm(db: DB, bookingId: string, position: number, viewer: "group" | "self") {
  const found = await bookingParticipants(db, bookingId);
  const { booking, adventure, waiver } = found;
  if (!Number.isInteger(position) || position < 1 || position > booking.groupSize) return null;
  const p = found.participants.find((x) => x.position === position);
  const shown = viewer === "self" ? ownSummary(p, found) : groupPerson(position, p, found);
  // A person booked as a category: their age range, and an observer gives no dive paperwork.
  const category = await positionCategory(db, booking, position);
  const divePaperwork = category?.needs_dive_paperwork ?? true;
  const accepted =
    p?.waiverVersion != null
      ? {
          version: p.waiverVersion,
          current: p.waiverVersion === waiver?.version,
          signedName: p.waiverSignedName ?? "",
          guardianName: p.waiverGuardianName,
          at: p.waiverAcceptedAt?.toISOString() ?? null,
        }
      : null;
  return {
    position,
    groupSize: booking.groupSize,
    reference: booking.reference,
    adventureTitle: booking.adventureTitle,
    tripDate: booking.selectedDate,
    status: booking.bookingStatus,
    editable: booking.bookingStatus === "confirmed",
    diving: divePaperwork && isDivingAdventure(adventure),
    requiresCertification: divePaperwork && adventure.requiresCertification,
    minimumAge: minimumAge(adventure),
    ...(category ? { category } : {}),
    viewer,
    /** The person's state in words: their own (self) or what the group may see. */
    summary: { label: shown.label, todo: shown.todo },
    values: {
      full_name: p?.fullName ?? "",
      date_of_birth: p?.dateOfBirth ?? "",
      email: p?.email ?? "",
      emergency_contact_name: p?.emergencyContactName ?? "",
      emergency_contact_phone: p?.emergencyContactPhone ?? "",
      height_cm: p?.heightCm?.toString() ?? "",
      weight_kg: p?.weightKg?.toString() ?? "",
      wetsuit_size: p?.wetsuitSize ?? "",
      fin_size: p?.finSize ?? "",
      cert_agency: p?.certAgency ?? "",
      cert_level: p?.certLevel ?? "",
      cert_number: p?.certNumber ?? "",
      last_dive_date: p?.lastDiveDate ?? "",
    },
    /**
     * The person's own clearance, on their own link only: needed, the file received, recorded by
     * the operator. The group's view carries none of it (whose answers need one is not the group's).
     */
    clearance:
      viewer === "self" && p
        ? {
            needed: p.medicalNeedsClearance,
            cleared: p.medicalClearanceAt !== null,
            received: clearanceReceipt(p),
          }
        : null,
    /** When the questionnaire was answered (the answers themselves stay with the operator). */
    medicalAnsweredAt: p?.medicalAnsweredAt?.toISOString() ?? null,
    minor: p?.dateOfBirth ? isMinorOn(p.dateOfBirth, booking.selectedDate) : null,
    waiver: waiver ? { version: waiver.version, title: waiver.title, body: waiver.body } : null,
    accepted,
  };
}
export type ParticipantFormData = NonNullable<Awaited<ReturnType<typeof participantForm>>>;
