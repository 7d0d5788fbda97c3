/**
 * The date-change mechanism every move shares: a change holds the new date's
 * spots with the same conditional update a new booking uses (never more than
 * free) and is recorded as a booking_changes row; applying it gives the old
 * date's spots back through releaseHold (the one release path) and marks the
 * change done; releasing it gives the held spots back, once. At most one
 * `holding` change exists per booking. The customer's paid or refunded move
 * is in reschedule-request, its paid completion in reschedule-complete; the
 * free weather move is here.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { ChangeSettlement } from "../../../app/lib/booking-change.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { RESCHEDULE_BLOCK_TEXT } from "../../../app/lib/reschedule.ts";
import { type SiteInfo, siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  type BookingRow,
  bookingChanges,
  bookings,
  type PaymentRow,
  payments,
} from "../../db/schema.ts";
import { bookingChangedEmail } from "../../email/booking-change-templates.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { movedEmails } from "../../email/reschedule-templates.server.ts";
import { badRequest, conflict, notFound } from "../../errors.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";
import { CHECKOUT_TTL_MS, creatingSessionId } from "../money/checkout-ledger.server.ts";
import { issueChangeDocument } from "../money/invoices.server.ts";
import { type DateOption, freeSpots, holdSpots, listDateOptions } from "./availability.server.ts";
import { bookingIcs } from "./booking-emails.server.ts";
import { departuresOn, pickDeparture } from "./departures.server.ts";
import { holdGearForMove } from "./extras.server.ts";
import { releaseHold } from "./holds.server.ts";
import type { SpotRelease } from "./waitlist-offers.server.ts";

export type BookingChangeRow = typeof bookingChanges.$inferSelect;

/** The booking's change still holding its spots, if any (at most one). */
export async function holdingChange(db: DB, bookingId: string): Promise<BookingChangeRow | null> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, "holding")))
    .limit(1);
  return row ?? null;
}

/** Everything the emails need, read before the transaction (which only writes). */
export async function mailContext(db: DB) {
  const content = await loadSiteContent(db);
  return { site: siteInfo(content), notify: await getNotificationEmail(db, content) };
}

/**
 * The open departure the booking moves to: on `date`, the one at `startTime`
 * (pickDeparture's rule: a date's only one needs no time, a date with several
 * does), listed as /book lists it (past the notice period, counted to that
 * departure's start) and open, and not the departure the booking is on (another
 * time on its own date is a move). A listed, open departure without room is
 * refused by the hold (holdChange).
 */
export async function openSlot(tx: DB, b: BookingRow, target: MoveTarget, at: Date) {
  const { date, startTime } = target;
  const same = () => {
    const field = b.startTime ? "start_time" : "date";
    const msg = b.startTime
      ? `Your booking is already on ${departureText(date, b.startTime)}. Choose another date or time.`
      : "Your booking is already on this date. Choose another date.";
    return badRequest(`${field}: ${msg}`, { [field]: msg });
  };
  if (date === b.selectedDate && (startTime ?? "") === b.startTime) throw same();
  const options = (await listDateOptions(tx, b.adventureId, at)) ?? [];
  const option = options.find((o) => o.date === date);
  const listed = option ? listedTimes(option) : [];
  const rows = (await departuresOn(tx, b.adventureId, date)).filter((r) => listed.includes(r.startTime));
  const slot = pickDeparture(rows, startTime);
  if (!slot?.isAvailable) {
    const msg = `${departureText(date, slot?.startTime ?? startTime ?? "")} is not open for ${b.adventureTitle}. Choose another date.`;
    throw badRequest(`date: ${msg}`, { date: msg });
  }
  if (slot.id === b.availabilityId) throw same();
  return slot;
}

/** Where a move goes: a date, and the departure's start time where the date has several. */
export interface MoveTarget {
  date: string;
  startTime?: string;
}

/** The start times a date option lists ("" for a departure without its own). */
function listedTimes(option: DateOption): string[] {
  return option.departures ? option.departures.map((d) => d.start_time) : [option.start_time ?? ""];
}

/**
 * Holds the new date's spots with the conditional update a new booking uses
 * (never more than free) and records the holding change; the old date's
 * spots are released only when the move is applied.
 */
