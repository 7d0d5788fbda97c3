import { describe, expect, it } from "vitest";
import { check, proAdventureSchema, simpleAdventureSchema } from "../../app/lib/admin-forms/index.ts";
import {
  ADVENTURE_CATEGORIES,
  ADVENTURE_CATEGORY_VALUES,
  categoryLabel,
  LEGACY_CATEGORIES,
  LEGACY_SKILL_LEVELS,
  SKILL_LEVEL_VALUES,
  SKILL_LEVELS,
  skillLabel,
} from "../../app/lib/adventure-catalogue.ts";
import { CATEGORY_OPTIONS, SKILL_OPTIONS } from "../../app/lib/adventure-filters.ts";

describe("adventure categories and skill levels", () => {
  it("are the four categories and four levels of the catalogue, in order", () => {
    expect(ADVENTURE_CATEGORY_VALUES).toEqual(["scuba-diving", "snorkeling", "camping", "combined"]);
    expect(SKILL_LEVEL_VALUES).toEqual(["beginner", "intermediate", "advanced", "all-levels"]);
    expect(LEGACY_CATEGORIES).toEqual(["Diving", "Camping", "Both"]);
    expect(LEGACY_SKILL_LEVELS).toEqual(["Beginner", "Certified", "Advanced"]);
  });

  it("have one label each, which the public filters show too", () => {
    expect(categoryLabel("combined")).toBe("Dive & camp");
    expect(skillLabel("all-levels")).toBe("All levels");
    expect(CATEGORY_OPTIONS.slice(1)).toEqual([...ADVENTURE_CATEGORIES]);
    expect(SKILL_OPTIONS.slice(1)).toEqual([...SKILL_LEVELS]);
    // A value from an older row still reads as words.
    expect(skillLabel("open-water")).toBe("Open water");
  });

  it("are what the admin schemas accept, naming every value when refusing", () => {
    const base = { title: "Reef", slug: "reef", base_price: 10 };
    for (const category of ADVENTURE_CATEGORY_VALUES) {
      expect(check(proAdventureSchema, { ...base, category }).ok, category).toBe(true);
    }
    const bad = check(proAdventureSchema, { ...base, category: "hiking", skill_level: "expert" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.errors.category).toBe("Category must be scuba-diving, snorkeling, camping or combined");
      expect(bad.errors.skill_level).toBe(
        "Skill level must be beginner, intermediate, advanced or all-levels",
      );
    }
    const simple = check(simpleAdventureSchema, { category: "hiking" });
    expect(simple.ok).toBe(false);
    if (!simple.ok) expect(simple.errors.category).toMatch(/scuba-diving, snorkeling, camping or combined/);
  });
});
