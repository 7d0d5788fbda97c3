/**
 * "Send me my booking links": a customer gives the address they booked with
 * and gets fresh links to their paid bookings there (the address is the trust
 * anchor); every address gets the same answer.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { departureText } from "../../../app/lib/departure.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import { adventures, bookings } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { hashToken } from "../access/auth.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { linkExpired, manageUrl, mintBookingLink } from "./booking-links.server.ts";

/** The most bookings one re-send email lists (the latest trips first). */
const RESEND_LIMIT = 5;

/**
 * Re-sends links for the bookings made with an email address: each paid
 * booking gets a fresh "resend" link and one email lists them. An address
 * with no paid booking gets nothing; the caller answers the same either way,
 * so the page never tells whether an address has booked.
 */
export async function resendBookingLinks(deps: BookingDeps, email: string): Promise<void> {
  const { db, env, log, now } = deps;
  const at = now();
  const address = email.trim().toLowerCase();
  const found = await db
    .select({ booking: bookings, adventure: { duration: adventures.duration } })
    .from(bookings)
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(and(sql`lower(${bookings.customerEmail}) = ${address}`, isNotNull(bookings.confirmedAt)))
    .orderBy(desc(bookings.selectedDate))
    .limit(RESEND_LIMIT)
    // A trip whose links have expired gets none (the latest trips come first, so the limit keeps the live ones).
    .then((rows) => rows.filter((r) => !linkExpired(r.booking, r.adventure, at)).map((r) => r.booking));
  if (found.length === 0) return;
  const site = siteInfo(await loadSiteContent(db));
  await db.transaction(async (tx) => {
    const lines: string[] = [];
    let linkId = "";
    for (const b of found) {
      const token = await mintBookingLink(tx, b.id, "resend", at);
      linkId ||= hashToken(token).slice(0, 16);
      lines.push(
        `${b.adventureTitle}, ${departureText(b.selectedDate, b.startTime, "full")} (${b.reference}):`,
        manageUrl(env.publicUrl, token),
        "",
      );
    }
    await enqueueEmail(tx, {
      kind: "booking_link",
      // One booking's link is that booking's email; several at once belong to none of them alone.
      bookingId: found.length === 1 ? found[0].id : null,
      to: found[0].customerEmail,
      subject: found.length === 1 ? "Your booking link" : "Your booking links",
      text: [
        `Hi ${found[0].customerFirstName},`,
        "",
        found.length === 1
          ? "Here is the private link to your booking. It shows your trip details and lets you cancel online."
          : "Here are the private links to your bookings. Each shows the trip details and lets you cancel online.",
        "",
        ...lines,
        "Keep this email to yourself: anyone with a link can see and cancel that booking. Any earlier link sent by a re-send request no longer works.",
        "If you did not ask for this, you can ignore this email.",
        "",
        site.title,
      ].join("\n"),
      // One email per request: the first new link names it.
      dedupeKey: `booking_link:${linkId}`,
    });
  });
  log.info("booking links re-sent", { bookings: found.length });
}
