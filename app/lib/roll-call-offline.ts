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
