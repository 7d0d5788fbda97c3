/**
 * A departure's crew and an adventure's crew needs (behind requireAdmin):
 * GET /api/admin/departures/:id/crew, PUT it with { member, role }, DELETE
 * /api/admin/departures/:id/crew/:member, PUT /api/admin/adventures/:id/crew-needs.
 */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { crewAssignmentSchema, crewNeedsSchema, toCrewNeeds } from "../../app/lib/crew.ts";
import {
  assignCrew,
  crewCandidates,
  loadDepartureCrew,
  removeCrew,
  setCrewNeeds,
} from "../domain/dive-ops/crew.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function adminCrewApi({ database }: Services) {
  const db = database.db;
  const api = new Hono();

  api.get("/admin/departures/:id/crew", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const [departure, candidates] = await Promise.all([
      loadDepartureCrew(db, c.req.param("id")),
      crewCandidates(db),
    ]);
    return c.json({ ...departure, candidates });
  });

  api.put("/admin/departures/:id/crew", async (c) => {
    const input = await readJson(c, crewAssignmentSchema);
    return c.json({ success: true, ...(await assignCrew(db, c.req.param("id"), input)) });
  });

  api.delete("/admin/departures/:id/crew/:member", async (c) => {
    return c.json({ success: true, ...(await removeCrew(db, c.req.param("id"), c.req.param("member"))) });
  });

  api.put("/admin/adventures/:id/crew-needs", async (c) => {
    const needs = toCrewNeeds(await readJson(c, crewNeedsSchema));
    return c.json({ success: true, needs: await setCrewNeeds(db, c.req.param("id"), needs) });
  });

  return api;
}
