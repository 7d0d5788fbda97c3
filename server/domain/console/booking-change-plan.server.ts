/**
 * What an operator's change of a booking would do (console/booking-change):
 * the checks against the booking as the caller sees it (locked, inside a
 * change), the new date's spots and price, and the ways the difference may be
 * settled (app/lib/booking-change). The preview answers it and writes nothing.
 */
import { and, eq, gt } from "drizzle-orm";
import { type ChangeSettlement, changeSettlements } from "../../../app/lib/booking-change.ts";
import { sydneyDate } from "../../../app/lib/dates.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { isPaid } from "../../../app/lib/paid.ts";
import { movedTotalCents } from "../../../app/lib/reschedule.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  type BookingRow,
  bookings,
  type PaymentRow,
  participants,
  payments,
} from "../../db/schema.ts";
import { conflict, HttpError, notFound } from "../../errors.server.ts";
import { datePriceCents } from "../bookings/availability.server.ts";
import { departuresOn, pickDeparture } from "../bookings/departures.server.ts";
import { holdGearForMove } from "../bookings/extras.server.ts";
import { owedCents } from "../bookings/operator-booking.server.ts";
import { checkGroupSize } from "../bookings/place-booking.server.ts";
import { changeHeldSpots, holdingChange } from "../bookings/reschedule-move.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { lockPaidPayments, refundableCents } from "../money/refunds.server.ts";

export interface ChangeTarget {
  /** The new date (YYYY-MM-DD); the booking's own when left out. */
  date?: string;
  /**
   * The new departure's start time ("HH:MM"), needed where the date has several;
   * left out on the booking's own date, the booking's own departure.
   */
  startTime?: string;
  /** The new group size; the booking's own when left out. */
  groupSize?: number;
}

export interface ChangeDecision extends ChangeTarget {
  settlement: ChangeSettlement;
  /** The difference the operator was shown (cents): a price changed since is refused. */
  expectedDifferenceCents: number;
  requestKey: string;
}

/** What the change costs and how it may be settled, as the console's preview shows it. */
export interface ChangePlan {
  from_date: string;
  /** The booking's departure's start time, where it has one. */
  from_start_time?: string;
  date: string;
  /** The new departure's start time, where it has one. */
  start_time?: string;
  from_group_size: number;
  group_size: number;
  current_total_cents: number;
  new_total_cents: number;
  difference_cents: number;
  /** What the booking owed before the change (paid on the day, say). */
  owed_before_cents: number;
  settlements: ChangeSettlement[];
  /** What the refund settlement sends back. */
  refund_cents: number;
  /** Free spots on the new date for this change (the booking's own excluded). */
  spots_free: number;
  /** Travellers whose details go with a smaller group (the last places). */
  removed_participants: string[];
}

interface Planned {
  plan: ChangePlan;
  slot: typeof availability.$inferSelect;
  unitCents: number;
  paid: PaymentRow[];
}

export const fieldError = (field: string, message: string, status = 400) =>
  new HttpError(status, `${field}: ${message}`, { [field]: message });

