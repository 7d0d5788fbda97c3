/**
 * The trip day's actions as a phone sends them, live or queued while it had
 * no signal: check-in, undo, a diver out, back, and "all aboard". Each runs in
 * its own transaction that first claims the action's id (device_actions'
 * primary key): a resend waits for the first to commit and answers its stored
 * result, so an action applies exactly once. The conflict rule between two
 * phones is app/lib/roll-call.ts; every action (no-ops included) is audited
 * with the time it happened on the phone. A refused action rolls back its
 * claim: the phone shows the refusal and may send a new action later.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  allAboardRefusal,
  applyCheckIn,
  applyMark,
  type Mark,
  stillOut,
  type TripDayAction,
} from "../../../app/lib/roll-call.ts";
import type { DB } from "../../db/client.server.ts";
import { bookings, deviceActions, participants, rollCallDives, rollCallMarks } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";
import { currentActor } from "../audit/actor.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { departureDivers, markOf } from "./roll-call.server.ts";

export type ActionOutcome = "applied" | "no_op";
export interface ActionResult {
  id: string;
  outcome: ActionOutcome;
  result: Record<string, unknown>;
}

export async function applyTripDayAction(db: DB, action: TripDayAction): Promise<ActionResult> {
  return db.transaction(async (tx) => {
    const at = new Date(action.at);
    const claimed = await tx
      .insert(deviceActions)
      .values({
        id: action.id,
        kind: action.kind,
        occurredAt: at,
        outcome: "applied",
        result: {},
        staffId: currentActor()?.staffId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: deviceActions.id });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(deviceActions).where(eq(deviceActions.id, action.id));
      if (!stored) throw conflict(`Action ${action.id} is being applied: send it again.`);
      return { id: stored.id, outcome: stored.outcome, result: stored.result };
    }
    const { outcome, result } =
      "departure_id" in action
        ? await rollCall(tx, action, at)
        : await checkIn(tx, action.participant_id, action.kind === "check_in", at);
    await tx.update(deviceActions).set({ outcome, result }).where(eq(deviceActions.id, action.id));
    return { id: action.id, outcome, result };
  });
}

async function checkIn(tx: DB, participantId: string, checkedIn: boolean, at: Date) {
  const [found] = await tx
    .select({
      status: bookings.bookingStatus,
      bookingId: bookings.id,
      checkedInAt: participants.checkedInAt,
      changedAt: participants.checkInChangedAt,
    })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(eq(participants.id, participantId))
    .limit(1)
    .for("update", { of: participants });
  if (!found) throw notFound("Participant not found");
  if (found.status === "cancelled")
    throw conflict("This booking is cancelled: its participants cannot check in.");
  const before = {
    checked_in_at: found.checkedInAt?.toISOString() ?? null,
    changed_at: found.changedAt?.toISOString() ?? null,
  };
  const { state, changed } = applyCheckIn(before, { checked_in: checkedIn, at: at.toISOString() });
  if (changed) {
    await tx
      .update(participants)
      .set({
        checkedInAt: state.checked_in_at ? new Date(state.checked_in_at) : null,
        checkInChangedAt: state.changed_at ? new Date(state.changed_at) : null,
        updatedAt: sql`now()`,
      })
      .where(eq(participants.id, participantId));
  }
  const outcome: ActionOutcome = changed ? "applied" : "no_op";
  await recordAudit(tx, {
    action: checkedIn ? "check_in" : "undo_check_in",
    entity: "check_in",
    entityId: participantId,
    bookingId: found.bookingId,
    before: changed
      ? { checked_in: before.checked_in_at !== null, checked_in_at: before.checked_in_at }
      : null,
    after: changed
      ? { checked_in: state.checked_in_at !== null, checked_in_at: state.checked_in_at }
      : { outcome: "no change (already recorded)", checked_in_at: state.checked_in_at },
    occurredAt: at,
  });
  return {
    outcome,
    result: {
      participant: {
        id: participantId,
        checked_in: state.checked_in_at !== null,
        checked_in_at: state.checked_in_at,
      },
    },
  };
}

type RollCallAction = Exclude<TripDayAction, { kind: "check_in" | "undo_check_in" }>;

async function rollCall(tx: DB, action: RollCallAction, at: Date) {
  const divers = await departureDivers(tx, action.departure_id);
  const nameOf = (id: string) => divers.find((d) => d.id === id)?.full_name ?? "A diver";
  const named =
    action.kind === "out"
      ? [action.participant_id, action.buddy_id]
      : action.kind === "back"
        ? [action.participant_id]
        : [];
  for (const id of named) {
    if (id && !divers.some((d) => d.id === id)) throw notFound("Participant not found on this departure");
  }
  if (action.kind === "out") {
    await tx
      .insert(rollCallDives)
      .values({ availabilityId: action.departure_id, diveNumber: action.dive, startedAt: at })
      .onConflictDoUpdate({
        target: [rollCallDives.availabilityId, rollCallDives.diveNumber],
        set: { startedAt: sql`least(${rollCallDives.startedAt}, excluded.started_at)` },
      });
  }
  const [dive] = await tx
    .select()
    .from(rollCallDives)
    .where(
      and(eq(rollCallDives.availabilityId, action.departure_id), eq(rollCallDives.diveNumber, action.dive)),
    )
    .for("update");
  if (!dive) throw conflict(`Dive ${action.dive} has not started: count a diver out first.`);
  const rows = await tx.select().from(rollCallMarks).where(eq(rollCallMarks.diveId, dive.id));
  const marks = rows.map(markOf);
  const audit = { entity: "roll_call", entityId: dive.id, occurredAt: at };

  if (action.kind === "all_aboard") {
    const refusal = allAboardRefusal(marks, nameOf);
    if (refusal) throw conflict(refusal);
    const changed = !dive.allAboardAt || at < dive.allAboardAt;
    const aboardAt = changed ? at : (dive.allAboardAt as Date);
    if (changed)
      await tx.update(rollCallDives).set({ allAboardAt: aboardAt }).where(eq(rollCallDives.id, dive.id));
    await recordAudit(tx, {
      ...audit,
      action: "all_aboard",
      before: changed ? { dive: action.dive, all_aboard_at: dive.allAboardAt?.toISOString() ?? null } : null,
      after: {
        dive: action.dive,
        all_aboard_at: aboardAt.toISOString(),
        ...(changed ? {} : { outcome: "no change" }),
      },
    });
    return {
      outcome: (changed ? "applied" : "no_op") as ActionOutcome,
      result: { dive: action.dive, all_aboard_at: aboardAt.toISOString() },
    };
  }

  if (action.kind === "out" && dive.allAboardAt && at > dive.allAboardAt)
    throw conflict(
      `Dive ${action.dive} ended with all aboard: count ${nameOf(action.participant_id)} out on the next dive.`,
    );
  const current = marks.find((m) => m.participant_id === action.participant_id);
  const tap =
    action.kind === "out"
      ? { kind: "out" as const, at: action.at, buddy_id: action.buddy_id }
      : { kind: "back" as const, at: action.at };
  const { mark, changed } = applyMark(current, action.participant_id, { ...tap, at: at.toISOString() });
  if (changed) await saveMark(tx, dive.id, mark);
  await recordAudit(tx, {
    ...audit,
    action: action.kind === "out" ? "diver_out" : "diver_back",
    before: changed
      ? {
          participant: action.participant_id,
          out_at: current?.out_at ?? null,
          back_at: current?.back_at ?? null,
        }
      : null,
    after: {
      participant: action.participant_id,
      out_at: mark.out_at,
      back_at: mark.back_at,
      ...(changed ? {} : { outcome: "no change" }),
    },
  });
  const after = marks.filter((m) => m.participant_id !== mark.participant_id).concat(mark);
  return {
    outcome: (changed ? "applied" : "no_op") as ActionOutcome,
    result: { dive: action.dive, mark, still_out: stillOut(after).length },
  };
}

async function saveMark(tx: DB, diveId: string, mark: Mark) {
  const values = {
    diveId,
    participantId: mark.participant_id,
    buddyId: mark.buddy_id,
    outAt: new Date(mark.out_at as string),
    backAt: mark.back_at ? new Date(mark.back_at) : null,
  };
  await tx
    .insert(rollCallMarks)
    .values(values)
    .onConflictDoUpdate({
      target: [rollCallMarks.diveId, rollCallMarks.participantId],
      set: { buddyId: values.buddyId, outAt: values.outAt, backAt: values.backAt },
    });
}
