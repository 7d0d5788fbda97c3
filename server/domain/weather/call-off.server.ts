/**
 * Weather cancellations: the operator calls a departure off (one adventure's
 * date with all its departures, or every adventure on a date) and each booking on it chooses a free
 * move, credit for the full amount, or a full refund (the policy's weather
 * rule; the choice is in choice.server.ts); unanswered after respond_by, the
 * operator's default applies.
 *
 * Calling a date off is one transaction: the cancellation row, the date
 * closed (so nobody books it and no waitlist offer goes out for it), unpaid
 * checkouts on it ended as the sweep ends them, and per confirmed booking one
 * offer row, a private link and one email (dedupe key per offer). Repeating
 * it finds the offers already made and adds nothing.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { siteInfo } from "../../../app/lib/site.ts";
import { respondBy, type WeatherCancelInput } from "../../../app/lib/weather.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  bookings,
  payments,
  waitlistEntries,
  weatherCancellations,
  weatherOffers,
} from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { weatherOfferEmail } from "../../email/weather-templates.server.ts";
import { badRequest } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { manageUrl, mintBookingLink } from "../bookings/booking-links.server.ts";
import { cancelPendingBooking } from "../bookings/holds.server.ts";
import { closeAtProvider } from "../bookings/settle.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";

export type WeatherCancellationRow = typeof weatherCancellations.$inferSelect;

/** The bookings a cancellation of `date` (one adventure, or all when null) reaches. */
function onDeparture(date: string, adventureId: string | null) {
  return and(
    eq(bookings.selectedDate, date),
    adventureId ? eq(bookings.adventureId, adventureId) : undefined,
    inArray(bookings.bookingStatus, ["confirmed", "pending_payment"]),
  );
}

async function checkAdventure(db: DB, adventureId: string | null): Promise<void> {
  if (!adventureId) return;
  const [row] = await db.select({ id: adventures.id }).from(adventures).where(eq(adventures.id, adventureId));
  if (!row) throw badRequest("adventure_id: Adventure not found", { adventure_id: "Adventure not found" });
}

/**
 * Who and what a cancellation of the departure would reach, for the operator's confirm step.
 * The date is today or later: weatherPreviewSchema and weatherCancelSchema refuse a past one.
 */
export async function previewWeather(db: DB, input: { date: string; adventure_id: string | null }) {
  await checkAdventure(db, input.adventure_id);
  const rows = await db
    .select()
    .from(bookings)
    .where(onDeparture(input.date, input.adventure_id))
    .orderBy(asc(bookings.adventureTitle), asc(bookings.startTime), asc(bookings.createdAt));
  const dates = await db
    .select({ adventureId: availability.adventureId, title: adventures.title })
    .from(availability)
    .innerJoin(adventures, eq(adventures.id, availability.adventureId))
    .where(
      and(
        eq(availability.date, input.date),
        input.adventure_id ? eq(availability.adventureId, input.adventure_id) : undefined,
      ),
    )
    .orderBy(asc(adventures.title));
  const confirmed = rows.filter((b) => b.bookingStatus === "confirmed");
  return {
    date: input.date,
    // One name per adventure, however many departures it has that day.
    adventures: [...new Set(dates.map((d) => d.title))],
    bookings: rows.map((b) => ({
      reference: b.reference,
      // The booking's departure on the date, where it has a time of its own (the call-off takes them all).
      ...(b.startTime && { start_time: b.startTime }),
      name: `${b.customerFirstName} ${b.customerLastName}`.trim(),
      adventure: b.adventureTitle,
      group_size: b.groupSize,
      status: b.bookingStatus,
      total_cents: b.totalAmountCents,
      currency: b.currency,
    })),
    people: confirmed.reduce((sum, b) => sum + b.groupSize, 0),
    confirmed: confirmed.length,
    unpaid: rows.length - confirmed.length,
  };
}

/**
 * Calls a departure off for weather (see the module comment). Answers the
 * cancellation, whether this call created it, and how many offers it made
 * (0 on a repeat).
 */
