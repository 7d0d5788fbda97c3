import { describe, expect, it } from "vitest";
import {
  type AdventureFilters,
  applyFilters,
  CATEGORY_VALUES,
  countText,
  DEFAULT_FILTERS,
  DURATION_VALUES,
  durationHours,
  type FilterableAdventure,
  filterAdventures,
  filtersToSearchParams,
  isFiltered,
  matchesDuration,
  parseFilters,
  SKILL_VALUES,
  SORT_VALUES,
  sortAdventures,
} from "../../app/lib/adventure-filters";

type A = FilterableAdventure & { id: string };

// The shape of the seeded catalogue, plus one of each category and skill level the seed does not use.
const list: A[] = [
  a("dive-exhibition", "scuba-diving", "beginner", "3 hours", 95, true, 0),
  a("guided-shore-dive", "scuba-diving", "intermediate", "3 hours", 135, true, 1),
  a("dive-trip-shore", "scuba-diving", "intermediate", "Full day (7 hours)", 195, true, 2),
  a("night-dive-experience", "scuba-diving", "intermediate", "3 hours (evening)", 149, false, 3),
  a("scooter-dive-adventure", "scuba-diving", "intermediate", "4 hours", 189, false, 4),
  a("underwater-treasure-hunt", "scuba-diving", "beginner", "4 hours", 179, false, 5),
  a("camping-diving-2day", "combined", "intermediate", "2 days (weekend)", 395, false, 6),
  a("camping-diving-1night", "combined", "beginner", "Overnight (1 night)", 295, false, 7),
  a("camping-only-2day", "camping", "beginner", "2 days (weekend)", 245, false, 8),
  a("snorkel-safari", "snorkeling", "all-levels", "2 hours", 75, false, 9),
  a("deep-wreck", "scuba-diving", "advanced", "3 days, 2 nights", 990, false, 10),
];

function a(
  id: string,
  category: string,
  skill_level: string,
  duration: string,
  price_num: number,
  featured: boolean,
  sort_order: number,
): A {
  return { id, title: id, category, skill_level, duration, price_num, featured, sort_order };
}

const ids = (xs: A[]) => xs.map((x) => x.id);
const f = (over: Partial<AdventureFilters>): AdventureFilters => ({ ...DEFAULT_FILTERS, ...over });

describe("option values of the adventure filters", () => {
  it("are exactly the specified values", () => {
    expect(CATEGORY_VALUES).toEqual(["all", "scuba-diving", "snorkeling", "camping", "combined"]);
    expect(DURATION_VALUES).toEqual(["all", "1day", "weekend", "multiday"]);
    expect(SKILL_VALUES).toEqual(["all", "beginner", "intermediate", "advanced", "all-levels"]);
    expect(SORT_VALUES).toEqual(["popularity", "price-low", "price-high", "duration"]);
  });
});

describe("category filter", () => {
  it("all keeps everything", () => {
    expect(filterAdventures(list, f({ category: "all" }))).toHaveLength(list.length);
  });
  it("scuba-diving", () => {
    expect(ids(filterAdventures(list, f({ category: "scuba-diving" })))).toEqual([
      "dive-exhibition",
      "guided-shore-dive",
      "dive-trip-shore",
      "night-dive-experience",
      "scooter-dive-adventure",
      "underwater-treasure-hunt",
      "deep-wreck",
    ]);
  });
  it("snorkeling", () => {
    expect(ids(filterAdventures(list, f({ category: "snorkeling" })))).toEqual(["snorkel-safari"]);
  });
  it("camping", () => {
    expect(ids(filterAdventures(list, f({ category: "camping" })))).toEqual(["camping-only-2day"]);
  });
  it("combined", () => {
    expect(ids(filterAdventures(list, f({ category: "combined" })))).toEqual([
      "camping-diving-2day",
      "camping-diving-1night",
    ]);
  });
  it("compares exactly (no case folding or partial match)", () => {
    const odd = [a("x", "Scuba-Diving", "Beginner", "3 hours", 1, false, 0)];
    expect(filterAdventures(odd, f({ category: "scuba-diving" }))).toEqual([]);
    expect(filterAdventures(odd, f({ skill: "beginner" }))).toEqual([]);
  });
});

