import { CircleAlert, CircleCheck, FileUp, Mail } from "lucide-react";
import { Form, useLocation, useNavigation } from "react-router";
import type { ParticipantFormData } from "../../../server/domain/dive-ops/participant-views.server";
import { formatDateAU } from "../../lib/dates";
import type { FormView } from "../../lib/form-result";
import { CLEARANCE_FILE_ACCEPT } from "../../lib/medical";
import { useResultInView } from "../../lib/result-in-view";

/** The field the server names in a refusal. */
const FIELD = "clearance_file";

/**
 * How to send a doctor's clearance: upload it here (a plain multipart form
 * post to the page's action, no JavaScript needed) or email it. The group's
 * page shows this to everyone whatever the answers, so it tells nobody whose
 * answers need one; it says a file arrived only right after the upload. The
 * person's own page also shows their own state: needed, received, recorded.
 */
export function ClearanceUpload({
  form,
  answer,
  received,
  maxMb,
  contactEmail,
  retentionDays,
}: {
  form: ParticipantFormData;
  answer?: FormView<unknown, unknown>;
  /** Just uploaded (the redirect after the post says so). */
  received: boolean;
  maxMb: number;
  /** The site's contact address (settings); none set: the upload is the only way shown. */
  contactEmail: string;
  retentionDays: number;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const error = answer?.errors?.[FIELD as never] as string | undefined;
  const own = form.clearance;
  const { key } = useLocation();
  const refusedRef = useResultInView<HTMLParagraphElement>(error ? key : null);
  const receivedRef = useResultInView<HTMLParagraphElement>(received ? key : null);
  const who = form.viewer === "self" ? "you" : "this person";
  const subject = `Doctor's clearance, booking ${form.reference}`;
  return (
    <section
      id="clearance"
      aria-labelledby="clearance-title"
      className="card mt-6 scroll-mt-24 space-y-4 p-5 sm:p-7"
      data-testid="clearance"
    >
      <div>
        <h2 id="clearance-title" className="text-xl font-semibold">
          Doctor's clearance
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Answered “yes” to any medical question? A doctor must clear {who} for diving before the trip. Send
          us the signed clearance in one of these ways; only our instructor can open it, and we delete it with
          the answers {retentionDays} days after the trip.
        </p>
      </div>

      {received ? (
        <p
          ref={receivedRef}
          tabIndex={-1}
          role="status"
          data-testid="clearance-received"
          className="flex gap-2 rounded-xl bg-reef-50 p-3 text-sm text-slate-700"
        >
          <CircleCheck aria-hidden className="size-5 shrink-0 text-reef-700" />
          <span>Thank you: we received the file. Our instructor will check it before the trip.</span>
        </p>
      ) : null}
      {own && !received ? <OwnState clearance={own} /> : null}

      {form.editable ? (
        <Form
          method="post"
          encType="multipart/form-data"
          replace
          preventScrollReset
          className="space-y-3"
          aria-label="Upload the doctor's clearance"
        >
          <div>
            <label htmlFor="clearance-file" className="field-label flex items-center gap-2">
              <FileUp aria-hidden className="size-4 text-reef-700" />
              {own?.received ? "Replace the file" : "Upload the clearance"}
            </label>
            <input
              id="clearance-file"
              name={FIELD}
              type="file"
              required
              accept={CLEARANCE_FILE_ACCEPT}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-ocean-50 file:px-3 file:py-2 file:font-medium file:text-ocean-900 hover:file:bg-ocean-100"
              aria-describedby={error ? "clearance-file-error" : "clearance-file-hint"}
              aria-invalid={error ? true : undefined}
            />
            <p id="clearance-file-hint" className="mt-1.5 text-sm text-slate-500">
              A PDF, or a photo or scan (JPEG, PNG, WebP or HEIC), up to {maxMb} MB.
            </p>
            {error ? (
              <p
                ref={refusedRef}
                tabIndex={-1}
                id="clearance-file-error"
                role="alert"
                data-testid="clearance-error"
                className="mt-1.5 flex items-center gap-1.5 text-sm text-coral-700"
              >
                <CircleAlert aria-hidden className="size-4 shrink-0" />
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn-secondary w-full sm:w-auto" disabled={busy}>
            {busy ? "Sending…" : "Send the clearance"}
          </button>
        </Form>
      ) : null}

      {contactEmail ? (
        <p className="flex gap-2 border-t border-slate-100 pt-4 text-sm text-slate-700">
          <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-reef-700" />
          <span>
            Or email it to{" "}
            <a
              className="font-medium break-all text-reef-700 underline"
              href={`mailto:${contactEmail}?subject=${encodeURIComponent(subject)}`}
            >
              {contactEmail}
            </a>{" "}
            with your booking reference <strong>{form.reference}</strong> and{" "}
            {who === "you" ? "your" : "the person's"} name.
          </span>
        </p>
      ) : null}
    </section>
  );
}

function OwnState({ clearance }: { clearance: NonNullable<ParticipantFormData["clearance"]> }) {
  if (clearance.cleared) {
    return (
      <p
        className="flex gap-2 rounded-xl bg-reef-50 p-3 text-sm text-slate-700"
        data-testid="clearance-state"
      >
        <CircleCheck aria-hidden className="size-5 shrink-0 text-reef-700" />
        <span>Our instructor has recorded your doctor's clearance. Nothing more to do.</span>
      </p>
    );
  }
  if (clearance.received) {
    return (
      <p
        className="flex gap-2 rounded-xl bg-reef-50 p-3 text-sm text-slate-700"
        data-testid="clearance-state"
      >
        <CircleCheck aria-hidden className="size-5 shrink-0 text-reef-700" />
        <span>
          We received your file on {formatDateAU(clearance.received.receivedAt.slice(0, 10))} (
          {clearance.received.text}). Our instructor will check it; send a new file below to replace it.
        </span>
      </p>
    );
  }
  if (!clearance.needed) return null;
  return (
    <p className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" data-testid="clearance-state">
      <CircleAlert aria-hidden className="size-5 shrink-0" />
      <span>Your answers need a doctor's clearance: please send it before the trip.</span>
    </p>
  );
}
