/**
 * Recurring schedules: a pattern (lib/schedules) turned into availability
 * rows, one a departure, and later edited or deleted. The planner
 * (schedule-plan) answers every question the operator asks before saving;
 * the save runs it again inside its transaction, so what is written is what
 * holds at that moment, never a stale preview.
 *
 * Every write carries its condition (booked_spots = 0, is_available) and every
 * insert gives way to the unique (adventure, date, start time) key, so a
 * booking or a second save landing meanwhile cannot be overwritten or
 * duplicated; the departure is then reported as left, with the reason it has now.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import type { ScheduleInput } from "../../../app/lib/admin-forms/index.ts";
import { departureKey, mixesDepartureKinds, splitDepartureKey } from "../../../app/lib/departure.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, availability, schedules, waitlistEntries } from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { rowFields } from "../audit/audited.server.ts";
import {
  type AvailabilityRow,
  byDeparture,
  type DepartureSettings,
  keyOf,
  type LeftDeparture,
  leftOf,
  leftReason,
  planSchedule,
  type SchedulePlan,
  settingsOf,
} from "./schedule-plan.server.ts";
import { offerFreedSpots } from "./waitlist-offers.server.ts";

export type { LeftDeparture, LeftReason, SchedulePlan } from "./schedule-plan.server.ts";
export type ScheduleRow = typeof schedules.$inferSelect;

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
    .orderBy(asc(availability.date), asc(availability.startTime));
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

/** Departures just offered: people waiting for their dates hear of them in the same transaction. */
async function offerNewSpots(tx: DB, adventureId: string, offered: AvailabilityRow[], release: Release) {
  if (!offered.length) return;
  const waiting = await tx
    .selectDistinct({ date: waitlistEntries.date })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.adventureId, adventureId),
        inArray(waitlistEntries.date, [...new Set(offered.map((r) => r.date))]),
        inArray(waitlistEntries.status, ["waiting", "offered"]),
      ),
    );
  const dates = new Set(waiting.map((w) => w.date));
  for (const row of offered)
    if (dates.has(row.date))
      await offerFreedSpots(tx, row.id, { at: release.at, publicUrl: release.publicUrl });
}

export interface Release {
  at: Date;
  publicUrl: string;
}

/**
 * Changes (`settings`) or removes (`settings` null) this schedule's open
 * departures among `keys`, each by its row's id and only while it is still
 * open and unbooked. Answers the rows written; the rest are left with "would".
 */
async function rewrite(
  tx: DB,
  scheduleId: string,
  rowsByKey: Map<string, AvailabilityRow>,
  keys: string[],
  settings: DepartureSettings | null,
  at: Date,
): Promise<AvailabilityRow[]> {
  const ids = keys.flatMap((k) => rowsByKey.get(k)?.id ?? []);
  if (!ids.length) return [];
  const untouched = and(
    inArray(availability.id, ids),
    eq(availability.scheduleId, scheduleId),
    eq(availability.bookedSpots, 0),
    eq(availability.isAvailable, true),
  );
  return settings
    ? tx
        .update(availability)
        .set({ ...settings, updatedAt: at })
        .where(untouched)
        .returning()
    : tx.delete(availability).where(untouched).returning();
}

/**
 * Applies a plan made inside the transaction from `rows`. Each write re-checks
 * its condition; a departure whose condition fails (a booking landed, another
 * save took it) moves to `left` with the reason it has now.
 */
