/**
 * A participant form's post, for the two pages that show it: the booking's
 * link (any person of the group) and a person's own link (only them). The
 * same schema and saveParticipant as the operator's API; a refused post comes
 * back with each field's message and what was typed. The page's second form,
 * the doctor's clearance, posts a file (multipart) to the same action.
 */

import { redirect } from "react-router";
import {
  CLEARANCE_FIELD,
  type ClearanceTarget,
  receiveClearanceFile,
} from "../../../server/domain/dive-ops/medical-clearance.server";
import { saveParticipant } from "../../../server/domain/dive-ops/participant-save.server";
import { HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import type { AppLoadContext } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { formAnswer, formFailure } from "../../lib/form-result";
import { CLEARANCE_INTENT, MEDICAL_QUESTIONS } from "../../lib/medical";
import { medicalAnswersFromForm, PARTICIPANT_TEXT_FIELDS } from "../../lib/participants";

const WAIVER_FIELDS = ["waiver_version", "waiver_name", "waiver_guardian_name"] as const;
const MEDICAL_FIELDS = MEDICAL_QUESTIONS.map((q) => `medical_${q.id}`);

/** The form's fields as posted (read once, before the link is looked up, so a refusal can show them again). */
export function readParticipantPost(request: Request) {
  return postedText(request, [...PARTICIPANT_TEXT_FIELDS, ...WAIVER_FIELDS, ...MEDICAL_FIELDS]);
}

export type ParticipantPost = Awaited<ReturnType<typeof readParticipantPost>>;

export function participantFailure(
  posted: ParticipantPost,
  status: number,
  error: string,
  errors: Record<string, string> = {},
) {
  return formAnswer(formFailure<Record<string, string>>(status, error, { errors, values: posted }));
}

/** Saves the post for one person; null when saved, else the answer to send back. */
export async function saveParticipantPost(
  app: AppLoadContext,
  posted: ParticipantPost,
  bookingId: string,
  position: number,
  ownLinkOf?: string,
) {
  const body: Record<string, unknown> = {};
  for (const key of PARTICIPANT_TEXT_FIELDS) body[key] = posted[key];
  const medical = medicalAnswersFromForm((key) => posted[key as keyof typeof posted] ?? "");
  if (medical !== undefined) body.medical_answers = medical;
  const waiver = Object.fromEntries(WAIVER_FIELDS.map((k) => [k, posted[k]]));
  try {
    await saveParticipant(app.db, bookingId, position, body, app.booking.now(), {
      waiver,
      clientAddress: app.clientAddress,
      ownLinkOf,
    });
    return null;
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) {
      return participantFailure(posted, error.status, error.message, error.errors ?? {});
    }
    // The error's class and stack only: the log rule keeps the posted values out.
    pageFailed(app, "participant could not be saved", error, { booking: bookingId });
    return participantFailure(
      posted,
      500,
      "We could not save these details just now. Please try again, or contact us.",
    );
  }
}

/** The doctor's clearance comes as a file; the details form is url-encoded. */
export const isClearancePost = (request: Request) =>
  /^multipart\/form-data/i.test(request.headers.get("content-type") ?? "");

/**
 * Takes the doctor's clearance posted from a participant's page (the body is
 * read before `locate` looks the link up). Answers the redirect to show on
 * success, or the refusal for the clearance form (its message under the
 * file field).
 */
export async function clearancePost(
  app: AppLoadContext,
  request: Request,
  locate: (at: Date) => Promise<ClearanceTarget | null>,
  savedUrl: string,
) {
  const outcome = await receiveClearanceFile(
    { db: app.db, env: app.env, log: app.log, now: app.booking.now },
    request,
    locate,
  );
  if (outcome.kind === "saved") return redirect(savedUrl, { status: 303 });
  const [status, message] =
    outcome.kind === "not_found" ? [404, "This link does not work."] : [outcome.status, outcome.message];
  return formAnswer(
    formFailure<Record<string, string>>(status, message, {
      errors: { [CLEARANCE_FIELD]: message },
      intent: CLEARANCE_INTENT,
    }),
  );
}
