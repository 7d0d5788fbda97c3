import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import type { ParticipantFormData } from "../../../server/domain/dive-ops/participant-views.server";
import { formatDateAU, isIsoDate } from "../../lib/dates";
import type { FormValues, FormView } from "../../lib/form-result";
import { CLEARANCE_FILE_MAX_MB } from "../../lib/medical";
import { isMinorOn } from "../../lib/readiness";
import { useResultInView } from "../../lib/result-in-view";
import { ClearanceUpload } from "./ClearanceUpload";
import { CertificationSection, GearSection } from "./DiveSections";
import { MedicalQuestions } from "./MedicalQuestions";
import { ParticipantErrors } from "./ParticipantErrors";
import { PersonSections } from "./PersonSections";
import { WaiverSection } from "./WaiverSection";

/** The page action's answer to a post: the message, each field's, and what was posted (to fill the form in again; never stored or logged). */
export type ParticipantAnswer = FormView<null, FormValues>;

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
  // Known from the saved date of birth; after a refused post (the date may have changed) both fields show.
  const minorNow = answer?.sent ? null : form.minor;
  // With JavaScript, the date of birth as it is typed decides who signs.
  const [typedBirth, setTypedBirth] = useState<string | null>(null);
  const minor =
    typedBirth === null ? minorNow : isIsoDate(typedBirth) ? isMinorOn(typedBirth, form.tripDate) : null;
  const { key } = useLocation();
  const savedRef = useResultInView<HTMLParagraphElement>(saved ? key : null);
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
          <ParticipantErrors detail={answer?.detail} errors={errors} />

          <fieldset disabled={!form.editable} className="space-y-8">
            <PersonSections form={form} self={self} value={value} errors={errors} />

            {form.diving ? <GearSection value={value} errors={errors} /> : null}

            {form.requiresCertification ? <CertificationSection value={value} errors={errors} /> : null}

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
              <WaiverSection
                waiver={form.waiver}
                accepted={form.accepted}
                minor={minor}
                values={answer?.values}
                errors={errors}
              />
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
