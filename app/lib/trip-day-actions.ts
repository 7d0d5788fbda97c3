/**
 * The trip day's actions as a crew phone records them: check-in and its undo,
 * a diver out or back, the next dive started, "All aboard". Each carries the id
 * the phone gave it (the server applies an id once, so a resend is harmless)
 * and the time of the tap. Roll-call actions go through the roll call's own
 * rules (./roll-call.ts); between phones, one conflict rule: the latest tap on
 * a target wins, and a tap older than the last one applied there arrives stale
 * and changes nothing.
 */
import { z } from "zod";

const id = z.string().min(1, "is required").max(64);
const base = {
  id: z.uuid({ error: "Action id must be a UUID" }),
  at: z.iso.datetime({ offset: true, error: "Action time must be an ISO date-time" }),
};
const dive = z.number().int().min(1, "Dive must be a whole number from 1").max(999);

export const tripDayActionSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ ...base, kind: z.enum(["check_in", "undo_check_in"]), participant_id: id }),
    z.strictObject({ ...base, kind: z.literal("start_dive"), departure_id: id, dive }),
    z.strictObject({ ...base, kind: z.literal("all_aboard"), departure_id: id, dive }),
    z.strictObject({
      ...base,
      kind: z.enum(["out", "back"]),
      departure_id: id,
      dive,
      participant_id: id,
      buddy_id: id.nullable().optional(),
    }),
  ],
  { error: "Action kind must be check_in, undo_check_in, start_dive, out, back or all_aboard" },
);
export type TripDayAction = z.infer<typeof tripDayActionSchema>;

/** At most this many actions in one sync: a long day offline is a few hundred taps. */
export const MAX_ACTIONS = 500;
export const actionsSchema = z.strictObject({
  actions: z.array(tripDayActionSchema).min(1, "Actions must not be empty").max(MAX_ACTIONS),
});

/** What the conflict rule compares: a participant's check-in, a diver's marks, a departure's dives. */
export function targetOf(action: TripDayAction): string {
  if (!("departure_id" in action)) return `check-in:${action.participant_id}`;
  if ("participant_id" in action)
    return `diver:${action.departure_id}:${action.dive}:${action.participant_id}`;
  return `dive:${action.departure_id}:${action.dive}`;
}

/** The one conflict rule: stale when a later tap on the same target was already applied. */
export function isStale(at: string, lastAppliedAt: string | null): boolean {
  return lastAppliedAt !== null && Date.parse(lastAppliedAt) > Date.parse(at);
}

/** Applied in the order they happened, whichever phone sent them first. */
export function inTapOrder<T extends { at: string }>(actions: readonly T[]): T[] {
  return [...actions].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

export type ActionOutcome = "applied" | "no_op" | "stale";
export interface ActionAnswer {
  id: string;
  status: "ok" | "refused";
  outcome?: ActionOutcome;
  message?: string;
}
