/**
 * The operator's promo codes: list (with uses, revenue and discount), one
 * code with its bookings, create, edit and deactivate; never a delete (a
 * used code stays for the bookings that name it). Behind requireAdmin like
 * all of /api/admin; the permissions are the route table's.
 */
import { Hono } from "hono";
import { promoCodeSchema } from "../../app/lib/admin-forms/index.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import {
  adventureChoices,
  createPromoCode,
  deactivatePromoCode,
  listPromoCodes,
  promoCodeDetail,
  updatePromoCode,
} from "../domain/console/promo-codes-admin.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function adminPromoCodesApi({ database, log, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/promo-codes", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json({ promo_codes: await listPromoCodes(db), adventures: await adventureChoices(db) });
  });

  api.get("/admin/promo-codes/:id", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await promoCodeDetail(db, c.req.param("id")));
  });

  api.post("/admin/promo-codes", async (c) => {
    const input = await readJson(c, promoCodeSchema);
    const code = await createPromoCode(db, input, now());
    log.info("promo code created", { promo: code.id });
    return c.json({ promo_code: code }, 201);
  });

  api.put("/admin/promo-codes/:id", async (c) => {
    const input = await readJson(c, promoCodeSchema);
    const code = await updatePromoCode(db, c.req.param("id"), input, now());
    log.info("promo code updated", { promo: code.id });
    return c.json({ promo_code: code });
  });

  api.post("/admin/promo-codes/:id/deactivate", async (c) => {
    const code = await deactivatePromoCode(db, c.req.param("id"), now());
    log.info("promo code deactivated", { promo: code.id });
    return c.json({ promo_code: code });
  });

  return api;
}
