import { type FormEvent, useState } from "react";
import type {
  AdminBookingParticipants,
  AdminParticipant,
} from "../../../server/domain/dive-ops/participants.server";
import type { FormResult } from "../../lib/form-result";
import { MEDICAL_QUESTIONS } from "../../lib/medical";
import {
  CERT_AGENCIES,
  FIN_SIZES,
  PARTICIPANT_TEXT_FIELDS,
  type ParticipantTextField,
  WETSUIT_SIZES,
} from "../../lib/participants";
import { latestBirthDate } from "../../lib/readiness";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { SelectField, TextField } from "./ui/fields";

/** The admin write the participants panel is given (the screen's useAdminWrite). */
export type Write = <T = unknown>(
  method: "POST" | "PUT",
  path: string,
  body?: unknown,
) => Promise<FormResult<T>>;

type TextKey = ParticipantTextField;

/** The operator's form for one person of the booking: the fields, and the medical answers on a dive. */
export function ParticipantEditor({
  data,
  position,
  participant,
  write,
  onCancel,
  onSaved,
}: {
  data: AdminBookingParticipants;
  position: number;
  participant: AdminParticipant | undefined;
  write: Write;
  onCancel: () => void;
  onSaved: (name: string) => void;
}) {
  const [values, setValues] = useState<Record<TextKey, string>>(() => {
    const out = {} as Record<TextKey, string>;
    for (const k of PARTICIPANT_TEXT_FIELDS) out[k] = participant?.[k] == null ? "" : String(participant[k]);
    return out;
  });
  const [answers, setAnswers] = useState<Record<string, boolean | undefined>>(
    () => participant?.medical_answers ?? {},
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const set = (k: TextKey) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));
  const answered = MEDICAL_QUESTIONS.some((q) => answers[q.id] !== undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const body: Record<string, unknown> = { ...values };
    // Unchanged or never answered: the answers are not sent, so they stay as they are.
    if (data.diving && answered) body.medical_answers = answers;
    const res = await write<AdminParticipant>(
      "PUT",
      `/api/admin/bookings/${encodeURIComponent(data.booking_id)}/participants/${position}`,
      body,
    );
    setSaving(false);
    if (res.ok) {
      onSaved(res.data.full_name);
      return;
    }
    setErrors(res.errors);
    setFailure(res.network ? "Connection error" : res.detail);
  };

  const field = (k: TextKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextField label={label} value={values[k]} onChange={set(k)} error={errors[k]} {...extra} />
  );
  const select = (k: TextKey, label: string, options: readonly { value: string; label: string }[]) => (
    <SelectField label={label} value={values[k]} onChange={set(k)} error={errors[k]}>
      <option value="">—</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={`Edit person ${position}`}>
      <h3 className="font-sans text-base font-semibold text-ocean-900">Person {position}</h3>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {field("full_name", "Full name", { required: true, maxLength: 100 })}
        {field("date_of_birth", "Date of birth", {
          type: "date",
          hint: `At least ${data.minimum_age} on the trip`,
          max: latestBirthDate(data.selected_date, data.minimum_age),
        })}
        {field("email", "Email (optional)", { type: "email" })}
        {field("emergency_contact_name", "Emergency contact")}
        {field("emergency_contact_phone", "Emergency phone", { type: "tel" })}
        {data.diving ? (
          <>
            {field("height_cm", "Height (cm)", { inputMode: "numeric" })}
            {field("weight_kg", "Weight (kg)", { inputMode: "numeric" })}
            {select(
              "wetsuit_size",
              "Wetsuit size",
              WETSUIT_SIZES.map((s) => ({ value: s, label: s })),
            )}
            {select("fin_size", "Fin size", FIN_SIZES)}
          </>
        ) : null}
        {data.requires_certification ? (
          <>
            {select(
              "cert_agency",
              "Certification agency",
              CERT_AGENCIES.map((s) => ({ value: s, label: s })),
            )}
            {field("cert_level", "Certification level")}
            {field("cert_number", "Certification number")}
            {field("last_dive_date", "Last dive", { type: "date" })}
          </>
        ) : null}
      </div>
      {data.diving ? (
        <fieldset className="space-y-2">
          <legend className="field-label">Medical questionnaire</legend>
          {errors.medical_answers ? (
            <p className="text-xs font-medium text-coral-700">{errors.medical_answers}</p>
          ) : null}
          {MEDICAL_QUESTIONS.map((q, i) => (
            <div
              key={q.id}
              className={`rounded-lg border px-2.5 py-2 text-sm ${
                answers[q.id] ? "border-coral-200 bg-coral-50" : "border-slate-200"
              }`}
            >
              <p>
                {i + 1}. {q.text}
              </p>
              <div className="mt-1 flex gap-5">
                {([false, true] as const).map((yes) => (
                  <label key={String(yes)} className="flex min-h-9 items-center gap-1.5">
                    <input
                      type="radio"
                      name={`admin-medical-${position}-${q.id}`}
                      checked={answers[q.id] === yes}
                      onChange={() => setAnswers((a) => ({ ...a, [q.id]: yes }))}
                    />
                    {yes ? "Yes" : "No"}
                  </label>
                ))}
              </div>
              {errors[`medical_answers.${q.id}`] ? (
                <p className="text-xs font-medium text-coral-700">{errors[`medical_answers.${q.id}`]}</p>
              ) : null}
            </div>
          ))}
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" busy={saving}>
          Save person {position}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
