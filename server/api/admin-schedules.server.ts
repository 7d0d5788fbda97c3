/**
 * Recurring schedules (domain/bookings/schedules): the list, one schedule, a
 * preview of what a new or edited pattern or a deletion does, and the saves.
 * A preview changes nothing; each save plans again inside its transaction
 * and answers what it did.
 */
import { Hono } from "hono";
import { scheduleSchema } from "../../app/lib/admin-forms/index.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { sydneyDate } from "../../app/lib/dates.ts";
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  loadSchedule,
  previewSchedule,
  type ScheduleRow,
  updateSchedule,
} from "../domain/bookings/schedules.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function toAdminSchedule(s: ScheduleRow) {
  return {
    id: s.id,
    adventure_id: s.adventureId,
    weekdays: s.weekdays,
    from: s.fromDate,
    to: s.toDate,
    available_spots: s.availableSpots,
    price_override: s.priceOverrideCents === null ? null : s.priceOverrideCents / 100,
    notes: s.notes,
    weather_dependent: s.weatherDependent,
    exceptions: s.exceptions,
    start_times: s.startTimes,
    created_at: s.createdAt.toISOString(),
  };
}

export function adminSchedulesApi({ database, log, env, now }: Services) {
  const { db } = database;
  const api = new Hono();
  const today = () => sydneyDate(now());
  const release = () => ({ at: now(), publicUrl: env.publicUrl });

  api.get("/admin/schedules", async (c) => {
    const adventureId = c.req.query("adventure_id")?.trim() || undefined;
    const day = today();
    const rows = await listSchedules(db, day, adventureId);
    c.header("Cache-Control", NO_STORE);
    return c.json({
      today: day,
      schedules: rows.map((r) => ({
        ...toAdminSchedule(r.schedule),
        adventure_title: r.adventureTitle,
        upcoming_dates: r.upcoming,
        booked_dates: r.booked,
      })),
    });
  });

  api.post("/admin/schedules/preview", async (c) => {
    const day = today();
    const input = await readJson(c, scheduleSchema(day));
    c.header("Cache-Control", NO_STORE);
    return c.json(await previewSchedule(db, null, input, day));
  });

  api.post("/admin/schedules", async (c) => {
    const day = today();
    const input = await readJson(c, scheduleSchema(day));
    const { schedule, result } = await createSchedule(db, input, day, release());
    log.info("schedule created", {
      id: schedule.id,
      adventure: schedule.adventureId,
      dates: result.create.length,
    });
    return c.json({ schedule: toAdminSchedule(schedule), result }, 201);
  });

  api.get("/admin/schedules/:id", async (c) => {
    const schedule = await loadSchedule(db, c.req.param("id"));
    c.header("Cache-Control", NO_STORE);
    return c.json(toAdminSchedule(schedule));
  });

  /** An edit may keep a start that has passed; a new start is today or later. */
  const editSchema = async (id: string, day: string) => {
    const current = await loadSchedule(db, id);
    return scheduleSchema(day, current.fromDate < day ? current.fromDate : day);
  };

  api.post("/admin/schedules/:id/preview", async (c) => {
    const id = c.req.param("id");
    const day = today();
    const input = await readJson(c, await editSchema(id, day));
    c.header("Cache-Control", NO_STORE);
    return c.json(await previewSchedule(db, id, input, day));
  });

  api.put("/admin/schedules/:id", async (c) => {
    const id = c.req.param("id");
    const day = today();
    const input = await readJson(c, await editSchema(id, day));
    const { schedule, result } = await updateSchedule(db, id, input, day, release());
    log.info("schedule updated", {
      id,
      created: result.create.length,
      changed: result.change.length,
      removed: result.remove.length,
      left: result.left.length,
    });
    return c.json({ schedule: toAdminSchedule(schedule), result });
  });

  api.get("/admin/schedules/:id/delete-preview", async (c) => {
    const id = c.req.param("id");
    c.header("Cache-Control", NO_STORE);
    return c.json(await previewSchedule(db, id, null, today()));
  });

  api.delete("/admin/schedules/:id", async (c) => {
    const id = c.req.param("id");
    const result = await deleteSchedule(db, id, today(), release());
    log.info("schedule deleted", { id, removed: result.remove.length, left: result.left.length });
    return c.json({ success: true, result });
  });

  return api;
}
