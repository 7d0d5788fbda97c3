/**
 * The customer's private link to one booking ("manage my booking", no login).
 * A link is a random 256-bit token (the admin session's token helpers); only
 * its SHA-256 hash is stored, so a leaked table opens nothing, and a lookup by
 * hash gives the same answer for a wrong, unknown or revoked token. Each
 * booking has at most one live link per channel (a participant's own link:
 * one per participant): minting a new one revokes the previous one of that
 * channel. The operator can revoke them all. Every link of a booking stops
 * working LINK_DAYS_AFTER_TRIP days after the trip's last day.
 */
import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { LINK_DAYS_AFTER_TRIP } from "../../../app/lib/booking-link.ts";
import { googleCalendarUrl } from "../../../app/lib/calendar-link.ts";
import { addDays, sydneyDate } from "../../../app/lib/dates.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { isPaid } from "../../../app/lib/paid.ts";
import { refundCents, refundPercent } from "../../../app/lib/policy-refund.ts";
import {
  cancellationSummary,
  changeWindowText,
  policyCounting,
  policySentence,
} from "../../../app/lib/policy-words.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  type BookingLinkChannel,
  type BookingRow,
  bookingLinks,
  bookings,
  type PaymentRow,
  participants,
  payments,
} from "../../db/schema.ts";
import { departureSchedule, lastTripDay, tripDays } from "../../email/ics.server.ts";
import { hashToken, newToken } from "../access/auth.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { bookingIcs, startTimeLabel } from "./booking-emails.server.ts";
import type { BookingTerms } from "./booking-terms.server.ts";

export type LinkChannel = BookingLinkChannel;

/** The page a link opens. */
export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/my-booking/${token}`;
}

/** The page a participant's own link opens: their details, nothing else of the booking. */
export function participantUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/my-details/${token}`;
}

/** Longer than any token we mint; anything longer is not looked up at all. */
const MAX_TOKEN_LENGTH = 100;

/**
 * The last Sydney day a booking's links work. Computed from the booking (its
 * date and its adventure's length), not stored per link: links minted before
 * this rule existed follow it too, and a moved trip moves it.
 */
export function linkLastDay(
  booking: Pick<BookingRow, "selectedDate">,
  adventure: Pick<AdventureRow, "duration">,
): string {
  return addDays(lastTripDay(booking.selectedDate, tripDays(adventure.duration)), LINK_DAYS_AFTER_TRIP);
}

/** Whether a booking's links stopped working before `at` (its Sydney day is past their last day). */
export function linkExpired(
  booking: Pick<BookingRow, "selectedDate">,
  adventure: Pick<AdventureRow, "duration">,
  at: Date,
): boolean {
  return sydneyDate(at) > linkLastDay(booking, adventure);
}

/**
 * A new link for a booking, revoking the live one of the same channel (for a
 * participant's own link, of the same participant). Call it inside the
 * transaction that sends the link (the confirmation, a re-send), so a link
 * exists exactly when its email is queued.
 */
export async function mintBookingLink(
  tx: DB,
  bookingId: string,
  channel: LinkChannel,
  at: Date,
  participantId: string | null = null,
): Promise<string> {
  await tx
    .update(bookingLinks)
    .set({ revokedAt: at })
    .where(
      and(
        eq(bookingLinks.bookingId, bookingId),
        eq(bookingLinks.channel, channel),
        participantId === null
          ? isNull(bookingLinks.participantId)
          : eq(bookingLinks.participantId, participantId),
        isNull(bookingLinks.revokedAt),
      ),
    );
  const token = newToken();
  await tx
    .insert(bookingLinks)
    .values({ bookingId, participantId, tokenHash: hashToken(token), channel, createdAt: at });
  return token;
}

/**
 * How long after the payment confirmed the booking its success page may still
 * mint the link. The page is reached seconds after paying (the status check
 * redirects after 3 s), a slow connection or a closed laptop take minutes; an
 * hour covers those, while a session id found later (browser history, a
 * shared screen, the payment provider's records) yields nothing.
 */
