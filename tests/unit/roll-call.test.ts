import { describe, expect, it } from "vitest";
import {
  allAboardRefusal,
  applyCheckIn,
  applyMark,
  diverState,
  inWaterText,
  type Mark,
} from "../../app/lib/roll-call";

const T = (m: number) => new Date(Date.UTC(2026, 10, 28, 1, m)).toISOString();
const names: Record<string, string> = { a: "Ana", b: "Ben", c: "Cy" };

describe("roll call state machine", () => {
  it("moves a diver aboard → out → back, each mark keeping its earliest time", () => {
    const out = applyMark(undefined, "a", { kind: "out", at: T(10), buddy_id: "b" });
    expect(diverState(out.mark)).toBe("out");
    expect(out.mark.buddy_id).toBe("b");
    const earlierOut = applyMark(out.mark, "a", { kind: "out", at: T(5), buddy_id: "c" });
    expect(earlierOut).toMatchObject({ changed: true, mark: { out_at: T(5), buddy_id: "c" } });
    const laterOut = applyMark(earlierOut.mark, "a", { kind: "out", at: T(20) });
    expect(laterOut.changed).toBe(false);
    const back = applyMark(laterOut.mark, "a", { kind: "back", at: T(50) });
    expect(diverState(back.mark)).toBe("back");
    expect(applyMark(back.mark, "a", { kind: "back", at: T(55) }).changed).toBe(false);
    expect(applyMark(back.mark, "a", { kind: "back", at: T(45) }).mark.back_at).toBe(T(45));
  });

  it("ignores a back tap for a diver never out, or before they went out", () => {
    expect(applyMark(undefined, "a", { kind: "back", at: T(1) }).changed).toBe(false);
    const out = applyMark(undefined, "a", { kind: "out", at: T(10) }).mark;
    expect(applyMark(out, "a", { kind: "back", at: T(9) }).changed).toBe(false);
  });

  it("refuses all aboard naming who is still out, and counts the water", () => {
    const marks: Mark[] = [
      { participant_id: "a", buddy_id: "b", out_at: T(1), back_at: null },
      { participant_id: "b", buddy_id: "a", out_at: T(1), back_at: T(40) },
      { participant_id: "c", buddy_id: null, out_at: T(2), back_at: null },
    ];
    expect(inWaterText(marks, 6)).toBe("2 of 6 in the water");
    expect(allAboardRefusal(marks, (id) => names[id] ?? id)).toBe(
      "All aboard cannot be recorded: Ana, Cy are still in the water.",
    );
    expect(allAboardRefusal(marks.slice(1, 2), (id) => names[id] ?? id)).toBeNull();
  });
});

describe("check-in conflict rule", () => {
  const none = { checked_in_at: null, changed_at: null };

  it("keeps the earliest check-in when two phones check the same diver in", () => {
    const first = applyCheckIn(none, { checked_in: true, at: T(10) });
    expect(first).toMatchObject({ changed: true, state: { checked_in_at: T(10) } });
    expect(applyCheckIn(first.state, { checked_in: true, at: T(12) }).changed).toBe(false);
    expect(applyCheckIn(first.state, { checked_in: true, at: T(8) }).state.checked_in_at).toBe(T(8));
  });

  it("lets the later original time win between a check-in and an undo", () => {
    const inAt10 = applyCheckIn(none, { checked_in: true, at: T(10) }).state;
    expect(applyCheckIn(inAt10, { checked_in: false, at: T(9) }).changed).toBe(false);
    const undone = applyCheckIn(inAt10, { checked_in: false, at: T(11) });
    expect(undone).toMatchObject({ changed: true, state: { checked_in_at: null, changed_at: T(11) } });
    expect(applyCheckIn(undone.state, { checked_in: true, at: T(10) }).changed).toBe(false);
    expect(applyCheckIn(undone.state, { checked_in: true, at: T(12) }).state.checked_in_at).toBe(T(12));
    expect(applyCheckIn(none, { checked_in: false, at: T(1) }).changed).toBe(false);
  });

  it("reads a check-in made before change times were kept by its own time", () => {
    const legacy = { checked_in_at: T(10), changed_at: null };
    expect(applyCheckIn(legacy, { checked_in: false, at: T(9) }).changed).toBe(false);
    expect(applyCheckIn(legacy, { checked_in: false, at: T(11) }).changed).toBe(true);
  });
});
