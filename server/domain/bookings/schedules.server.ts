/**
 * Recurring schedules: a pattern (lib/schedules) turned into availability
 * rows, and later edited or deleted. One planner answers every question the
 * operator asks before saving (which dates a new pattern creates, which an
 * edit changes or removes, which are left as they are and why), and the save
 * runs the same planner again inside its transaction, so what is written is
 * what holds at that moment, never a stale preview.
 *
 * The rules:
 * - Only dates from today (Sydney) on are created, changed or removed.
 * - A date that already exists and is not this schedule's (the one-date form,
 *   another schedule) is skipped and reported: exists, closed or booked.
 * - A date of this schedule with bookings, or one the operator closed, is
 *   never changed or removed by the schedule: it is listed and left as it is
 *   (its spots can never go below what is booked, and a booked date is never
 *   deleted). The calendar changes such a date one at a time.
 * - Every write carries its condition (booked_spots = 0, is_available) and
 *   every insert gives way to the unique (adventure, date) key, so a booking
 *   or a second save landing meanwhile cannot be overwritten or duplicated.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { ScheduleInput } from "../../../app/lib/admin-forms/index.ts";
import { toCents } from "../../../app/lib/money.ts";
import { scheduleDates } from "../../../app/lib/schedules.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, schedules, waitlistEntries } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { offerFreedSpots } from "./waitlist.server.ts";

export type ScheduleRow = typeof schedules.$inferSelect;
type AvailabilityRow = typeof availability.$inferSelect;

/** Why a date is left as it is. */
export type LeftReason = "exists" | "closed" | "booked";

export interface LeftDate {
  date: string;
  reason: LeftReason;
  booked_spots: number;
  /** Left as it is although the schedule would change it ("change") or drop it ("remove"); else it is simply not the schedule's to create. */
  would?: "change" | "remove";
}

/** What a save does, or did. */
export interface SchedulePlan {
  create: string[];
  change: string[];
  remove: string[];
  /** Dates of this schedule already as the pattern says. */
  unchanged: string[];
  left: LeftDate[];
  /** Dates the pattern names that the exceptions skip. */
  excepted: string[];
}

/** What each date of the schedule offers, in the database's units. */
interface DateSettings {
  availableSpots: number;
  priceOverrideCents: number | null;
  notes: string;
  weatherDependent: boolean;
}

function settingsOf(input: ScheduleInput, spots: number): DateSettings {
  return {
    availableSpots: spots,
    priceOverrideCents: input.price_override === null ? null : toCents(input.price_override),
    notes: input.notes,
    weatherDependent: input.weather_dependent,
  };
}

const sameSettings = (r: AvailabilityRow, s: DateSettings) =>
  r.availableSpots === s.availableSpots &&
  r.priceOverrideCents === s.priceOverrideCents &&
  r.notes === s.notes &&
  r.weatherDependent === s.weatherDependent;

const leftReason = (r: AvailabilityRow): LeftReason | null =>
  r.bookedSpots > 0 ? "booked" : !r.isAvailable ? "closed" : null;

/**
 * The plan of a pattern against what the database holds. `scheduleId` is the
 * schedule being edited (null for a new one); `input` null plans its deletion.
 * Pure over its rows, for the preview and the save alike.
 */
export function planSchedule(
  rows: AvailabilityRow[],
  scheduleId: string | null,
  input: { pattern: ScheduleInput; settings: DateSettings } | null,
  today: string,
): SchedulePlan {
  const plan: SchedulePlan = { create: [], change: [], remove: [], unchanged: [], left: [], excepted: [] };
  const expanded = input ? scheduleDates(input.pattern, today) : { dates: [], excepted: [] };
  plan.excepted = expanded.excepted;
  const wanted = new Set(expanded.dates);
  const byDate = new Map(rows.filter((r) => r.date >= today).map((r) => [r.date, r]));
  for (const date of expanded.dates) {
    const row = byDate.get(date);
    if (!row) {
      plan.create.push(date);
      continue;
    }
    const reason = leftReason(row);
    if (scheduleId === null || row.scheduleId !== scheduleId) {
      plan.left.push({ date, reason: reason ?? "exists", booked_spots: row.bookedSpots });
    } else if (input && sameSettings(row, input.settings)) {
      plan.unchanged.push(date);
    } else if (reason) {
      plan.left.push({ date, reason, booked_spots: row.bookedSpots, would: "change" });
    } else {
      plan.change.push(date);
    }
  }
  if (scheduleId !== null) {
    for (const row of byDate.values()) {
      if (row.scheduleId !== scheduleId || wanted.has(row.date)) continue;
      const reason = leftReason(row);
      if (reason) plan.left.push({ date: row.date, reason, booked_spots: row.bookedSpots, would: "remove" });
      else plan.remove.push(row.date);
    }
  }
  plan.left.sort((a, b) => a.date.localeCompare(b.date));
  plan.remove.sort();
  return plan;
}