export const SUCCESS_LINK_WINDOW_MS = 60 * 60 * 1000;

/**
 * The success page's link, or null. The page's address carries the checkout
 * session id, which is no credential, so it mints a link at most once per
 * booking (the first view), within SUCCESS_LINK_WINDOW_MS of the payment's
 * confirmation, and never once the operator has revoked the booking's links.
 * The claim is one conditional update, so parallel first views (any process)
 * get one link between them. Later views show the booking without a link: the
 * confirmation email carries one, and the re-send form mails a fresh one.
 */
export async function successPageLink(db: DB, bookingId: string, at: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(bookings)
      .set({ successLinkAt: at })
      .where(
        and(
          eq(bookings.id, bookingId),
          eq(bookings.bookingStatus, "confirmed"),
          isNull(bookings.successLinkAt),
          isNull(bookings.linksRevokedAt),
          gt(bookings.confirmedAt, new Date(at.getTime() - SUCCESS_LINK_WINDOW_MS)),
        ),
      )
      .returning({ id: bookings.id });
    if (claimed.length === 0) return null;
    return `/my-booking/${await mintBookingLink(tx, bookingId, "success_page", at)}`;
  });
}

/**
 * Revokes every live link of a booking (the operator's button), its people's
 * own links included, and dates it so the success page mints none after it;
 * answers how many were live.
 */
export async function revokeBookingLinks(db: DB, bookingId: string, at: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ linksRevokedAt: bookings.linksRevokedAt })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for("update");
    await tx.update(bookings).set({ linksRevokedAt: at }).where(eq(bookings.id, bookingId));
    const rows = await tx
      .update(bookingLinks)
      .set({ revokedAt: at })
      .where(and(eq(bookingLinks.bookingId, bookingId), isNull(bookingLinks.revokedAt)))
      .returning({ id: bookingLinks.id });
    await recordAudit(tx, {
      action: "revoke_links",
      entity: "booking",
      entityId: bookingId,
      bookingId,
      before: { links_revoked_at: before?.linksRevokedAt ?? null, live_links: rows.length },
      after: { links_revoked_at: at, live_links: 0 },
    });
    return rows.length;
  });
}

/**
 * Revokes a participant's own links (their email changed: the link belongs to
 * whoever it was sent to, not to the place in the group).
 */
export async function revokeParticipantLinks(tx: DB, participantId: string, at: Date): Promise<void> {
  await tx
    .update(bookingLinks)
    .set({ revokedAt: at })
    .where(and(eq(bookingLinks.participantId, participantId), isNull(bookingLinks.revokedAt)));
}

export interface LinkedBooking {
  booking: BookingRow;
  adventure: AdventureRow;
  /** The booking's paid payment, if any (paid, partly or fully refunded). */
  payment: PaymentRow | null;
}

/**
 * What a token opens: a live link, one that has expired (the page says how to
 * get a new one), or nothing (wrong, unknown, revoked, or a link of the other
 * scope: all alike).
 */
export type LinkOpening<T> = ({ status: "live" } & T) | { status: "expired" } | { status: "invalid" };

async function openLink(
  db: DB,
  token: string,
  at: Date,
  scope: "booking" | "participant",
): Promise<LinkOpening<{ linked: LinkedBooking; participantId: string | null }>> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return { status: "invalid" };
  const [row] = await db
    .select({ booking: bookings, adventure: adventures, participantId: bookingLinks.participantId })
    .from(bookingLinks)
    .innerJoin(bookings, eq(bookings.id, bookingLinks.bookingId))
    .innerJoin(adventures, eq(adventures.id, bookings.adventureId))
    .where(
      and(
        eq(bookingLinks.tokenHash, hashToken(token)),
        isNull(bookingLinks.revokedAt),
        scope === "booking" ? isNull(bookingLinks.participantId) : isNotNull(bookingLinks.participantId),
      ),
    )
    .limit(1);
  if (!row) return { status: "invalid" };
  if (linkExpired(row.booking, row.adventure, at)) return { status: "expired" };
  const paid = await db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, row.booking.id))
    .orderBy(desc(payments.paidAt));
  const linked = {
    booking: row.booking,
    adventure: row.adventure,
    payment: paid.find((p) => isPaid(p)) ?? null,
  };
  return { status: "live", linked, participantId: row.participantId };
}

