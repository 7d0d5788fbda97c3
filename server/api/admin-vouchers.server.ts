import { Hono } from "hono";
import type { Services } from "../services.server.ts";

export function adminVouchersApi(_services: Services) {
  return new Hono();
}
