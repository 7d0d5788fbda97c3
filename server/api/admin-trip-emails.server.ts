/** The trip emails' texts: read, save (with the on/off switch) and preview unsaved text. */

import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import {
  TRIP_EMAIL_KINDS,
  TRIP_EMAIL_PLACEHOLDERS,
  tripEmailTemplateSchema,
  tripEmailTextSchema,
} from "../../app/lib/trip-emails.ts";
import {
  loadTripEmailTemplates,
  previewTripEmail,
  saveTripEmailTemplate,
} from "../domain/messaging/trip-emails.server.ts";
import { BUILT_IN_TRIP_EMAILS } from "../email/trip-templates.server.ts";
import type { Services } from "../services.server.ts";
import { readJson } from "./validate.server.ts";

export function adminTripEmailsApi({ database, env, log, now }: Services) {
  const { db } = database;
  const api = new Hono();

  api.get("/admin/email-templates", async (c) => {
    const templates = await loadTripEmailTemplates(db);
    c.header("Cache-Control", NO_STORE);
    return c.json({
      templates: TRIP_EMAIL_KINDS.map((kind) => ({
        ...templates[kind],
        built_in: BUILT_IN_TRIP_EMAILS[kind],
        placeholders: TRIP_EMAIL_PLACEHOLDERS[kind].map((p) => p.name),
      })),
    });
  });

  api.put("/admin/email-templates", async (c) => {
    const input = await readJson(c, tripEmailTemplateSchema);
    const template = await saveTripEmailTemplate(db, input, now());
    log.info("trip email text saved", { kind: input.kind, enabled: input.enabled });
    return c.json({ success: true, template });
  });

  api.post("/admin/email-templates/preview", async (c) => {
    const text = await readJson(c, tripEmailTextSchema);
    c.header("Cache-Control", NO_STORE);
    return c.json(await previewTripEmail(db, env.publicUrl, text, now()));
  });

  return api;
}
