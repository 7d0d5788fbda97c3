import { data, redirect } from "react-router";
import { openBookingLink } from "../../../server/domain/bookings/booking-links.server";
import { participantForm } from "../../../server/domain/dive-ops/participant-views.server";
import { InvalidLink } from "../../components/InvalidLink";
import { ParticipantForm } from "../../components/participant/ParticipantForm";
import { getApp } from "../../lib/context";
import { formView } from "../../lib/form-result";
import { seo } from "../../lib/seo";
import { siteName } from "../../lib/site";
import type { Route } from "./+types/my-booking-participant";
import { participantFailure, readParticipantPost, saveParticipantPost } from "./participant-form.server";

/** The path's position: whole numbers only (anything else is the same 404 as a position outside the group). */
const readPosition = (raw: string) => (/^\d{1,2}$/.test(raw) ? Number(raw) : 0);

/**
 * One person of the group, from the booking's private link: details, gear,
 * certification, the medical questionnaire and the waiver, in one form that
 * posts to this route's action (no JavaScript needed). The server applies
 * the same schema and rules as the operator's API. The page states what the
 * group may see of the person's readiness (nothing medical).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const opened = await openBookingLink(app.db, params.token, app.booking.now());
  const form =
    opened.status === "live"
      ? await participantForm(app.db, opened.linked.booking.id, readPosition(params.position), "group")
      : null;
  return data(
    { form, expired: opened.status === "expired", retentionDays: app.env.MEDICAL_RETENTION_DAYS },
    { status: form ? 200 : opened.status === "expired" ? 410 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const posted = await readParticipantPost(request);
  const opened = await openBookingLink(app.db, params.token, app.booking.now());
  if (opened.status !== "live") return participantFailure(posted, 404, "This booking link does not work.");
  const position = readPosition(params.position);
  const refused = await saveParticipantPost(app, posted, opened.linked.booking.id, position);
  if (refused) return refused;
  // The fragment brings the saved message's section into view without JavaScript too.
  return redirect(`/my-booking/${params.token}?participant=${position}#participants`, { status: 303 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo({
    title: loaderData?.form
      ? `Participant ${loaderData.form.position} of ${loaderData.form.reference} | ${siteName(matches[0].loaderData.content)}`
      : `Booking link not valid | ${siteName(matches[0].loaderData.content)}`,
    description: "Details, medical questionnaire and waiver for your trip.",
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function ParticipantPage({ loaderData, actionData, params }: Route.ComponentProps) {
  const { form } = loaderData;
  if (!form) return <InvalidLink expired={loaderData.expired} />;
  return (
    <ParticipantForm
      form={form}
      answer={formView(actionData)}
      retentionDays={loaderData.retentionDays}
      backHref={`/my-booking/${params.token}`}
      saved={false}
    />
  );
}
