/**
 * The waitlist form's post without JavaScript, for the pages that show it
 * (/book and the adventure page): the same schema and joinWaitlist as
 * POST /api/waitlist, answered with the page again and a message.
 */
import { data } from "react-router";
import { joinWaitlist } from "../../../server/domain/bookings/waitlist.server";
import { fromDatabaseError, HttpError } from "../../../server/errors.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { validateBody } from "../../../server/security/text.server";
import type { AppLoadContext } from "../../lib/context";
import { postedText } from "../../lib/form-post";
import { WAITLIST_FORM_FIELDS, WAITLIST_TEXT, waitlistJoinSchema } from "../../lib/waitlist";

export type WaitlistFormValues = Record<
  (typeof WAITLIST_FORM_FIELDS)[keyof typeof WAITLIST_FORM_FIELDS],
  string
>;

export interface WaitlistActionData {
  waitlist: {
    values: WaitlistFormValues;
    /** The confirmation, when the visitor is on the list. */
    message?: string;
    error?: string;
    fieldErrors: Partial<Record<keyof WaitlistFormValues, string>>;
  };
}

/** Posted fields named as the form names them; the page decides by `intent` that this form was sent. */
export async function waitlistFormAction(request: Request, app: AppLoadContext) {
  const values = await postedText(request, Object.values(WAITLIST_FORM_FIELDS));
  try {
    const input = validateBody(
      Object.fromEntries(Object.entries(WAITLIST_FORM_FIELDS).map(([api, form]) => [api, values[form]])),
      waitlistJoinSchema,
    );
    const joined = await joinWaitlist(app.db, input, app.booking.now(), app.clientKey);
    return data<WaitlistActionData>({ waitlist: { values, message: joined.message, fieldErrors: {} } });
  } catch (error) {
    const refused = error instanceof HttpError ? error : fromDatabaseError(error);
    if (!refused) {
      pageFailed(app, "waitlist form could not add the visitor", error);
      return data<WaitlistActionData>(
        { waitlist: { values, error: WAITLIST_TEXT.joinFailed, fieldErrors: {} } },
        { status: 500 },
      );
    }
    const fieldErrors: WaitlistActionData["waitlist"]["fieldErrors"] = {};
    for (const [key, message] of Object.entries(refused.errors ?? {})) {
      const name = WAITLIST_FORM_FIELDS[key.replace(/^body\./, "") as keyof typeof WAITLIST_FORM_FIELDS];
      if (name) fieldErrors[name] ??= message;
    }
    return data<WaitlistActionData>(
      { waitlist: { values, error: refused.message, fieldErrors } },
      { status: refused.status },
    );
  }
}