export async function cancelForWeather(
  deps: BookingDeps,
  input: WeatherCancelInput,
): Promise<{ cancellation: WeatherCancellationRow; created: boolean; offers: number; unpaidEnded: number }> {
  const { db, env, log } = deps;
  const at = deps.now();
  await checkAdventure(db, input.adventure_id);
  const site = siteInfo(await loadSiteContent(db));
  const release = { at, publicUrl: env.publicUrl };

  const done = await db.transaction(async (tx) => {
    // Two operators (or a double click) calling off the same date take turns; the second finds the first's rows.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`weather:${input.date}`}))`);
    const sameDeparture = and(
      eq(weatherCancellations.date, input.date),
      input.adventure_id
        ? eq(weatherCancellations.adventureId, input.adventure_id)
        : isNull(weatherCancellations.adventureId),
    );
    let [cancellation] = await tx.select().from(weatherCancellations).where(sameDeparture);
    const created = !cancellation;
    if (!cancellation) {
      [cancellation] = await tx
        .insert(weatherCancellations)
        .values({
          date: input.date,
          adventureId: input.adventure_id,
          message: input.message,
          defaultChoice: input.default_choice,
          respondBy: respondBy(at, input.respond_days),
          createdAt: at,
        })
        .returning();
    }
    // Closed first: the spots released below then offer nothing to the waitlist (offerFreedSpots skips closed dates).
    const closed = await tx
      .update(availability)
      .set({ isAvailable: false, updatedAt: at })
      .where(
        and(
          eq(availability.date, input.date),
          input.adventure_id ? eq(availability.adventureId, input.adventure_id) : undefined,
        ),
      )
      .returning({ adventureId: availability.adventureId });
    // Nobody waits for, or holds an offer on, a date that will not run.
    if (closed.length) {
      await tx
        .update(waitlistEntries)
        .set({ status: "expired", updatedAt: at })
        .where(
          and(
            eq(waitlistEntries.date, input.date),
            inArray(
              waitlistEntries.adventureId,
              closed.map((c) => c.adventureId),
            ),
            inArray(waitlistEntries.status, ["waiting", "offered"]),
          ),
        );
    }

    const found = await tx
      .select()
      .from(bookings)
      .where(onDeparture(input.date, input.adventure_id))
      .orderBy(asc(bookings.createdAt))
      .for("update");
    const unpaid: string[] = [];
    let made = 0;
    for (const b of found) {
      if (b.bookingStatus === "pending_payment") {
        // As the sweep ends a lapsed checkout; a payment that still arrives finds the date closed and is refunded in full.
        if (await cancelPendingBooking(tx, b.id, release, "expired")) unpaid.push(b.id);
        continue;
      }
      // One offer per booking and date, even when a date is called off twice (one adventure, then all).
      const [already] = await tx
        .select({ id: weatherOffers.id })
        .from(weatherOffers)
        .innerJoin(weatherCancellations, eq(weatherCancellations.id, weatherOffers.cancellationId))
        .where(and(eq(weatherOffers.bookingId, b.id), eq(weatherCancellations.date, input.date)));
      if (already) continue;
      const [offer] = await tx
        .insert(weatherOffers)
        .values({ cancellationId: cancellation.id, bookingId: b.id, createdAt: at })
        .onConflictDoNothing()
        .returning();
      if (!offer) continue;
      const token = await mintBookingLink(tx, b.id, "weather", at);
      await enqueueEmail(tx, {
        ...weatherOfferEmail(b, cancellation, `${manageUrl(env.publicUrl, token)}/weather`, site.title),
        bookingId: b.id,
      });
      made++;
    }
    if (created || made > 0 || unpaid.length > 0) {
      await recordAudit(tx, {
        action: created ? "create" : "update",
        entity: "weather_calloff",
        entityId: cancellation.id,
        before: created ? null : { offers: 0 },
        after: {
          date: cancellation.date,
          adventure_id: cancellation.adventureId,
          default_choice: cancellation.defaultChoice,
          respond_by: cancellation.respondBy,
          message: cancellation.message,
          offers: made,
          unpaid_ended: unpaid.length,
        },
      });
    }
    return { cancellation, created, made, unpaid };
  });

  // The unpaid checkouts end at the provider too, as the sweep ends them (a payment that slipped through is settled).
  if (done.unpaid.length) {
    const open = await db
      .select()
      .from(payments)
      .where(and(inArray(payments.bookingId, done.unpaid), eq(payments.status, "open")));
    for (const payment of open) {
      await closeAtProvider(deps, payment, "cancelled").catch((error: unknown) => {
        log.warn("could not end a checkout on a weather-cancelled date", { payment: payment.id, error });
      });
    }
  }
  log.info("departure cancelled for weather", {
    cancellation: done.cancellation.id,
    date: input.date,
    offers: done.made,
    unpaid: done.unpaid.length,
  });
  return {
    cancellation: done.cancellation,
    created: done.created,
    offers: done.made,
    unpaidEnded: done.unpaid.length,
  };
}

/** The preview of who a cancellation reaches. */
export type WeatherPreview = Awaited<ReturnType<typeof previewWeather>>;
