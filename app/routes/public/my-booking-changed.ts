import { redirect } from "react-router";
import { changeForSession } from "../../../server/domain/bookings/reschedule-offer.server";
import { changeReturnLink } from "../../../server/domain/bookings/reschedule-return.server";
import { fulfil } from "../../../server/domain/bookings/settle.server";
import { pageFailed } from "../../../server/page-outcome.server";
import { getApp } from "../../lib/context";
import type { Route } from "./+types/my-booking-changed";

/**
 * Where the checkout of a date change's price difference returns (paid or
 * left). The session is settled first (the same fulfil as the webhook and the
 * status check), then the customer lands on their booking's page with a
 * notice of what happened. The page's link is minted for this view, once, as
 * the booking success page does (changeReturnLink): only the token's hash is
 * stored, so the customer's own link cannot be read back, and the checkout
 * never carries it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const found = await changeForSession(app.booking, sessionId);
  if (!found) return redirect("/my-booking");
  await fulfil(app.booking, sessionId).catch((error: unknown) =>
    pageFailed(app, "settling a date change's checkout failed", error, { payment: found.payment.id }),
  );
  const link = await changeReturnLink(app.db, found.change.id, app.booking.now());
  // A return after the first (or late, or revoked): the page that mails a fresh link.
  return redirect(link ? `${link}?changed=1` : "/my-booking");
}
