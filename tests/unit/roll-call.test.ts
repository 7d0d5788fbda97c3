/** The roll call's rule (app/lib/roll-call.ts): aboard, in the water, back; "All aboard" waits for those out. */
import { describe, expect, it } from "vitest";
import { applies, diverState, inWaterText, rollCallMarkSchema, stillOut } from "../../app/lib/roll-call.ts";

const at = "2031-05-10T22:00:00.000Z";

describe("a diver's state", () => {
  it("is aboard before going in, in the water until back, then back", () => {
    expect(diverState(undefined)).toBe("aboard");
    expect(diverState({ out_at: null, back_at: null })).toBe("aboard");
    expect(diverState({ out_at: at, back_at: null })).toBe("in_water");
    expect(diverState({ out_at: at, back_at: at })).toBe("back");
  });

  it("takes 'out' from aboard or back, and 'back' only from the water (a repeat changes nothing)", () => {
    expect(applies("out", "aboard")).toBe(true);
    expect(applies("out", "back")).toBe(true);
    expect(applies("out", "in_water")).toBe(false);
    expect(applies("back", "in_water")).toBe(true);
    expect(applies("back", "aboard")).toBe(false);
    expect(applies("back", "back")).toBe(false);
  });
});

describe("all aboard", () => {
  it("waits for exactly the divers still in the water", () => {
    const divers = [
      { name: "Ada", mark: { out_at: at, back_at: at } },
      { name: "Ben", mark: { out_at: at, back_at: null } },
      { name: "Cleo" },
    ];
    expect(stillOut(divers).map((d) => d.name)).toEqual(["Ben"]);
    expect(inWaterText(1, 3)).toBe("1 of 3 in the water");
  });
});

describe("a tap's payload", () => {
  it("names the participant and out or back, nothing else", () => {
    expect(
      rollCallMarkSchema.safeParse({ participant_id: "p1", action: "out", buddy_id: null }).success,
    ).toBe(true);
    expect(
      rollCallMarkSchema.safeParse({ participant_id: "p1", action: "swim" }).error?.issues[0].path,
    ).toEqual(["action"]);
    expect(rollCallMarkSchema.safeParse({ action: "out" }).error?.issues[0].path).toEqual(["participant_id"]);
    expect(rollCallMarkSchema.safeParse({ participant_id: "p1", action: "out", extra: 1 }).success).toBe(
      false,
    );
  });
});
