/**
 * The customer's answer to a weather offer (or the operator's, or the
 * default's): a free move, credit for the full amount, or a full refund.
 *
 * A choice is taken exactly once: the offer is claimed with a conditional
 * update (`choice is null`) in the same transaction as what the choice does
 * (the move, the cancellation with its voucher, or the cancellation with its
 * refund claim), after the booking row is locked. Of racing answers the first
 * wins and the others answer its result; money moves once.
 */

import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { siteInfo } from "../../../app/lib/site.ts";
import { voucherCodeHint } from "../../../app/lib/vouchers.ts";
import type { WeatherChoiceName } from "../../../app/lib/weather.ts";
import type { DB } from "../../db/client.server.ts";
import {
  type BookingRow,
  bookings,
  refunds,
  vouchers,
  weatherCancellations,
  weatherOffers,
} from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { weatherCreditEmail, weatherRefundEmail } from "../../email/weather-templates.server.ts";
import { badRequest, conflict, HttpError, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { cancelBooking } from "../bookings/cancel-booking.server.ts";
import { moveBookingFree } from "../bookings/reschedule-move.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { issueVoucher } from "../vouchers/vouchers.server.ts";

export type WeatherOfferRow = typeof weatherOffers.$inferSelect;
export type DecidedBy = "customer" | "operator" | "default";

/** What became of an offer, for the customer's page and the admin list. */
export interface WeatherOutcome {
  choice: WeatherChoiceName;
  decidedBy: DecidedBy;
  decidedAt: string;
  movedToDate: string | null;
  /** The credit voucher: its code is in the customer's email only, the page names it by its last four characters. */
  voucher: { codeHint: string; balanceCents: number; currency: string; expiresAt: string } | null;
  refundCents: number;
}

/** What became of an offer once it is decided (null while open). */
export async function outcomeOf(db: DB, offer: WeatherOfferRow): Promise<WeatherOutcome | null> {
  if (!offer.choice || !offer.decidedBy || !offer.decidedAt) return null;
  const [voucher] = offer.voucherId
    ? await db.select().from(vouchers).where(eq(vouchers.id, offer.voucherId))
    : [];
  const [{ cents }] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.bookingId, offer.bookingId),
        eq(refunds.reason, "cancellation"),
        inArray(refunds.status, ["pending", "succeeded"]),
      ),
    );
  return {
    choice: offer.choice,
    decidedBy: offer.decidedBy,
    decidedAt: offer.decidedAt.toISOString(),
    movedToDate: offer.movedToDate,
    voucher: voucher
      ? {
          codeHint: voucherCodeHint(voucher.codeSuffix),
          balanceCents: voucher.balanceCents,
          currency: voucher.currency,
          expiresAt: voucher.expiresAt.toISOString(),
        }
      : null,
    refundCents: offer.choice === "refund" ? Number(cents) : 0,
  };
}

/** What a choice leaves for the customer as credit: the booking's total less any part a voucher paid (that part goes back to its voucher). */
export function creditCents(b: Pick<BookingRow, "totalAmountCents" | "voucherCents">): number {
  return Math.max(0, b.totalAmountCents - b.voucherCents);
}

/** Thrown inside a choice's transaction when another answer claimed the offer first: the transaction rolls back. */
class AlreadyDecided extends Error {}

async function claimOffer(
  tx: DB,
  offerId: string,
  m: { choice: WeatherChoiceName; by: DecidedBy; at: Date },
): Promise<WeatherOfferRow> {
  const [row] = await tx
    .update(weatherOffers)
    .set({ choice: m.choice, decidedBy: m.by, decidedAt: m.at })
    .where(and(eq(weatherOffers.id, offerId), isNull(weatherOffers.choice)))
    .returning();
  if (!row) throw new AlreadyDecided();
  // An entry only when the console answered (for a customer on the phone): the customer's own
  // answer and the default are the offer's own history (decided_by).
  await recordAudit(tx, {
    action: "choice",
    entity: "weather_offer",
    entityId: offerId,
    bookingId: row.bookingId,
    before: { choice: null },
    after: { choice: m.choice, decided_by: m.by },
  });
  return row;
}

/**
 * Takes a booking's answer to its weather offer, once: the first answer does
 * what it says, a repeat or a racing answer gets the first one's outcome.
 */
