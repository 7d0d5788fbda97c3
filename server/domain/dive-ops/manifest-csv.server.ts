/**
 * The manifest as a CSV download. Like the printed sheet it carries the
 * medical status only; cells are written by server/csv.server.ts (formula
 * cells defused, phone numbers kept). Its columns are fixed; a date with
 * departures at their own times adds `departure_time` ("HH:MM") as the last.
 */
import { MEDICAL_STATUS_LABELS } from "../../../app/lib/manifest.ts";
import type { Readiness } from "../../../app/lib/readiness.ts";
import { csvLine, csvRecord } from "../../csv.server.ts";
import type { Manifest } from "./manifest.server.ts";

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

type ManifestColumn = (typeof CSV_HEADER)[number] | "departure_time";

/**
 * The manifest as CSV: one record per person of each group (a person not
 * entered yet is a record with their position and "details missing", the
 * rest of their cells empty), the booking's columns repeated on each.
 * Medical is the status only.
 */
export function manifestCsv(manifest: Manifest): string {
  const timed = manifest.adventures.some((g) => g.departure_time);
  const header: readonly ManifestColumn[] = timed ? [...CSV_HEADER, "departure_time"] : CSV_HEADER;
  let out = csvLine(header);
  for (const group of manifest.adventures) {
    for (const b of group.bookings) {
      const booking: Partial<Record<ManifestColumn, unknown>> = {
        date: manifest.date,
        adventure: group.title,
        departure_time: group.departure_time,
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
        out += csvRecord(header, {
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
        out += csvRecord(header, {
          ...booking,
          position,
          readiness: READINESS_TEXT.details_missing,
        });
      }
    }
  }
  return out;
}
