import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { ParticipantFormData } from "../../../server/domain/dive-ops/participant-views.server";
import { formatDateAU, isIsoDate } from "../../lib/dates";
import type { FormValues, FormView } from "../../lib/form-result";
import { CLEARANCE_FILE_MAX_MB, MEDICAL_QUESTIONS } from "../../lib/medical";
import { CERT_AGENCIES, FIN_SIZES, HEIGHT_CM, WEIGHT_KG, WETSUIT_SIZES } from "../../lib/participants";
import { isMinorOn, latestBirthDate } from "../../lib/readiness";
import { useResultInView } from "../../lib/result-in-view";
import { ClearanceUpload } from "./ClearanceUpload";
import { Section, SelectField, TextField } from "./fields";
import { MedicalQuestions } from "./MedicalQuestions";
import { WaiverSignature } from "./WaiverSignature";

/** The page action's answer to a post: the message, each field's, and what was posted (to fill the form in again; never stored or logged). */
export type ParticipantAnswer = FormView<null, FormValues>;

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

/**
 * One person's form, opened from the booking's link (the group: any person,
 * with a way back to the booking) or from the person's own link (self: only
 * them; their email is where their link goes, so it is shown, not edited).
 * It posts to the route that rendered it; no JavaScript needed.
 */
export function ParticipantForm({
  form,
  answer,
  retentionDays,
  backHref,
  saved,
  clearanceAnswer,
  clearanceReceived = false,
  clearanceMaxMb = CLEARANCE_FILE_MAX_MB,
  contactEmail = "",
}: {
  form: ParticipantFormData;
  answer?: ParticipantAnswer;
  /** The clearance upload's answer (its own form, its own intent). */
  clearanceAnswer?: FormView<unknown, unknown>;
  /** The clearance was just uploaded. */
  clearanceReceived?: boolean;
  clearanceMaxMb?: number;
  /** Where a clearance can be emailed instead: the site's contact address. */
  contactEmail?: string;
  retentionDays: number;
  /** The booking's page (the group's view); null on a person's own link. */
  backHref: string | null;
  /** Just saved (own link: the page comes back to itself). */
  saved: boolean;
}) {
  const errors = answer?.errors ?? {};
  const value = (k: keyof typeof form.values) => answer?.values?.[k] ?? form.values[k];
  const self = form.viewer === "self";
  const failed = Object.keys(errors);
  // Known from the saved date of birth; after a refused post (the date may have changed) both fields show.
  const minorNow = answer?.sent ? null : form.minor;
  // With JavaScript, the date of birth as it is typed decides who signs.
  const [typedBirth, setTypedBirth] = useState<string | null>(null);
  const minor =
    typedBirth === null ? minorNow : isIsoDate(typedBirth) ? isMinorOn(typedBirth, form.tripDate) : null;
  const waiverCurrent = form.accepted?.current === true;
  const { key } = useLocation();
  const savedRef = useResultInView<HTMLParagraphElement>(saved ? key : null);
  const refusedRef = useResultInView<HTMLDivElement>(answer?.detail ? key : null);
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-2xl py-10 sm:py-14">
        <p className="eyebrow">
          {self
            ? `Your details · booking ${form.reference}`
            : `Your booking ${form.reference} · person ${form.position} of ${form.groupSize}`}
        </p>
        <h1 className="mt-2 text-3xl font-semibold break-words sm:text-4xl">
          {form.values.full_name || `Person ${form.position}`}
        </h1>
        <p className="mt-2 text-slate-600">
          {form.adventureTitle}, {formatDateAU(form.tripDate, "full")}
        </p>
        <p className="mt-3 text-sm text-slate-700" data-testid="participant-readiness">
          <strong>{form.summary.label}</strong>
          {form.summary.todo.length ? `: ${form.summary.todo.join("; ")}.` : "."}
        </p>
        {saved ? (
          <p
            ref={savedRef}
            tabIndex={-1}
            role="status"
            data-testid="participant-saved"
            className="mt-4 rounded-2xl border border-reef-100 bg-reef-50 p-4 text-slate-700"
          >
            Your details are saved.
          </p>
        ) : null}

        {!form.editable ? (
          <p
            role="status"
            data-testid="participant-locked"
            className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 text-slate-700"
          >
            {form.status === "cancelled"
              ? "This booking is cancelled, so these details can no longer be changed."
              : form.status === "completed"
                ? "This trip is completed: these details are kept as they were."
                : "Details can be added once the booking is paid."}
          </p>
        ) : null}

        <Form
          method="post"
          replace
          className="card mt-8 space-y-8 p-5 sm:p-7"
          aria-label="Participant details"
          onChange={(e) => {
            const field: EventTarget = e.target;
            if (field instanceof HTMLInputElement && field.name === "date_of_birth")
              setTypedBirth(field.value);
          }}
        >
          {answer?.detail ? (
            <div
              ref={refusedRef}
              tabIndex={-1}
              role="alert"
              data-testid="participant-errors"
              className="rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800"
            >
              <p className="flex items-center gap-2 font-semibold">
                <CircleAlert aria-hidden className="size-5 shrink-0" />
                {failed.length
                  ? `Please check ${failed.length === 1 ? "this field" : "these fields"}`
                  : answer.detail}
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
          ) : null}

          <fieldset disabled={!form.editable} className="space-y-8">
            <Section title="About this person">
              <TextField
                name="full_name"
                label="Full name"
                value={value("full_name")}
                errors={errors}
                required
                autoComplete="name"
                maxLength={100}
              />
              <TextField
                name="date_of_birth"
                label="Date of birth"
                type="date"
                value={value("date_of_birth")}
                errors={errors}
                hint={`At least ${form.minimumAge} years old on the trip date.`}
                max={latestBirthDate(form.tripDate, form.minimumAge)}
              />
              {self ? (
                <p className="text-sm text-slate-600" data-testid="own-email">
                  Your links come to <strong className="break-all">{form.values.email}</strong>.
                </p>
              ) : (
                <TextField
                  name="email"
                  label="Email"
                  optional
                  type="email"
                  value={value("email")}
                  errors={errors}
                  autoComplete="email"
                  maxLength={254}
                  hint="With an email, this person gets their own link to their details before the trip."
                />
              )}
            </Section>

            <Section
              title="Emergency contact"
              hint="Someone not on the trip whom we can call if anything happens."
            >
              <TextField
                name="emergency_contact_name"
                label="Name"
                value={value("emergency_contact_name")}
                errors={errors}
                maxLength={100}
              />
              <TextField
                name="emergency_contact_phone"
                label="Phone"
                type="tel"
                value={value("emergency_contact_phone")}
                errors={errors}
                maxLength={40}
              />
            </Section>

            {form.diving ? (
              <Section title="Gear" hint="So we bring a wetsuit, weights and fins that fit.">
                <div className="grid gap-5 sm:grid-cols-2">
                  <TextField
                    name="height_cm"
                    label="Height (cm)"
                    inputMode="numeric"
                    value={value("height_cm")}
                    errors={errors}
                    hint={`${HEIGHT_CM.min} to ${HEIGHT_CM.max}`}
                  />
                  <TextField
                    name="weight_kg"
                    label="Weight (kg)"
                    inputMode="numeric"
                    value={value("weight_kg")}
                    errors={errors}
                    hint={`${WEIGHT_KG.min} to ${WEIGHT_KG.max}`}
                  />
                  <SelectField
                    name="wetsuit_size"
                    label="Wetsuit size"
                    value={value("wetsuit_size")}
                    errors={errors}
                    options={WETSUIT_SIZES.map((s) => ({ value: s, label: s }))}
                  />
                  <SelectField
                    name="fin_size"
                    label="Fin size"
                    value={value("fin_size")}
                    errors={errors}
                    options={[...FIN_SIZES]}
                  />
                </div>
              </Section>
            ) : null}

            {form.requiresCertification ? (
              <Section
                title="Certification"
                hint="This dive is for certified divers: we check your card or your agency's record before the trip."
              >
                <div className="grid gap-5 sm:grid-cols-2">
                  <SelectField
                    name="cert_agency"
                    label="Agency"
                    value={value("cert_agency")}
                    errors={errors}
                    options={CERT_AGENCIES.map((s) => ({ value: s, label: s }))}
                  />
                  <TextField
                    name="cert_level"
                    label="Level"
                    value={value("cert_level")}
                    errors={errors}
                    hint="For example Open Water Diver"
                    maxLength={60}
                  />
                  <TextField
                    name="cert_number"
                    label="Certification number"
                    value={value("cert_number")}
                    errors={errors}
                    maxLength={40}
                  />
                  <TextField
                    name="last_dive_date"
                    label="Date of your last dive"
                    type="date"
                    value={value("last_dive_date")}
                    errors={errors}
                  />
                </div>
              </Section>
            ) : null}

            {form.diving ? (
              <MedicalQuestions
                clearanceHref="#clearance"
                answeredAt={form.medicalAnsweredAt}
                errors={errors}
                posted={answer?.values}
                retentionDays={retentionDays}
              />
            ) : null}

            {form.waiver ? (
              <Section title="Waiver" testId="waiver">
                {waiverCurrent && form.accepted ? (
                  <p
                    className="flex gap-2 rounded-xl bg-reef-50 p-3 text-sm text-slate-700"
                    data-testid="waiver-accepted"
                  >
                    <CircleCheck aria-hidden className="size-5 shrink-0 text-reef-700" />
                    <span>
                      Accepted by {form.accepted.signedName}
                      {form.accepted.guardianName ? " (parent or guardian)" : ""}
                      {form.accepted.at ? ` on ${formatDateAU(form.accepted.at.slice(0, 10))}` : ""}.
                    </span>
                  </p>
                ) : (
                  <>
                    {form.accepted && !form.accepted.current ? (
                      <p className="text-sm text-slate-700">
                        We have updated our waiver since it was accepted: please read and accept the new
                        version.
                      </p>
                    ) : null}
                    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
                      <h3 className="font-sans text-base font-semibold text-slate-900">
                        {form.waiver.title}
                      </h3>
                      {form.waiver.body.split(/\n{2,}/).map((para) => (
                        <p key={para.slice(0, 40)} className="mt-2 whitespace-pre-line">
                          {para}
                        </p>
                      ))}
                    </div>
                    <input type="hidden" name="waiver_version" value={form.waiver.version} />
                    <WaiverSignature minor={minor} values={answer?.values} errors={errors} />
                  </>
                )}
              </Section>
            ) : null}
          </fieldset>

          {form.editable ? (
            <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-500">You can save now and come back to finish later.</p>
              <button type="submit" className="btn-primary">
                Save details
              </button>
            </div>
          ) : null}
        </Form>

        {form.diving ? (
          <ClearanceUpload
            form={form}
            answer={clearanceAnswer}
            received={clearanceReceived}
            maxMb={clearanceMaxMb}
            contactEmail={contactEmail}
            retentionDays={retentionDays}
          />
        ) : null}

        {backHref ? (
          <p className="mt-8 text-sm">
            <Link to={backHref} className="font-medium text-reef-700 underline">
              Back to your booking
            </Link>
          </p>
        ) : (
          <p className="mt-8 text-sm text-slate-500">
            This page is private to you: anyone with its link can see and change your details, so please do
            not share it.
          </p>
        )}
      </div>
    </div>
  );
}
