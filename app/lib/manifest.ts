/**
 * What the trip-day manifest says about a participant's health, shared by
 * the screen, the print-out and the CSV. The manifest is printed and left on
 * a boat, so it carries this status only, never the medical answers.
 */
export type MedicalStatus =
  | "clearance_needed"
  | "clearance_received"
  | "no_medical_issues"
  | "not_answered"
  | "not_applicable";

export const MEDICAL_STATUS_LABELS: Record<MedicalStatus, string> = {
  clearance_needed: "Clearance needed",
  clearance_received: "Clearance received",
  no_medical_issues: "No medical issues",
  not_answered: "Not answered",
  not_applicable: "Not applicable",
};
