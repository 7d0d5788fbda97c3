/**
 * The availability calendar's API: an adventure's dates, and adding, changing
 * and removing a date. The same
 * rows feed the public date list, so every change shows there at once.
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { addDays, formatDateAU, isIsoDate, sydneyDate } from "../../app/lib/dates.ts";
import { toCents } from "../../app/lib/money.ts";
import type { DB } from "../db/client.server.ts";
import { adventures, availability } from "../db/schema.ts";
import { badRequest, conflict, notFound } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export const MIN_SPOTS = 1;
export const MAX_SPOTS = 20;

type Row = typeof availability.$inferSelect;

function toAdminAvailability(r: Row) {
  return {
    id: r.id,
    adventure_id: r.adventureId,
    date: r.date,
    available_spots: r.availableSpots,
    booked_spots: r.bookedSpots,
    free_spots: Math.max(0, r.availableSpots - r.bookedSpots),
    price_override: r.priceOverrideCents === null ? null : r.priceOverrideCents / 100,
    notes: r.notes,
    is_available: r.isAvailable,
    weather_dependent: r.weatherDependent,
  };
}

const spots = z
  .number({ error: `Available spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}` })
  .int(`Available spots must be a whole number from ${MIN_SPOTS} to ${MAX_SPOTS}`)
  .min(MIN_SPOTS, `Available spots must be at least ${MIN_SPOTS}`)
  .max(MAX_SPOTS, `Available spots must be at most ${MAX_SPOTS}`);

/** Dollars with at most two decimals; empty means no override. */
const priceOverride = z
  .union([z.number(), z.literal(""), z.null()], { error: "Price override must be a number of dollars" })
  .transform((v) => (v === "" || v === null ? null : v))
  .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= 100_000), {
    message: "Price override must be between 0 and 100000",
  })
  .refine((v) => v === null || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
    message: "Price override can have at most two decimals (step 0.01)",
  });

const notes = z
  .string({ error: "Notes must be text" })
  .trim()
  .max(1000, "Notes must be at most 1000 characters");

export function availabilityCreateSchema(today: string) {
  return z.object({
    adventure_id: z.string({ error: "Choose an adventure" }).trim().min(1, "Choose an adventure").max(200),
    date: z
      .string({ error: "Date is required" })
      .trim()
      .min(1, "Date is required")
      .refine(isIsoDate, "Date must be a real date written YYYY-MM-DD")
      .refine((d) => !isIsoDate(d) || d >= today, "Date cannot be before today"),
    available_spots: spots.default(6),
    price_override: priceOverride.optional().default(null),
    notes: notes.optional().default(""),
    is_available: z.boolean({ error: "is_available must be true or false" }).optional().default(true),
    weather_dependent: z
      .boolean({ error: "weather_dependent must be true or false" })
      .optional()
      .default(true),
  });
}

const updateSchema = z
  .object({
    available_spots: spots.optional(),
    price_override: priceOverride.optional(),
    notes: notes.optional(),
    is_available: z.boolean({ error: "is_available must be true or false" }).optional(),
    weather_dependent: z.boolean({ error: "weather_dependent must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: "Send at least one field to change",
    path: ["available_spots"],
  });

async function loadRow(db: DB, id: string): Promise<Row> {
  const [row] = await db.select().from(availability).where(eq(availability.id, id)).limit(1);
  if (!row) throw notFound("Availability not found");
  return row;
}

export function adminAvailabilityApi({ database, log }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/availability/:adventureId", async (c) => {
    const adventureId = c.req.param("adventureId");
    const [adventure] = await db
      .select({ id: adventures.id })
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
      .orderBy(asc(availability.date));
    c.header("Cache-Control", "no-store");
    return c.json({ adventure_id: adventureId, today, dates: rows.map(toAdminAvailability) });
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
    const [row] = await db
      .insert(availability)
      .values({
        adventureId: input.adventure_id,
        date: input.date,
        availableSpots: input.available_spots,
        priceOverrideCents: input.price_override === null ? null : toCents(input.price_override),
        notes: input.notes,
        isAvailable: input.is_available,
        weatherDependent: input.weather_dependent,
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw conflict(`Availability for ${formatDateAU(input.date)} already exists for this adventure.`);
    log.info("availability created", { id: row.id, adventure: row.adventureId, date: row.date });
    return c.json(toAdminAvailability(row), 201);
  });

  api.put("/admin/availability/:id", async (c) => {
    const id = c.req.param("id");
    const input = await readJson(c, updateSchema);
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
    const [row] = await db
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
    if (!row) {
      const booked = (await loadRow(db, id)).bookedSpots;
      throw conflict(
        `${booked} spot${booked === 1 ? " is" : "s are"} already booked on ${formatDateAU(current.date)}; available spots cannot be fewer than that.`,
      );
    }
    log.info("availability updated", { id });
    return c.json(toAdminAvailability(row));
  });

  api.delete("/admin/availability/:id", async (c) => {
    const id = c.req.param("id");
    const current = await loadRow(db, id);
    const rows = await db
      .delete(availability)
      .where(and(eq(availability.id, id), sql`${availability.bookedSpots} = 0`))
      .returning({ id: availability.id });
    if (!rows.length) {
      const booked = (await loadRow(db, id).catch(() => current)).bookedSpots;
      throw conflict(
        `${formatDateAU(current.date)} has ${booked} booked spot${booked === 1 ? "" : "s"} and cannot be deleted. Mark it unavailable instead.`,
      );
    }
    log.info("availability deleted", { id });
    return c.json({ success: true });
  });

  return api;
}
