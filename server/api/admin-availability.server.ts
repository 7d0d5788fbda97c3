/**
 * The availability calendar's API: an adventure's dates, and adding, changing
 * and removing a date. The same
 * rows feed the public date list, so every change shows there at once.
 *
 * Each row is one departure: a date, or a date and start time where the
 * operator runs it more than once a day. A date keeps either timed departures
 * or its one without a time (ADR 27); rows without a time answer exactly as
 * they always did, and `start_time` appears only on a row that has one.
 * Likewise `crew_short` (the crew roles a departure lacks for the guests
 * booked, app/lib/crew.ts) appears only on a departure that is short, so an
 * adventure that needs no crew answers as it always did.
 */

import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { Hono } from "hono";
import { availabilityCreateSchema, availabilityUpdateSchema } from "../../app/lib/admin-forms/index.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { crewShortfall } from "../../app/lib/crew.ts";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { departureText, mixesDepartureKinds } from "../../app/lib/departure.ts";
import { toCents } from "../../app/lib/money.ts";
import type { DB } from "../db/client.server.ts";
import { adventures, availability } from "../db/schema.ts";
import { recordAudit } from "../domain/audit/audit.server.ts";
import { rowFields } from "../domain/audit/audited.server.ts";
import { offerFreedSpots } from "../domain/bookings/waitlist-offers.server.ts";
import { crewOf } from "../domain/dive-ops/crew.server.ts";
import { badRequest, conflict, HttpError, notFound } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

// The rules live beside the calendar form that checks them before sending.
export { availabilityCreateSchema, MAX_SPOTS, MIN_SPOTS } from "../../app/lib/admin-forms/index.ts";

type Row = typeof availability.$inferSelect;

function toAdminAvailability(r: Row) {
  return {
    id: r.id,
    adventure_id: r.adventureId,
    date: r.date,
    ...(r.startTime ? { start_time: r.startTime } : {}),
    available_spots: r.availableSpots,
    booked_spots: r.bookedSpots,
    free_spots: Math.max(0, r.availableSpots - r.bookedSpots),
    price_override: r.priceOverrideCents === null ? null : r.priceOverrideCents / 100,
    notes: r.notes,
    is_available: r.isAvailable,
    weather_dependent: r.weatherDependent,
  };
}

/** "Sat, 6 Dec 2026" or "Sat, 6 Dec 2026, 1:00 pm": the departure a message is about. */
const departureOf = (r: { date: string; startTime: string }) => departureText(r.date, r.startTime);

async function loadRow(db: DB, id: string): Promise<Row> {
  const [row] = await db.select().from(availability).where(eq(availability.id, id)).limit(1);
  if (!row) throw notFound("Availability not found");
  return row;
}

