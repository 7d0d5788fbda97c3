import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { bookingByToken } from "../../../server/domain/bookings/booking-links.server";
import { participantForm } from "../../../server/domain/dive-ops/participant-views.server";
import { saveParticipant } from "../../../server/domain/dive-ops/participants.server";
import { HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { getApp } from "../../lib/context";
import { formatDateAU } from "../../lib/dates";
import { postedText } from "../../lib/form-post";
import { MEDICAL_QUESTIONS } from "../../lib/medical";
import {
  CERT_AGENCIES,
  FIN_SIZES,
  HEIGHT_CM,
  medicalAnswersFromForm,
  PARTICIPANT_TEXT_FIELDS,
  WEIGHT_KG,
  WETSUIT_SIZES,
} from "../../lib/participants";
import { seo } from "../../lib/seo";
import type { Route } from "./+types/my-booking-participant";
import { InvalidLink } from "./my-booking";

const WAIVER_FIELDS = ["waiver_version", "waiver_name", "waiver_guardian_name"] as const;
const MEDICAL_FIELDS = MEDICAL_QUESTIONS.map((q) => `medical_${q.id}`);

/** The path's position: whole numbers only (anything else is the same 404 as a position outside the group). */
const readPosition = (raw: string) => (/^\d{1,2}$/.test(raw) ? Number(raw) : 0);

/**
 * One person of the group, from the booking's private link: details, gear,
 * certification, the medical questionnaire and the waiver, in one form that
 * posts to this route's action (no JavaScript needed). The server applies
 * the same schema and rules as the operator's API.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const linked = await bookingByToken(app.db, params.token);
  const form = linked
    ? await participantForm(app.db, linked.booking.id, readPosition(params.position))
    : null;
  return data({ form, retentionDays: app.env.MEDICAL_RETENTION_DAYS }, { status: form ? 200 : 404 });
}

export interface ParticipantActionData {
  error: string;
  errors: Record<string, string>;
  /** What was posted, to fill the form in again (never stored or logged). */
  values: Record<string, string>;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const posted = await postedText(request, [...PARTICIPANT_TEXT_FIELDS, ...WAIVER_FIELDS, ...MEDICAL_FIELDS]);
  const linked = await bookingByToken(app.db, params.token);
  const position = readPosition(params.position);
  const fail = (status: number, error: string, errors: Record<string, string> = {}) =>
    data<ParticipantActionData>({ error, errors, values: posted }, { status });
  if (!linked) return fail(404, "This booking link does not work.");
  const body: Record<string, unknown> = {};
  for (const key of PARTICIPANT_TEXT_FIELDS) body[key] = posted[key];
  const medical = medicalAnswersFromForm((key) => posted[key as keyof typeof posted] ?? "");
  if (medical !== undefined) body.medical_answers = medical;
  const waiver = Object.fromEntries(WAIVER_FIELDS.map((k) => [k, posted[k]]));
  try {
    await saveParticipant(app.db, linked.booking.id, position, body, app.booking.now(), {
      waiver,
      clientAddress: app.clientAddress,
    });
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      return fail(error.status, error.message, error.errors ?? {});
    }
    // The error's class and stack only: the log rule keeps the posted values out.
    pageFailed(app, "participant could not be saved", error, { booking: linked.booking.id });
    return fail(500, "We could not save these details just now. Please try again, or contact us.");
  }
  return redirect(`/my-booking/${params.token}?participant=${position}`, { status: 303 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo({
    title: loaderData?.form
      ? `Participant ${loaderData.form.position} of ${loaderData.form.reference} | Tidewater Dive & Camp`
      : "Booking link not valid | Tidewater Dive & Camp",
    description: "Details, medical questionnaire and waiver for your trip.",
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

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

export default function ParticipantPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { form } = loaderData;
  if (!form) return <InvalidLink />;
  const errors = actionData?.errors ?? {};
  const value = (k: keyof typeof form.values) => actionData?.values[k] ?? form.values[k];
  const back = `/my-booking/${params.token}`;
  const failed = Object.keys(errors);
  // Known from the saved date of birth; after a refused post (the date may have changed) both fields show.
  const minorNow = actionData ? null : form.minor;
  const waiverCurrent = form.accepted?.current === true;
  return (
    <div className="bg-gradient-to-b from-reef-50 to-white">
      <div className="container-site max-w-2xl py-10 sm:py-14">
        <p className="eyebrow">
          Your booking {form.reference} · person {form.position} of {form.groupSize}
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
        >
          {actionData?.error ? (
            <div
              role="alert"
              data-testid="participant-errors"
              className="rounded-2xl border border-coral-100 bg-coral-50 p-4 text-coral-800"
            >
              <p className="flex items-center gap-2 font-semibold">
                <CircleAlert aria-hidden className="size-5 shrink-0" />
                {failed.length
                  ? `Please check ${failed.length === 1 ? "this field" : "these fields"}`
                  : actionData.error}
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
              />
              <TextField
                name="email"
                label="Email"
                optional
                type="email"
                value={value("email")}
                errors={errors}
                autoComplete="email"
                maxLength={254}
              />
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
              <Section
                title="Medical questionnaire"
                hint={`Answer each question for this person. A “yes” does not rule out diving: it means a doctor must clear them for diving before the trip. Only our instructor sees the answers, and we delete them ${loaderData.retentionDays} days after the trip.`}
                testId="medical"
              >
                {form.medicalAnsweredAt ? (
                  <p
                    className="rounded-xl bg-reef-50 p-3 text-sm text-slate-700"
                    data-testid="medical-answered"
                  >
                    Answered on {formatDateAU(form.medicalAnsweredAt.slice(0, 10))}. Leave these blank to keep
                    those answers, or answer every question again if anything has changed.
                  </p>
                ) : null}
                {errors.medical_answers ? (
                  <FieldError id="p-medical_answers-error" message={errors.medical_answers} />
                ) : null}
                <ol className="space-y-4">
                  {MEDICAL_QUESTIONS.map((q, i) => {
                    const key = `medical_${q.id}`;
                    const error = errors[`medical_answers.${q.id}`];
                    const chosen = actionData?.values[key] ?? "";
                    return (
                      <li key={q.id}>
                        <fieldset
                          id={`medical-${q.id}`}
                          aria-describedby={error ? `medical-${q.id}-error` : undefined}
                          className={`rounded-xl border p-3 ${error ? "border-coral-600" : "border-slate-200"}`}
                        >
                          <legend className="sr-only">Question {i + 1}</legend>
                          <p className="text-sm text-slate-800">
                            <span className="font-semibold">{i + 1}.</span> {q.text}
                          </p>
                          <div className="mt-2 flex gap-6">
                            {(["no", "yes"] as const).map((answer) => (
                              <label
                                key={answer}
                                className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium"
                              >
                                <input
                                  type="radio"
                                  name={key}
                                  value={answer}
                                  defaultChecked={chosen === answer}
                                  className="size-5 accent-reef-600"
                                />
                                {answer === "yes" ? "Yes" : "No"}
                              </label>
                            ))}
                          </div>
                          {error ? <FieldError id={`medical-${q.id}-error`} message={error} /> : null}
                        </fieldset>
                      </li>
                    );
                  })}
                </ol>
              </Section>
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
                    {minorNow !== true ? (
                      <TextField
                        name="waiver_name"
                        label="To accept, type this person's full name"
                        value={actionData?.values.waiver_name ?? ""}
                        errors={errors}
                        optional
                        autoComplete="off"
                        maxLength={100}
                        hint="Typing the name is signing: it must match the full name above."
                      />
                    ) : null}
                    {minorNow !== false ? (
                      <TextField
                        name="waiver_guardian_name"
                        label="Parent or guardian's full name"
                        value={actionData?.values.waiver_guardian_name ?? ""}
                        errors={errors}
                        optional
                        autoComplete="off"
                        maxLength={100}
                        hint="Under 18 on the trip date: a parent or guardian accepts the waiver by typing their own name."
                      />
                    ) : null}
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

        <p className="mt-8 text-sm">
          <Link to={back} className="font-medium text-reef-700 underline">
            Back to your booking
          </Link>
        </p>
      </div>
    </div>
  );
}

function Section({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="space-y-4" data-testid={testId}>
      <div>
        <h2 className="text-xl font-semibold">{title}</h2>
        {hint ? <p className="mt-1 text-sm text-slate-600">{hint}</p> : null}
      </div>
      {children}
    </section>
  );
}

function fieldClass(error: string | undefined): string {
  return `field ${error ? "border-coral-600 focus:border-coral-600 focus:ring-coral-600/30" : ""}`;
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="mt-1.5 flex items-center gap-1.5 text-sm text-coral-700">
      <CircleAlert aria-hidden className="size-4 shrink-0" />
      {message}
    </p>
  );
}

interface FieldProps {
  name: string;
  label: string;
  value: string;
  errors: Record<string, string>;
  hint?: string;
  optional?: boolean;
}

function describedBy(name: string, error: string | undefined, hint: string | undefined) {
  return (
    [error ? `p-${name}-error` : null, hint ? `p-${name}-hint` : null].filter(Boolean).join(" ") || undefined
  );
}

function TextField({
  name,
  label,
  value,
  errors,
  hint,
  optional,
  type = "text",
  ...rest
}: FieldProps & {
  type?: string;
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "numeric";
}) {
  const error = errors[name];
  return (
    <div>
      <label htmlFor={`p-${name}`} className="field-label">
        {label} {optional ? <span className="font-normal text-slate-500">(optional)</span> : null}
      </label>
      <input
        id={`p-${name}`}
        name={name}
        type={type}
        defaultValue={value}
        className={fieldClass(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...rest}
      />
      {hint ? (
        <p id={`p-${name}-hint`} className="mt-1.5 text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={`p-${name}-error`} message={error} /> : null}
    </div>
  );
}

function SelectField({
  name,
  label,
  value,
  errors,
  hint,
  options,
}: FieldProps & { options: { value: string; label: string }[] }) {
  const error = errors[name];
  return (
    <div>
      <label htmlFor={`p-${name}`} className="field-label">
        {label}
      </label>
      <select
        id={`p-${name}`}
        name={name}
        defaultValue={value}
        className={fieldClass(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <FieldError id={`p-${name}-error`} message={error} /> : null}
    </div>
  );
}
