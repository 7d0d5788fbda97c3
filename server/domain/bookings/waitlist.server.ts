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
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { bookableDate, noticeOf } from "../../../app/lib/booking-window.ts";
import { formatDateAU } from "../../../app/lib/dates.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { groupSizeError, groupSizeRange, peopleText } from "../../../app/lib/group-size.ts";
import { siteName } from "../../../app/lib/site.ts";
import { joinedMessage, type WaitlistJoinInput } from "../../../app/lib/waitlist.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, waitlistEntries } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { hashToken } from "../access/auth.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { departuresOn } from "./departures.server.ts";
import { lockDate, OFFER_TTL_MS, offerFreedSpots, type SpotRelease } from "./waitlist-offers.server.ts";

/** Longer than any token we mint; anything longer is not looked up at all. */
const MAX_TOKEN_LENGTH = 100;

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
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!entry) throw notFound("Waitlist entry not found");
  return db.transaction(async (tx) => {
    const slot = await lockDate(tx, entry.adventureId, entry.date);
    const [was] = await tx
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, id));
    await tx
      .update(waitlistEntries)
      .set({ status: "removed", offerTokenHash: null, updatedAt: release.at })
      .where(eq(waitlistEntries.id, id));
    await recordAudit(tx, {
      action: "remove",
      entity: "waitlist_entry",
      entityId: id,
      before: { status: was?.status ?? entry.status },
      after: { status: "removed" },
    });
    if (slot) await offerFreedSpots(tx, slot, release);
    return { id, status: "removed" as const };
  });
}