export function adminAvailabilityApi({ database, log, env, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/availability/:adventureId", async (c) => {
    const adventureId = c.req.param("adventureId");
    const [adventure] = await db
      .select({ id: adventures.id, needs: adventures.crewNeeded })
      .from(adventures)
      .where(eq(adventures.id, adventureId))
      .limit(1);
    if (!adventure) throw notFound("Adventure not found");
    const today = sydneyDate();
    // A year back is plenty for the month grid's history; the future is all of it.
    const rows = await db
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, adventureId), gte(availability.date, addDays(today, -366))))
      .orderBy(asc(availability.date), asc(availability.startTime));
    // Crew is read only when the adventure needs some: no needs, no shortfall.
    const needsCrew = Object.keys(adventure.needs).length > 0;
    const crews = needsCrew
      ? await crewOf(
          db,
          rows.map((r) => r.id),
        )
      : null;
    const dates = rows.map((r) => {
      const short = needsCrew
        ? crewShortfall(
            adventure.needs,
            r.bookedSpots,
            (crews?.get(r.id) ?? []).map((m) => m.role),
          )
        : [];
      return short.length ? { ...toAdminAvailability(r), crew_short: short } : toAdminAvailability(r);
    });
    c.header("Cache-Control", NO_STORE);
    return c.json({ adventure_id: adventureId, today, dates });
  });

  api.post("/admin/availability", async (c) => {
    const input = await readJson(c, availabilityCreateSchema(sydneyDate()));
    const [adventure] = await db
      .select({ id: adventures.id })
      .from(adventures)
      .where(eq(adventures.id, input.adventure_id))
      .limit(1);
    if (!adventure)
      throw badRequest("adventure_id: Adventure not found", { adventure_id: "Adventure not found" });
    const wanted = { date: input.date, startTime: input.start_time };
    // A date opened again after it was deleted may have people waiting for it.
    const [row] = await db.transaction(async (tx) => {
      const onDate = await tx
        .select({ startTime: availability.startTime })
        .from(availability)
        .where(and(eq(availability.adventureId, input.adventure_id), eq(availability.date, input.date)));
      refuseMixedDeparture(wanted, onDate);
      const created = await tx
        .insert(availability)
        .values({
          adventureId: input.adventure_id,
          date: input.date,
          startTime: input.start_time,
          availableSpots: input.available_spots,
          priceOverrideCents: input.price_override === null ? null : toCents(input.price_override),
          notes: input.notes,
          isAvailable: input.is_available,
          weatherDependent: input.weather_dependent,
        })
        .onConflictDoNothing()
        .returning();
      if (created[0]) {
        await offerFreedSpots(tx, created[0].id, { at: now(), publicUrl: env.publicUrl });
        await recordAudit(tx, {
          action: "create",
          entity: "availability",
          entityId: created[0].id,
          after: rowFields(created[0]),
        });
      }
      return created;
    });
    if (!row) throw conflict(`Availability for ${departureOf(wanted)} already exists for this adventure.`);
    log.info("availability created", {
      id: row.id,
      adventure: row.adventureId,
      date: row.date,
      start_time: row.startTime,
    });
    return c.json(toAdminAvailability(row), 201);
  });

  api.put("/admin/availability/:id", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, availabilityUpdateSchema);
    const current = await loadRow(db, id);
    const set: Partial<typeof availability.$inferInsert> = { updatedAt: new Date() };
    if (input.available_spots !== undefined) set.availableSpots = input.available_spots;
    if (input.price_override !== undefined) {
      set.priceOverrideCents = input.price_override === null ? null : toCents(input.price_override);
    }
    if (input.notes !== undefined) set.notes = input.notes;
    if (input.is_available !== undefined) set.isAvailable = input.is_available;
    if (input.weather_dependent !== undefined) set.weatherDependent = input.weather_dependent;
    // The booked count is re-checked inside the UPDATE: a booking may land meanwhile.
    const [row] = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(availability).where(eq(availability.id, id));
      const updated = await tx
        .update(availability)
        .set(set)
        .where(
          and(
            eq(availability.id, id),
            input.available_spots !== undefined
              ? lte(availability.bookedSpots, input.available_spots)
              : undefined,
          ),
        )
        .returning();
      // More spots, or the date open again: the waitlist hears of it in the same transaction.
      if (updated[0]) {
        await offerFreedSpots(tx, id, { at: now(), publicUrl: env.publicUrl });
        // Closing and reopening a date are this update of is_available.
        await recordAudit(tx, {
          action: "update",
          entity: "availability",
          entityId: id,
          before: rowFields(before),
          after: rowFields(updated[0]),
        });
      }
      return updated;
    });
    if (!row) {
      const booked = (await loadRow(db, id)).bookedSpots;
      throw conflict(
        `${booked} spot${booked === 1 ? " is" : "s are"} already booked on ${departureOf(current)}; available spots cannot be fewer than that.`,
      );
    }
    log.info("availability updated", { id });
    return c.json(toAdminAvailability(row));
  });

  api.delete("/admin/availability/:id", async (c) => {
    const id = c.req.param("id");
    const current = await loadRow(db, id);
    const rows = await db.transaction(async (tx) => {
      const gone = await tx
        .delete(availability)
        .where(and(eq(availability.id, id), sql`${availability.bookedSpots} = 0`))
        .returning();
      if (gone[0]) {
        await recordAudit(tx, {
          action: "delete",
          entity: "availability",
          entityId: id,
          before: rowFields(gone[0]),
        });
      }
      return gone;
    });
    if (!rows.length) {
      const booked = (await loadRow(db, id).catch(() => current)).bookedSpots;
      throw conflict(
        `${departureOf(current)} has ${booked} booked spot${booked === 1 ? "" : "s"} and cannot be deleted. Mark it unavailable instead.`,
      );
    }
    log.info("availability deleted", { id });
    return c.json({ success: true });
  });

  return api;
}

/** A departure of the other kind than its date's (lib/departure `mixesDepartureKinds`): 409 naming `start_time`. */
function refuseMixedDeparture(
  wanted: { date: string; startTime: string },
  onDate: readonly { startTime: string }[],
) {
  if (!mixesDepartureKinds(wanted.startTime, onDate)) return;
  const msg = wanted.startTime
    ? `${departureText(wanted.date, "")} already has a departure without a start time; a date has either that one or departures with times.`
    : `${departureText(wanted.date, "")} already has departures with start times; give this one a start time too.`;
  throw new HttpError(409, `start_time: ${msg}`, { start_time: msg });
}