async function apply(
  tx: DB,
  scheduleId: string,
  adventureId: string,
  rows: AvailabilityRow[],
  plan: SchedulePlan,
  settings: DepartureSettings | null,
  release: Release,
): Promise<SchedulePlan> {
  const done: SchedulePlan = { ...plan, create: [], change: [], remove: [], left: [...plan.left] };
  const rowsByKey = new Map(rows.map((r) => [keyOf(r), r]));
  const late: LeftDeparture[] = [];
  const settle = (planned: string[], written: AvailabilityRow[], would?: "change" | "remove") => {
    const ok = new Set(written.map(keyOf));
    for (const key of planned) {
      if (ok.has(key)) continue;
      const row = rowsByKey.get(key);
      late.push(row ? leftOf(row, "booked", 0, would) : leftOf(splitDepartureKey(key), "exists", 0));
    }
    return [...ok].sort();
  };
  // Removals first: a date's departures of the old kind go before the new kind is added.
  const removed = await rewrite(tx, scheduleId, rowsByKey, plan.remove, null, release.at);
  done.remove = settle(plan.remove, removed, "remove");
  const removedKeys = new Set(done.remove);
  const changed = settings ? await rewrite(tx, scheduleId, rowsByKey, plan.change, settings, release.at) : [];
  done.change = settle(plan.change, changed, "change");
  // A removal that gave way (a booking landed) keeps its kind on its date: no departure of the other kind beside it.
  const kept = plan.remove.flatMap((k) => (removedKeys.has(k) ? [] : (rowsByKey.get(k) ?? [])));
  const toCreate = plan.create.filter((key) => {
    const wanted = splitDepartureKey(key);
    if (
      !mixesDepartureKinds(
        wanted.startTime,
        kept.filter((r) => r.date === wanted.date),
      )
    )
      return true;
    late.push(leftOf(wanted, "mixed", 0));
    return false;
  });
  let created: AvailabilityRow[] = [];
  if (settings && toCreate.length) {
    created = await tx
      .insert(availability)
      .values(
        toCreate.map((key) => ({
          adventureId,
          ...splitDepartureKey(key),
          scheduleId,
          isAvailable: true,
          ...settings,
        })),
      )
      // The unique (adventure, date, start time) key decides between two saves over the same departures.
      .onConflictDoNothing()
      .returning();
  }
  done.create = settle(toCreate, created);
  await explainLate(tx, adventureId, late);
  done.left = [...done.left, ...late].sort(byDeparture);
  await offerNewSpots(tx, adventureId, [...created, ...changed], release);
  return done;
}

/** Departures whose write gave way: their reason and booked spots as the database holds them now. */
async function explainLate(tx: DB, adventureId: string, late: LeftDeparture[]) {
  if (!late.length) return;
  const rows = await tx
    .select()
    .from(availability)
    .where(
      and(
        eq(availability.adventureId, adventureId),
        inArray(availability.date, [...new Set(late.map((l) => l.date))]),
      ),
    );
  const byKey = new Map(rows.map((r) => [keyOf(r), r]));
  for (const entry of late) {
    const row = byKey.get(departureKey(entry.date, entry.start_time ?? ""));
    if (!row) continue;
    entry.booked_spots = row.bookedSpots;
    entry.reason = leftReason(row) ?? entry.reason;
  }
}

function scheduleValues(input: ScheduleInput, settings: DepartureSettings) {
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
    startTimes: input.start_times,
  };
}

/** The dates a save added, changed and removed, as the audit entry lists them beside the pattern. */
function datesTouched(result: SchedulePlan) {
  return { dates_added: result.create, dates_changed: result.change, dates_removed: result.remove };
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
    const result = await apply(tx, schedule.id, input.adventure_id, rows, plan, resolved.settings, release);
    await recordAudit(tx, {
      action: "create",
      entity: "schedule",
      entityId: schedule.id,
      after: { ...rowFields(schedule), ...datesTouched(result) },
    });
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
    const result = await apply(tx, id, current.adventureId, rows, plan, resolved.settings, release);
    await recordAudit(tx, {
      action: "update",
      entity: "schedule",
      entityId: id,
      before: rowFields(current),
      after: { ...rowFields(schedule), ...datesTouched(result) },
    });
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
    const result = await apply(tx, id, current.adventureId, rows, plan, null, release);
    await tx.delete(schedules).where(eq(schedules.id, id));
    await recordAudit(tx, {
      action: "delete",
      entity: "schedule",
      entityId: id,
      before: rowFields(current),
      after: null,
    });
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
