/**
 * The waitlist for full dates. A visitor leaves an email and a group size for
 * a published date that cannot take their group; whenever spots come back on
 * that date (a cancellation, an ended hold, the operator adding spots or
 * opening the date again) `offerFreedSpots` runs in the same transaction and
 * emails the first waiting groups that fit a link to book it.
 *
 * The waitlist is per date, not per departure: someone waiting for a Saturday
 * takes any of its departures. They may join when every open departure of the
 * date is too full for their group, and spots freed on any of them are offered
 * (a group fits when one departure has room for all of it); the link opens the
 * date, and the customer picks the time on the form.
 *
 * An offer does not hold spots: the booking goes through createBooking, which
 * checks capacity as for anyone, so the first to book wins. Offers are still
 * counted against the free spots when choosing whom to offer, so no more
 * groups are invited at once than there is room for. The offer link carries a
 * random 256-bit token of which only the hash is stored (as booking links do)
 * and lapses after OFFER_TTL_MS; a lapsed offer passes its spots on.
 */
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { bookableDate, noticeOf } from "../../../app/lib/booking-window.ts";
import { formatDateAU } from "../../../app/lib/dates.ts";
import { departureText, startTimeText } from "../../../app/lib/departure.ts";
import { groupSizeError, groupSizeRange, peopleText } from "../../../app/lib/group-size.ts";
import { siteName } from "../../../app/lib/site.ts";
import { joinedMessage, sydneyTimeText, type WaitlistJoinInput } from "../../../app/lib/waitlist.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, waitlistEntries } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { hashToken, newToken } from "../access/auth.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { departuresOn } from "./availability.server.ts";

/** How long an offer link books the date. */
export const OFFER_TTL_MS = 24 * 60 * 60_000;

/** Longer than any token we mint; anything longer is not looked up at all. */
const MAX_TOKEN_LENGTH = 100;

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
async function lockDate(tx: DB, adventureId: string, date: string): Promise<string | null> {
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

/**
 * Puts a visitor on the waitlist of a published date that cannot take their
 * group. Joining again with the same email updates the group size and puts
 * the entry back in the queue; the answer is the same.
 */
export async function joinWaitlist(
  db: DB,
  input: WaitlistJoinInput,
  at: Date,
  clientKey: string | null = null,
): Promise<{ success: true; message: string }> {
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, input.adventure_id));
  if (!adventure?.isActive || !adventure.bookingEnabled) {
    throw badRequest("adventure_id: This adventure is not available for booking", {
      adventure_id: "This adventure is not available for booking",
    });
  }
  const groupError = groupSizeError(
    input.group_size,
    groupSizeRange({ group_size_min: adventure.groupSizeMin, group_size_max: adventure.groupSizeMax }),
    adventure.title,
  );
  if (groupError) throw badRequest(`group_size: ${groupError}`, { group_size: groupError });
  // Any of the date's departures: open and past the notice (counted to each one's start).
  const open = (await departuresOn(db, adventure.id, input.date)).filter(
    (r) => r.isAvailable && bookableDate(r.date, at, noticeOf(adventure, r.startTime)),
  );
  if (open.length === 0) {
    const msg = `${formatDateAU(input.date)} is not open for ${adventure.title}. Please choose another date.`;
    throw badRequest(`date: ${msg}`, { date: msg });
  }
  // The list is for a date none of whose departures can take the group.
  const room = open.find((r) => r.availableSpots - r.bookedSpots >= input.group_size);
  if (room) {
    const msg = `${departureText(room.date, room.startTime)} still has room for ${peopleText(input.group_size)}: you can book it now.`;
    throw badRequest(`date: ${msg}`, { date: msg });
  }
  const slot = { date: input.date };
  const email = input.email.toLowerCase();
  await db.transaction(async (tx) => {
    // Joining again puts the entry back in the queue: a lapsed, removed or booked one at its
    // end, an offer whose spots were taken by someone else at its old place (its link dies).
    const toEnd = sql`${waitlistEntries.status} in ('expired', 'removed', 'booked')`;
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        adventureId: adventure.id,
        date: slot.date,
        email,
        groupSize: input.group_size,
        clientKey,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: [waitlistEntries.adventureId, waitlistEntries.date, waitlistEntries.email],
        set: {
          groupSize: input.group_size,
          clientKey,
          updatedAt: at,
          status: "waiting",
          offerTokenHash: null,
          offerExpiresAt: null,
          createdAt: sql`case when ${toEnd} then ${at.toISOString()}::timestamptz else ${waitlistEntries.createdAt} end`,
        },
      })
      .returning({ id: waitlistEntries.id, createdAt: waitlistEntries.createdAt });
    await enqueueEmail(tx, {
      kind: "waitlist_joined",
      to: email,
      subject: `You're on the waitlist: ${adventure.title} on ${formatDateAU(slot.date)}`,
      text: [
        "Hi,",
        "",
        `You're on the waitlist for ${adventure.title} on ${formatDateAU(slot.date, "full")} (${peopleText(input.group_size)}).`,
        `If spots open up for your group we'll email you a link to book them. The link works for ${OFFER_TTL_MS / 3_600_000} hours, and the spots go to whoever books first.`,
        "",
        siteName(await loadSiteContent(tx)),
      ].join("\n"),
      // One confirmation per place in the queue: joining again does not send another.
      dedupeKey: `waitlist_joined:${entry.id}:${entry.createdAt.getTime()}`,
    });
  });
  return { success: true, message: joinedMessage(slot.date, email) };
}

