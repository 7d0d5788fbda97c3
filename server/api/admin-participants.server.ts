import { type Context, Hono } from "hono";
import { z } from "zod";
import { clearanceRecordSchema, clearanceUndoSchema } from "../../app/lib/admin-forms/clearance.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { waiverSchema } from "../../app/lib/participants.ts";
import { participantDeparture } from "../domain/dive-ops/crew.server.ts";
import { clearanceFile, clearanceView } from "../domain/dive-ops/medical-clearance.server.ts";
import {
  markCertificationChecked,
  recordMedicalClearance,
  undoMedicalClearance,
} from "../domain/dive-ops/participant-checks.server.ts";
import { saveParticipant } from "../domain/dive-ops/participant-save.server.ts";
import { adminBookingParticipants, adminParticipantView } from "../domain/dive-ops/participants.server.ts";
import { currentWaiver, publishWaiver, waiverHistory } from "../domain/dive-ops/waivers.server.ts";
import { badRequest } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { requireCrewOf } from "./crew-scope.server.ts";
import { readJson } from "./validate.server.ts";

const jsonObject = z.record(z.string(), z.unknown());

/** A request that carries a body; the older call of the clearance sends none (or an empty one). */
const hasBody = (c: Context) => c.req.raw.body !== null && c.req.header("content-length") !== "0";

/** A path's position: digits only, so "1.5" or "01x" is named as the position rather than not found. */
function readPosition(raw: string): number {
  if (!/^\d{1,2}$/.test(raw))
    throw badRequest("position: Must be a whole number", { position: "Must be a whole number" });
  return Number(raw);
}

/**
 * The operator's side of participants and the waiver: read and edit a
 * booking's people, record a doctor's clearance (with a note, and undo it),
 * read the clearance file the customer sent, mark a certification as
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

  // A body names who recorded it, the doctor, the date on the clearance and a note (the console's
  // dialog); the older call without a body records the time alone.
  api.post("/admin/participants/:id/medical-clearance", async (c) => {
    const details = hasBody(c) ? await readJson(c, clearanceRecordSchema) : undefined;
    const saved = await recordMedicalClearance(db, c.req.param("id"), now(), details);
    return c.json(await adminParticipantView(db, saved));
  });

  api.post("/admin/participants/:id/medical-clearance/undo", async (c) => {
    const details = await readJson(c, clearanceUndoSchema);
    const saved = await undoMedicalClearance(db, c.req.param("id"), now(), details);
    return c.json(await adminParticipantView(db, saved));
  });

  api.get("/admin/participants/:id/medical-clearance", async (c) => {
    c.header("Cache-Control", NO_STORE);
    return c.json(await clearanceView(db, c.req.param("id")));
  });

  // The customer's file, to the operator only (this router is behind the admin token): a download
  // that can never run as a page of this origin, and is never kept by a cache.
  api.get("/admin/participants/:id/medical-clearance/file", async (c) => {
    const file = await clearanceFile(db, services.env.DATA_DIR, c.req.param("id"));
    return new Response(file.body, {
      headers: {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${file.downloadName}"`,
        "Content-Security-Policy": "sandbox; default-src 'none'",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": NO_STORE,
      },
    });
  });

  api.post("/admin/participants/:id/certification-checked", async (c) => {
    await requireCrewOf(c, db, await participantDeparture(db, c.req.param("id")));
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
