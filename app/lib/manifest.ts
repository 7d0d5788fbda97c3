/**
 * What the trip-day manifest's screen, print-out and CSV share with the
 * server, and the dashboard's not-ready list with the manifest.
 */

/**
 * What the manifest says about a participant's health. It is printed and
 * left on a boat, so it carries this status only, never the medical answers.
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

/**
 * Where a booking opens for the operator: found in the bookings list, its
 * participants open beside it (?booking=), where details are edited and
 * clearances and certification checks recorded.
 */
export function bookingPath(b: { id: string; reference: string }): string {
  return `/admin/bookings?${new URLSearchParams({ q: b.reference, booking: b.id })}`;
}
