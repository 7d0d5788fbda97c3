/**
 * How the manifest words a participant, the same on the phone cards and on
 * the printed sheet: a missing value is a dash, never an empty cell.
 */

import type { ManifestParticipant } from "../../../../server/domain/dive-ops/manifest.server";
import { formatDateAU } from "../../../lib/dates";

export const dash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === "" ? "–" : v;

export function gearText(p: ManifestParticipant): string {
  return [
    `Height ${p.height_cm ? `${p.height_cm} cm` : "–"}`,
    `Weight ${p.weight_kg ? `${p.weight_kg} kg` : "–"}`,
    `Wetsuit ${dash(p.wetsuit_size)}`,
    `Fins ${dash(p.fin_size)}`,
  ].join(" · ");
}

export function certText(p: ManifestParticipant): string {
  if (!p.cert_agency && !p.cert_level && !p.cert_number) return "None given";
  const card = [p.cert_agency, p.cert_level].filter(Boolean).join(" ");
  const parts = [card || "–", p.cert_number ? `No. ${p.cert_number}` : ""];
  if (p.last_dive_date) parts.push(`last dive ${formatDateAU(p.last_dive_date, "short")}`);
  return parts.filter(Boolean).join(", ");
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const nameAndAge = (p: ManifestParticipant) =>
  `${p.full_name || `Participant ${p.position}`}${p.age !== null ? `, ${p.age}` : ""}`;
