/**
 * Why a participant's details were refused, at the top of the form: the
 * server's message, or one link per refused field that jumps to it (the
 * field's `p-` id, or the medical question's own anchor), so the list works
 * without JavaScript. With it, the message is brought into view and focused.
 */
import { CircleAlert } from "lucide-react";
import { useLocation } from "react-router";
import { MEDICAL_QUESTIONS } from "../../lib/medical";
import { useResultInView } from "../../lib/result-in-view";

const LABELS: Record<string, string> = {
  full_name: "Full name",
  date_of_birth: "Date of birth",
  email: "Email",
  emergency_contact_name: "Emergency contact name",
  emergency_contact_phone: "Emergency contact phone",
  height_cm: "Height",
  weight_kg: "Weight",
  wetsuit_size: "Wetsuit size",
  fin_size: "Fin size",
  cert_agency: "Certification agency",
  cert_level: "Certification level",
  cert_number: "Certification number",
  last_dive_date: "Last dive",
  medical_answers: "Medical questionnaire",
  waiver_name: "Your name",
  waiver_guardian_name: "Guardian's name",
  waiver_version: "Waiver",
  position: "Person",
};

function labelFor(field: string): string {
  const medical = /^medical_answers\.(.+)$/.exec(field);
  if (medical) {
    const n = MEDICAL_QUESTIONS.findIndex((q) => q.id === medical[1]);
    return n >= 0 ? `Medical question ${n + 1}` : LABELS.medical_answers;
  }
  return LABELS[field] ?? field;
}

/** Where an error's link jumps to. */
function anchorFor(field: string): string {
  const medical = /^medical_answers\.(.+)$/.exec(field);
  if (medical) return `#medical-${medical[1]}`;
  return `#p-${field}`;
}

export function ParticipantErrors({
  detail,
  errors,
}: {
  /** The refused post's message; nothing is shown without one. */
  detail: string | undefined;
  errors: Record<string, string>;
}) {
  const { key } = useLocation();
  const refusedRef = useResultInView<HTMLDivElement>(detail ? key : null);
  if (!detail) return null;
  const failed = Object.keys(errors);
  return (
    <div
      ref={refusedRef}
      tabIndex={-1}
      role="alert"
      data-testid="participant-errors"
      className="rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        {failed.length ? `Please check ${failed.length === 1 ? "this field" : "these fields"}` : detail}
      </p>
      {failed.length ? (
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
          {failed.map((f) => (
            <li key={f}>
              <a href={anchorFor(f)} className="underline">
                {labelFor(f)}: {errors[f]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
