/**
 * A departure's roll call (behind requireAdmin, trip-day permission; a Crew
 * member only on the departures they work): GET /api/admin/departures/:id/roll-call,
 * POST …/roll-call/dives to start the next dive, POST …/dives/:n/marks for a diver
 * out or back, POST …/dives/:n/all-aboard to end it.
 */
import { type Context, Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { rollCallMarkSchema } from "../../app/lib/roll-call.ts";
import {
  allAboard,
  departureKeyOf,
  loadRollCall,
  markDiver,
  startDive,
} from "../domain/dive-ops/roll-call.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { requireCrewOf } from "./crew-scope.server.ts";
import { readJson } from "./validate.server.ts";

const DIVE_MESSAGE = "Dive must be a whole number from 1";

function diveOf(c: Context): number {
  const raw = c.req.param("n") ?? "";
  const n = /^\d{1,3}$/.test(raw) ? Number(raw) : 0;
  if (n < 1) throw badRequest(`dive: ${DIVE_MESSAGE}`, { dive: DIVE_MESSAGE });
  return n;
}

export function adminRollCallApi({ database, now }: Services) {
  const db = database.db;
  const api = new Hono();
  /** The departure, checked against the caller's crew scope. */
  const departure = async (c: Context) => {
    const id = c.req.param("id") ?? "";
    await requireCrewOf(c, db, await departureKeyOf(db, id));
    return id;
  };

  api.get("/admin/departures/:id/roll-call", async (c) => {
    const id = await departure(c);
    c.header("Cache-Control", NO_STORE);
    return c.json(await loadRollCall(db, id));
  });

  api.post("/admin/departures/:id/roll-call/dives", async (c) => {
    const id = await departure(c);
    return c.json(await startDive(db, id, now()), 201);
  });

  api.post("/admin/departures/:id/roll-call/dives/:n/marks", async (c) => {
    const id = await departure(c);
    const dive = diveOf(c);
    const input = await readJson(c, rollCallMarkSchema);
    return c.json(await markDiver(db, id, dive, input, now()));
  });

  api.post("/admin/departures/:id/roll-call/dives/:n/all-aboard", async (c) => {
    const id = await departure(c);
    return c.json(await allAboard(db, id, diveOf(c), now()));
  });

  return api;
}
