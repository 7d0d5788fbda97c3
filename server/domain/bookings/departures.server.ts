/**
 * A date's departures and the one rule for which of them a request means.
 * Every path that books, moves or waits on a date reads its departures here
 * (one availability row each; ADR 30).
 */
import { and, asc, eq } from "drizzle-orm";
import { departureText, startTimeText } from "../../../app/lib/departure.ts";
import type { DB } from "../../db/client.server.ts";
import { availability } from "../../db/schema.ts";
import { badRequest } from "../../errors.server.ts";

type AvailabilitySlot = typeof availability.$inferSelect;

/** A date's departures (its availability rows), earliest first; locked for the transaction when asked. */
export async function departuresOn(
  db: DB,
  adventureId: string,
  date: string,
  options: { lock?: boolean } = {},
): Promise<AvailabilitySlot[]> {
  const query = db
    .select()
    .from(availability)
    .where(and(eq(availability.adventureId, adventureId), eq(availability.date, date)))
    .orderBy(asc(availability.startTime));
  return options.lock ? query.for("update") : query;
}

/**
 * The departure a request means, among its date's: the one at `startTime`,
 * or the date's only one when no time is given. Undefined when the date has
 * none (the caller says the date is not open). A date with several needs the
 * time: without it, or with a time it does not run at, the answer is a 400
 * naming `timeField`.
 */
export function pickDeparture<T extends { startTime: string; date: string }>(
  rows: readonly T[],
  startTime: string | undefined,
  timeField = "start_time",
): T | undefined {
  if (rows.length === 0) return undefined;
  if (startTime) {
    const chosen = rows.find((r) => r.startTime === startTime);
    if (chosen) return chosen;
    const msg = `There is no departure at ${startTimeText(startTime)} on ${departureText(rows[0].date, "")}. Please choose one of its times.`;
    throw badRequest(`${timeField}: ${msg}`, { [timeField]: msg });
  }
  if (rows.length === 1) return rows[0];
  const msg = `${departureText(rows[0].date, "")} has ${rows.length} departures. Please choose a departure time.`;
  throw badRequest(`${timeField}: ${msg}`, { [timeField]: msg });
}
