import { Hono } from "hono";
import { stream } from "hono/streaming";
import { z } from "zod";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { sydneyDate } from "../../app/lib/dates.ts";
import { BOOKING_STATUSES } from "../db/schema.ts";
import {
  type BookingFilter,
  isBookingStatus,
  listBookings,
} from "../domain/console/admin-bookings.server.ts";
import { changeBookingStatus, retryRefund, revokeLinks } from "../domain/console/booking-actions.server.ts";
import { bookingsCsv } from "../domain/console/bookings-csv.server.ts";
import { refundPreview } from "../domain/console/refund-preview.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

function readFilter(query: (k: string) => string | undefined, today: string): BookingFilter {
  const status = query("status")?.trim();
  if (status && status !== "all" && !isBookingStatus(status)) {
    throw badRequest(`status: Use one of ${BOOKING_STATUSES.join(", ")}`, {
      status: `Use one of ${BOOKING_STATUSES.join(", ")}`,
    });
  }
  const q = query("q")?.trim().slice(0, 200) || undefined;
  const readiness = query("readiness")?.trim();
  if (readiness && readiness !== "all" && readiness !== "not_ready") {
    throw badRequest("readiness: Use all or not_ready", { readiness: "Use all or not_ready" });
  }
  return {
    status: status && status !== "all" && isBookingStatus(status) ? status : undefined,
    q,
    // Upcoming (from today in Sydney) confirmed bookings whose group is not ready.
    notReadyFrom: readiness === "not_ready" ? today : undefined,
  };
}

function positiveInt(value: string | undefined, fallback: number, field: string, max: number): number {
  if (value === undefined || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) {
    throw badRequest(`${field}: Must be a whole number of at least 1`, {
      [field]: "Must be a whole number of at least 1",
    });
  }
  return Math.min(Number(value), max);
}

const statusSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: `Use one of ${BOOKING_STATUSES.join(", ")}` }),
});

/** GET /api/bookings (admin list), CSV export, refund preview and status changes. */
export function adminBookingsApi(services: Services) {
  const { database, log } = services;
  const db = database.db;
  const deps = { db, log, payments: services.payments, now: services.now, env: services.env };
  const api = new Hono();

  api.get("/bookings", async (c) => {
    const filter = readFilter((k) => c.req.query(k), sydneyDate(services.now()));
    const page = positiveInt(c.req.query("page"), 1, "page", 1_000_000);
    const pageSize = positiveInt(c.req.query("page_size"), DEFAULT_PAGE_SIZE, "page_size", MAX_PAGE_SIZE);
    c.header("Cache-Control", NO_STORE);
    return c.json(await listBookings(db, filter, page, pageSize));
  });

  api.get("/admin/bookings/export.csv", (c) => {
    const filter = readFilter((k) => c.req.query(k), sydneyDate(services.now()));
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="bookings-${sydneyDate()}.csv"`);
    c.header("Cache-Control", NO_STORE);
    return stream(c, async (out) => {
      // A BOM so spreadsheet programs read the file as UTF-8.
      await out.write("\uFEFF");
      for await (const chunk of bookingsCsv(db, filter)) await out.write(chunk);
    });
  });

  api.get("/admin/bookings/:id/refund-preview", async (c) => {
    return c.json(await refundPreview(db, c.req.param("id"), services.now()));
  });

  api.put("/admin/bookings/:id/status", async (c) => {
    const { status } = await readJson(c, statusSchema);
    const result = await changeBookingStatus(deps, c.req.param("id"), status);
    return c.json({ success: true, ...result });
  });

  // A refund the provider has not taken (or failed): sent again under the rules of refunds.server.ts.
  api.post("/admin/bookings/:id/refund/retry", async (c) => {
    return c.json({ success: true, ...(await retryRefund(deps, c.req.param("id"))) });
  });

  // Every private link to the booking stops working at once (the customer can ask for a fresh one).
  api.post("/admin/bookings/:id/revoke-links", async (c) => {
    return c.json({ success: true, ...(await revokeLinks(deps, c.req.param("id"))) });
  });

  return api;
}
