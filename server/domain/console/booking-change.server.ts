/**
 * The operator changes a booking's date, its group size or both, from its
 * console page. It is the customer's date change (reschedule-move) with the
 * operator's powers: any open date from today (the booking notice does not
 * apply), any group size in the adventure's range, and a choice of how the
 * price difference is settled (app/lib/booking-change: a link, owed, a
 * refund or waived).
 *
 * One transaction locks the booking row and its paid payments, so two
 * operators' changes, a customer's change and a cancellation run one after the
 * other; the new spots are held with the conditional update every booking
 * uses (never more than free), so two operators moving bookings into the last
 * spots never overbook. The change is keyed by the form's request key: the
 * same submission sent twice answers the first change. A refund is claimed in
 * the transaction and sent after the commit. A dearer change paid by link
 * holds its spots for the link's day and completes through fulfil, exactly
 * once (reschedule-complete), like the customer's own.
 */
import { and, eq, gt } from "drizzle-orm";
import { totalAfterChange } from "../../../app/lib/booking-change.ts";
import { departureText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, bookingChanges, bookings, participants } from "../../db/schema.ts";
import { changeLinkEmail } from "../../email/booking-change-templates.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { conflict } from "../../errors.server.ts";
import { SESSION_PLACEHOLDER } from "../../payments/urls.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { PAYMENT_LINK_TTL_MS } from "../bookings/operator-booking.server.ts";
import {
  applyMove,
  type BookingChangeRow,
  changePaymentRow,
  enqueueMovedEmails,
  holdChange,
  mailContext,
  releaseChange,
} from "../bookings/reschedule-move.server.ts";
import { RESCHEDULE_RETURN_PATH } from "../bookings/reschedule-request.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { openLedgerCheckout } from "../money/checkout-ledger.server.ts";
import { claimBookingRefund, sendRefund } from "../money/refunds.server.ts";

import {
  type ChangeDecision,
  type ChangePlan,
  fieldError,
  loadForChange,
  planChange,
} from "./booking-change-plan.server.ts";

export type { ChangeDecision, ChangePlan, ChangeTarget } from "./booking-change-plan.server.ts";
export { previewChange } from "./booking-change-plan.server.ts";

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
      await recordAudit(tx, {
        action: "create",
        entity: "booking_change",
        entityId: change.id,
        bookingId: b.id,
        before: null,
        after: { ...changeTarget(plan), difference_cents: plan.difference_cents, settlement: "link" },
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
    await recordAudit(tx, {
      action: "change",
      entity: "booking",
      entityId: b.id,
      bookingId: b.id,
      before: movedFields(b),
      after: {
        ...movedFields(moved),
        settlement: decision.settlement,
        ...(refundCents > 0 ? { refund_cents: refundCents } : {}),
      },
    });
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
      description: `${departureText(plan.date, plan.start_time ?? "", "full")} · ${peopleText(plan.group_size)} · ${b.reference}`,
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
      undo: async (tx) => {
        if (!(await releaseChange(tx, change.id, { at: now(), publicUrl: env.publicUrl }))) return;
        // The log's entry for the change requested says it ended here, with the booking unchanged.
        await recordAudit(tx, {
          action: "release",
          entity: "booking_change",
          entityId: change.id,
          bookingId,
          before: { status: "holding" },
          after: { status: "released" },
        });
      },
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

/** Where and for how many a booking goes, and what it costs, as the audit log records a change. */
function movedFields(b: BookingRow) {
  return {
    selected_date: b.selectedDate,
    start_time: b.startTime,
    group_size: b.groupSize,
    total_amount_cents: b.totalAmountCents,
  };
}

/** The date, start time and group size a change asks for. */
function changeTarget(plan: ChangePlan) {
  return { selected_date: plan.date, start_time: plan.start_time ?? "", group_size: plan.group_size };
}

/** The answer to a repeated submission: the first change as it stands (its link is not shown again). */
async function repeatedOutcome(db: DB, bookingId: string, change: BookingChangeRow): Promise<ChangeOutcome> {
  const [b] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const plan: ChangePlan = {
    from_date: change.fromDate,
    ...(change.fromStartTime && { from_start_time: change.fromStartTime }),
    date: change.toDate,
    ...(change.toStartTime && { start_time: change.toStartTime }),
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