export async function holdChange(
  tx: DB,
  b: BookingRow,
  slot: { id: string; date: string; startTime: string },
  differenceCents: number,
  at: Date,
  operator?: OperatorChange,
): Promise<BookingChangeRow> {
  const groupSize = operator?.groupSize ?? b.groupSize;
  const held = changeHeldSpots(b, slot.id, groupSize);
  if (held > 0 && !(await holdSpots(tx, slot.id, held))) {
    throw conflict(
      `${departureText(slot.date, slot.startTime)} no longer has room for ${peopleText(held)}${held < groupSize ? " more" : ""}. Choose another date.`,
    );
  }
  // Its gear hires must fit the new date's stock; the change row below then holds them there.
  await holdGearForMove(tx, b, slot.date);
  const [change] = await tx
    .insert(bookingChanges)
    .values({
      bookingId: b.id,
      fromAvailabilityId: b.availabilityId,
      toAvailabilityId: slot.id,
      fromDate: b.selectedDate,
      toDate: slot.date,
      fromStartTime: b.startTime,
      toStartTime: slot.startTime,
      groupSize,
      heldSpots: held === groupSize ? null : held,
      priceDifferenceCents: differenceCents,
      status: "holding",
      holdExpiresAt:
        differenceCents > 0 ? (operator?.holdUntil ?? new Date(at.getTime() + CHECKOUT_TTL_MS)) : null,
      createdAt: at,
      ...(operator && {
        source: "operator",
        settlement: operator.settlement,
        requestKey: operator.requestKey,
      }),
    })
    .returning();
  return change;
}

/** What an operator's change adds to holdChange: the new group size, how it is settled, until when a link holds. */
export interface OperatorChange {
  groupSize: number;
  settlement: ChangeSettlement;
  requestKey: string;
  holdUntil?: Date;
}

/**
 * The spots a change must hold on its new date: the whole group on another
 * date; on the booking's own date only the extra people (the booking holds
 * the rest already), none when the group shrinks.
 */
export function changeHeldSpots(b: BookingRow, slotId: string, groupSize: number): number {
  return slotId === b.availabilityId && b.holdsSpots ? Math.max(0, groupSize - b.groupSize) : groupSize;
}

/**
 * The free move of a departure called off for weather (the policy's weather
 * rule: a reschedule costs nothing), inside the caller's transaction, which
 * has locked the booking row. The same hold-then-release as a paid change,
 * but the price stays what the customer paid whatever the new date costs: no
 * checkout and no refund. The no-refund window does not apply (the operator
 * cancelled the date, not the customer).
 */
export async function moveBookingFree(
  tx: DB,
  m: { booking: BookingRow; target: MoveTarget; at: Date; publicUrl: string },
): Promise<{ booking: BookingRow; change: BookingChangeRow }> {
  const { booking: b, at } = m;
  if (b.bookingStatus !== "confirmed") throw conflict(RESCHEDULE_BLOCK_TEXT.not_confirmed);
  if (await holdingChange(tx, b.id)) throw conflict(RESCHEDULE_BLOCK_TEXT.change_pending);
  const [adventure] = await tx.select().from(adventures).where(eq(adventures.id, b.adventureId));
  if (!adventure) throw notFound("Booking not found");
  const mail = await mailContext(tx);
  const slot = await openSlot(tx, b, m.target, at);
  const change = await holdChange(tx, b, slot, 0, at);
  const moved = await applyMove(tx, {
    booking: b,
    change,
    unitCents: b.unitPriceCents,
    totalCents: b.totalAmountCents,
    release: { at, publicUrl: m.publicUrl },
  });
  await enqueueMovedEmails(tx, {
    booking: moved,
    change,
    adventure,
    ...mail,
    publicUrl: m.publicUrl,
    at,
    refundCents: 0,
    weather: true,
  });
  return { booking: moved, change: { ...change, status: "done" } };
}

/**
 * Moves the booking onto the change's departure (its date and start time): the old departure's spots go back
 * through releaseHold (the one release path, with whatever runs when spots
 * free up), and the spots the change holds become the booking's.
 */
