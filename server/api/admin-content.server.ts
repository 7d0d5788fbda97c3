import { Hono } from "hono";
import type { Services } from "../services.server.ts";

/**
 * Content management under the admin token: adventures (pro and simple),
 * gallery, testimonials, FAQs, content sections, media. Mounted by
 * admin.server.ts behind requireAdmin.
 */
export function adminContentApi(_services: Services) {
  const api = new Hono();
  return api;
}
