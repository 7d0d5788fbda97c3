/**
 * What the phone shows for a roll call: the server's copy with the actions
 * still waiting in the queue laid over it by the same rules the server
 * applies (roll-call.ts), so a tap made offline shows at once.
 */
import type { RollCall, RollCallDive } from "../../server/domain/dive-ops/roll-call.server";
import { applyMark, type TripDayAction } from "./roll-call";

export function withPending(call: RollCall, pending: readonly TripDayAction[]): RollCall {
  const dives: RollCallDive[] = call.dives.map((d) => ({ ...d, marks: [...d.marks] }));
  for (const a of pending) {
    if (!("departure_id" in a) || a.departure_id !== call.departure.id) continue;
    let dive = dives.find((d) => d.number === a.dive);
    if (!dive) {
      if (a.kind !== "out") continue;
      dive = { number: a.dive, started_at: a.at, all_aboard_at: null, marks: [] };
      dives.push(dive);
    }
    if (a.kind === "all_aboard") {
      dive.all_aboard_at ??= a.at;
      continue;
    }
    const i = dive.marks.findIndex((m) => m.participant_id === a.participant_id);
    const tap =
      a.kind === "out"
        ? { kind: "out" as const, at: a.at, buddy_id: a.buddy_id }
        : { kind: a.kind, at: a.at };
    const { mark } = applyMark(dive.marks[i], a.participant_id, tap);
    if (i >= 0) dive.marks[i] = mark;
    else if (mark.out_at) dive.marks.push(mark);
  }
  dives.sort((a, b) => a.number - b.number);
  const checkIns = new Map<string, boolean>();
  for (const a of pending)
    if (a.kind === "check_in" || a.kind === "undo_check_in")
      checkIns.set(a.participant_id, a.kind === "check_in");
  return {
    ...call,
    divers: call.divers.map((d) => ({ ...d, checked_in: checkIns.get(d.id) ?? d.checked_in })),
    dives,
  };
}

/** The dive the screen works on: the last one still open, else the next number. */
export function currentDive(call: RollCall): RollCallDive {
  const last = call.dives.at(-1);
  if (last && !last.all_aboard_at) return last;
  return { number: (last?.number ?? 0) + 1, started_at: "", all_aboard_at: null, marks: [] };
}

/** "10:42" in Sydney, as the boat reads its clock. */
export function clockTime(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "Australia/Sydney",
  }).format(new Date(iso));
}