/** What a link to the whole booking opens at `at` (a participant's own link opens nothing here). */
export async function openBookingLink(
  db: DB,
  token: string,
  at: Date,
): Promise<LinkOpening<{ linked: LinkedBooking }>> {
  const found = await openLink(db, token, at, "booking");
  return found.status === "live" ? { status: "live", linked: found.linked } : found;
}

/** The booking a live link opens at `at`, or null (wrong, unknown, revoked and expired tokens alike). */
export async function bookingByToken(db: DB, token: string, at: Date): Promise<LinkedBooking | null> {
  const found = await openBookingLink(db, token, at);
  return found.status === "live" ? found.linked : null;
}

/** What a participant's own link opens: their booking and their place in its group. */
export async function openParticipantLink(
  db: DB,
  token: string,
  at: Date,
): Promise<LinkOpening<{ linked: LinkedBooking; participantId: string; position: number }>> {
  const found = await openLink(db, token, at, "participant");
  if (found.status !== "live" || found.participantId === null)
    return found.status === "expired" ? found : { status: "invalid" };
  const [person] = await db
    .select({ position: participants.position })
    .from(participants)
    .where(eq(participants.id, found.participantId));
  if (!person) return { status: "invalid" };
  return {
    status: "live",
    linked: found.linked,
    participantId: found.participantId,
    position: person.position,
  };
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

/** A booking's promo code and discount, as the manage page shows them (absent without one). */
function promoPart(b: BookingRow): { promoCode?: string; promoDiscountCents?: number } {
  return b.promoCode ? { promoCode: b.promoCode, promoDiscountCents: b.promoDiscountCents } : {};
}

/**
 * Everything the manage page shows, computed at `at` (the policy counts Sydney
 * days). A booking whose departure was called off for weather and has not
 * answered is refunded in full whenever it is cancelled (the weather rule).
 */
export function manageView(
  linked: LinkedBooking,
  at: Date,
  terms: BookingTerms,
  options: { calledOffForWeather?: boolean } = {},
) {
  const { booking: b, adventure: a, payment } = linked;
  const full = options.calledOffForWeather === true;
  const share = (cents: number) => (full ? cents : refundCents(cents, terms.date, at, terms.policy));
  const times = departureSchedule(a.itinerary, a.duration, b.startTime);
  // What the booking costs now: a date change may have added a payment or refunded part of one.
  // A voucher pays like a card: a booking it paid in full is paid without any payment row;
  // so is one a promo code made free (confirmed with nothing to pay).
  const paid =
    payment !== null || b.voucherCents > 0 || (b.promoDiscountCents > 0 && b.totalAmountCents === 0);
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
    startTime: startTimeLabel(a.itinerary, b.startTime),
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
    /** The promo code and the discount it gave on the subtotal, only for a booking that used one. */
    ...promoPart(b),
    currency: payment?.currency ?? b.currency,
    refundedCents: b.refundAmountCents,
    policy: cancellationSummary(terms.date, at, terms.policy),
    /** The adventure's policy as a sentence, and its date-change window, in the words the refund follows. */
    policySentence: policySentence(terms.policy),
    changeWindow: changeWindowText(terms.policy),
    policyCounting: policyCounting(terms.policy),
    refundPercent: full ? 100 : refundPercent(terms.date, at, terms.policy),
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
