import { Hono } from "hono";
import type { Services } from "../services.server.ts";

export function adminParticipantsApi(_services: Services) {
  return new Hono();
}