export async function applyMove(
  tx: DB,
  m: {
    booking: BookingRow;
    change: BookingChangeRow;
    unitCents: number;
    totalCents: number;
    release: SpotRelease;
  },
): Promise<BookingRow> {
  const { booking, change, release } = m;
  const { at } = release;
  if (booking.holdsSpots && change.toAvailabilityId === booking.availabilityId) {
    // The same date with another group size: the change holds any extra people; fewer give theirs back.
    const fewer = booking.groupSize - change.groupSize;
    if (fewer > 0 && booking.availabilityId) await freeSpots(tx, booking.availabilityId, fewer, release);
  } else {
    await releaseHold(tx, booking.id, release);
  }
  const [moved] = await tx
    .update(bookings)
    .set({
      availabilityId: change.toAvailabilityId,
      selectedDate: change.toDate,
      startTime: change.toStartTime,
      groupSize: change.groupSize,
      unitPriceCents: m.unitCents,
      totalAmountCents: m.totalCents,
      holdsSpots: true,
      updatedAt: at,
    })
    .where(eq(bookings.id, booking.id))
    .returning();
  // A new total is invoiced for the difference (dearer) or adjusted (cheaper), with the move.
  await issueChangeDocument(tx, { before: booking, after: moved, changeId: change.id, at });
  await tx
    .update(bookingChanges)
    .set({ status: "done", holdExpiresAt: null, completedAt: at })
    .where(eq(bookingChanges.id, change.id));
  return moved;
}

/** Gives a holding change's spots back and marks it released, once; false when it was not holding. */
export async function releaseChange(tx: DB, changeId: string, release: SpotRelease): Promise<boolean> {
  const { at } = release;
  const [row] = await tx
    .update(bookingChanges)
    .set({ status: "released", holdExpiresAt: null, completedAt: at })
    .where(and(eq(bookingChanges.id, changeId), eq(bookingChanges.status, "holding")))
    .returning();
  if (!row) return false;
  const held = row.heldSpots ?? row.groupSize;
  if (row.toAvailabilityId && held > 0) await freeSpots(tx, row.toAvailabilityId, held, release);
  return true;
}

/** Queues the "moved" emails of a change (once per change: their dedupe keys carry its id). */
export async function enqueueMovedEmails(
  tx: DB,
  m: {
    booking: BookingRow;
    change: BookingChangeRow;
    adventure: AdventureRow;
    site: SiteInfo;
    notify: string;
    publicUrl: string;
    at: Date;
    refundCents: number;
    paidCents?: number;
    /** A free move from a departure called off for weather. */
    weather?: boolean;
    /** The group size before the change (an operator's change may alter it). */
    fromGroupSize?: number;
  },
) {
  const ics = bookingIcs(m.booking, m.adventure, m.site, m.at);
  if (m.change.source === "operator") {
    // The operator made it: the customer hears what changed and how it was paid; no notice goes back.
    const email = bookingChangedEmail({
      booking: m.booking,
      change: m.change,
      fromGroupSize: m.fromGroupSize ?? m.booking.groupSize,
      settlement: m.change.settlement ?? "none",
      refundCents: m.refundCents,
      paidCents: m.paidCents,
      owedCents: 0,
      site: m.site,
      ics,
    });
    await enqueueEmail(tx, { ...email, bookingId: m.booking.id });
    return;
  }
  const { customer, operator } = movedEmails({ ...m, ics });
  await enqueueEmail(tx, { ...customer, bookingId: m.booking.id });
  await enqueueEmail(tx, { ...operator, bookingId: m.booking.id });
}

/**
 * The ledger row of a dearer change's checkout (kind reschedule), written
 * before the provider is asked, and the change pointed at it; inside the
 * caller's transaction. The customer's checkout lives its 30 minutes, the
 * operator's link its day: `expiresAt` is the change's hold.
 */
export async function changePaymentRow(
  tx: DB,
  m: {
    provider: PaymentRow["provider"];
    booking: BookingRow;
    change: BookingChangeRow;
    expiresAt: Date;
    at: Date;
  },
): Promise<{ paymentId: string; change: BookingChangeRow }> {
  const { booking: b, change } = m;
  const paymentId = randomUUID();
  await tx.insert(payments).values({
    id: paymentId,
    provider: m.provider,
    sessionId: creatingSessionId(paymentId),
    kind: "reschedule",
    bookingId: b.id,
    unitAmountCents: change.priceDifferenceCents,
    quantity: 1,
    amountTotalCents: change.priceDifferenceCents,
    currency: b.currency,
    status: "creating",
    customerEmail: b.customerEmail,
    metadata: { kind: "reschedule", change_id: change.id, booking_id: b.id, reference: b.reference },
    expiresAt: m.expiresAt,
    createdAt: m.at,
  });
  const [withPayment] = await tx
    .update(bookingChanges)
    .set({ paymentId })
    .where(eq(bookingChanges.id, change.id))
    .returning();
  return { paymentId, change: withPayment };
}
