/**
 * What a console call may see of the trip day: everything, or, for a Crew
 * member, only the departures they are assigned to (ADR 35). The permission
 * table says a Crew member may use the trips, the manifest and check-in; this
 * says on which departures, in one place every such route asks.
 */
import type { Context } from "hono";
import type { DB } from "../db/client.server.ts";
import { assignedDepartures, OWNER_MEMBER } from "../domain/dive-ops/crew.server.ts";
import { HttpError } from "../errors.server.ts";
import { holderOf } from "./admin-auth.server.ts";

export const NOT_YOUR_TRIP =
  "You are not on the crew of this departure. Crew see and work only the departures they are assigned to.";

/** How the caller is named in crew assignments: their staff id, or "owner". */
export const memberOf = (c: Context): string => holderOf(c).staffId ?? OWNER_MEMBER;

/** The crew keys the caller may see, or null for every departure (every role but Crew). */
export async function crewScope(c: Context, db: DB): Promise<ReadonlySet<string> | null> {
  const holder = holderOf(c);
  if (holder.role !== "crew" || holder.staffId === null) return null;
  return (await assignedDepartures(db, holder.staffId)).keys;
}

/** A 403 unless the caller may work the departure `key` names (null: there is no such thing, left to the route). */
export async function requireCrewOf(c: Context, db: DB, key: string | null): Promise<void> {
  const scope = await crewScope(c, db);
  if (scope && key !== null && !scope.has(key)) throw new HttpError(403, NOT_YOUR_TRIP);
}
