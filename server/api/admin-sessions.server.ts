import { Hono } from "hono";
import { OWNER_PERSON } from "../../app/lib/audit-log.ts";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { bearerToken, revokeAllSessions } from "../domain/access/auth.server.ts";
import { listSessions, revokeSessionById } from "../domain/access/sessions.server.ts";
import { recordAudit } from "../domain/audit/audit.server.ts";
import { notFound } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { holderOf } from "./admin-auth.server.ts";

/**
 * The settings page's list of signed-in devices (behind requireAdmin), each
 * person their own: list the live sessions, sign one out, or sign out
 * everywhere (this device too). Each sign-out is recorded in the audit log.
 */
export function adminSessionsApi(services: Services) {
  const { database, log } = services;
  const db = database.db;
  const api = new Hono();

  api.get("/admin/sessions", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const token = bearerToken(c.req.header("Authorization")) ?? "";
    return c.json({ sessions: await listSessions(db, services.now(), token, holderOf(c).staffId) });
  });

  api.delete("/admin/sessions/:id", async (c) => {
    const id = c.req.param("id");
    const ended = await db.transaction(async (tx) => {
      const done = await revokeSessionById(tx, id, services.now(), holderOf(c).staffId);
      if (done) await recordAudit(tx, { action: "sign_out", entity: "session", entityId: id });
      return done;
    });
    if (!ended) {
      throw notFound("That session has ended already.");
    }
    log.info("admin session signed out from the sessions list");
    return c.json({ success: true });
  });

  api.delete("/admin/sessions", async (c) => {
    const holder = holderOf(c).staffId;
    const ended = await db.transaction(async (tx) => {
      const count = await revokeAllSessions(tx, services.now(), holder);
      await recordAudit(tx, {
        action: "sign_out",
        entity: "session",
        entityId: holder ?? OWNER_PERSON,
        after: { sessions_ended: count },
      });
      return count;
    });
    log.warn("admin signed out everywhere", { ended });
    return c.json({ success: true, ended });
  });

  return api;
}
