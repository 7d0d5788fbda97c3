import { bookingByToken } from "../../../server/domain/bookings/booking-links.server";
import { loadSiteContent } from "../../../server/domain/content/content.server";
import { bookingDocumentByNumber } from "../../../server/domain/money/invoices.server";
import { invoiceHtml } from "../../../server/email/invoice-templates.server";
import { getApp } from "../../lib/context";
import { siteInfo } from "../../lib/site";
import type { Route } from "./+types/my-booking-invoice";

const notFound = (text: string) =>
  new Response(text, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/**
 * One of the booking's tax invoices or adjustment notes, from its private
 * link: a printable page (print it, or save it as a PDF). Only the booking's
 * own documents open here.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const linked = await bookingByToken(app.db, params.token, app.booking.now());
  if (!linked) return notFound("This booking link does not work.");
  const found = await bookingDocumentByNumber(app.db, linked.booking.id, params.number);
  if (!found) return notFound("This booking has no document with that number.");
  const site = siteInfo(await loadSiteContent(app.db));
  return new Response(invoiceHtml(found.row, { refersTo: found.refersTo, site }), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}
