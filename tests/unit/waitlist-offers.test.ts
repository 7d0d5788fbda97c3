/** Whom freed spots are offered to: first fitting groups in queue order, never more than the free spots. */
import { describe, expect, it } from "vitest";
import { pickOffers } from "../../server/domain/waitlist.server.ts";

const queue = (...sizes: number[]) => sizes.map((groupSize, i) => ({ id: `e${i + 1}`, groupSize }));
const offered = (sizes: number[], free: number) => pickOffers(queue(...sizes), free).map((e) => e.id);

describe("pickOffers", () => {
  it("offers the first group when it fits exactly", () => {
    expect(offered([2, 1, 1], 2)).toEqual(["e1"]);
  });

  it("skips a larger group, which keeps its place, and offers the next ones that fit", () => {
    expect(offered([3, 1, 2, 1], 2)).toEqual(["e2", "e4"]);
  });

  it("never offers more people than there are free spots", () => {
    for (const free of [0, 1, 2, 3, 4, 5]) {
      const picked = pickOffers(queue(2, 3, 1, 4, 1, 2), free);
      expect(picked.reduce((n, e) => n + e.groupSize, 0)).toBeLessThanOrEqual(free);
    }
    expect(offered([2, 3, 1, 4, 1, 2], 4)).toEqual(["e1", "e3", "e5"]);
  });

  it("offers nobody when no spot is free or no group fits", () => {
    expect(offered([1, 2], 0)).toEqual([]);
    expect(offered([1], -1)).toEqual([]);
    expect(offered([3, 4], 2)).toEqual([]);
    expect(offered([], 4)).toEqual([]);
  });
});
