/**
 * The waitlist form's post without JavaScript, for the pages that show it
 * (/book and the adventure page): the same schema and joinWaitlist as
 * POST /api/waitlist, answered with the page again and a message.
 */
import { joinWaitlist } from "../../../server/domain/bookings/waitlist.server";
import { fromDatabaseError, HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { validateBody } from "../../../server/security/text.server";
import type { AppLoadContext } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { fieldErrorsFrom, formAnswer, formFailure, formSuccess } from "../../lib/form-result";
import {
  WAITLIST_FORM_FIELDS,
  WAITLIST_INTENT,
  WAITLIST_TEXT,
  type WaitlistValues,
  waitlistJoinSchema,
} from "../../lib/waitlist";

/** Posted fields named as the form names them; the page decides by `intent` that this form was sent. */
export async function waitlistFormAction(request: Request, app: AppLoadContext) {
  const values: WaitlistValues = await postedText(request, Object.values(WAITLIST_FORM_FIELDS));
  const answered = { values, intent: WAITLIST_INTENT };
  try {
    const input = validateBody(
      Object.fromEntries(Object.entries(WAITLIST_FORM_FIELDS).map(([api, form]) => [api, values[form]])),
      waitlistJoinSchema,
    );
    const joined = await joinWaitlist(app.db, input, app.booking.now(), app.clientKey);
    return formAnswer(formSuccess({ message: joined.message }, answered));
  } catch (error) {
    const refused = error instanceof HttpError ? error : fromDatabaseError(error);
    if (!refused) {
      pageFailed(app, "waitlist form could not add the visitor", error);
      return formAnswer(formFailure<WaitlistValues>(500, WAITLIST_TEXT.joinFailed, answered));
    }
    const errors = fieldErrorsFrom(refused.errors, WAITLIST_FORM_FIELDS);
    return formAnswer(formFailure<WaitlistValues>(refused.status, refused.message, { ...answered, errors }));
  }
}
