/**
 * Bookings the operator makes in the console (a phone call, a walk-in), and
 * money taken by hand for a booking paid on the day. Behind requireAdmin like
 * all of /api/admin; the rules are in domain/bookings/operator-booking.
 */
import { Hono } from "hono";
import { manualPaymentSchema, operatorBookingSchema } from "../../app/lib/admin-forms/index.ts";
import { createOperatorBooking, recordManualPayment } from "../domain/bookings/operator-booking.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function adminOperatorBookingsApi(services: Services) {
  const deps = {
    db: services.database.db,
    env: services.env,
    log: services.log,
    payments: services.payments,
    now: services.now,
  };
  const api = new Hono();

  api.post("/admin/bookings", async (c) => {
    const input = await readJson(c, operatorBookingSchema);
    return c.json(await createOperatorBooking(deps, input), 201);
  });

  api.post("/admin/bookings/:id/payments", async (c) => {
    const input = await readJson(c, manualPaymentSchema);
    const recorded = await recordManualPayment(deps, c.req.param("id"), input);
    return c.json(recorded, recorded.already ? 200 : 201);
  });

  return api;
}
