/**
 * The roll call of a departure and the trip day's actions (check-in, undo,
 * out, back, all aboard) as a phone sends them, one at a time or a queue of
 * them when its signal returns. A Crew member works the departures they are
 * assigned to only (ADR 35). Each action carries the phone's own id and
 * time; the answer lists each action's outcome, a refusal included, so one
 * refused action never holds back the rest of a queue.
 */
import { Hono } from "hono";
import { z } from "zod";
import { NO_STORE } from "../../app/lib/cache-control.ts";
import type { TripDayAction } from "../../app/lib/roll-call.ts";
import { availabilityDeparture, participantDeparture } from "../domain/dive-ops/crew.server.ts";
import { loadRollCall } from "../domain/dive-ops/roll-call.server.ts";
import { applyTripDayAction } from "../domain/dive-ops/trip-day-actions.server.ts";
import { badRequest, HttpError } from "../errors.server.ts";
import type { Services } from "../services.server.ts";
import { crewScope, NOT_YOUR_TRIP, requireCrewOf } from "./crew-scope.server.ts";
import { readJson } from "./validate.server.ts";

/** A phone's clock may run a little ahead; an action further in the future is a wrong clock. */
const FUTURE_SLACK_MS = 5 * 60_000;
/** How long a queued action may wait for its signal: a trip of several days at sea. */
const OLDEST_MS = 14 * 24 * 3_600_000;
/** One queue at a time: a trip day's taps fit many times over. */
const MAX_ACTIONS = 500;

const base = {
  id: z
    .string({ error: "id is required" })
    .min(8, "id must be the action's own id")
    .max(80, "id is too long"),
  at: z.iso.datetime({ offset: true, error: "at must be an ISO date-time" }),
};
const person = z.string({ error: "participant_id is required" }).min(1, "participant_id is required");
const departure = z.string({ error: "departure_id is required" }).min(1, "departure_id is required");
const dive = z
  .number({ error: "dive must be a number" })
  .int()
  .min(1, "dive must be 1 to 20")
  .max(20, "dive must be 1 to 20");

const actionSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ ...base, kind: z.literal(["check_in", "undo_check_in"]), participant_id: person }),
    z.object({
      ...base,
      kind: z.literal("out"),
      departure_id: departure,
      dive,
      participant_id: person,
      buddy_id: z.string().min(1).nullable().optional(),
    }),
    z.object({ ...base, kind: z.literal("back"), departure_id: departure, dive, participant_id: person }),
    z.object({ ...base, kind: z.literal("all_aboard"), departure_id: departure, dive }),
  ],
  { error: "kind must be check_in, undo_check_in, out, back or all_aboard" },
);

const actionsSchema = z.object({
  actions: z
    .array(actionSchema, { error: "actions must be a list" })
    .min(1, "actions must not be empty")
    .max(MAX_ACTIONS, `actions: at most ${MAX_ACTIONS} at a time`),
});

export function adminRollCallApi(services: Services) {
  const { database, log, now } = services;
  const db = database.db;
  const api = new Hono();

  api.get("/admin/departures/:id/roll-call", async (c) => {
    await requireCrewOf(c, db, await availabilityDeparture(db, c.req.param("id")));
    c.header("Cache-Control", NO_STORE);
    return c.json(await loadRollCall(db, c.req.param("id")));
  });

  api.post("/admin/trip-day/actions", async (c) => {
    const { actions } = await readJson(c, actionsSchema);
    const at = now().getTime();
    actions.forEach((a, i) => {
      const t = Date.parse(a.at);
      if (t > at + FUTURE_SLACK_MS || t < at - OLDEST_MS)
        throw badRequest(`actions.${i}.at: the action's time is not a recent time`, {
          [`actions.${i}.at`]: "The action's time is not a recent time",
        });
    });
    const results = [];
    // A Crew member's actions apply on the departures they work; any other is refused on its own.
    const scope = await crewScope(c, db);
    for (const action of actions as TripDayAction[]) {
      try {
        if (scope) {
          const key =
            "departure_id" in action
              ? await availabilityDeparture(db, action.departure_id)
              : await participantDeparture(db, action.participant_id);
          if (key !== null && !scope.has(key)) throw new HttpError(403, NOT_YOUR_TRIP);
        }
        results.push({ ...(await applyTripDayAction(db, action)), status: "ok" as const });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        results.push({
          id: action.id,
          status: "refused" as const,
          code: error.status,
          message: error.message,
        });
      }
    }
    log.info("trip-day actions", {
      count: actions.length,
      refused: results.filter((r) => r.status === "refused").length,
    });
    return c.json({ success: true, results });
  });

  return api;
}
