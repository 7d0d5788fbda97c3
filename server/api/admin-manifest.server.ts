/**
 * The trip-day manifest: one date's bookings and participants (JSON and
 * CSV), the check-in on the day, marking the date completed after the trip,
 * and the dashboard's upcoming bookings that are not ready. Behind
 * requireAdmin like all of /api/admin.
 */

import { Hono } from "hono";
import { z } from "zod";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { isIsoDate, sydneyDate } from "../../app/lib/dates.ts";
import type { MedicalAnswers } from "../../app/lib/medical.ts";
import { gearToPack } from "../domain/bookings/extras.server.ts";
import { setCheckIn } from "../domain/dive-ops/check-in.server.ts";
import { completeDate } from "../domain/dive-ops/complete-date.server.ts";
import {
  bookingDepartures,
  crewKey,
  crewOfDate,
  participantDeparture,
  upcomingCrewTrips,
} from "../domain/dive-ops/crew.server.ts";
import { instructorMedicalAnswers } from "../domain/dive-ops/instructor-medical.server.ts";
import type { Manifest } from "../domain/dive-ops/manifest.server.ts";
import { manifestCsv } from "../domain/dive-ops/manifest-csv.server.ts";
import { loadManifest, nextTripDate } from "../domain/dive-ops/manifest-queries.server.ts";
import { upcomingNotReady } from "../domain/dive-ops/not-ready.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { holderOf } from "./admin-auth.server.ts";
import { crewScope, memberOf, requireCrewOf } from "./crew-scope.server.ts";
import { readJson } from "./validate.server.ts";

const DATE_MESSAGE = "Date must be a real date written as YYYY-MM-DD";

/** How far ahead the dashboard looks for bookings that are not ready. */
const NOT_READY_DAYS = 14;

const checkInSchema = z.object({
  checked_in: z.boolean({ error: "checked_in must be true or false" }),
});

const completeSchema = z.object({
  date: z.string({ error: DATE_MESSAGE }).refine(isIsoDate, DATE_MESSAGE),
});

type Group = Manifest["adventures"][number];

/** A group with each participant's answers added where `answers` holds them. */
function withAnswers<G extends Group>(group: G, answers: Map<string, MedicalAnswers | null>): G {
  return {
    ...group,
    bookings: group.bookings.map((b) => ({
      ...b,
      participants: b.participants.map((p) =>
        answers.has(p.id) ? { ...p, medical_answers: answers.get(p.id) ?? null } : p,
      ),
    })),
  };
}

export function adminManifestApi(services: Services) {
  const { database, log, now } = services;
  const db = database.db;
  const api = new Hono();

  /** ?date=YYYY-MM-DD, today in Sydney when left out. */
  const dateOf = (value: string | undefined): string => {
    if (value === undefined || value === "") return sydneyDate(now());
    if (!isIsoDate(value)) throw badRequest(`date: ${DATE_MESSAGE}`, { date: DATE_MESSAGE });
    return value;
  };

  /**
   * The manifest of `date` as the caller may see it, each departure with its crew. A Crew member
   * (`instructor`: their staff id) gets the medical answers of the groups they instruct when the
   * Owner allows it (instructor-medical); everyone else reads the status only, as printed.
   */
  const manifestFor = async (date: string, only: ReadonlySet<string> | null, instructor: string | null) => {
    const manifest = await loadManifest(db, date, now(), only);
    const crews = await crewOfDate(db, date);
    const adventures = await Promise.all(
      manifest.adventures.map(async (a) => {
        const crew = crews.get(crewKey(a.adventure_id, manifest.date, a.departure_time));
        // The gear to pack, only where some is hired: a departure without hires answers as before.
        const gear = crew ? await gearToPack(db, crew.availability_id) : [];
        return { ...a, ...crew, ...(gear.length ? { gear } : {}) };
      }),
    );
    if (instructor === null) return { ...manifest, adventures };
    const answers = await instructorMedicalAnswers(
      db,
      instructor,
      adventures.map((a) => ({
        crew: a.crew,
        participantIds: a.bookings.flatMap((b) => b.participants.map((p) => p.id)),
      })),
    );
    if (answers.size === 0) return { ...manifest, adventures };
    return { ...manifest, adventures: adventures.map((a) => withAnswers(a, answers)) };
  };

  api.get("/admin/manifest", async (c) => {
    const asked = c.req.query("date");
    const date = dateOf(asked);
    c.header("Cache-Control", NO_STORE);
    const only = await crewScope(c, db);
    const instructor = only ? holderOf(c).staffId : null;
    const manifest = await manifestFor(date, only, instructor);
    // Opened without a date on a day with no trip: the next day that has one (for crew, one of theirs).
    if (!asked && manifest.totals.bookings === 0) {
      const next = only
        ? (await upcomingCrewTrips(db, memberOf(c), date, 1))[0]?.date
        : await nextTripDate(db, date);
      if (next && next !== date) return c.json(await manifestFor(next, only, instructor));
    }
    return c.json(manifest);
  });

  api.get("/admin/manifest.csv", async (c) => {
    const date = dateOf(c.req.query("date"));
    const csv = manifestCsv(await loadManifest(db, date, now()));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="manifest-${date}.csv"`);
    c.header("Cache-Control", NO_STORE);
    // A BOM so spreadsheet programs read the file as UTF-8 (as the bookings export does).
    return c.body(`\uFEFF${csv}`);
  });

  api.get("/admin/manifest/not-ready", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const list = await upcomingNotReady(db, now(), NOT_READY_DAYS);
    const only = await crewScope(c, db);
    if (!only) return c.json(list);
    const keys = await bookingDepartures(
      db,
      list.bookings.map((b) => b.id),
    );
    return c.json({ ...list, bookings: list.bookings.filter((b) => only.has(keys.get(b.id) ?? "")) });
  });

  api.post("/admin/manifest/complete", async (c) => {
    const { date } = await readJson(c, completeSchema);
    return c.json({ success: true, ...(await completeDate(db, log, date, now(), await crewScope(c, db))) });
  });

  api.post("/admin/participants/:id/check-in", async (c) => {
    const { checked_in } = await readJson(c, checkInSchema);
    await requireCrewOf(c, db, await participantDeparture(db, c.req.param("id")));
    const participant = await setCheckIn(db, log, c.req.param("id"), checked_in, now());
    return c.json({ success: true, participant });
  });

  return api;
}
