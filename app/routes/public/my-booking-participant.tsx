import { data, redirect } from "react-router";
import { openBookingLink } from "../../../server/domain/bookings/booking-links.server";
import { clearanceMaxMb } from "../../../server/domain/dive-ops/medical-clearance.server";
import { participantForm } from "../../../server/domain/dive-ops/participant-views.server";
import { InvalidLink } from "../../components/InvalidLink";
import { ParticipantForm } from "../../components/participant/ParticipantForm";
import { getApp } from "../../lib/context";
import { formView } from "../../lib/form-result";
import { CLEARANCE_INTENT } from "../../lib/medical";
import { seo } from "../../lib/seo";
import { siteInfo, siteName } from "../../lib/site";
import { useRootData } from "../../root";
import type { Route } from "./+types/my-booking-participant";
import {
  clearancePost,
  isClearancePost,
  participantFailure,
  readParticipantPost,
  saveParticipantPost,
} from "./participant-form.server";

/** The path's position: whole numbers only (anything else is the same 404 as a position outside the group). */
const readPosition = (raw: string) => (/^\d{1,2}$/.test(raw) ? Number(raw) : 0);

/**
 * One person of the group, from the booking's private link: details, gear,
 * certification, the medical questionnaire and the waiver, in one form that
 * posts to this route's action (no JavaScript needed), and a second form that
 * sends a doctor's clearance as a file (multipart, to the same action). The server applies
 * the same schema and rules as the operator's API. The page states what the
 * group may see of the person's readiness (nothing medical).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const opened = await openBookingLink(app.db, params.token, app.booking.now());
  const form =
    opened.status === "live"
      ? await participantForm(app.db, opened.linked.booking.id, readPosition(params.position), "group")
      : null;
  return data(
    {
      form,
      expired: opened.status === "expired",
      retentionDays: app.env.MEDICAL_RETENTION_DAYS,
      clearanceReceived: new URL(request.url).searchParams.get("clearance") === "received",
      clearanceMaxMb: clearanceMaxMb(app.env),
    },
    { status: form ? 200 : opened.status === "expired" ? 410 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const position = readPosition(params.position);
  if (isClearancePost(request)) {
    return clearancePost(
      app,
      request,
      async (at) => {
        const opened = await openBookingLink(app.db, params.token, at);
        return opened.status === "live" ? { bookingId: opened.linked.booking.id, position } : null;
      },
      // The group's page says it arrived only right after the upload: it never names whose answers need one.
      `/my-booking/${params.token}/participants/${position}?clearance=received#clearance`,
    );
  }
  const posted = await readParticipantPost(request);
  const opened = await openBookingLink(app.db, params.token, app.booking.now());
  if (opened.status !== "live") return participantFailure(posted, 404, "This booking link does not work.");
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
  const root = useRootData();
  if (!form) return <InvalidLink expired={loaderData.expired} />;
  return (
    <ParticipantForm
      form={form}
      answer={formView(actionData)}
      clearanceAnswer={formView<unknown, unknown>(actionData, CLEARANCE_INTENT)}
      clearanceReceived={loaderData.clearanceReceived && !actionData}
      clearanceMaxMb={loaderData.clearanceMaxMb}
      contactEmail={siteInfo(root.content).email}
      retentionDays={loaderData.retentionDays}
      backHref={`/my-booking/${params.token}`}
      saved={false}
    />
  );
}
