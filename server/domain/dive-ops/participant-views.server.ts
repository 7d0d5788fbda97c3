/**
 * What the customer sees of a booking's participants: the readiness summary
 * of the manage page and the readiness email, and one person's form. None
 * of it carries a medical answer: the customer's side says only whether the
 * questionnaire was answered and whether a doctor's clearance is awaited.
 */
import {
  DETAIL_PART_LABELS,
  type DetailPart,
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
import { type BookingParticipants, bookingParticipants } from "./participants.server.ts";

export interface PersonSummary {
  position: number;
  /** The name given, or "Person n" while none is. */
  name: string;
  status: Readiness;
  label: string;
  /** What is still to do, in words, first to fix first; empty when ready. */
  todo: string[];
  /** The same without what only the operator does (checking a certification): what the customer is asked for. */
  customerTodo: string[];
}

export interface ParticipantsSummary {
  status: Readiness;
  label: string;
  /** The customer can still add or change details (a confirmed booking). */
  editable: boolean;
  people: PersonSummary[];
}

/** What one issue asks of the customer, in words. */
function todoFor(issue: Exclude<Readiness, "ready">, missing: DetailPart[]): string {
  switch (issue) {
    case "details_missing":
      return `Add ${wordList(missing.map((m) => DETAIL_PART_LABELS[m]))}`;
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

function personSummary(
  position: number,
  p: ParticipantRow | undefined,
  found: BookingParticipants,
): PersonSummary {
  const waiverRequired = found.waiver !== null;
  if (!p) {
    return {
      position,
      name: `Person ${position}`,
      status: "details_missing",
      label: READINESS_LABELS.details_missing,
      todo: ["Add their details"],
      customerTodo: ["Add their details"],
    };
  }
  const issues = participantIssues(p, found.adventure, waiverRequired);
  const missing = missingParts(p, found.adventure);
  const status = issues[0] ?? "ready";
  return {
    position,
    name: p.fullName || `Person ${position}`,
    status,
    label: READINESS_LABELS[status],
    todo: issues.map((i) => todoFor(i, missing)),
    customerTodo: issues.filter((i) => i !== "certification_to_check").map((i) => todoFor(i, missing)),
  };
}

/** The booking's readiness and one line per person of the group, by position. */
export function summarise(found: BookingParticipants): ParticipantsSummary {
  const byPosition = new Map(found.participants.map((p) => [p.position, p]));
  const people = Array.from({ length: found.booking.groupSize }, (_, i) =>
    personSummary(i + 1, byPosition.get(i + 1), found),
  );
  return {
    status: found.readiness.status,
    label: READINESS_LABELS[found.readiness.status],
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
 * the group.
 */
export async function participantForm(db: DB, bookingId: string, position: number) {
  const found = await bookingParticipants(db, bookingId);
  const { booking, adventure, waiver } = found;
  if (!Number.isInteger(position) || position < 1 || position > booking.groupSize) return null;
  const p = found.participants.find((x) => x.position === position);
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
    diving: isDivingAdventure(adventure),
    requiresCertification: adventure.requiresCertification,
    minimumAge: minimumAge(adventure),
    summary: personSummary(position, p, found),
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
    /** When the questionnaire was answered (the answers themselves stay with the operator). */
    medicalAnsweredAt: p?.medicalAnsweredAt?.toISOString() ?? null,
    minor: p?.dateOfBirth ? isMinorOn(p.dateOfBirth, booking.selectedDate) : null,
    waiver: waiver ? { version: waiver.version, title: waiver.title, body: waiver.body } : null,
    accepted,
  };
}
export type ParticipantFormData = NonNullable<Awaited<ReturnType<typeof participantForm>>>;
