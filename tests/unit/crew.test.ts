/** The crew a departure needs (app/lib/crew.ts): one of a role per so many guests, rounded up. */
import { describe, expect, it } from "vitest";
import {
  crewNeeded,
  crewNeedsSchema,
  crewShortfall,
  needsText,
  shortfallText,
  toCrewNeeds,
} from "../../app/lib/crew.ts";

describe("crewNeeded", () => {
  it("needs one per ratio, rounded up, and nobody for no guests", () => {
    expect(crewNeeded({ instructor: 4 }, 4)).toEqual({ instructor: 1 });
    expect(crewNeeded({ instructor: 4 }, 5)).toEqual({ instructor: 2 });
    expect(crewNeeded({ instructor: 4, divemaster: 8, skipper: 99 }, 1)).toEqual({
      instructor: 1,
      divemaster: 1,
      skipper: 1,
    });
    expect(crewNeeded({ instructor: 4 }, 0)).toEqual({});
    expect(crewNeeded({}, 12)).toEqual({});
  });
});

describe("crewShortfall", () => {
  it("counts each person for the role they were assigned", () => {
    expect(crewShortfall({ instructor: 4, skipper: 99 }, 5, ["instructor"])).toEqual([
      { role: "instructor", missing: 1 },
      { role: "skipper", missing: 1 },
    ]);
    expect(crewShortfall({ instructor: 4 }, 5, ["instructor", "instructor"])).toEqual([]);
    // An instructor does not stand in for the divemaster the ratio asks for.
    expect(crewShortfall({ divemaster: 8 }, 3, ["instructor"])).toEqual([{ role: "divemaster", missing: 1 }]);
    // More crew than needed is never short.
    expect(crewShortfall({ instructor: 4 }, 1, ["instructor", "instructor"])).toEqual([]);
  });
});

describe("the words", () => {
  it("say what is short, in the plural where it is more than one", () => {
    expect(shortfallText([])).toBe("");
    expect(
      shortfallText([
        { role: "instructor", missing: 1 },
        { role: "divemaster", missing: 2 },
      ]),
    ).toBe("Short of staff: 1 instructor, 2 divemasters");
    expect(needsText({ instructor: 4, skipper: 1 })).toBe("1 instructor per 4 guests, 1 skipper per 1 guest");
    expect(needsText({})).toBe("");
  });
});

describe("crewNeedsSchema", () => {
  it("takes whole ratios from 1 to 99, or none, and names the role it refuses", () => {
    expect(toCrewNeeds(crewNeedsSchema.parse({ instructor: 4, divemaster: null }))).toEqual({
      instructor: 4,
    });
    for (const [value, message] of [
      [0, "at least 1"],
      [100, "at most 99"],
      [2.5, "whole number"],
      ["4", "a number"],
    ] as const) {
      const r = crewNeedsSchema.safeParse({ skipper: value });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].path).toEqual(["skipper"]);
      expect(r.error?.issues[0].message).toContain(message);
    }
    expect(crewNeedsSchema.safeParse({ cook: 2 }).success).toBe(false);
  });
});
