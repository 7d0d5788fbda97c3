/**
 * Offering a date's freed spots to its waitlist (waitlist.server keeps the
 * entries). Whenever spots come back on a date (a cancellation, an ended
 * hold, the operator adding spots or opening the date again)
 * `offerFreedSpots` runs in the same transaction and emails the first waiting
 * groups that fit a link to book it. An offer does not hold spots: the booking
 * goes through createBooking, which checks capacity as for anyone, so the
 * first to book wins. Offers are still counted against the free spots when
 * choosing whom to offer, so no more groups are invited at once than there is
 * room for. A lapsed offer (OFFER_TTL_MS) passes its spots on.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { bookableDate, noticeOf } from "../../../app/lib/booking-window.ts";
import { formatDateAU } from "../../../app/lib/dates.ts";
import { startTimeText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { siteName } from "../../../app/lib/site.ts";
import { sydneyTimeText } from "../../../app/lib/waitlist.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, waitlistEntries } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { hashToken, newToken } from "../access/auth.server.ts";
import { loadSiteContent } from "../content/content.server.ts";

/** How long an offer link books the date. */
export const OFFER_TTL_MS = 24 * 60 * 60_000;

/**
 * When spots come back, and the site the offer emails link to. Every path
 * that gives spots back passes one, so none can skip the waitlist.
 */
export interface SpotRelease {
  at: Date;
  publicUrl: string;
}

/**
 * Whom to offer the free spots, in queue order: each group that fits in what
 * one departure has left gets an offer, larger groups are skipped (they keep
 * their place), and the offered groups never add up to more than a departure
 * has free. `free` is each open departure's free spots (one number for a date
 * with one); `promised` the group sizes of offers still out, which take their
 * room first. Answers each picked entry with the departure it fits (its index
 * in `free`). Pure, for tests.
 */
export function fitOffers<T extends { groupSize: number }>(
  queue: readonly T[],
  free: number | readonly number[],
  promised: readonly number[] = [],
): { entry: T; departure: number }[] {
  const left = typeof free === "number" ? [free] : [...free];
  if (left.length === 0) return [];
  // An offer out holds no departure of its own: it counts against the one it fits, else the roomiest.
  for (const size of promised) {
    const fits = left.findIndex((l) => l >= size);
    const at = fits >= 0 ? fits : left.indexOf(Math.max(...left));
    left[at] -= size;
  }
  const picked: { entry: T; departure: number }[] = [];
  for (const entry of queue) {
    if (left.every((l) => l <= 0)) break;
    const departure = left.findIndex((l) => entry.groupSize <= l);
    if (departure >= 0) {
      picked.push({ entry, departure });
      left[departure] -= entry.groupSize;
    }
  }
  return picked;
}

/** fitOffers' entries alone. */
export function pickOffers<T extends { groupSize: number }>(
  queue: readonly T[],
  free: number | readonly number[],
  promised: readonly number[] = [],
): T[] {
  return fitOffers(queue, free, promised).map((p) => p.entry);
}

/** The link an offer email carries: /book with the adventure, the date and the token. */
export function offerUrl(publicUrl: string, adventureId: string, date: string, token: string): string {
  const q = new URLSearchParams({ adventure: adventureId, date, offer: token });
  return `${publicUrl}/book?${q.toString()}`;
}

/**
 * Offers the free spots of one date (all its departures) to the waiting list;
 * call it inside the transaction that gave spots back on one of its
 * departures. That departure's row is locked first (the release's own UPDATE
 * already holds that lock), so two transactions releasing spots on it take
 * turns and the second, reading after the first commits, sees its offers; the
 * offer's conditional UPDATE never offers an entry twice at once, whichever
 * departures were freed. Returns the entry ids offered.
 */
