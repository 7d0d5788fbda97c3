/**
 * Filtering and sorting of the public adventures list.
 * Pure functions shared by the page (server render and browser) and the tests.
 */

import {
  ADVENTURE_CATEGORIES,
  ADVENTURE_CATEGORY_VALUES,
  type AdventureCategory,
  SKILL_LEVEL_VALUES,
  SKILL_LEVELS,
  type SkillLevel,
} from "./adventure-catalogue.ts";

/** The catalogue's categories and levels, plus "all". */
export const CATEGORY_VALUES = ["all", ...ADVENTURE_CATEGORY_VALUES] as const;
export const DURATION_VALUES = ["all", "1day", "weekend", "multiday"] as const;
export const SKILL_VALUES = ["all", ...SKILL_LEVEL_VALUES] as const;
export const SORT_VALUES = ["popularity", "price-low", "price-high", "duration"] as const;

export type CategoryFilter = "all" | AdventureCategory;
export type DurationFilter = (typeof DURATION_VALUES)[number];
export type SkillFilter = "all" | SkillLevel;
export type SortOrder = (typeof SORT_VALUES)[number];

export interface AdventureFilters {
  category: CategoryFilter;
  duration: DurationFilter;
  skill: SkillFilter;
  sort: SortOrder;
}

export const DEFAULT_FILTERS: AdventureFilters = {
  category: "all",
  duration: "all",
  skill: "all",
  sort: "popularity",
};

export const CATEGORY_OPTIONS: { value: CategoryFilter; label: string }[] = [
  { value: "all", label: "All activities" },
  ...ADVENTURE_CATEGORIES,
];

export const DURATION_OPTIONS: { value: DurationFilter; label: string }[] = [
  { value: "all", label: "Any length" },
  { value: "1day", label: "Single day" },
  { value: "weekend", label: "Weekend" },
  { value: "multiday", label: "Multi-day" },
];

export const SKILL_OPTIONS: { value: SkillFilter; label: string }[] = [
  { value: "all", label: "Any level" },
  ...SKILL_LEVELS,
];

export const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: "popularity", label: "Most popular" },
  { value: "price-low", label: "Lowest price" },
  { value: "price-high", label: "Highest price" },
  { value: "duration", label: "Shortest first" },
];

/**
 * The footer links to /adventures?category=beginner, certified, camping and
 * multiday. Only camping is a real category; the others map onto the filter
 * that gives the list the visitor expects (certified divers' trips are seeded
 * as intermediate).
 */
export const CATEGORY_ALIASES: Record<string, Partial<AdventureFilters>> = {
  beginner: { skill: "beginner" },
  certified: { skill: "intermediate" },
  multiday: { duration: "multiday" },
};

function pick<T extends string>(values: readonly T[], raw: string | null | undefined): T | undefined {
  const v = raw?.trim().toLowerCase();
  return v && (values as readonly string[]).includes(v) ? (v as T) : undefined;
}

/** The query parameters the adventures list reads (also what makes two list addresses the same page). */
export const FILTER_PARAMS = [
  "category",
  "duration",
  "skill",
  "sort",
] as const satisfies readonly (keyof AdventureFilters)[];

/** Filters from the query string; unknown values fall back to "all" (or the default sort). */
export function parseFilters(params: URLSearchParams): AdventureFilters {
  const rawCategory = params.get("category")?.trim().toLowerCase() ?? "";
  const alias = CATEGORY_ALIASES[rawCategory] ?? {};
  return {
    category: pick(CATEGORY_VALUES, rawCategory) ?? "all",
    // An explicit parameter wins over what a category alias implies.
    duration: pick(DURATION_VALUES, params.get("duration")) ?? alias.duration ?? "all",
    skill: pick(SKILL_VALUES, params.get("skill")) ?? alias.skill ?? "all",
    sort: pick(SORT_VALUES, params.get("sort")) ?? "popularity",
  };
}

/** The query string for a set of filters; defaults are left out so the plain list stays at /adventures. */
export function filtersToSearchParams(filters: AdventureFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.category !== "all") params.set("category", filters.category);
  if (filters.duration !== "all") params.set("duration", filters.duration);
  if (filters.skill !== "all") params.set("skill", filters.skill);
  if (filters.sort !== "popularity") params.set("sort", filters.sort);
  return params;
}

