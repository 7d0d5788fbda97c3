/**
 * The operator's actions on one booking: a status change (cancelling goes
 * through cancelBooking), sending a refund that has not gone through again,
 * and switching off its private links.
 */
import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { type BookingStatus, bookings } from "../../db/schema.ts";
import { conflict } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import type { PaymentProvider } from "../../payments/provider.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { revokeBookingLinks } from "../bookings/booking-links.server.ts";
import { canTransition, statusLabel } from "../bookings/booking-status.ts";
import { cancelBooking } from "../bookings/cancel-booking.server.ts";
import { retryBookingRefunds } from "../money/refund-retry.server.ts";
import { type AdminBooking, loadBooking, toAdminBookings } from "./admin-bookings.server.ts";

export interface StatusDeps {
  db: DB;
  log: Logger;
  payments: PaymentProvider;
  now: () => Date;
  /** Cancelling offers the freed spots to the waitlist, whose emails link to the site. */
  env: { publicUrl: string };
}

/**
 * Moves a booking to `to` if the rules allow it. Cancelling goes through
 * cancelBooking (claim, release, refund exactly once); completing is one
 * conditional update.
 */
export async function changeBookingStatus(
  deps: StatusDeps,
  id: string,
  to: BookingStatus,
): Promise<{ booking: AdminBooking; refund_amount: number }> {
  const { db, log } = deps;
  if (to === "cancelled") {
    const result = await cancelBooking(deps, id, { by: "operator" });
    const [booking] = await toAdminBookings(db, [result.booking]);
    return { booking, refund_amount: result.refundCents / 100 };
  }
  const booking = await loadBooking(db, id);
  const from = booking.bookingStatus;
  if (!canTransition(from, to)) {
    throw conflict(
      from === to
        ? `This booking is already ${statusLabel(to)}.`
        : `A ${statusLabel(from)} booking cannot be marked ${statusLabel(to)}.`,
    );
  }
  const at = deps.now();
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ bookingStatus: to, updatedAt: at, holdExpiresAt: null })
      .where(and(eq(bookings.id, id), eq(bookings.bookingStatus, from)))
      .returning();
    if (row) {
      await recordAudit(tx, {
        action: "update",
        entity: "booking",
        entityId: id,
        bookingId: id,
        before: { booking_status: from },
        after: { booking_status: to },
      });
    }
    return row;
  });
  if (!updated) throw conflict("This booking was changed at the same time. Reload and try again.");

  // A booking settled by hand must not be paid (again) through a checkout left open.
  if (from === "pending_payment" && booking.checkoutSessionId) {
    await deps.payments.expire(booking.checkoutSessionId).catch((error: unknown) => {
      log.warn("could not expire the checkout session", { booking: id, error });
    });
  }
  log.info("booking status changed", { booking: id, from, to });
  const [admin] = await toAdminBookings(db, [updated]);
  return { booking: admin, refund_amount: 0 };
}

/** The operator's one click for a refund that has not gone through: sent again, never twice. */
export async function retryRefund(deps: StatusDeps, id: string): Promise<{ booking: AdminBooking }> {
  await loadBooking(deps.db, id);
  const sent = await retryBookingRefunds(deps, id);
  if (sent === 0) throw conflict("This booking has no refund waiting to be made.");
  const [booking] = await toAdminBookings(deps.db, [await loadBooking(deps.db, id)]);
  return { booking };
}

/**
 * The operator switches off every private link to a booking (a forwarded
 * email, a shared screen): the customer can ask for a fresh one by email.
 */
export async function revokeLinks(deps: StatusDeps, id: string): Promise<{ revoked: number }> {
  await loadBooking(deps.db, id);
  const revoked = await revokeBookingLinks(deps.db, id, deps.now());
  deps.log.info("booking links revoked", { booking: id, revoked });
  return { revoked };
}
