import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical";

/**
 * A participant's details as the group's form or the operator's edit sends them
 * (`PUT /api/admin/bookings/:id/participants/:position`): a diver who is ready
 * but for certification, every medical answer "no". Journeys that need people on
 * a manifest set them up with this and change only what they look at.
 */
export function readyDiverDetails(fullName: string, over: Record<string, unknown> = {}) {
  return {
    full_name: fullName,
    date_of_birth: "1990-02-03",
    email: "",
    emergency_contact_name: `${fullName} Sr`,
    emergency_contact_phone: "0400 555 666",
    height_cm: 170,
    weight_kg: 70,
    wetsuit_size: "M",
    fin_size: "M",
    cert_agency: "",
    cert_level: "",
    cert_number: "",
    last_dive_date: null,
    medical_answers: Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false])),
    ...over,
  };
}
