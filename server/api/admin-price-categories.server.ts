/**
 * An adventure's price categories in the console: GET the list, PUT the whole
 * list (audited). Behind requireAdmin like all of /api/admin.
 */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { priceCategoriesSchema } from "../../app/lib/price-categories.ts";
import { loadExtraDefs } from "../domain/bookings/extras.server.ts";
import { adventureCategories } from "../domain/bookings/price-categories.server.ts";
import { replacePriceCategories } from "../domain/console/price-categories-admin.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function adminPriceCategoriesApi({ database }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/adventures/:id/price-categories", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json({ categories: await adventureCategories(db, c.req.param("id")) });
  });

  // What the console's booking form asks of an adventure: its categories and its active extras with their sizes.
  api.get("/admin/adventures/:id/booking-options", async (c) => {
    const id = c.req.param("id");
    c.header("Cache-Control", NO_STORE);
    return c.json({ categories: await adventureCategories(db, id), extras: await loadExtraDefs(db, id) });
  });

  api.put("/admin/adventures/:id/price-categories", async (c) => {
    const input = await readJson(c, priceCategoriesSchema);
    return c.json({ categories: await replacePriceCategories(db, c.req.param("id"), input) });
  });

  return api;
}
