import { Hono } from "hono";
import type { Services } from "../services.server.ts";

/** Bookings and payments: POST /api/bookings, checkout sessions, status, webhooks. */
export function bookingApi(_services: Services) {
  const api = new Hono();
  return api;
}
