/**
 * The operator's view of the waitlist: one date's entries (for the calendar)
 * and taking someone off the list. Behind requireAdmin like all of /api/admin.
 */

import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { isIsoDate, sydneyDate } from "../../app/lib/dates.ts";
import { adventures } from "../db/schema.ts";
import { listWaitlist, removeWaitlistEntry } from "../domain/bookings/waitlist.server.ts";
import { badRequest, notFound } from "../errors.server.ts";
import type { Services } from "../services.server.ts";

export function adminWaitlistApi({ database, env, now }: Services) {
  const { db } = database;
  const api = new Hono();

  // ?adventure_id=…&date=YYYY-MM-DD: that date's entries; without a date, those of every date from today.
  api.get("/admin/waitlist", async (c) => {
    const adventureId = c.req.query("adventure_id") ?? "";
    const date = c.req.query("date");
    if (!adventureId)
      throw badRequest("adventure_id: Choose an adventure", { adventure_id: "Choose an adventure" });
    if (date !== undefined && !isIsoDate(date)) {
      throw badRequest("date: Date must be a real date written as YYYY-MM-DD", {
        date: "Date must be a real date written as YYYY-MM-DD",
      });
    }
    const [adventure] = await db
      .select({ id: adventures.id })
      .from(adventures)
      .where(eq(adventures.id, adventureId))
      .limit(1);
    if (!adventure) throw notFound("Adventure not found");
    c.header("Cache-Control", NO_STORE);
    if (date !== undefined) {
      return c.json({
        adventure_id: adventureId,
        date,
        entries: await listWaitlist(db, adventureId, { date }),
      });
    }
    // The calendar's view: every entry from today on (Sydney), in date and queue order.
    return c.json({
      adventure_id: adventureId,
      entries: await listWaitlist(db, adventureId, { from: sydneyDate(now()) }),
    });
  });

  api.delete("/admin/waitlist/:id", async (c) => {
    const removed = await removeWaitlistEntry(db, c.req.param("id"), { at: now(), publicUrl: env.publicUrl });
    return c.json({ success: true, ...removed });
  });

  return api;
}
