import { data, redirect } from "react-router";
import { openParticipantLink } from "../../../server/domain/bookings/booking-links.server";
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
import type { Route } from "./+types/my-details";
import {
  clearancePost,
  isClearancePost,
  participantFailure,
  readParticipantPost,
  saveParticipantPost,
} from "./participant-form.server";

/**
 * A participant's own link (emailed to the address the group gave for them):
 * their details, medical questionnaire and waiver, and their own readiness,
 * a doctor's clearance included. Nothing else of the booking: not the other
 * people, not the payment, not the cancel button. The link was sent to their
 * email, so it cannot change it (the group's page can, which switches the
 * link off).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const opened = await openParticipantLink(app.db, params.token, app.booking.now());
  const form =
    opened.status === "live"
      ? await participantForm(app.db, opened.linked.booking.id, opened.position, "self")
      : null;
  return data(
    {
      form,
      expired: opened.status === "expired",
      saved: new URL(request.url).searchParams.get("saved") === "1",
      retentionDays: app.env.MEDICAL_RETENTION_DAYS,
      clearanceReceived: new URL(request.url).searchParams.get("clearance") === "received",
      clearanceMaxMb: clearanceMaxMb(app.env),
    },
    { status: form ? 200 : opened.status === "expired" ? 410 : 404 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (isClearancePost(request)) {
    return clearancePost(
      app,
      request,
      async (at) => {
        const opened = await openParticipantLink(app.db, params.token, at);
        return opened.status === "live"
          ? { bookingId: opened.linked.booking.id, position: opened.position }
          : null;
      },
      `/my-details/${params.token}?clearance=received#clearance`,
    );
  }
  const posted = await readParticipantPost(request);
  const opened = await openParticipantLink(app.db, params.token, app.booking.now());
  if (opened.status !== "live") return participantFailure(posted, 404, "This link does not work.");
  const refused = await saveParticipantPost(
    app,
    posted,
    opened.linked.booking.id,
    opened.position,
    opened.participantId,
  );
  if (refused) return refused;
  return redirect(`/my-details/${params.token}?saved=1`, { status: 303 });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo({
    title: loaderData?.form
      ? `Your details for ${loaderData.form.reference} | ${siteName(matches[0].loaderData.content)}`
      : `Link not valid | ${siteName(matches[0].loaderData.content)}`,
    description: "Your details, medical questionnaire and waiver for your trip.",
    // Never the token.
    path: "/my-booking",
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function MyDetails({ loaderData, actionData }: Route.ComponentProps) {
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
      backHref={null}
      saved={loaderData.saved && !actionData}
    />
  );
}
