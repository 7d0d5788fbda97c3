/**
 * The kinds of adventure the catalogue knows: categories and skill levels,
 * each with the one label every page and form shows for it. The public
 * filters, the cards, the detail page, the admin forms, the API's checks and
 * the seed data all read these lists.
 */

export const ADVENTURE_CATEGORIES = [
  { value: "scuba-diving", label: "Scuba diving" },
  { value: "snorkeling", label: "Snorkelling" },
  { value: "camping", label: "Camping" },
  { value: "combined", label: "Dive & camp" },
] as const;
export type AdventureCategory = (typeof ADVENTURE_CATEGORIES)[number]["value"];
export const ADVENTURE_CATEGORY_VALUES = ADVENTURE_CATEGORIES.map((c) => c.value) as [
  AdventureCategory,
  ...AdventureCategory[],
];

export const SKILL_LEVELS = [
  { value: "beginner", label: "Beginner" },
  { value: "intermediate", label: "Intermediate" },
  { value: "advanced", label: "Advanced" },
  { value: "all-levels", label: "All levels" },
] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number]["value"];
export const SKILL_LEVEL_VALUES = SKILL_LEVELS.map((s) => s.value) as [SkillLevel, ...SkillLevel[]];

/** A new adventure's category and level until the operator chooses. */
export const DEFAULT_CATEGORY: AdventureCategory = "scuba-diving";
export const DEFAULT_SKILL_LEVEL: SkillLevel = "beginner";

/** The legacy (static) adventure form's own words for category and level. */
export const LEGACY_CATEGORIES = ["Diving", "Camping", "Both"] as const;
export const LEGACY_SKILL_LEVELS = ["Beginner", "Certified", "Advanced"] as const;
export type LegacyCategory = (typeof LEGACY_CATEGORIES)[number];
export type LegacySkillLevel = (typeof LEGACY_SKILL_LEVELS)[number];

/** "some-value" -> "Some value", for a value the lists do not hold (old rows). */
const fallbackLabel = (value: string) => value.replace(/-/g, " ").replace(/^\w/, (c) => c.toUpperCase());

export function categoryLabel(value: string): string {
  return ADVENTURE_CATEGORIES.find((c) => c.value === value)?.label ?? fallbackLabel(value);
}

export function skillLabel(value: string): string {
  return SKILL_LEVELS.find((s) => s.value === value)?.label ?? fallbackLabel(value);
}
