import { CheckCircle2 } from "lucide-react";
import type {
  AdminBookingParticipants,
  AdminParticipant,
} from "../../../server/domain/dive-ops/participants.server";
import { formatDateTimeAU } from "../../lib/admin-api";
import { formatDateAU } from "../../lib/dates";
import { MEDICAL_QUESTIONS } from "../../lib/medical";
import { ageOn, READINESS_LABELS, type Readiness } from "../../lib/readiness";

const ISSUE_TEXT: Record<Exclude<Readiness, "ready">, string> = READINESS_LABELS;

/**
 * One participant as the operator sees them: every field, the medical answers
 * (the "yes" ones highlighted) and the waiver acceptance.
 */
export function ParticipantFacts({ p, data }: { p: AdminParticipant; data: AdminBookingParticipants }) {
  const yes = MEDICAL_QUESTIONS.filter((q) => p.medical_answers?.[q.id] === true);
  const row = (label: string, value: string | null | undefined) => (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{value || "—"}</dd>
    </>
  );
  return (
    <div className="mt-2 space-y-3 text-sm">
      {p.issues.length ? (
        <p className="text-xs text-slate-600">Open: {p.issues.map((i) => ISSUE_TEXT[i]).join(", ")}</p>
      ) : null}
      <dl className="grid grid-cols-[8.5rem_1fr] gap-x-3 gap-y-1">
        {row(
          "Date of birth",
          p.date_of_birth
            ? `${formatDateAU(p.date_of_birth)} (${ageOn(p.date_of_birth, data.selected_date)} on the trip)`
            : null,
        )}
        {row("Email", p.email)}
        {row(
          "Emergency contact",
          [p.emergency_contact_name, p.emergency_contact_phone].filter(Boolean).join(", "),
        )}
        {data.diving ? (
          <>
            {row(
              "Height, weight",
              [p.height_cm ? `${p.height_cm} cm` : "", p.weight_kg ? `${p.weight_kg} kg` : ""]
                .filter(Boolean)
                .join(", "),
            )}
            {row(
              "Wetsuit, fins",
              [p.wetsuit_size && `Wetsuit ${p.wetsuit_size}`, p.fin_size && `Fins ${p.fin_size}`]
                .filter(Boolean)
                .join(", "),
            )}
          </>
        ) : null}
        {data.requires_certification ? (
          <>
            {row("Certification", [p.cert_agency, p.cert_level, p.cert_number].filter(Boolean).join(" · "))}
            {row("Last dive", p.last_dive_date ? formatDateAU(p.last_dive_date) : null)}
            {row(
              "Checked",
              p.cert_checked_at ? formatDateTimeAU(p.cert_checked_at) : p.cert_number ? "Not yet" : null,
            )}
          </>
        ) : null}
        {row(
          "Waiver",
          p.waiver_version
            ? `Version ${p.waiver_version}, ${p.waiver_signed_name}${p.waiver_guardian_name ? " (guardian)" : ""}${
                p.waiver_accepted_at ? `, ${formatDateTimeAU(p.waiver_accepted_at)}` : ""
              }`
            : null,
        )}
      </dl>
      {data.diving ? (
        <div data-testid="medical-answers">
          <p className="font-semibold text-ocean-900">Medical questionnaire</p>
          {p.medical_erased_at ? (
            <p className="text-slate-600">
              Answers erased {formatDateTimeAU(p.medical_erased_at)} (kept no longer).
            </p>
          ) : !p.medical_answers ? (
            <p className="text-slate-600">Not answered yet.</p>
          ) : (
            <>
              {yes.length ? (
                <ul className="mt-1 space-y-1">
                  {yes.map((q) => (
                    <li
                      key={q.id}
                      className="rounded-lg bg-coral-50 px-2.5 py-1.5 text-coral-800 ring-1 ring-coral-600/20 ring-inset"
                      data-testid="medical-yes"
                    >
                      <strong>Yes:</strong> {q.text}
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="mt-1 text-slate-600">
                {yes.length
                  ? `No to the other ${MEDICAL_QUESTIONS.length - yes.length} questions.`
                  : "No to every question."}
                {p.medical_answered_at ? ` Answered ${formatDateTimeAU(p.medical_answered_at)}.` : ""}
              </p>
              {p.medical_needs_clearance ? (
                <p className="mt-1 flex items-center gap-1 text-slate-700">
                  {p.medical_clearance_at ? (
                    <>
                      <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-reef-700" />
                      Doctor's clearance received {formatDateTimeAU(p.medical_clearance_at)}.
                    </>
                  ) : (
                    "A doctor's clearance is needed before diving."
                  )}
                </p>
              ) : null}
              {p.medical_clearance_file ? (
                <p className="mt-1 text-slate-700" data-testid="clearance-file">
                  The diver sent a clearance file {formatDateTimeAU(p.medical_clearance_file.received_at)}.
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
