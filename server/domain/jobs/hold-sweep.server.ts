/** The minute sweep that ends checkouts nobody finished and gives their spots back. */
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { bookings, payments } from "../../db/schema.ts";
import { logRunFailure } from "../../errors.server.ts";
import { pruneExpired } from "../../security/rate-limit.server.ts";
import { pruneReleaseLinks } from "../bookings/checkout-release.server.ts";
import { cancelPendingBooking } from "../bookings/holds.server.ts";
import { releaseStaleChanges } from "../bookings/reschedule-complete.server.ts";
import { closeAtProvider } from "../bookings/settle.server.ts";
import { expireOffers } from "../bookings/waitlist-offers.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { retryDueRefunds } from "../money/refunds.server.ts";
import { applyWeatherDefaults } from "../weather/choice.server.ts";
import { pruneLeases, takeLease } from "./periodic.server.ts";

/** How long a sweep's claim on one checkout lasts: far longer than a provider round trip. */
const CHECKOUT_CLAIM_MS = 2 * 60_000;

/**
 * The hold sweep's run, every minute (services.server.ts): ends due
 * checkouts and holds (sweepExpired), then drops ended rate-limit windows,
 * leases and checkout-release links, the only clean-up of those tables; refunds the provider has not
 * taken yet are retried on the same run (same key each time) even when the
 * sweep failed.
 */
export async function holdSweep(deps: BookingDeps): Promise<{ closed: number }> {
  try {
    const result = await sweepExpired(deps);
    const at = deps.now();
    await pruneExpired(deps.db, at);
    await pruneLeases(deps.db, at);
    await pruneReleaseLinks(deps.db, at);
    return result;
  } finally {
    await retryDueRefunds(deps).catch((error: unknown) =>
      logRunFailure(deps.log, "refund retry failed", error),
    );
  }
}

/**
 * Expires checkouts whose time is up and releases their holds; runs every
 * minute in every app process. Bookings that never got a session (a crash
 * mid-way) are cancelled.
 *
 * Each due checkout is claimed first with a lease of its own (takeLease: one
 * atomic upsert, one winner), so two sweeps running at once (a run outlasting
 * the job's lease, or a run on demand) never settle the same checkout at the
 * same time or ask the provider twice. A sweep that dies mid-way leaves the
 * claim to run out; the next sweep after it takes the checkout.
 */
export async function sweepExpired(deps: BookingDeps, limit = 50): Promise<{ closed: number }> {
  const { db, now, log } = deps;
  const at = now();
  let closed = 0;
  const due = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, "open"), eq(payments.paymentStatus, "unpaid"), lte(payments.expiresAt, at)),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(limit);
  for (const payment of due) {
    try {
      if (!(await takeLease(db, `checkout:${payment.id}`, CHECKOUT_CLAIM_MS, at))) continue;
      await closeAtProvider(deps, payment, "expired");
      closed++;
    } catch (error) {
      log.error("sweep could not settle a checkout", { payment: payment.id, error });
    }
  }
  // Holds past their time (with a grace minute for the payment row being written).
  const orphans = await db
    .select({ id: bookings.id, session: bookings.checkoutSessionId })
    .from(bookings)
    .where(
      and(
        eq(bookings.bookingStatus, "pending_payment"),
        eq(bookings.holdsSpots, true),
        isNotNull(bookings.holdExpiresAt),
        lte(bookings.holdExpiresAt, new Date(at.getTime() - 60_000)),
        sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'open')`,
      ),
    )
    .limit(limit);
  for (const orphan of orphans) {
    if (
      await db.transaction((tx) => cancelPendingBooking(tx, orphan.id, { at, publicUrl: deps.env.publicUrl }))
    )
      closed++;
  }
  // Waitlist offers nobody took in time pass their spots on to the next in the queue.
  try {
    await expireOffers(db, { at, publicUrl: deps.env.publicUrl });
  } catch (error) {
    log.error("sweep could not end lapsed waitlist offers", { error });
  }
  // Date changes whose checkout never opened give their held spots back the same way.
  closed += await releaseStaleChanges(deps, limit);
  // Weather offers nobody answered by their respond-by time get the operator's default.
  try {
    await applyWeatherDefaults(deps);
  } catch (error) {
    log.error("sweep could not apply weather defaults", { error });
  }
  return { closed };
}
