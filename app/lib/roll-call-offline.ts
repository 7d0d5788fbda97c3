/**
 * What the phone shows for a roll call: the server's copy with the taps still
 * waiting in the queue laid over it by the roll call's own rule (roll-call.ts),
 * so a tap made without a signal shows at once, as the server will apply it.
 */
import type { RollCall, RollCallDive } from "../../server/domain/dive-ops/roll-call.server";
import { applies, diverState } from "./roll-call";
import type { TripDayAction } from "./trip-day-actions";

export function withPending(call: RollCall, pending: readonly TripDayAction[]): RollCall {
  const dives: RollCallDive[] = call.dives.map((d) => ({ ...d, marks: d.marks.map((m) => ({ ...m })) }));
  for (const a of pending) {
    if (!("departure_id" in a) || a.departure_id !== call.availability_id) continue;
    const dive = dives.find((d) => d.dive_number === a.dive);
    if (a.kind === "start_dive") {
      if (!dive) dives.push({ dive_number: a.dive, started_at: a.at, all_aboard_at: null, marks: [] });
      continue;
    }
    if (!dive || dive.all_aboard_at) continue;
    if (a.kind === "all_aboard") {
      if (!dive.marks.some((m) => diverState(m) === "in_water")) dive.all_aboard_at = a.at;
      continue;
    }
    let mark = dive.marks.find((m) => m.participant_id === a.participant_id);
    if (!applies(a.kind, diverState(mark))) continue;
    if (!mark) {
      mark = { participant_id: a.participant_id, buddy_id: null, out_at: null, back_at: null };
      dive.marks.push(mark);
    }
    if (a.kind === "out")
      Object.assign(mark, { out_at: a.at, back_at: null, buddy_id: a.buddy_id ?? mark.buddy_id });
    else mark.back_at = a.at;
  }
  return { ...call, dives };
}

/**
 * The taps a screen lays over its copy, after it reads the phone's queue: the stored ones
 * (oldest first), then its own taps the queue does not hold yet. A tap shows the moment it is
 * made, before the phone has stored it: "All aboard" tapped right after the last "Back aboard"
 * must count that diver as back. A read that started before a tap was stored must not hide it,
 * and a tap the server has answered (`answered`, once the screen holds the server's copy after
 * that sync) is the copy's, never laid over it a second time.
 */
export function waitingTaps(
  stored: readonly TripDayAction[],
  shown: readonly TripDayAction[],
  answered: ReadonlySet<string>,
): TripDayAction[] {
  const inQueue = new Set(stored.map((a) => a.id));
  return [
    ...stored.filter((a) => !answered.has(a.id)),
    ...shown.filter((a) => !inQueue.has(a.id) && !answered.has(a.id)),
  ];
}