export async function offerFreedSpots(
  tx: DB,
  availabilityId: string,
  release: SpotRelease,
): Promise<string[]> {
  const { at } = release;
  const [freed] = await tx
    .select({ adventureId: availability.adventureId, date: availability.date })
    .from(availability)
    .where(eq(availability.id, availabilityId))
    // The mode the release's UPDATE already holds: asking for a stronger one (FOR UPDATE) would
    // deadlock with a second release queued on the row.
    .for("no key update");
  if (!freed) return [];
  const onDate = and(
    eq(waitlistEntries.adventureId, freed.adventureId),
    eq(waitlistEntries.date, freed.date),
  );
  // Lapsed offers on this date end here too, so their spots count as free below.
  await tx
    .update(waitlistEntries)
    .set({ status: "expired", updatedAt: at })
    .where(and(onDate, eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, at)));
  const [adventure] = await tx
    .select({
      title: adventures.title,
      isActive: adventures.isActive,
      bookingEnabled: adventures.bookingEnabled,
      advanceBookingDays: adventures.advanceBookingDays,
      bookingCutoffHours: adventures.bookingCutoffHours,
      itinerary: adventures.itinerary,
    })
    .from(adventures)
    .where(eq(adventures.id, freed.adventureId));
  if (!adventure?.isActive || !adventure.bookingEnabled) return [];
  // The date's departures the link can still book: open, and past the booking notice (days, and
  // the cut-off in hours counted to each departure's start). Read, not locked: only the freed one is.
  const open = (
    await tx
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, freed.adventureId), eq(availability.date, freed.date)))
      .orderBy(asc(availability.startTime))
  ).filter((r) => r.isAvailable && bookableDate(r.date, at, noticeOf(adventure, r.startTime)));
  if (open.length === 0) return [];

  const promised = await tx
    .select({ groupSize: waitlistEntries.groupSize })
    .from(waitlistEntries)
    .where(and(onDate, eq(waitlistEntries.status, "offered")))
    .orderBy(asc(waitlistEntries.offeredAt), asc(waitlistEntries.id));
  const free = open.map((r) => r.availableSpots - r.bookedSpots);
  if (free.every((f) => f <= 0)) return [];

  const queue = await tx
    .select({ id: waitlistEntries.id, email: waitlistEntries.email, groupSize: waitlistEntries.groupSize })
    .from(waitlistEntries)
    .where(and(onDate, eq(waitlistEntries.status, "waiting")))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const expiresAt = new Date(at.getTime() + OFFER_TTL_MS);
  const offered: string[] = [];
  const picked = fitOffers(
    queue,
    free,
    promised.map((p) => p.groupSize),
  );
  const signOff = picked.length ? siteName(await loadSiteContent(tx)) : "";
  for (const { entry, departure } of picked) {
    const token = newToken();
    const tokenHash = hashToken(token);
    const [row] = await tx
      .update(waitlistEntries)
      .set({
        status: "offered",
        offerTokenHash: tokenHash,
        offeredAt: at,
        offerExpiresAt: expiresAt,
        updatedAt: at,
      })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "waiting")))
      .returning({ id: waitlistEntries.id });
    if (!row) continue;
    offered.push(row.id);
    // Where the date has several departures, the one with room for the group (the form asks for the time).
    const { startTime } = open[departure];
    const when = open.length > 1 && startTime ? ` (the ${startTimeText(startTime)} departure)` : "";
    await enqueueEmail(tx, {
      kind: "waitlist_offer",
      to: entry.email,
      subject: `A spot opened: ${adventure.title} on ${formatDateAU(freed.date)}`,
      text: [
        "Hi,",
        "",
        `Good news: there is room again for ${peopleText(entry.groupSize)} on ${adventure.title}, ${formatDateAU(freed.date, "full")}${when}.`,
        "",
        "Book it here:",
        offerUrl(release.publicUrl, freed.adventureId, freed.date, token),
        "",
        `The link works until ${sydneyTimeText(expiresAt)} (Sydney time). The spots are not held for you: anyone may book them, so book soon.`,
        "",
        signOff,
      ].join("\n"),
      // One email per offer: the token's hash names it.
      dedupeKey: `waitlist_offer:${entry.id}:${tokenHash.slice(0, 16)}`,
    });
  }
  return offered;
}

/**
 * Locks one availability row of a date (its earliest departure, if the date
 * still exists), in the mode a release's UPDATE takes. Every waitlist write
 * that may race a release takes this lock before touching entries, so all of
 * them lock in one order (a departure, then entries) and never deadlock one
 * another; one row only, as a release holds one (a move between two
 * departures of the date holds both, in its own order).
 */
export async function lockDate(tx: DB, adventureId: string, date: string): Promise<string | null> {
  const [slot] = await tx
    .select({ id: availability.id })
    .from(availability)
    .where(and(eq(availability.adventureId, adventureId), eq(availability.date, date)))
    .orderBy(asc(availability.startTime))
    .limit(1)
    .for("no key update");
  return slot?.id ?? null;
}

/**
 * Ends lapsed offers and passes their spots on; the minute sweep calls it
 * (one process per minute, by the sweep's lease); the conditional UPDATE ends
 * each lapsed offer exactly once even when two runs meet.
 * One transaction per date, the date locked first.
 */
export async function expireOffers(db: DB, release: SpotRelease): Promise<number> {
  const lapsed = and(eq(waitlistEntries.status, "offered"), lte(waitlistEntries.offerExpiresAt, release.at));
  const dates = await db
    .selectDistinct({ adventureId: waitlistEntries.adventureId, date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(lapsed);
  let ended = 0;
  for (const { adventureId, date } of dates) {
    ended += await db.transaction(async (tx) => {
      const slot = await lockDate(tx, adventureId, date);
      const rows = await tx
        .update(waitlistEntries)
        .set({ status: "expired", updatedAt: release.at })
        .where(and(lapsed, eq(waitlistEntries.adventureId, adventureId), eq(waitlistEntries.date, date)))
        .returning({ id: waitlistEntries.id });
      if (slot) await offerFreedSpots(tx, slot, release);
      return rows.length;
    });
  }
  return ended;
}