async function adventureMaxGroup(db: DB, adventureId: string): Promise<number> {
  const [adventure] = await db
    .select({ groupSizeMax: adventures.groupSizeMax })
    .from(adventures)
    .where(eq(adventures.id, adventureId))
    .limit(1);
  if (!adventure)
    throw badRequest("adventure_id: Adventure not found", { adventure_id: "Adventure not found" });
  return adventure.groupSizeMax;
}

/** The adventure's rows from today on: what the plan compares the pattern with. */
function rowsFor(db: DB, adventureId: string, today: string) {
  return db
    .select()
    .from(availability)
    .where(and(eq(availability.adventureId, adventureId), gte(availability.date, today)))
    .orderBy(asc(availability.date));
}

export async function loadSchedule(db: DB, id: string, lock = false): Promise<ScheduleRow> {
  const query = db.select().from(schedules).where(eq(schedules.id, id)).limit(1);
  const [row] = await (lock ? query.for("update") : query);
  if (!row) throw notFound("Schedule not found");
  return row;
}

/**
 * Capacity defaults from the adventure: a schedule that names no spots offers
 * the adventure's largest group on each date.
 */
async function resolve(db: DB, input: ScheduleInput) {
  const largestGroup = await adventureMaxGroup(db, input.adventure_id);
  const spots = input.available_spots ?? largestGroup;
  return { pattern: input, settings: settingsOf(input, spots) };
}

function refuseAdventureChange(current: ScheduleRow, input: ScheduleInput) {
  if (input.adventure_id !== current.adventureId)
    throw badRequest("adventure_id: A schedule's adventure cannot change", {
      adventure_id: "A schedule's adventure cannot change; delete it and make a new one",
    });
}

/** The preview of a new schedule, or of an edit (`scheduleId`), or of a deletion (`input` null). */
export async function previewSchedule(
  db: DB,
  scheduleId: string | null,
  input: ScheduleInput | null,
  today: string,
): Promise<{ plan: SchedulePlan; available_spots: number | null }> {
  const current = scheduleId ? await loadSchedule(db, scheduleId) : null;
  if (current && input) refuseAdventureChange(current, input);
  const resolved = input ? await resolve(db, input) : null;
  const adventureId = input?.adventure_id ?? current?.adventureId ?? "";
  const rows = await rowsFor(db, adventureId, today);
  return {
    plan: planSchedule(rows, scheduleId, resolved, today),
    available_spots: resolved?.settings.availableSpots ?? null,
  };
}

/** Spots just offered on these dates: the waitlist hears of them in the same transaction. */
async function offerNewSpots(tx: DB, adventureId: string, dates: string[], at: Date, publicUrl: string) {
  if (!dates.length) return;
  const waiting = await tx
    .selectDistinct({ date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.adventureId, adventureId),
        inArray(waitlistEntries.date, dates),
        inArray(waitlistEntries.status, ["waiting", "offered"]),
      ),
    );
  if (!waiting.length) return;
  const slots = await tx
    .select({ id: availability.id })
    .from(availability)
    .where(
      and(
        eq(availability.adventureId, adventureId),
        inArray(
          availability.date,
          waiting.map((w) => w.date),
        ),
      ),
    );
  for (const slot of slots) await offerFreedSpots(tx, slot.id, { at, publicUrl });
}

export interface Release {
  at: Date;
  publicUrl: string;
}

/**
 * Applies a plan made inside the transaction. Each write re-checks its
 * condition; a date whose condition fails (a booking landed, another save
 * took the date) moves to `left` with the reason it has now.
 */
async function apply(
  tx: DB,
  scheduleId: string,
  adventureId: string,
  plan: SchedulePlan,
  settings: DateSettings | null,
  release: Release,
): Promise<SchedulePlan> {
  const done: SchedulePlan = { ...plan, create: [], change: [], remove: [], left: [...plan.left] };
  if (settings && plan.create.length) {
    const created = await tx
      .insert(availability)
      .values(plan.create.map((date) => ({ adventureId, date, scheduleId, isAvailable: true, ...settings })))
      // The unique (adventure, date) key decides between two saves over the same dates.
      .onConflictDoNothing()
      .returning({ date: availability.date });
    done.create = created.map((r) => r.date).sort();
    const taken = new Set(done.create);
    for (const date of plan.create)
      if (!taken.has(date)) done.left.push({ date, reason: "exists", booked_spots: 0 });
  }
  const untouched = and(
    eq(availability.scheduleId, scheduleId),
    eq(availability.bookedSpots, 0),
    eq(availability.isAvailable, true),
  );
  if (settings && plan.change.length) {
    const changed = await tx
      .update(availability)
      .set({ ...settings, updatedAt: release.at })
      .where(
        and(eq(availability.adventureId, adventureId), inArray(availability.date, plan.change), untouched),
      )
      .returning({ date: availability.date });
    done.change = changed.map((r) => r.date).sort();
    const ok = new Set(done.change);
    for (const date of plan.change)
      if (!ok.has(date)) done.left.push({ date, reason: "booked", booked_spots: 0, would: "change" });
  }
  if (plan.remove.length) {
    const removed = await tx
      .delete(availability)
      .where(
        and(eq(availability.adventureId, adventureId), inArray(availability.date, plan.remove), untouched),
      )
      .returning({ date: availability.date });
    done.remove = removed.map((r) => r.date).sort();
    const ok = new Set(done.remove);
    for (const date of plan.remove)
      if (!ok.has(date)) done.left.push({ date, reason: "booked", booked_spots: 0, would: "remove" });
  }
  await explainLate(tx, adventureId, done.left);
  done.left.sort((a, b) => a.date.localeCompare(b.date));
  await offerNewSpots(tx, adventureId, [...done.create, ...done.change], release.at, release.publicUrl);
  return done;
}

