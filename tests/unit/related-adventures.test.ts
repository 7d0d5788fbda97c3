import { describe, expect, it } from "vitest";
import { relatedAmong } from "../../server/domain/content/adventures.server.ts";

/** An adventure as the ranking reads it: a 3-hour beginner's scuba dive, listed at `sort_order`. */
const adv = (id: string, more: Partial<Parameters<typeof relatedAmong>[0][number]> = {}) => ({
  id,
  category: "scuba-diving",
  skill_level: "beginner",
  duration: "3 hours",
  featured: false,
  sort_order: 0,
  ...more,
});

describe("the related adventures of an adventure page", () => {
  const page = adv("page");

  it("ranks both shared first, then the category, then the level; never itself or one sharing neither", () => {
    const list = [
      page,
      adv("level-only", { category: "camping" }),
      adv("neither", { category: "camping", skill_level: "advanced" }),
      adv("category-only", { skill_level: "advanced" }),
      adv("both"),
    ];
    expect(relatedAmong(list, page, 5).map((a) => a.id)).toEqual(["both", "category-only", "level-only"]);
  });

  it("breaks ties by the nearest length of trip, then the featured, then the list's order", () => {
    const list = [
      adv("two-days", { duration: "2 days", sort_order: 1 }),
      adv("four-hours", { duration: "4 hours", sort_order: 2 }),
      adv("unknown-length", { duration: "as long as it takes", sort_order: 3 }),
      adv("one-hour", { duration: "1 hour", sort_order: 4 }),
      adv("three-hours-later", { sort_order: 9 }),
      adv("three-hours-featured", { featured: true, sort_order: 8 }),
      adv("three-hours", { sort_order: 5 }),
    ];
    expect(relatedAmong(list, page, 7).map((a) => a.id)).toEqual([
      "three-hours-featured",
      "three-hours",
      "three-hours-later",
      "four-hours",
      "one-hour",
      "two-days",
      "unknown-length",
    ]);
    expect(relatedAmong(list, page, 2)).toHaveLength(2);
  });
});