describe("skill filter", () => {
  it("all keeps everything", () => {
    expect(filterAdventures(list, f({ skill: "all" }))).toHaveLength(list.length);
  });
  it("beginner", () => {
    expect(ids(filterAdventures(list, f({ skill: "beginner" })))).toEqual([
      "dive-exhibition",
      "underwater-treasure-hunt",
      "camping-diving-1night",
      "camping-only-2day",
    ]);
  });
  it("intermediate", () => {
    expect(ids(filterAdventures(list, f({ skill: "intermediate" })))).toEqual([
      "guided-shore-dive",
      "dive-trip-shore",
      "night-dive-experience",
      "scooter-dive-adventure",
      "camping-diving-2day",
    ]);
  });
  it("advanced", () => {
    expect(ids(filterAdventures(list, f({ skill: "advanced" })))).toEqual(["deep-wreck"]);
  });
  it("all-levels", () => {
    expect(ids(filterAdventures(list, f({ skill: "all-levels" })))).toEqual(["snorkel-safari"]);
  });
});

describe("duration filter (text contained in the lower-cased duration)", () => {
  it("all matches anything", () => {
    expect(matchesDuration("whatever", "all")).toBe(true);
  });
  it("1day: 'hour', 'full day' or '1 day'", () => {
    expect(matchesDuration("3 hours", "1day")).toBe(true);
    expect(matchesDuration("1 Hour", "1day")).toBe(true);
    expect(matchesDuration("Full Day", "1day")).toBe(true);
    expect(matchesDuration("1 day", "1day")).toBe(true);
    expect(matchesDuration("2 days (weekend)", "1day")).toBe(false);
    expect(matchesDuration("Overnight (1 night)", "1day")).toBe(false);
  });
  it("weekend: 'weekend'", () => {
    expect(matchesDuration("2 days (Weekend)", "weekend")).toBe(true);
    expect(matchesDuration("Overnight (1 night)", "weekend")).toBe(false);
    expect(matchesDuration("3 hours", "weekend")).toBe(false);
  });
  it("multiday: 'days' or 'night'", () => {
    expect(matchesDuration("2 days (weekend)", "multiday")).toBe(true);
    expect(matchesDuration("Overnight (1 night)", "multiday")).toBe(true);
    expect(matchesDuration("3 hours (evening)", "multiday")).toBe(false);
    expect(matchesDuration("Full day (7 hours)", "multiday")).toBe(false);
  });
  it("filters the catalogue", () => {
    expect(ids(filterAdventures(list, f({ duration: "1day" })))).toEqual([
      "dive-exhibition",
      "guided-shore-dive",
      "dive-trip-shore",
      "night-dive-experience",
      "scooter-dive-adventure",
      "underwater-treasure-hunt",
      "snorkel-safari",
    ]);
    expect(ids(filterAdventures(list, f({ duration: "weekend" })))).toEqual([
      "camping-diving-2day",
      "camping-only-2day",
    ]);
    expect(ids(filterAdventures(list, f({ duration: "multiday" })))).toEqual([
      "camping-diving-2day",
      "camping-diving-1night",
      "camping-only-2day",
      "deep-wreck",
    ]);
  });
  it("combines with the other filters", () => {
    expect(
      ids(filterAdventures(list, f({ category: "combined", skill: "beginner", duration: "multiday" }))),
    ).toEqual(["camping-diving-1night"]);
    expect(filterAdventures(list, f({ category: "camping", skill: "advanced" }))).toEqual([]);
  });
});

describe("durationHours", () => {
  it.each([
    ["3 hours", 3],
    ["3 hours (evening)", 3],
    ["4 hours", 4],
    ["Full day (7 hours)", 7],
    ["Overnight (1 night)", 24],
    ["2 days (weekend)", 48],
    ["3 days, 2 nights", 72],
    ["90 minutes", 1.5],
    ["2-3 hours", 2],
    ["Two days", 48],
    ["Full day", 8],
    ["Half day", 4],
    ["Weekend", 48],
    ["Overnight", 24],
  ])("%s -> %d", (text, hours) => {
    expect(durationHours(text)).toBe(hours);
  });
  it("unknown text sorts last", () => {
    expect(durationHours("Flexible")).toBe(Number.POSITIVE_INFINITY);
  });
});

