/**
 * GET /api/admin/trips: a day's or a week's departures across all adventures, with the
 * caller's own upcoming trips ("yours"); a Crew member sees only the departures they work
 * (behind requireAdmin).
 */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { isIsoDate, sydneyDate } from "../../app/lib/dates.ts";
import { tripDays } from "../domain/console/trips.server.ts";
import { crewCandidates, crewKey, upcomingCrewTrips } from "../domain/dive-ops/crew.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { crewScope, memberOf } from "./crew-scope.server.ts";

/** The views the screen offers: one day, or a week from the day given. */
const SPANS = ["1", "7"];

export function adminTripsApi({ database, now }: Services) {
  const api = new Hono();
  api.get("/admin/trips", async (c) => {
    const from = c.req.query("from") ?? sydneyDate(now());
    if (!isIsoDate(from)) {
      throw badRequest("from: Date must be a real date written as YYYY-MM-DD", {
        from: "Date must be a real date written as YYYY-MM-DD",
      });
    }
    const days = c.req.query("days") ?? "1";
    if (!SPANS.includes(days)) throw badRequest("days: Use 1 or 7", { days: "Use 1 or 7" });
    c.header("Cache-Control", NO_STORE);
    const db = database.db;
    const only = await crewScope(c, db);
    const all = await tripDays(db, from, Number(days));
    // A Crew member's trips are the departures they work; everyone sees theirs first ("Your trips").
    const list = only
      ? all.map((d) => ({
          ...d,
          departures: d.departures.filter((t) => only.has(crewKey(t.adventure_id, d.date, t.start_time))),
        }))
      : all;
    const [yours, candidates] = await Promise.all([
      upcomingCrewTrips(db, memberOf(c), sydneyDate(now())),
      crewCandidates(db),
    ]);
    return c.json({ from, days: list, yours, candidates });
  });
  return api;
}