/** Dates whose write gave way (reported with booked_spots 0): their reason as the database holds it now. */
async function explainLate(tx: DB, adventureId: string, left: LeftDate[]) {
  const late = left.filter((l) => l.reason !== "closed" && l.booked_spots === 0);
  if (!late.length) return;
  const rows = await tx
    .select()
    .from(availability)
    .where(
      and(
        eq(availability.adventureId, adventureId),
        inArray(
          availability.date,
          late.map((l) => l.date),
        ),
      ),
    );
  const byDate = new Map(rows.map((r) => [r.date, r]));
  for (const entry of late) {
    const row = byDate.get(entry.date);
    if (!row) continue;
    entry.booked_spots = row.bookedSpots;
    entry.reason = leftReason(row) ?? entry.reason;
  }
}

function scheduleValues(input: ScheduleInput, settings: DateSettings) {
  return {
    adventureId: input.adventure_id,
    weekdays: [...input.weekdays].sort((a, b) => a - b),
    fromDate: input.from,
    toDate: input.to,
    availableSpots: settings.availableSpots,
    priceOverrideCents: settings.priceOverrideCents,
    notes: settings.notes,
    weatherDependent: settings.weatherDependent,
    exceptions: [...new Set(input.exceptions)].sort(),
  };
}

/** Saves a new schedule and its dates in one transaction. */
export async function createSchedule(
  db: DB,
  input: ScheduleInput,
  today: string,
  release: Release,
): Promise<{ schedule: ScheduleRow; result: SchedulePlan }> {
  const resolved = await resolve(db, input);
  return db.transaction(async (tx) => {
    const [schedule] = await tx
      .insert(schedules)
      .values(scheduleValues(input, resolved.settings))
      .returning();
    const rows = await rowsFor(tx, input.adventure_id, today);
    const plan = planSchedule(rows, null, resolved, today);
    const result = await apply(tx, schedule.id, input.adventure_id, plan, resolved.settings, release);
    return { schedule, result };
  });
}

/** Saves an edited pattern: the schedule row is locked, so two edits of one schedule run one after the other. */
export async function updateSchedule(
  db: DB,
  id: string,
  input: ScheduleInput,
  today: string,
  release: Release,
): Promise<{ schedule: ScheduleRow; result: SchedulePlan }> {
  const resolved = await resolve(db, input);
  return db.transaction(async (tx) => {
    const current = await loadSchedule(tx, id, true);
    refuseAdventureChange(current, input);
    const [schedule] = await tx
      .update(schedules)
      .set({ ...scheduleValues(input, resolved.settings), updatedAt: release.at })
      .where(eq(schedules.id, id))
      .returning();
    const rows = await rowsFor(tx, current.adventureId, today);
    const plan = planSchedule(rows, id, resolved, today);
    const result = await apply(tx, id, current.adventureId, plan, resolved.settings, release);
    return { schedule, result };
  });
}

/**
 * Deletes a schedule: its future dates without bookings go; the rest (booked
 * or closed dates, and every past date) stay in the calendar, no longer
 * linked to any schedule.
 */
export async function deleteSchedule(
  db: DB,
  id: string,
  today: string,
  release: Release,
): Promise<SchedulePlan> {
  return db.transaction(async (tx) => {
    const current = await loadSchedule(tx, id, true);
    const rows = await rowsFor(tx, current.adventureId, today);
    const plan = planSchedule(rows, id, null, today);
    const result = await apply(tx, id, current.adventureId, plan, null, release);
    await tx.delete(schedules).where(eq(schedules.id, id));
    return result;
  });
}

/** The schedules, newest first, with how many of their dates lie ahead and how many of those have bookings. */
export async function listSchedules(db: DB, today: string, adventureId?: string) {
  const rows = await db
    .select({
      schedule: schedules,
      adventureTitle: adventures.title,
      upcoming: sql<number>`(select count(*)::int from ${availability} a where a.schedule_id = ${schedules.id} and a.date >= ${today})`,
      booked: sql<number>`(select count(*)::int from ${availability} a where a.schedule_id = ${schedules.id} and a.date >= ${today} and a.booked_spots > 0)`,
    })
    .from(schedules)
    .innerJoin(adventures, eq(adventures.id, schedules.adventureId))
    .where(adventureId ? eq(schedules.adventureId, adventureId) : undefined)
    .orderBy(sql`${schedules.createdAt} desc`, asc(schedules.id));
  return rows;
}