/** Reads and checks the change against the booking as the caller sees it (locked, inside a change). */
export async function planChange(
  tx: DB,
  b: BookingRow,
  adventure: AdventureRow,
  target: ChangeTarget,
  at: Date,
): Promise<Planned> {
  if (b.bookingStatus !== "confirmed") {
    throw conflict(
      b.bookingStatus === "pending_payment"
        ? "This booking waits for its payment: it can be changed once it is paid (or cancel it and book again)."
        : "Only a confirmed booking can be changed.",
    );
  }
  if (await holdingChange(tx, b.id)) {
    throw conflict(
      "A change of this booking waits for its payment link. It can be changed again once that is paid or the link has run out.",
    );
  }
  const date = target.date ?? b.selectedDate;
  const groupSize = target.groupSize ?? b.groupSize;
  checkGroupSize(adventure, groupSize);
  // Lines say who was booked at which price and what each took: a new count would leave them wrong.
  if (groupSize !== b.groupSize && b.priceLines.length) {
    throw fieldError(
      "group_size",
      "This booking is priced by category or with extras: its group size cannot change here. Cancel it and book the new group instead.",
    );
  }
  // The booking's own departure: its date with no time asked, or with its own time.
  const ownDeparture =
    date === b.selectedDate && (target.startTime === undefined || target.startTime === b.startTime);
  if (ownDeparture && groupSize === b.groupSize) {
    throw fieldError("date", "Choose another date or group size: this is the booking as it is.");
  }

  let slot: typeof availability.$inferSelect | undefined;
  if (ownDeparture && b.availabilityId) {
    [slot] = await tx.select().from(availability).where(eq(availability.id, b.availabilityId));
  } else {
    if (date < sydneyDate(at)) throw fieldError("date", "Choose a date from today on.");
    // pickDeparture's rule: a date's only departure needs no time, a date with several does.
    slot = pickDeparture(await departuresOn(tx, b.adventureId, date), target.startTime);
    if (!slot?.isAvailable) {
      throw fieldError(
        "date",
        `${departureText(date, slot?.startTime ?? target.startTime ?? "")} is not open for ${b.adventureTitle}. Open it in the calendar first, or choose another date.`,
      );
    }
    if (slot.id === b.availabilityId && groupSize === b.groupSize) {
      throw fieldError("date", "Choose another date or group size: this is the booking as it is.");
    }
  }
  if (!slot) throw conflict("The booking's date is no longer in the calendar.");
  const needed = changeHeldSpots(b, slot.id, groupSize);
  const free = slot.availableSpots - slot.bookedSpots;
  if (needed > free) {
    const field = slot.id === b.availabilityId ? "group_size" : "date";
    const room =
      free > 0 ? `room for ${peopleText(free)}${slot.id === b.availabilityId ? " more" : ""}` : "no room";
    throw fieldError(
      field,
      `${departureText(slot.date, slot.startTime)} has ${room}; this change needs ${needed}.`,
      409,
    );
  }

  // The booking's own date keeps the price it was sold at; another date costs what it costs now.
  const unitCents =
    slot.id === b.availabilityId
      ? b.unitPriceCents
      : datePriceCents(slot.priceOverrideCents, adventure.basePriceCents);
  // The booked lines (categories, extras) keep their prices, and a promo discount stays (app/lib/reschedule.ts).
  const newTotal = movedTotalCents(unitCents, groupSize, b.priceLines, b.promoDiscountCents);
  const paid = await lockPaidPayments(tx, b.id);
  let refundable = 0;
  for (const p of paid) refundable += await refundableCents(tx, p);
  const all = await tx.select().from(payments).where(eq(payments.bookingId, b.id));
  const paidGross = all.filter(isPaid).reduce((sum, p) => sum + p.amountTotalCents, 0);
  const owedBefore = owedCents(b, paidGross);
  const difference = newTotal - b.totalAmountCents;
  const { options, refundCents } = changeSettlements({
    differenceCents: difference,
    newTotalCents: newTotal,
    owedBeforeCents: owedBefore,
    coveredCents: b.voucherCents + refundable,
    refundableCents: refundable,
  });
  const removed = await tx
    .select({ position: participants.position, name: participants.fullName })
    .from(participants)
    .where(and(eq(participants.bookingId, b.id), gt(participants.position, groupSize)))
    .orderBy(participants.position);

  return {
    slot,
    unitCents,
    paid,
    plan: {
      from_date: b.selectedDate,
      ...(b.startTime && { from_start_time: b.startTime }),
      date,
      ...(slot.startTime && { start_time: slot.startTime }),
      from_group_size: b.groupSize,
      group_size: groupSize,
      current_total_cents: b.totalAmountCents,
      new_total_cents: newTotal,
      difference_cents: difference,
      owed_before_cents: owedBefore,
      settlements: options,
      refund_cents: refundCents,
      spots_free: free,
      removed_participants: removed.map((p) => p.name || `Traveller ${p.position}`),
    },
  };
}

export async function loadForChange(db: DB, bookingId: string, lock: boolean) {
  const query = db.select().from(bookings).where(eq(bookings.id, bookingId));
  const [b] = lock ? await query.for("update") : await query;
  if (!b) throw notFound("Booking not found");
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, b.adventureId));
  if (!adventure) throw notFound("Booking not found");
  return { b, adventure };
}

/** The preview: what the change would cost and how it may be settled; nothing is written. */
export async function previewChange(db: DB, bookingId: string, target: ChangeTarget, at: Date) {
  return db.transaction(async (tx) => {
    const { b, adventure } = await loadForChange(tx, bookingId, false);
    const { plan } = await planChange(tx, b, adventure, target, at);
    // The stock rule the change will apply, so "Check the change" already names a gear shortfall
    // (its row locks end with this short transaction; the change checks again under its own).
    await holdGearForMove(tx, b, plan.date);
    return plan;
  });
}