export interface LiveOffer {
  adventureId: string;
  date: string;
  email: string;
  groupSize: number;
  expiresAt: Date;
}

/** The live offer a token names, or null (wrong, unknown, used and lapsed tokens alike). */
export async function offerByToken(db: DB, token: string, at: Date): Promise<LiveOffer | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const [row] = await db
    .select({
      adventureId: waitlistEntries.adventureId,
      date: waitlistEntries.date,
      email: waitlistEntries.email,
      groupSize: waitlistEntries.groupSize,
      expiresAt: waitlistEntries.offerExpiresAt,
      status: waitlistEntries.status,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.offerTokenHash, hashToken(token)))
    .limit(1);
  if (row?.status !== "offered" || !row.expiresAt || row.expiresAt <= at) return null;
  return {
    adventureId: row.adventureId,
    date: row.date,
    email: row.email,
    groupSize: row.groupSize,
    expiresAt: row.expiresAt,
  };
}

/**
 * A booking for the date was confirmed: the customer's entry is done, in the
 * confirmation's transaction (whatever its state, they are no longer waiting).
 */
export async function markWaitlistBooked(
  tx: DB,
  booking: { adventureId: string; selectedDate: string; customerEmail: string },
  at: Date,
): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: "booked", updatedAt: at })
    .where(
      and(
        eq(waitlistEntries.adventureId, booking.adventureId),
        eq(waitlistEntries.date, booking.selectedDate),
        eq(waitlistEntries.email, booking.customerEmail.trim().toLowerCase()),
        inArray(waitlistEntries.status, ["waiting", "offered", "expired"]),
      ),
    );
}

/** The operator's view of the waitlist: one date's entries, or those from a date on, in queue order. */
export async function listWaitlist(db: DB, adventureId: string, dates: { date: string } | { from: string }) {
  const rows = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.adventureId, adventureId),
        "date" in dates ? eq(waitlistEntries.date, dates.date) : gte(waitlistEntries.date, dates.from),
      ),
    )
    .orderBy(asc(waitlistEntries.date), asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    email: r.email,
    group_size: r.groupSize,
    status: r.status,
    joined_at: r.createdAt.toISOString(),
    offer_expires_at: r.offerExpiresAt?.toISOString() ?? null,
  }));
}

/**
 * The operator takes someone off the list; a live offer link stops working
 * with it, and the spots it was offering go to the next in the queue.
 */
export async function removeWaitlistEntry(db: DB, id: string, release: SpotRelease) {
  const [entry] = await db
    .select({ adventureId: waitlistEntries.adventureId, date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, id));
  if (!entry) throw notFound("Waitlist entry not found");
  return db.transaction(async (tx) => {
    const slot = await lockDate(tx, entry.adventureId, entry.date);
    await tx
      .update(waitlistEntries)
      .set({ status: "removed", offerTokenHash: null, updatedAt: release.at })
      .where(eq(waitlistEntries.id, id));
    if (slot) await offerFreedSpots(tx, slot, release);
    return { id, status: "removed" as const };
  });
}
