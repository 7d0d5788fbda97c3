/**
 * The operator's gear stock and adventure extras (ADR 40). Behind
 * requireAdmin like all of /api/admin; the permissions are the route table's.
 */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { isIsoDate, sydneyDate } from "../../app/lib/dates.ts";
import { extraSchema, gearItemSchema } from "../../app/lib/extras.ts";
import { gearHiredOn } from "../domain/bookings/extras.server.ts";
import { createExtra, deactivateExtra, listGear, saveGearItem } from "../domain/console/gear-admin.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

const DATE_MESSAGE = "Date must be a real date written as YYYY-MM-DD";

export function adminGearApi({ database, now }: Services) {
  const { db } = database;
  const api = new Hono();
  // The stock with what is out on one date (today in Sydney unless `date` names another).
  api.get("/admin/gear", async (c) => {
    const asked = c.req.query("date");
    if (asked && !isIsoDate(asked)) throw badRequest(`date: ${DATE_MESSAGE}`, { date: DATE_MESSAGE });
    const date = asked || sydneyDate(now());
    c.header("Cache-Control", NO_STORE);
    return c.json({ ...(await listGear(db)), date, hired: await gearHiredOn(db, date) });
  });
  api.post("/admin/gear", async (c) => {
    const item = await saveGearItem(db, null, await readJson(c, gearItemSchema));
    return c.json({ gear_item: item }, 201);
  });
  api.put("/admin/gear/:id", async (c) => {
    return c.json({
      gear_item: await saveGearItem(db, c.req.param("id"), await readJson(c, gearItemSchema)),
    });
  });
  api.post("/admin/adventures/:id/extras", async (c) => {
    const extra = await createExtra(db, c.req.param("id"), await readJson(c, extraSchema));
    return c.json({ extra }, 201);
  });
  api.post("/admin/extras/:id/deactivate", async (c) => {
    return c.json({ extra: await deactivateExtra(db, c.req.param("id")) });
  });
  return api;
}
