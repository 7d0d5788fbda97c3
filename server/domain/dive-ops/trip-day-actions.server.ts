/**
 * A crew phone's trip-day actions, live or queued while it had no signal,
 * applied once each by the id the phone gave it. Each action runs in its own
 * transaction that first claims its id in device_actions: a resend (a reply
 * lost on the way back, a second sync) waits for the first to commit and
 * answers its stored outcome. Check-in goes through setCheckIn and the roll
 * call through the landed roll-call rules and tables (roll-call.server.ts), so
 * there is one check-in and one roll call whichever way a tap arrives; those
 * write their own audit entries with the tap's time. Between two phones the
 * rule is app/lib/trip-day-actions.ts: a tap older than the last applied on
 * its target is stale. A refused action (cancelled booking, a dive over, not
 * the caller's departure) rolls back its claim and is reported, never retried.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { applies, diverState } from "../../../app/lib/roll-call.ts";
import {
  type ActionOutcome,
  isStale,
  type TripDayAction,
  targetOf,
} from "../../../app/lib/trip-day-actions.ts";
import type { DB } from "../../db/client.server.ts";
import { deviceActions, participants } from "../../db/schema.ts";
import { conflict } from "../../errors.server.ts";
import type { Logger } from "../../log.server.ts";
import { currentActor } from "../audit/actor.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { setCheckIn } from "./check-in.server.ts";
import { participantDeparture } from "./crew.server.ts";
import { allAboard, departureKeyOf, loadRollCall, markDiver, startDive } from "./roll-call.server.ts";

export const NOT_YOUR_DEPARTURE = "You are not on the crew of this departure.";

/** The departure (crew key) an action touches, or null when it names nothing that exists. */
export function departureOfAction(db: DB, action: TripDayAction): Promise<string | null> {
  return "departure_id" in action
    ? departureKeyOf(db, action.departure_id)
    : participantDeparture(db, action.participant_id);
}

/** What the roll-call rules say a tap does now: applied, or a repeat that changes nothing. */
async function applyRollCall(
  tx: DB,
  action: Exclude<TripDayAction, { kind: "check_in" | "undo_check_in" }>,
  at: Date,
): Promise<ActionOutcome> {
  if (action.kind === "start_dive") {
    const call = await loadRollCall(tx, action.departure_id);
    if (call.dives.some((d) => d.dive_number === action.dive)) return "no_op";
    const last = call.dives.at(-1)?.dive_number ?? 0;
    if (action.dive !== last + 1)
      throw conflict(`Dive ${action.dive} cannot start: the last dive is ${last}.`);
    await startDive(tx, action.departure_id, at);
    return "applied";
  }
  if (action.kind === "all_aboard") {
    const dive = (await loadRollCall(tx, action.departure_id)).dives.find(
      (d) => d.dive_number === action.dive,
    );
    if (dive?.all_aboard_at) return "no_op";
    await allAboard(tx, action.departure_id, action.dive, at);
    return "applied";
  }
  const dive = (await loadRollCall(tx, action.departure_id)).dives.find((d) => d.dive_number === action.dive);
  const mark = dive?.marks.find((m) => m.participant_id === action.participant_id);
  const apply = applies(action.kind, diverState(mark));
  await markDiver(
    tx,
    action.departure_id,
    action.dive,
    { participant_id: action.participant_id, action: action.kind, buddy_id: action.buddy_id },
    at,
  );
  return apply ? "applied" : "no_op";
}

/** Applies one action once; a refusal (HttpError) leaves nothing behind. */
export async function applyTripDayAction(db: DB, log: Logger, action: TripDayAction): Promise<ActionOutcome> {
  const target = targetOf(action);
  const at = new Date(action.at);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(deviceActions)
      .values({
        id: action.id,
        kind: action.kind,
        target,
        occurredAt: at,
        outcome: "applied",
        staffId: currentActor()?.staffId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: deviceActions.id });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(deviceActions).where(eq(deviceActions.id, action.id));
      if (!stored) throw conflict(`Action ${action.id} is being applied: send it again.`);
      return stored.outcome;
    }
    const [last] = await tx
      .select({ at: deviceActions.occurredAt })
      .from(deviceActions)
      .where(
        and(
          eq(deviceActions.target, target),
          ne(deviceActions.id, action.id),
          inArray(deviceActions.outcome, ["applied", "no_op"]),
        ),
      )
      .orderBy(desc(deviceActions.occurredAt))
      .limit(1);
    const lastAt = last ? last.at.toISOString() : null;
    let outcome: ActionOutcome;
    if (isStale(action.at, lastAt)) outcome = "stale";
    else if (!("departure_id" in action)) {
      const [before] = await tx
        .select({ at: participants.checkedInAt })
        .from(participants)
        .where(eq(participants.id, action.participant_id));
      const after = await setCheckIn(tx, log, action.participant_id, action.kind === "check_in", at);
      outcome = (before?.at != null) !== after.checked_in ? "applied" : "no_op";
    } else outcome = await applyRollCall(tx, action, at);
    await tx.update(deviceActions).set({ outcome }).where(eq(deviceActions.id, action.id));
    // The action itself, with the tap's time: which phone's tap landed, and how.
    await recordAudit(tx, {
      action: "device_action",
      entity: "device_action",
      entityId: action.id,
      after: { kind: action.kind, target, outcome, at: action.at },
      occurredAt: at,
    });
    return outcome;
  });
}
