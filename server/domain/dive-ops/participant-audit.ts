/**
 * A participant as the audit log records a change to them. The medical
 * answers, and whether they need a doctor's clearance (which tells whether
 * any answer was "yes"), are recorded as "changed" only, never their values;
 * the clearance's note may describe a condition and is treated the same way.
 */
import type { ParticipantRow } from "../../db/schema.ts";

/** Fields of a participant entry recorded as { changed: true } only (beside the log's own secret rule). */
export const PARTICIPANT_REDACTED = ["medical_answers", "medical_needs_clearance", "clearance_note"] as const;

export function participantFields(p: ParticipantRow | null | undefined): Record<string, unknown> | null {
  if (!p) return null;
  return {
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
    cert_checked_at: p.certCheckedAt,
    last_dive_date: p.lastDiveDate,
    medical_answers: p.medicalAnswers,
    medical_needs_clearance: p.medicalNeedsClearance,
    medical_clearance_at: p.medicalClearanceAt,
    waiver_version: p.waiverVersion,
    waiver_signed_name: p.waiverSignedName,
    waiver_guardian_name: p.waiverGuardianName,
  };
}
