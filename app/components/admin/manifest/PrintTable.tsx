import type { ManifestAdventure } from "../../../../server/domain/dive-ops/manifest.server";
import { MEDICAL_STATUS_LABELS } from "../../../lib/manifest";
import { READINESS_LABELS } from "../../../lib/readiness";
import { certText, dash, nameAndAge } from "./text";

/** The paper version: one compact table per adventure, shown only by the print styles. */
export function PrintTable({ adventure }: { adventure: ManifestAdventure }) {
  return (
    <table className="manifest-print-only manifest-table">
      <caption className="sr-only">{`${adventure.title}${adventure.start_time && adventure.departure_time ? `, ${adventure.start_time}` : ""}: participants`}</caption>
      <thead>
        <tr>
          <th scope="col">In</th>
          <th scope="col">Name, age</th>
          <th scope="col">Ready</th>
          {adventure.diving ? <th scope="col">Gear (cm, kg, suit, fins)</th> : null}
          <th scope="col">Certification</th>
          <th scope="col">Emergency contact</th>
          {adventure.diving ? <th scope="col">Medical</th> : null}
        </tr>
      </thead>
      {adventure.bookings.map((b) => (
        <tbody key={b.id}>
          <tr className="manifest-table-booking">
            <th scope="rowgroup" colSpan={adventure.diving ? 7 : 5}>
              {b.reference} · {b.customer_name} · {b.customer_phone || "no phone"} ·{" "}
              {READINESS_LABELS[b.readiness.status]}
              {b.special_requirements ? ` · Special requirements: ${b.special_requirements}` : ""}
            </th>
          </tr>
          {b.participants.map((p) => (
            <tr key={p.id}>
              <td>{p.checked_in ? "☑" : "☐"}</td>
              <td>{nameAndAge(p)}</td>
              <td>{READINESS_LABELS[p.readiness]}</td>
              {adventure.diving ? (
                <td>
                  {dash(p.height_cm)} / {dash(p.weight_kg)} / {dash(p.wetsuit_size)} / {dash(p.fin_size)}
                </td>
              ) : null}
              <td>
                {certText(p)}
                {p.cert_number ? (p.cert_checked ? " (checked)" : " (not checked)") : ""}
              </td>
              <td>
                {dash(p.emergency_contact_name)} {p.emergency_contact_phone}
              </td>
              {adventure.diving ? <td>{MEDICAL_STATUS_LABELS[p.medical]}</td> : null}
            </tr>
          ))}
          {b.missing_positions.map((position) => (
            <tr key={`missing-${position}`}>
              <td>☐</td>
              <td colSpan={adventure.diving ? 6 : 4}>Participant {position} — details missing</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