describe("sorting", () => {
  it("popularity: featured first, then the operator's sort order", () => {
    const shuffled = [...list].reverse();
    shuffled[0] = { ...shuffled[0], featured: true }; // deep-wreck, sort_order 10
    expect(ids(sortAdventures(shuffled, "popularity"))).toEqual([
      "dive-exhibition",
      "guided-shore-dive",
      "dive-trip-shore",
      "deep-wreck",
      "night-dive-experience",
      "scooter-dive-adventure",
      "underwater-treasure-hunt",
      "camping-diving-2day",
      "camping-diving-1night",
      "camping-only-2day",
      "snorkel-safari",
    ]);
  });
  it("price-low", () => {
    const prices = sortAdventures(list, "price-low").map((x) => x.price_num);
    expect(prices).toEqual([75, 95, 135, 149, 179, 189, 195, 245, 295, 395, 990]);
  });
  it("price-high", () => {
    const prices = sortAdventures(list, "price-high").map((x) => x.price_num);
    expect(prices).toEqual([990, 395, 295, 245, 195, 189, 179, 149, 135, 95, 75]);
  });
  it("duration: shortest first, ties by popularity", () => {
    expect(ids(sortAdventures(list, "duration"))).toEqual([
      "snorkel-safari",
      "dive-exhibition",
      "guided-shore-dive",
      "night-dive-experience",
      "scooter-dive-adventure",
      "underwater-treasure-hunt",
      "dive-trip-shore",
      "camping-diving-1night",
      "camping-diving-2day",
      "camping-only-2day",
      "deep-wreck",
    ]);
  });
  it("does not mutate its input", () => {
    const before = ids(list);
    sortAdventures(list, "price-high");
    expect(ids(list)).toEqual(before);
  });
  it("applyFilters filters, then sorts", () => {
    expect(ids(applyFilters(list, f({ skill: "beginner", sort: "price-high" })))).toEqual([
      "camping-diving-1night",
      "camping-only-2day",
      "underwater-treasure-hunt",
      "dive-exhibition",
    ]);
  });
});

describe("query string", () => {
  const parse = (q: string) => parseFilters(new URLSearchParams(q));

  it("defaults with no parameters", () => {
    expect(parse("")).toEqual(DEFAULT_FILTERS);
    expect(isFiltered(parse(""))).toBe(false);
  });
  it.each(["scuba-diving", "snorkeling", "camping", "combined"])("category=%s sets the category", (c) => {
    expect(parse(`category=${c}`)).toEqual(f({ category: c as AdventureFilters["category"] }));
  });
  it("footer alias beginner -> skill beginner", () => {
    expect(parse("category=beginner")).toEqual(f({ skill: "beginner" }));
  });
  it("footer alias certified -> skill intermediate", () => {
    expect(parse("category=certified")).toEqual(f({ skill: "intermediate" }));
  });
  it("footer alias camping -> category camping", () => {
    expect(parse("category=camping")).toEqual(f({ category: "camping" }));
  });
  it("footer alias multiday -> duration multiday", () => {
    expect(parse("category=multiday")).toEqual(f({ duration: "multiday" }));
  });
  it("aliases are case-insensitive and an explicit parameter wins", () => {
    expect(parse("category=Certified")).toEqual(f({ skill: "intermediate" }));
    expect(parse("category=beginner&skill=advanced")).toEqual(f({ skill: "advanced" }));
    expect(parse("category=multiday&duration=weekend")).toEqual(f({ duration: "weekend" }));
  });
  it("reads every parameter", () => {
    expect(parse("category=combined&duration=weekend&skill=intermediate&sort=price-high")).toEqual({
      category: "combined",
      duration: "weekend",
      skill: "intermediate",
      sort: "price-high",
    });
  });
  it("unknown values fall back to all / popularity", () => {
    expect(parse("category=volcanoes&duration=forever&skill=guru&sort=random")).toEqual(DEFAULT_FILTERS);
  });
  it("writes only non-default values and round-trips", () => {
    expect(filtersToSearchParams(DEFAULT_FILTERS).toString()).toBe("");
    const all: AdventureFilters = {
      category: "camping",
      duration: "weekend",
      skill: "beginner",
      sort: "duration",
    };
    const qs = filtersToSearchParams(all);
    expect(qs.toString()).toBe("category=camping&duration=weekend&skill=beginner&sort=duration");
    expect(parseFilters(qs)).toEqual(all);
    expect(isFiltered(f({ sort: "price-low" }))).toBe(true);
  });
});

describe("countText", () => {
  it("pluralises", () => {
    expect(countText(9)).toBe("9 adventures found");
    expect(countText(1)).toBe("1 adventure found");
    expect(countText(0)).toBe("0 adventures found");
  });
});