export function isFiltered(filters: AdventureFilters): boolean {
  return (
    filters.category !== DEFAULT_FILTERS.category ||
    filters.duration !== DEFAULT_FILTERS.duration ||
    filters.skill !== DEFAULT_FILTERS.skill ||
    filters.sort !== DEFAULT_FILTERS.sort
  );
}

/** The duration filter matches on text contained in the (lower-cased) duration string. */
export function matchesDuration(duration: string, filter: DurationFilter): boolean {
  const d = duration.toLowerCase();
  switch (filter) {
    case "all":
      return true;
    case "1day":
      return d.includes("hour") || d.includes("full day") || d.includes("1 day");
    case "weekend":
      return d.includes("weekend");
    case "multiday":
      return d.includes("days") || d.includes("night");
  }
}

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

function amountBefore(text: string, unit: string): number | undefined {
  const m = new RegExp(
    `\\b(\\d+(?:\\.\\d+)?|${Object.keys(WORD_NUMBERS).join("|")})(?:\\s*(?:-|to)\\s*\\d+(?:\\.\\d+)?)?\\s*${unit}`,
  ).exec(text);
  if (!m) return undefined;
  return WORD_NUMBERS[m[1]] ?? Number(m[1]);
}

/**
 * Approximate length in hours from the duration text, for sorting:
 * "3 hours" -> 3, "Full day (7 hours)" -> 7, "Overnight (1 night)" -> 24,
 * "2 days (weekend)" -> 48. Text with no recognisable length sorts last.
 */
export function durationHours(duration: string): number {
  const d = duration.toLowerCase();
  const days = amountBefore(d, "days?\\b");
  if (days !== undefined) return days * 24;
  const nights = amountBefore(d, "nights?\\b");
  if (nights !== undefined) return nights * 24;
  const hours = amountBefore(d, "(?:hours?|hrs?)\\b");
  if (hours !== undefined) return hours;
  const minutes = amountBefore(d, "(?:minutes?|mins?)\\b");
  if (minutes !== undefined) return minutes / 60;
  if (d.includes("weekend")) return 48;
  if (d.includes("overnight")) return 24;
  if (d.includes("full day")) return 8;
  if (d.includes("half day")) return 4;
  return Number.POSITIVE_INFINITY;
}

/** The fields filtering and sorting read (a subset of the server adventure). */
export interface FilterableAdventure {
  title: string;
  category: string;
  skill_level: string;
  duration: string;
  price_num: number;
  featured: boolean;
  sort_order: number;
}

export function filterAdventures<T extends FilterableAdventure>(
  list: readonly T[],
  filters: AdventureFilters,
): T[] {
  return list.filter(
    (a) =>
      (filters.category === "all" || a.category === filters.category) &&
      (filters.skill === "all" || a.skill_level === filters.skill) &&
      matchesDuration(a.duration, filters.duration),
  );
}

/** Featured first, then the operator's sort order, then title. */
function byPopularity(a: FilterableAdventure, b: FilterableAdventure): number {
  return (
    Number(b.featured) - Number(a.featured) || a.sort_order - b.sort_order || a.title.localeCompare(b.title)
  );
}

export function sortAdventures<T extends FilterableAdventure>(list: readonly T[], sort: SortOrder): T[] {
  const out = [...list];
  switch (sort) {
    case "popularity":
      return out.sort(byPopularity);
    case "price-low":
      return out.sort((a, b) => a.price_num - b.price_num || byPopularity(a, b));
    case "price-high":
      return out.sort((a, b) => b.price_num - a.price_num || byPopularity(a, b));
    case "duration":
      return out.sort((a, b) => {
        const ha = durationHours(a.duration);
        const hb = durationHours(b.duration);
        return ha === hb ? byPopularity(a, b) : ha < hb ? -1 : 1;
      });
  }
}

/** Filter, then sort: what the list shows. */
export function applyFilters<T extends FilterableAdventure>(
  list: readonly T[],
  filters: AdventureFilters,
): T[] {
  return sortAdventures(filterAdventures(list, filters), filters.sort);
}

/** "9 adventures found" / "1 adventure found". */
export function countText(n: number): string {
  return `${n} ${n === 1 ? "adventure" : "adventures"} found`;
}
