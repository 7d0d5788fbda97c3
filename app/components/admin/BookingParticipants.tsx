import { CheckCircle2, HeartPulse, Pencil, ShieldCheck, X } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type {
  AdminBookingParticipants,
  AdminParticipant,
} from "../../../server/domain/dive-ops/participants.server";
import { formatDateTimeAU } from "../../lib/admin-api";
import { formatDateAU } from "../../lib/dates";
import type { FormResult } from "../../lib/form-result";
import { MEDICAL_QUESTIONS } from "../../lib/medical";
import {
  CERT_AGENCIES,
  FIN_SIZES,
  PARTICIPANT_TEXT_FIELDS,
  type ParticipantTextField,
  WETSUIT_SIZES,
} from "../../lib/participants";
import { ageOn, latestBirthDate, READINESS_LABELS, type Readiness } from "../../lib/readiness";
import { ReadinessBadge } from "./status";
import { Alert, Button, Card, SelectField, TextField } from "./ui";

type Write = <T = unknown>(method: "POST" | "PUT", path: string, body?: unknown) => Promise<FormResult<T>>;

/**
 * A booking's participants as the operator sees them: every field, the
 * medical answers (the "yes" ones highlighted; only the operator sees them),
 * the waiver acceptance, and the operator's actions: record a doctor's
 * clearance, mark a certification checked, edit a person.
 */
export function BookingParticipants({
  data,
  write,
  onClose,
  onDone,
}: {
  data: AdminBookingParticipants;
  write: Write;
  onClose: () => void;
  /** Reports what happened (the screen's flash). */
  onDone: (tone: "success" | "error", title: string, detail?: string) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const byPosition = new Map(data.participants.map((p) => [p.position, p]));
  // Opened from a row further down the list: bring the panel into view (once per booking).
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data.booking_id) top.current?.scrollIntoView({ block: "start" });
  }, [data.booking_id]);
  const positions = Array.from({ length: data.group_size }, (_, i) => i + 1);

  const act = async (p: AdminParticipant, action: "medical-clearance" | "certification-checked") => {
    setBusy(`${action}:${p.id}`);
    const res = await write("POST", `/api/admin/participants/${encodeURIComponent(p.id)}/${action}`);
    setBusy(null);
    if (res.ok) {
      onDone(
        "success",
        action === "medical-clearance"
          ? `Medical clearance recorded for ${p.full_name}.`
          : `Certification of ${p.full_name} marked as checked.`,
      );
    } else {
      onDone("error", "The change was not saved", res.network ? "Connection error" : res.detail);
    }
  };

  return (
    <div ref={top} className="scroll-mt-4">
      <Card
        title={`Participants of ${data.reference}`}
        description={`${data.adventure_title}, ${formatDateAU(data.selected_date, "full")} · ${data.group_size} ${
          data.group_size === 1 ? "person" : "people"
        }`}
        actions={
          <>
            <ReadinessBadge status={data.readiness.status} />
            <Button size="sm" variant="ghost" onClick={onClose} aria-label="Close participants">
              <X aria-hidden="true" className="h-4 w-4" />
              Close
            </Button>
          </>
        }
      >
        <div data-testid="booking-participants">
          {!data.editable ? (
            <p className="mb-3 text-sm text-slate-600">
              This booking is not confirmed: its participants are shown as they are and cannot be edited.
            </p>
          ) : null}
          <ol className="grid gap-4 lg:grid-cols-2">
            {positions.map((position) => {
              const p = byPosition.get(position);
              return (
                <li
                  key={position}
                  className="rounded-xl border border-slate-200 p-3 sm:p-4"
                  data-testid={`admin-participant-${position}`}
                >
                  {editing === position ? (
                    <ParticipantEditor
                      data={data}
                      position={position}
                      participant={p}
                      write={write}
                      onCancel={() => setEditing(null)}
                      onSaved={(name) => {
                        setEditing(null);
                        onDone("success", `Saved the details of ${name}.`);
                      }}
                    />
                  ) : (
                    <>
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <h3 className="font-sans text-base font-semibold text-ocean-900">
                          {position}. {p?.full_name || "No details yet"}
                        </h3>
                        <ReadinessBadge status={p?.readiness ?? "details_missing"} />
                      </div>
                      {p ? <ParticipantFacts p={p} data={data} /> : null}
                      <div className="mt-3 flex flex-wrap gap-2">
                        {p?.medical_needs_clearance && !p.medical_clearance_at ? (
                          <Button
                            size="sm"
                            variant="teal"
                            busy={busy === `medical-clearance:${p.id}`}
                            onClick={() => act(p, "medical-clearance")}
                          >
                            <HeartPulse aria-hidden="true" className="h-4 w-4" />
                            Record medical clearance
                          </Button>
                        ) : null}
                        {p && data.requires_certification && p.cert_number && !p.cert_checked_at ? (
                          <Button
                            size="sm"
                            variant="teal"
                            busy={busy === `certification-checked:${p.id}`}
                            onClick={() => act(p, "certification-checked")}
                          >
                            <ShieldCheck aria-hidden="true" className="h-4 w-4" />
                            Certification checked
                          </Button>
                        ) : null}
                        {data.editable ? (
                          <Button size="sm" onClick={() => setEditing(position)}>
                            <Pencil aria-hidden="true" className="h-4 w-4" />
                            {p ? "Edit" : "Add details"}
                          </Button>
                        ) : null}
                      </div>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      </Card>
    </div>
  );
}

const ISSUE_TEXT: Record<Exclude<Readiness, "ready">, string> = READINESS_LABELS;

function ParticipantFacts({ p, data }: { p: AdminParticipant; data: AdminBookingParticipants }) {
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
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}

type TextKey = ParticipantTextField;

function ParticipantEditor({
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
