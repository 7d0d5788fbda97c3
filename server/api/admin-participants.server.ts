import { Hono } from "hono";
import { z } from "zod";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { waiverSchema } from "../../app/lib/participants.ts";
import {
  markCertificationChecked,
  recordMedicalClearance,
} from "../domain/dive-ops/participant-checks.server.ts";
import { saveParticipant } from "../domain/dive-ops/participant-save.server.ts";
import { adminBookingParticipants, adminParticipantView } from "../domain/dive-ops/participants.server.ts";
import { currentWaiver, publishWaiver, waiverHistory } from "../domain/dive-ops/waivers.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

const jsonObject = z.record(z.string(), z.unknown());

/** A path's position: digits only, so "1.5" or "01x" is named as the position rather than not found. */
function readPosition(raw: string): number {
  if (!/^\d{1,2}$/.test(raw))
    throw badRequest("position: Must be a whole number", { position: "Must be a whole number" });
  return Number(raw);
}

/**
 * The operator's side of participants and the waiver: read and edit a
 * booking's people, record a doctor's clearance, mark a certification as
 * checked, and publish waiver versions. All behind the admin token.
 */
export function adminParticipantsApi(services: Services) {
  const { database, now } = services;
  const db = database.db;
  const api = new Hono();

  api.get("/admin/bookings/:id/participants", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await adminBookingParticipants(db, c.req.param("id")));
  });

  api.put("/admin/bookings/:id/participants/:position", async (c) => {
    const position = readPosition(c.req.param("position"));
    // Parsed here for its type and size; the rules that depend on the booking are checked by the save.
    const body = await readJson(c, jsonObject);
    const saved = await saveParticipant(db, c.req.param("id"), position, body, now());
    return c.json(await adminParticipantView(db, saved));
  });

  api.post("/admin/participants/:id/medical-clearance", async (c) => {
    const saved = await recordMedicalClearance(db, c.req.param("id"), now());
    return c.json(await adminParticipantView(db, saved));
  });

  api.post("/admin/participants/:id/certification-checked", async (c) => {
    const saved = await markCertificationChecked(db, c.req.param("id"), now());
    return c.json(await adminParticipantView(db, saved));
  });

  api.get("/admin/waiver", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const [current, history] = await Promise.all([currentWaiver(db), waiverHistory(db)]);
    return c.json({
      current: current && {
        version: current.version,
        title: current.title,
        body: current.body,
        created_at: current.createdAt.toISOString(),
      },
      history: history.map((h) => ({
        version: h.version,
        title: h.title,
        created_at: h.createdAt.toISOString(),
      })),
    });
  });

  api.post("/admin/waiver", async (c) => {
    const input = await readJson(c, waiverSchema);
    const saved = await publishWaiver(
      db,
      { title: input.title, body: input.body, basedOn: input.based_on },
      now(),
    );
    return c.json(
      {
        version: saved.version,
        title: saved.title,
        body: saved.body,
        created_at: saved.createdAt.toISOString(),
      },
      201,
    );
  });

  return api;
}
