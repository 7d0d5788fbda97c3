/**
 * Spots held by a booking. A booking holds its spots from creation
 * (pending_payment) until it is cancelled; `holds_spots` flips in the same
 * statement that gives them back, so a hold is released exactly once however
 * many paths (expiry, cancel, admin) reach it.
 */
import { and, eq } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { bookings } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { restoreVoucherForBooking } from "../vouchers/voucher-use.server.ts";
import { freeSpots } from "./availability.server.ts";
import type { SpotRelease } from "./waitlist-offers.server.ts";

/** Gives a booking's held spots back, once (and offers them to the date's waitlist). */
export async function releaseHold(db: DB, bookingId: string, release: SpotRelease): Promise<boolean> {
  const [row] = await db
    .update(bookings)
    .set({ holdsSpots: false })
    .where(and(eq(bookings.id, bookingId), eq(bookings.holdsSpots, true)))
    .returning({ availabilityId: bookings.availabilityId, groupSize: bookings.groupSize });
  if (!row) return false;
  if (row.availabilityId) await freeSpots(db, row.availabilityId, row.groupSize, release);
  return true;
}

/** Why an unpaid booking ended; a payment arriving later may revive only these. */
const UNPAID_ENDS = ["expired", "checkout_cancelled", "checkout_failed"] as const;
export type UnpaidEnd = (typeof UNPAID_ENDS)[number];

export const isUnpaidEnd = (reason: string | null): boolean =>
  !reason || (UNPAID_ENDS as readonly string[]).includes(reason);

/**
 * pending_payment -> cancelled, the hold released and the voucher part (if
 * any) given back to its voucher; no-op for any other status. `db` is the
 * caller's transaction when a console call (a weather call-off) ends it, so
 * its audit entry commits with it.
 */
export async function cancelPendingBooking(
  db: DB,
  bookingId: string,
  release: SpotRelease,
  reason: UnpaidEnd = "expired",
): Promise<boolean> {
  const { at } = release;
  const [row] = await db
    .update(bookings)
    .set({
      bookingStatus: "cancelled",
      cancelledAt: at,
      cancelReason: reason,
      holdExpiresAt: null,
      updatedAt: at,
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, "pending_payment")))
    .returning({ id: bookings.id });
  if (!row) return false;
  await recordAudit(db, {
    action: "cancel",
    entity: "booking",
    entityId: bookingId,
    bookingId,
    before: { booking_status: "pending_payment" },
    after: { booking_status: "cancelled", cancel_reason: reason },
  });
  await releaseHold(db, bookingId, release);
  // Unpaid, so nothing of the voucher was used: all of it goes back (once, by the restore row's key).
  await restoreVoucherForBooking(db, {
    bookingId,
    share: (redeemed) => redeemed,
    at,
    note: `Checkout ended unpaid (${reason.replace("_", " ")})`,
  });
  return true;
}
