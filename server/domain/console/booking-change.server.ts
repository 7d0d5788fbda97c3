import { and, eq, gt } from "drizzle-orm";
import { bookingTotalCents } from "../../../app/lib/booking.ts";
import {
  type ChangeSettlement,
  changeSettlements,
  totalAfterChange,
} from "../../../app/lib/booking-change.ts";
import { formatDateAU, sydneyDate } from "../../../app/lib/dates.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { isPaid } from "../../../app/lib/paid.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  type BookingRow,
  bookingChanges,
  bookings,
  type PaymentRow,
  participants,
  payments,
} from "../../db/schema.ts";
import { changeLinkEmail } from "../../email/booking-change-templates.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { conflict, HttpError, notFound } from "../../errors.server.ts";
import { SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";
import { datePriceCents } from "../bookings/availability.server.ts";
import { owedCents, PAYMENT_LINK_TTL_MS } from "../bookings/operator-booking.server.ts";
import { checkGroupSize } from "../bookings/place-booking.server.ts";
import {
  applyMove,
  type BookingChangeRow,
  changeHeldSpots,
  changePaymentRow,
  enqueueMovedEmails,
  holdChange,
  holdingChange,
  mailContext,
  releaseChange,
} from "../bookings/reschedule-move.server.ts";
import { RESCHEDULE_RETURN_PATH } from "../bookings/reschedule-request.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { openLedgerCheckout } from "../money/checkout-ledger.server.ts";
import {
  claimBookingRefund,
  lockPaidPayments,
  refundableCents,
  sendRefund,
} from "../money/refunds.server.ts";

export interface ChangeTarget {
  /** The new date (YYYY-MM-DD); the booking's own when left out. */
  date?: string;
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
  date: string;
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

const fieldError = (field: string, message: string, status = 400) =>
  new HttpError(status, `${field}: ${message}`, { [field]: message });

/** Reads and checks the change against the booking as the caller sees it (locked, inside a change). */
async function planChange(
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
  if (date === b.selectedDate && groupSize === b.groupSize) {
    throw fieldError("date", "Choose another date or group size: this is the booking as it is.");
  }

  let slot: typeof availability.$inferSelect | undefined;
  if (date === b.selectedDate && b.availabilityId) {
    [slot] = await tx.select().from(availability).where(eq(availability.id, b.availabilityId));
  } else {
    if (date < sydneyDate(at)) throw fieldError("date", "Choose a date from today on.");
    [slot] = await tx
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, b.adventureId), eq(availability.date, date)));
    if (!slot?.isAvailable) {
      throw fieldError(
        "date",
        `${formatDateAU(date)} is not open for ${b.adventureTitle}. Open it in the calendar first, or choose another date.`,
      );
    }
  }
  if (!slot) throw conflict("The booking's date is no longer in the calendar.");
  const needed = changeHeldSpots(b, slot.id, groupSize);
  const free = slot.availableSpots - slot.bookedSpots;
  if (needed > free) {
    const field = date === b.selectedDate ? "group_size" : "date";
    const room =
      free > 0 ? `room for ${peopleText(free)}${slot.id === b.availabilityId ? " more" : ""}` : "no room";
    throw fieldError(field, `${formatDateAU(date)} has ${room}; this change needs ${needed}.`, 409);
  }

  // The booking's own date keeps the price it was sold at; another date costs what it costs now.
  const unitCents =
    slot.id === b.availabilityId
      ? b.unitPriceCents
      : datePriceCents(slot.priceOverrideCents, adventure.basePriceCents);
  const newTotal = bookingTotalCents(unitCents, groupSize);
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
      date,
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

async function loadForChange(db: DB, bookingId: string, lock: boolean) {
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
    return (await planChange(tx, b, adventure, target, at)).plan;
  });
}

export type ChangeOutcome =
  | { outcome: "changed"; change_id: string; refund_cents: number; plan: ChangePlan; repeated: boolean }
  | {
      outcome: "link";
      change_id: string;
      plan: ChangePlan;
      payment_url: string | null;
      payment_expires_at: string | null;
      repeated: boolean;
    };

