import { describe, expect, it } from "vitest";
import { isSlug, slugify } from "../../app/lib/slug.ts";

describe("slugify", () => {
  it("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Night Dive Experience")).toBe("night-dive-experience");
  });

  it("removes characters other than letters, digits, spaces and hyphens", () => {
    expect(slugify("Dive & Camp: 2 Days!")).toBe("dive-camp-2-days");
    expect(slugify("Sharks (& rays) @ Jervis Bay?")).toBe("sharks-rays-jervis-bay");
    expect(slugify("100% <script>")).toBe("100-script");
  });

  it("turns any run of whitespace into a single hyphen", () => {
    expect(slugify("Guided   Shore\tDive\nTrip")).toBe("guided-shore-dive-trip");
  });

  it("collapses repeated hyphens", () => {
    expect(slugify("Camp -- and -- Dive")).toBe("camp-and-dive");
    expect(slugify("a---b")).toBe("a-b");
  });

  it("drops hyphens and spaces at either end", () => {
    expect(slugify("  -Reef Walk-  ")).toBe("reef-walk");
    expect(slugify("Reef Walk ")).toBe("reef-walk");
  });

  it("folds accents instead of losing the letter", () => {
    expect(slugify("Café Crème Dive")).toBe("cafe-creme-dive");
    expect(slugify("Über Tauchen")).toBe("uber-tauchen");
  });

  it("keeps digits and existing hyphens", () => {
    expect(slugify("camping-diving-2day")).toBe("camping-diving-2day");
  });

  it("gives an empty slug for a title with nothing usable", () => {
    expect(slugify("")).toBe("");
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("🐠🐙")).toBe("");
  });

  it("always produces a valid slug (or nothing)", () => {
    for (const t of ["A", "A B", " -x- ", "Ünïcödé", "a_b", "x--y", "12 Apostles", "Émile's Reef"]) {
      const s = slugify(t);
      expect(s === "" || isSlug(s)).toBe(true);
    }
  });
});

describe("isSlug", () => {
  it("accepts lowercase words joined by single hyphens", () => {
    expect(isSlug("dive-exhibition")).toBe(true);
    expect(isSlug("a1")).toBe(true);
  });

  it("refuses uppercase, spaces, doubled or edge hyphens and other characters", () => {
    for (const s of ["Dive", "dive trip", "dive--trip", "-dive", "dive-", "dive_trip", "../etc", ""]) {
      expect(isSlug(s)).toBe(false);
    }
  });
});
