import { Hono } from "hono";
import type { Services } from "../services.server.ts";

/** Everything under the admin token (admin spec section 7). */
export function adminApi(_services: Services) {
  const api = new Hono();
  return api;
}
