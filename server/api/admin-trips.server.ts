/** GET /api/admin/trips: a day's or a week's departures across all adventures (behind requireAdmin). */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { isIsoDate, sydneyDate } from "../../app/lib/dates.ts";
import { tripDays } from "../domain/console/trips.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

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
    return c.json({ from, days: await tripDays(database.db, from, Number(days)) });
  });
  return api;
}
