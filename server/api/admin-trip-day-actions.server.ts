/**
 * POST /api/admin/trip-day/actions (behind requireAdmin, trip-day permission):
 * a crew phone's queued actions, applied once each by id in the order they
 * were tapped. Each action is answered on its own: applied, a repeat (no_op),
 * stale under the conflict rule, or refused with the reason (a Crew member's
 * action on a departure they do not work, a cancelled booking, a dive over).
 * One refusal never blocks the rest of the queue.
 */
import { Hono } from "hono";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import { type ActionAnswer, actionsSchema, inTapOrder } from "../../app/lib/trip-day-actions.ts";
import { applyTripDayAction, departureOfAction } from "../domain/dive-ops/trip-day-actions.server.ts";
import { HttpError } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { crewScope, NOT_YOUR_TRIP } from "./crew-scope.server.ts";
import { readJson } from "./validate.server.ts";

export function adminTripDayActionsApi({ database, log }: Services) {
  const db = database.db;
  const api = new Hono();

  api.post("/admin/trip-day/actions", async (c) => {
    const { actions } = await readJson(c, actionsSchema);
    const scope = await crewScope(c, db);
    const results: ActionAnswer[] = [];
    for (const action of inTapOrder(actions)) {
      try {
        const key = await departureOfAction(db, action);
        if (scope && (key === null || !scope.has(key))) throw new HttpError(403, NOT_YOUR_TRIP);
        results.push({ id: action.id, status: "ok", outcome: await applyTripDayAction(db, log, action) });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        log.info("trip-day action refused", { action: action.id, kind: action.kind, status: error.status });
        results.push({ id: action.id, status: "refused", message: error.message });
      }
    }
    c.header("Cache-Control", NO_STORE);
    return c.json({ results });
  });

  return api;
}
