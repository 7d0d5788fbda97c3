import { bookingByToken, bookingCalendarFile } from "../../../server/domain/bookings/booking-links.server";
import { getApp } from "../../lib/context";
import type { Route } from "./+types/my-booking-calendar";

/** The booking's calendar file from its private link: the one the confirmation email attaches. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  if (!linked || linked.booking.bookingStatus === "cancelled") {
    return new Response("This booking link does not work.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const file = await bookingCalendarFile(app.db, linked, app.booking.now());
  return new Response(file.content, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
    },
  });
}
