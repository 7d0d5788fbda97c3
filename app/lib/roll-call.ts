/**
 * The trip day's rules shared by the phone and the server: the roll call's
 * state machine (a diver is aboard, out, or back; "all aboard" only when
 * nobody is out) and the conflict rule for actions two phones made offline.
 *
 * Conflict rule (ADR "Offline manifest"):
 * - the same diver reaching the same state twice: the earliest time wins,
 *   the later action is a no-op;
 * - check-in against undo: the later original time wins;
 * - out/back marks likewise: each mark keeps its earliest time;
 * - "all aboard" is refused while the server knows a diver still out.
 */

/** What a phone records and queues: one tap, with its own id and time. */
export type TripDayAction =
  | { id: string; kind: "check_in" | "undo_check_in"; at: string; participant_id: string }
  | {
      id: string;
      kind: "out";
      at: string;
      departure_id: string;
      dive: number;
      participant_id: string;
      buddy_id?: string | null;
    }
  | { id: string; kind: "back"; at: string; departure_id: string; dive: number; participant_id: string }
  | { id: string; kind: "all_aboard"; at: string; departure_id: string; dive: number };

export type DiverState = "aboard" | "out" | "back";

export interface Mark {
  participant_id: string;
  buddy_id: string | null;
  out_at: string | null;
  back_at: string | null;
}

export function diverState(mark: Mark | undefined): DiverState {
  if (!mark?.out_at) return "aboard";
  return mark.back_at ? "back" : "out";
}

/** The divers still in the water: counted out and not back. */
export function stillOut(marks: readonly Mark[]): Mark[] {
  return marks.filter((m) => diverState(m) === "out");
}

/** "3 of 6 in the water". */
export function inWaterText(marks: readonly Mark[], divers: number): string {
  return `${stillOut(marks).length} of ${divers} in the water`;
}

/** Why "all aboard" cannot be recorded, naming who is out; null when it can. */
export function allAboardRefusal(marks: readonly Mark[], nameOf: (id: string) => string): string | null {
  const out = stillOut(marks);
  if (out.length === 0) return null;
  const names = out.map((m) => nameOf(m.participant_id)).join(", ");
  return `All aboard cannot be recorded: ${names} ${out.length === 1 ? "is" : "are"} still in the water.`;
}

const earliest = (a: string | null, b: string): string =>
  a === null || Date.parse(b) < Date.parse(a) ? b : a;

/**
 * A mark after an out or back tap. Out keeps its earliest time (and the
 * buddy named with it); back keeps its earliest time, and never one before
 * the diver went out (a stale tap is a no-op).
 */
export function applyMark(
  mark: Mark | undefined,
  participantId: string,
  tap: { kind: "out" | "back"; at: string; buddy_id?: string | null },
): { mark: Mark; changed: boolean } {
  const current: Mark = mark ?? {
    participant_id: participantId,
    buddy_id: null,
    out_at: null,
    back_at: null,
  };
  if (tap.kind === "out") {
    const outAt = earliest(current.out_at, tap.at);
    const buddy = outAt === tap.at && tap.buddy_id !== undefined ? tap.buddy_id : current.buddy_id;
    const next = { ...current, out_at: outAt, buddy_id: buddy ?? null };
    return { mark: next, changed: next.out_at !== current.out_at || next.buddy_id !== current.buddy_id };
  }
  if (!current.out_at || Date.parse(tap.at) < Date.parse(current.out_at))
    return { mark: current, changed: false };
  const next = { ...current, back_at: earliest(current.back_at, tap.at) };
  return { mark: next, changed: next.back_at !== current.back_at };
}

export interface CheckInState {
  checked_in_at: string | null;
  /** When the state last changed (the deciding action's time); null when never set. */
  changed_at: string | null;
}

/**
 * A check-in or undo against the state the server holds. Same state: the
 * earliest check-in time wins. Opposite state: the later original time wins,
 * so an undo made before the check-in it would cancel is a no-op.
 */
export function applyCheckIn(
  state: CheckInState,
  action: { checked_in: boolean; at: string },
): { state: CheckInState; changed: boolean } {
  const isIn = state.checked_in_at !== null;
  if (action.checked_in && isIn) {
    const at = earliest(state.checked_in_at, action.at);
    return at === state.checked_in_at
      ? { state, changed: false }
      : { state: { checked_in_at: at, changed_at: state.changed_at }, changed: true };
  }
  if (!action.checked_in && !isIn) return { state, changed: false };
  // A check-in made before this change records its time only: that time is when it changed.
  const since = state.changed_at ?? state.checked_in_at;
  if (since && Date.parse(action.at) < Date.parse(since)) return { state, changed: false };
  return {
    state: { checked_in_at: action.checked_in ? action.at : null, changed_at: action.at },
    changed: true,
  };
}