export async function chooseWeather(
  deps: BookingDeps,
  offerId: string,
  answer: { choice: WeatherChoiceName; date?: string; startTime?: string; by: DecidedBy },
): Promise<WeatherOutcome> {
  const { db, env, log } = deps;
  const at = deps.now();
  const [found] = await db
    .select({ offer: weatherOffers, cancellation: weatherCancellations, booking: bookings })
    .from(weatherOffers)
    .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
    .innerJoin(bookings, eq(bookings.id, weatherOffers.bookingId))
    .where(eq(weatherOffers.id, offerId));
  if (!found) throw notFound("Weather offer not found");
  const decided = await outcomeOf(db, found.offer);
  if (decided) return decided;
  const { cancellation, booking } = found;
  if (!onCancelledDate(booking, cancellation.date)) {
    throw conflict("This booking is no longer on the cancelled date, so the weather choices do not apply.");
  }
  const site = siteInfo(await loadSiteContent(db));
  const byCustomer = answer.by === "customer";

  try {
    if (answer.choice === "move") {
      if (!answer.date) throw badRequest("date: Choose the new date", { date: "Choose the new date" });
      const target = { date: answer.date, startTime: answer.startTime };
      await db.transaction(async (tx) => {
        // The booking row first, as cancelling locks it: racing answers queue here.
        const [b] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update");
        await claimOffer(tx, offerId, { choice: "move", by: answer.by, at });
        if (!onCancelledDate(b, cancellation.date)) {
          throw conflict("This booking is no longer on the cancelled date.");
        }
        const moved = await moveBookingFree(tx, { booking: b, target, at, publicUrl: env.publicUrl });
        await recordAudit(tx, {
          action: "move",
          entity: "booking",
          entityId: b.id,
          bookingId: b.id,
          before: { selected_date: b.selectedDate, start_time: b.startTime },
          after: { selected_date: moved.booking.selectedDate, start_time: moved.booking.startTime },
        });
        await tx
          .update(weatherOffers)
          .set({ movedToDate: moved.booking.selectedDate })
          .where(eq(weatherOffers.id, offerId));
      });
    } else {
      const choice = answer.choice;
      await cancelBooking(deps, booking.id, {
        by: byCustomer ? "customer" : "operator",
        reason: "weather",
        refund: choice === "refund" ? "full" : "none",
        within: async (tx, row, refundedCents, voucherBack) => {
          await claimOffer(tx, offerId, { choice, by: answer.by, at });
          if (choice === "refund") {
            await enqueueEmail(tx, {
              ...weatherRefundEmail(row, refundedCents, voucherBack, site.title, offerId),
              bookingId: row.id,
            });
            return;
          }
          // A booking paid wholly by a voucher has it all back on that voucher: that is its credit,
          // and no second voucher is issued. The customer hears so (the refund email says what
          // went back where: nothing to a card, all of it to the voucher).
          const amount = creditCents(row);
          if (amount <= 0) {
            await enqueueEmail(tx, {
              ...weatherRefundEmail(row, 0, voucherBack, site.title, offerId),
              bookingId: row.id,
            });
            return;
          }
          const voucher = await issueVoucher(tx, {
            amountCents: amount,
            currency: row.currency,
            source: "weather_credit",
            at,
            sourceBookingId: row.id,
            recipientName: `${row.customerFirstName} ${row.customerLastName}`.trim(),
            recipientEmail: row.customerEmail,
            note: `Weather credit for ${row.reference}`,
          });
          await tx.update(weatherOffers).set({ voucherId: voucher.id }).where(eq(weatherOffers.id, offerId));
          await enqueueEmail(tx, {
            ...weatherCreditEmail(row, voucher, voucherBack, site.title, env.publicUrl, offerId),
            bookingId: row.id,
          });
        },
      });
    }
  } catch (error) {
    // Another answer won (or is winning): answer its outcome.
    if (error instanceof AlreadyDecided || (error instanceof HttpError && error.status === 409)) {
      const [again] = await db.select().from(weatherOffers).where(eq(weatherOffers.id, offerId));
      const outcome = again ? await outcomeOf(db, again) : null;
      if (outcome) return outcome;
      if (error instanceof AlreadyDecided) throw conflict("This choice was made at the same time. Reload.");
    }
    throw error;
  }
  log.info("weather choice taken", { offer: offerId, choice: answer.choice, by: answer.by });
  const [row] = await db.select().from(weatherOffers).where(eq(weatherOffers.id, offerId));
  const outcome = await outcomeOf(db, row);
  if (!outcome) throw new Error("A weather choice committed without its outcome");
  return outcome;
}

/** The booking still runs on the cancelled date: confirmed and not moved away. */
export function onCancelledDate(
  b: Pick<BookingRow, "bookingStatus" | "selectedDate">,
  date: string,
): boolean {
  return b.bookingStatus === "confirmed" && b.selectedDate === date;
}

/**
 * Offers unanswered past their cancellation's respond_by get the operator's
 * default (decided_by "default"). The hold sweep runs it every minute (one
 * process per minute, by the sweep's lease); the conditional claim makes each
 * offer once even when two runs meet.
 */
export async function applyWeatherDefaults(deps: BookingDeps, limit = 25): Promise<void> {
  const { db, log } = deps;
  const at = deps.now();
  const due = await db
    .select({ id: weatherOffers.id, choice: weatherCancellations.defaultChoice })
    .from(weatherOffers)
    .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
    .innerJoin(bookings, eq(bookings.id, weatherOffers.bookingId))
    .where(
      and(
        isNull(weatherOffers.choice),
        lte(weatherCancellations.respondBy, at),
        eq(bookings.bookingStatus, "confirmed"),
        eq(bookings.selectedDate, weatherCancellations.date),
      ),
    )
    .orderBy(asc(weatherCancellations.respondBy))
    .limit(limit);
  for (const offer of due) {
    try {
      await chooseWeather(deps, offer.id, { choice: offer.choice, by: "default" });
    } catch (error) {
      // One offer that cannot be decided keeps none of the others waiting.
      log.error("could not apply a weather default", { offer: offer.id, error });
    }
  }
}
