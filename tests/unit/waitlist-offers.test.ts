/**
 * Whom freed spots are offered to (first fitting groups in queue order, never
 * more than the free spots), which dates take a waitlist, and the offer banner.
 */
import { describe, expect, it } from "vitest";
import { offerBannerText, waitlistDates } from "../../app/lib/waitlist.ts";
import { fitOffers, pickOffers } from "../../server/domain/bookings/waitlist-offers.server.ts";

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

describe("fitOffers across a date's departures", () => {
  const fitted = (sizes: number[], free: number[], promised: number[] = []) =>
    fitOffers(queue(...sizes), free, promised).map((p) => `${p.entry.id}@${p.departure}`);

  it("offers a group only where one departure has room for all of it", () => {
    // 2 free at 08:00 and 1 at 13:00: a group of 3 waits; the 2 and the 1 are offered their own departures.
    expect(fitted([3, 2, 1], [2, 1])).toEqual(["e2@0", "e3@1"]);
    expect(fitted([2], [1, 1])).toEqual([]);
  });

  it("counts offers still out first, never offering more than a departure has free", () => {
    expect(fitted([2, 2], [2, 2], [2])).toEqual(["e1@1"]);
    expect(fitted([1], [2], [3])).toEqual([]);
    expect(pickOffers(queue(2, 1), [0, 3]).map((e) => e.id)).toEqual(["e1", "e2"]);
  });

  it("counts an offer out against the first departure it fits, else the roomiest", () => {
    // A group of 2 offered already fits only 13:00 (3 free): one spot is left at each time.
    expect(fitted([1, 1, 1], [1, 3], [2])).toEqual(["e1@0", "e2@1"]);
    // It fits both: it takes 08:00's 2, so a group of 3 still has 13:00.
    expect(fitted([3], [2, 3], [2])).toEqual(["e1@1"]);
    // A group of 3 offered fits neither: it counts against the roomiest (13:00), leaving 08:00's one.
    expect(fitted([1, 1], [1, 2], [3])).toEqual(["e1@0"]);
  });
});

describe("the waitlist's dates and words", () => {
  const date = (d: string, spots_left: number, published = true) => ({ date: d, spots_left, published });

  it("lists published dates that cannot take the largest group, not closed ones or ones with room", () => {
    const dates = [
      date("2031-01-04", 0),
      date("2031-01-05", 2),
      date("2031-01-11", 4),
      date("2031-01-12", 0, false),
    ];
    expect(waitlistDates(dates, 4).map((d) => d.date)).toEqual(["2031-01-04", "2031-01-05"]);
    expect(waitlistDates(dates, 2).map((d) => d.date)).toEqual(["2031-01-04"]);
  });

  it("names the date and the Sydney deadline in the offer banner", () => {
    // 01:30 UTC on 3 Jan 2031 is 12:30 pm in Sydney (daylight time, UTC+11).
    expect(offerBannerText("2031-01-04", new Date("2031-01-03T01:30:00Z"))).toBe(
      "A spot opened on Saturday 4 January 2031 — book before Fri, 3 Jan, 12:30 pm",
    );
  });
});