export async function changeBooking(
  deps: BookingDeps,
  bookingId: string,
  decision: ChangeDecision,
): Promise<ChangeOutcome> {
  const { db, env, log, now } = deps;
  const at = now();
  const mail = await mailContext(db);

  const done = await db.transaction(async (tx) => {
    const { b, adventure } = await loadForChange(tx, bookingId, true);
    // Read after the lock: the same submission that got here first has committed its change.
    const [earlier] = await tx
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.requestKey, decision.requestKey));
    if (earlier) {
      if (earlier.bookingId !== bookingId)
        throw fieldError("request_key", "This form was sent for another booking.");
      return { repeated: true as const, change: earlier };
    }
    const { plan, slot, unitCents, paid } = await planChange(tx, b, adventure, decision, at);
    if (plan.difference_cents !== decision.expectedDifferenceCents) {
      throw conflict("The price of this change has changed since the preview. Check the change again.");
    }
    if (!plan.settlements.includes(decision.settlement)) {
      throw fieldError("settlement", `This change can be settled as: ${plan.settlements.join(", ")}.`);
    }
    const link = decision.settlement === "link";
    const holdUntil = new Date(at.getTime() + PAYMENT_LINK_TTL_MS);
    const change = await holdChange(tx, b, slot, plan.difference_cents, at, {
      groupSize: plan.group_size,
      settlement: decision.settlement,
      requestKey: decision.requestKey,
      holdUntil,
    });

    if (link) {
      // The ledger row exists before the provider is asked, as for every checkout.
      const { paymentId, change: withPayment } = await changePaymentRow(tx, {
        provider: deps.payments.name,
        booking: b,
        change,
        expiresAt: holdUntil,
        at,
      });
      return { repeated: false as const, kind: "link" as const, change: withPayment, plan, b, paymentId };
    }

    // Fewer people: the last places' details go with them (the form listed their names).
    if (plan.group_size < b.groupSize) {
      await tx
        .delete(participants)
        .where(and(eq(participants.bookingId, b.id), gt(participants.position, plan.group_size)));
    }
    const totalCents = totalAfterChange(decision.settlement, b.totalAmountCents, plan.new_total_cents);
    const moved = await applyMove(tx, {
      booking: b,
      change,
      unitCents: decision.settlement === "waive" ? Math.round(totalCents / plan.group_size) : unitCents,
      totalCents,
      release: { at, publicUrl: env.publicUrl },
    });
    const refunds =
      decision.settlement === "refund"
        ? await claimBookingRefund(tx, {
            payments: paid,
            bookingId: b.id,
            amountCents: plan.refund_cents,
            reason: "reschedule",
            at,
            key: (p) => `reschedule:${change.id}:${p.id}`,
            note: "Booking changed by the operator",
          })
        : [];
    const refundCents = refunds.reduce((sum, r) => sum + r.amountCents, 0);
    await enqueueMovedEmails(tx, {
      booking: moved,
      change: { ...change, status: "done" },
      adventure,
      ...mail,
      publicUrl: env.publicUrl,
      at,
      refundCents,
      fromGroupSize: b.groupSize,
    });
    return {
      repeated: false as const,
      kind: "changed" as const,
      change: { ...change, status: "done" as const },
      plan,
      refunds,
    };
  });

  if (done.repeated) return repeatedOutcome(db, bookingId, done.change);
  const { change, plan } = done;
  if (done.kind === "changed") {
    for (const r of done.refunds) await sendRefund(deps, r.id);
    const refundCents = done.refunds.reduce((sum, r) => sum + r.amountCents, 0);
    log.info("booking changed by the operator", {
      booking: bookingId,
      change: change.id,
      refunds: done.refunds.length,
    });
    return { outcome: "changed", change_id: change.id, refund_cents: refundCents, plan, repeated: false };
  }

  const b = done.b;
  const expiresAt = change.holdExpiresAt ?? new Date(at.getTime() + PAYMENT_LINK_TTL_MS);
  const returnUrl = `${env.publicUrl}${RESCHEDULE_RETURN_PATH}?session_id=`;
  const opened = await openLedgerCheckout(
    deps,
    done.paymentId,
    {
      kind: "booking",
      name: `${b.adventureTitle}: booking change`,
      description: `${formatDateAU(plan.date, "full")} · ${peopleText(plan.group_size)} · ${b.reference}`,
      unitAmountCents: plan.difference_cents,
      quantity: 1,
      currency: b.currency,
      customerEmail: b.customerEmail,
      successUrl: `${returnUrl}${SESSION_PLACEHOLDER}`,
      expiresAt,
      metadata: {
        kind: "reschedule",
        change_id: change.id,
        booking_id: bookingId,
        payment_id: done.paymentId,
      },
    },
    (sessionId) => `${returnUrl}${encodeURIComponent(sessionId)}`,
    {
      undo: (tx) => releaseChange(tx, change.id, { at: now(), publicUrl: env.publicUrl }),
      message:
        "The payment provider could not make the link. The booking is unchanged; try again in a moment.",
      // The email is queued in the transaction that records the checkout: it exists exactly when the link does.
      opened: (tx, _sessionId, url) =>
        enqueueEmail(tx, {
          ...changeLinkEmail({ booking: b, change, payUrl: url, expiresAt, site: mail.site }),
          bookingId,
        }),
    },
  );
  log.info("booking change awaits its payment link", { booking: bookingId, change: change.id });
  return {
    outcome: "link",
    change_id: change.id,
    plan,
    payment_url: opened.url,
    payment_expires_at: expiresAt.toISOString(),
    repeated: false,
  };
}

/** The answer to a repeated submission: the first change as it stands (its link is not shown again). */
async function repeatedOutcome(db: DB, bookingId: string, change: BookingChangeRow): Promise<ChangeOutcome> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const plan: ChangePlan = {
    from_date: change.fromDate,
    date: change.toDate,
    from_group_size: change.status === "done" ? change.groupSize : b.groupSize,
    group_size: change.groupSize,
    current_total_cents: b.totalAmountCents,
    new_total_cents: b.totalAmountCents,
    difference_cents: change.priceDifferenceCents,
    owed_before_cents: 0,
    settlements: change.settlement ? [change.settlement] : [],
    refund_cents: 0,
    spots_free: 0,
    removed_participants: [],
  };
  if (change.settlement === "link") {
    return {
      outcome: "link",
      change_id: change.id,
      plan,
      payment_url: null,
      payment_expires_at: change.holdExpiresAt?.toISOString() ?? null,
      repeated: true,
    };
  }
  return { outcome: "changed", change_id: change.id, refund_cents: 0, plan, repeated: true };
}
