/**
 * The price-category rules (app/lib/price-categories.ts): counts become lines
 * priced on the server, only spot-taking categories count toward the group,
 * bad counts are refused naming the field, and a birth date must fit its
 * category's age range on the trip date.
 */
import { describe, expect, it } from "vitest";
import {
  categoryAgeError,
  categoryAtPosition,
  categoryLabel,
  categoryOfPositions,
  fromPriceCents,
  type PriceCategory,
  priceCategoryCounts,
  usesCategories,
} from "../../app/lib/price-categories.ts";
import { missingParts } from "../../app/lib/readiness.ts";

const cat = (id: string, over: Partial<PriceCategory> = {}): PriceCategory => ({
  id,
  name: id,
  price_cents: 10_000,
  age_min: 0,
  age_max: null,
  takes_spot: true,
  needs_dive_paperwork: true,
  ...over,
});
const adult = cat("adult", { name: "Adult", price_cents: 18_950, age_min: 16 });
const child = cat("child", { name: "Child", price_cents: 12_000, age_min: 8, age_max: 15 });
const observer = cat("observer", { name: "Observer", price_cents: 4_500, needs_dive_paperwork: false });
const infant = cat("infant", { name: "Infant", price_cents: 0, age_max: 1, takes_spot: false });
const all = [adult, child, observer, infant];

describe("price categories", () => {
  it("prices 2 adults, 1 child, 1 observer and an infant as lines; the infant takes no spot", () => {
    const booked = priceCategoryCounts(all, { adult: 2, child: 1, observer: 1, infant: 1 });
    expect(booked).toEqual({
      spots: 4,
      people: 5,
      lines: [
        {
          kind: "category",
          ref_id: "adult",
          label: "Adult (16+)",
          quantity: 2,
          unit_cents: 18_950,
          total_cents: 37_900,
        },
        {
          kind: "category",
          ref_id: "child",
          label: "Child (8-15)",
          quantity: 1,
          unit_cents: 12_000,
          total_cents: 12_000,
        },
        {
          kind: "category",
          ref_id: "observer",
          label: "Observer",
          quantity: 1,
          unit_cents: 4_500,
          total_cents: 4_500,
        },
        {
          kind: "category",
          ref_id: "infant",
          label: "Infant (0-1)",
          quantity: 1,
          unit_cents: 0,
          total_cents: 0,
        },
      ],
    });
    expect(categoryOfPositions("lines" in booked ? booked.lines : [])).toEqual([
      "adult",
      "adult",
      "child",
      "observer",
      "infant",
    ]);
  });

  it("refuses unknown categories, bad counts and a booking of no one who takes a spot, naming the field", () => {
    expect(priceCategoryCounts(all, { kayak: 1 })).toEqual({
      field: "categories.kayak",
      error: "Unknown price category",
    });
    expect(priceCategoryCounts(all, { adult: 1.5 })).toMatchObject({ field: "categories.adult" });
    expect(priceCategoryCounts(all, { adult: -1 })).toMatchObject({ field: "categories.adult" });
    expect(priceCategoryCounts(all, { infant: 1 })).toMatchObject({ field: "categories" });
  });

  it("books by category only with several; shows the cheapest as 'from'", () => {
    expect(usesCategories([adult])).toBe(false);
    expect(usesCategories([adult, child])).toBe(true);
    expect(fromPriceCents(all)).toBe(0);
    expect(fromPriceCents([])).toBeNull();
    expect(categoryLabel(cat("x", { name: "Everyone" }))).toBe("Everyone");
  });

  it("checks a birth date against the age range on the trip date, at both edges", () => {
    expect(categoryAgeError(child, "2010-03-01", "2026-02-28")).toBeNull(); // 15 the day before turning 16
    expect(categoryAgeError(child, "2010-03-01", "2026-03-01")).toBe(
      "Child is for ages 8 to 15; this date of birth makes them 16 on the trip date",
    );
    expect(categoryAgeError(child, "2018-03-01", "2026-03-01")).toBeNull(); // 8 on the day
    expect(categoryAgeError(adult, "1990-05-05", "2026-03-01")).toBeNull();
    expect(categoryAgeError(adult, "2012-05-05", "2026-03-01")).toBe(
      "Adult is for ages 16 and over; this date of birth makes them 13 on the trip date",
    );
  });
});

describe("an observer's readiness", () => {
  it("needs details and the waiver, not gear, certification or the medical questions", () => {
    const adventure = { category: "scuba-diving", requiresCertification: true, minAge: 0 } as const;
    const person = {
      fullName: "Obi Server",
      dateOfBirth: "1980-01-01",
      emergencyContactName: "Jo",
      emergencyContactPhone: "0400 000 000",
      heightCm: null,
      weightKg: null,
      wetsuitSize: "",
      finSize: "",
      certAgency: "",
      certLevel: "",
      certNumber: "",
      lastDiveDate: null,
      certCheckedAt: null,
      medicalAnsweredAt: null,
      medicalNeedsClearance: false,
      medicalClearanceAt: null,
      waiverVersion: null,
    };
    expect(missingParts({ ...person, needsDivePaperwork: false }, adventure)).toEqual([]);
    expect(missingParts(person, adventure)).toEqual(["gear", "certification", "medical"]);
  });
});

describe("a person's category by position", () => {
  it("counts the spot-taking people in the order of the lines; an infant holds no position", () => {
    const booked = priceCategoryCounts(all, { adult: 1, infant: 1, observer: 1 });
    if (!("lines" in booked)) throw new Error("refused");
    expect([1, 2, 3].map((p) => categoryAtPosition(all, booked.lines, p)?.id ?? null)).toEqual([
      "adult",
      "observer",
      null,
    ]);
    expect(categoryAtPosition(all, [], 1)).toBeNull();
  });
});
