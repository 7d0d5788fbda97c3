/**
 * The customer's private link to one booking ("manage my booking", no login).
 * A link is a random 256-bit token (the admin session's token helpers); only
 * its SHA-256 hash is stored, so a leaked table opens nothing, and a lookup by
 * hash gives the same answer for a wrong, unknown or revoked token. Each
 * booking has at most one live link per channel: minting a new one revokes
 * the previous one of that channel. The operator can revoke them all.
 */
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { googleCalendarUrl } from "../../../app/lib/calendar-link.ts";
import { formatDateAU, sydneyDate } from "../../../app/lib/dates.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { isPaid } from "../../../app/lib/paid.ts";
import { cancellationSummary, refundCents, refundPercent } from "../../../app/lib/policy.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  type BookingLinkChannel,
  type BookingRow,
  bookingLinks,
  bookings,
  type PaymentRow,
  payments,
} from "../../db/schema.ts";
import { scheduleFromItinerary, tripDays } from "../../email/ics.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { hashToken, newToken } from "../access/auth.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { bookingIcs, startTimeLabel } from "./booking-emails.server.ts";

export type LinkChannel = BookingLinkChannel;

/** The page a link opens. */
export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/my-booking/${token}`;
}

/** Longer than any token we mint; anything longer is not looked up at all. */
const MAX_TOKEN_LENGTH = 100;

/**
 * A new link for a booking, revoking the live one of the same channel. Call
 * it inside the transaction that sends the link (the confirmation, a re-send),
 * so a link exists exactly when its email is queued.
 */
export async function mintBookingLink(
  tx: DB,
  bookingId: string,
  channel: LinkChannel,
  at: Date,
): Promise<string> {
  await tx
    .update(bookingLinks)
    .set({ revokedAt: at })
    .where(
      and(
        eq(bookingLinks.bookingId, bookingId),
        eq(bookingLinks.channel, channel),
        isNull(bookingLinks.revokedAt),
      ),
    );
  const token = newToken();
  await tx.insert(bookingLinks).values({ bookingId, tokenHash: hashToken(token), channel, createdAt: at });
  return token;
}

/**
 * The success page's link: the page cannot read a stored link back (only its
 * hash is kept), so each view mints one and revokes the one it showed before.
 */
export async function successPageLink(db: DB, bookingId: string, at: Date): Promise<string> {
  const token = await db.transaction((tx) => mintBookingLink(tx, bookingId, "success_page", at));
  return `/my-booking/${token}`;
}

/** Revokes every live link of a booking (the operator's button); answers how many. */
export async function revokeBookingLinks(db: DB, bookingId: string, at: Date): Promise<number> {
  const rows = await db
    .update(bookingLinks)
    .set({ revokedAt: at })
    .where(and(eq(bookingLinks.bookingId, bookingId), isNull(bookingLinks.revokedAt)))
    .returning({ id: bookingLinks.id });
  return rows.length;
}

export interface LinkedBooking {
  booking: BookingRow;
  adventure: AdventureRow;
  /** The booking's paid payment, if any (paid, partly or fully refunded). */
  payment: PaymentRow | null;
}

/** The booking a live link opens, or null (wrong, unknown and revoked tokens alike). */
export async function bookingByToken(db: DB, token: string): Promise<LinkedBooking | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = await db
    .select({ booking: bookings, adventure: adventures })
    .from(bookingLinks)
    .innerJoin(bookings, eq(bookings.id, bookingLinks.bookingId))
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(and(eq(bookingLinks.tokenHash, hashToken(token)), isNull(bookingLinks.revokedAt)))
    .limit(1);
  if (!row) return null;
  const paid = await db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, row.booking.id))
    .orderBy(desc(payments.paidAt));
  return { ...row, payment: paid.find((p) => isPaid(p)) ?? null };
}

/**
 * Whether the customer may cancel online: a confirmed booking whose trip is
 * today or later in Sydney. Completed, cancelled and unpaid bookings are not
 * cancelled from the link.
 */
export function customerCanCancel(booking: BookingRow, at: Date): boolean {
  return booking.bookingStatus === "confirmed" && booking.selectedDate >= sydneyDate(at);
}

const STATUS_TEXT: Record<BookingRow["bookingStatus"], string> = {
  pending_payment: "Awaiting payment",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * Everything the manage page shows, computed at `at` (the policy counts Sydney
 * days). A booking whose departure was called off for weather and has not
 * answered is refunded in full whenever it is cancelled (the weather rule).
 */
export function manageView(linked: LinkedBooking, at: Date, options: { calledOffForWeather?: boolean } = {}) {
  const { booking: b, adventure: a, payment } = linked;
  const full = options.calledOffForWeather === true;
  const share = (cents: number) => (full ? cents : refundCents(cents, b.selectedDate, at));
  const times = scheduleFromItinerary(a.itinerary, a.duration);
  // What the booking costs now: a date change may have added a payment or refunded part of one.
  // A voucher pays like a card: a booking it paid in full is paid without any payment row.
  const paid = payment !== null || b.voucherCents > 0;
  const paidCents = paid ? b.totalAmountCents : 0;
  const canCancel = customerCanCancel(b, at);
  return {
    reference: b.reference,
    status: b.bookingStatus,
    statusText: STATUS_TEXT[b.bookingStatus],
    adventureTitle: b.adventureTitle,
    adventureSlug: a.slug,
    image: a.heroImage,
    imageAlt: a.heroImageAlt || a.title,
    date: b.selectedDate,
    startTime: startTimeLabel(a.itinerary),
    duration: a.duration,
    group: peopleText(b.groupSize),
    leadName: `${b.customerFirstName} ${b.customerLastName}`.trim(),
    meetingPoint: a.meetingPoint,
    location: a.location,
    whatToBring: a.whatToBring,
    paid,
    paidCents,
    /** The voucher part, and what cancelling now would put back on the voucher (the rest goes to the card). */
    voucherCents: b.voucherCents,
    voucherBackTodayCents: canCancel ? share(b.voucherCents) : 0,
    currency: payment?.currency ?? b.currency,
    refundedCents: b.refundAmountCents,
    policy: cancellationSummary(b.selectedDate, at),
    refundPercent: full ? 100 : refundPercent(b.selectedDate, at),
    /** What cancelling now would refund: the policy's share of what was paid. */
    refundTodayCents: canCancel ? share(paidCents) : 0,
    canCancel,
    googleCalendarUrl: googleCalendarUrl({
      title: a.title,
      date: b.selectedDate,
      times,
      days: tripDays(a.duration),
      details: `Booking ${b.reference}: ${peopleText(b.groupSize)}.${a.meetingPoint ? ` Meeting point: ${a.meetingPoint}.` : ""}`,
      location: a.meetingPoint || a.location,
    }),
  };
}

export type ManageView = ReturnType<typeof manageView>;

/** The booking's calendar file, the same one the confirmation email attaches. */
export async function bookingCalendarFile(db: DB, linked: LinkedBooking, at: Date) {
  const site = siteInfo(await loadSiteContent(db));
  return {
    filename: `booking-${linked.booking.reference}.ics`,
    content: bookingIcs(linked.booking, linked.adventure, site, at),
  };
}

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
    .select()
    .from(bookings)
    .where(and(sql`lower(${bookings.customerEmail}) = ${address}`, isNotNull(bookings.confirmedAt)))
    .orderBy(desc(bookings.selectedDate))
    .limit(RESEND_LIMIT);
  if (found.length === 0) return;
  const site = siteInfo(await loadSiteContent(db));
  await db.transaction(async (tx) => {
    const lines: string[] = [];
    let linkId = "";
    for (const b of found) {
      const token = await mintBookingLink(tx, b.id, "resend", at);
      linkId ||= hashToken(token).slice(0, 16);
      lines.push(
        `${b.adventureTitle}, ${formatDateAU(b.selectedDate, "full")} (${b.reference}):`,
        manageUrl(env.publicUrl, token),
        "",
      );
    }
    await enqueueEmail(tx, {
      kind: "booking_link",
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
