/**
 * The price-category rules (app/lib/price-categories.ts): counts become lines
 * priced on the server, only spot-taking categories count toward the group,
 * bad counts are refused naming the field, and a birth date must fit its
 * category's age range on the trip date.
 */
import { describe, expect, it } from "vitest";
import {
  categoryAgeError,
  categoryAgeHint,
  categoryAtPosition,
  categoryBirthDateLimits,
  categoryCountsField,
  categoryLabel,
  categoryOfPositions,
  fromPriceCents,
  type PriceCategory,
  priceCategoriesSchema,
  priceCategoryCounts,
  usesCategories,
} from "../../app/lib/price-categories.ts";
import { type PriceLine, priceLine, priceLineRow, priceLinesText } from "../../app/lib/price-lines.ts";
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
    expect(priceCategoryCounts(all, { infant: 1 })).toEqual({
      field: "categories",
      error: "Book at least one person who takes a spot",
    });
  });

  it("takes counts from 0 to 100: a zero books no line, 100 is the most", () => {
    expect(priceCategoryCounts(all, { adult: 101 })).toEqual({
      field: "categories.adult",
      error: "Count must be a whole number from 0 to 100",
    });
    const most = priceCategoryCounts(all, { adult: 100 });
    expect("lines" in most && most.spots).toBe(100);
    const withZero = priceCategoryCounts(all, { adult: 1, child: 0 });
    expect("lines" in withZero && withZero.lines.map((l) => l.ref_id)).toEqual(["adult"]);
    expect(
      categoryCountsField.safeParse(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`c${i}`, 1])))
        .success,
    ).toBe(true);
    expect(
      categoryCountsField.safeParse(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`c${i}`, 1])))
        .success,
    ).toBe(false);
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

  it("reads only the category lines: an extra line holds no position", () => {
    const gear = priceLine({ kind: "extra", ref_id: "adult", label: "Gear", quantity: 2, unit_cents: 100 });
    const booked = priceCategoryCounts(all, { child: 1 });
    if (!("lines" in booked)) throw new Error("refused");
    expect(categoryOfPositions([gear, ...booked.lines])).toEqual(["child"]);
    expect(categoryAtPosition(all, [gear, ...booked.lines], 1)?.id).toBe("child");
    // A category since removed from the adventure: its people keep their positions, none is named.
    const both = priceCategoryCounts(all, { adult: 1, child: 1 });
    if (!("lines" in both)) throw new Error("refused");
    expect([1, 2].map((p) => categoryAtPosition([child], both.lines, p)?.id ?? null)).toEqual([
      null,
      "child",
    ]);
  });
});

describe("the console's list of categories", () => {
  const row = (over: Record<string, unknown> = {}) => ({
    name: "Adult",
    price: 100,
    age_min: 0,
    ...over,
  });
  it("needs a maximum age at least the minimum, one category taking a spot, and names of their own", () => {
    expect(priceCategoriesSchema.safeParse({ categories: [row({ age_min: 8, age_max: 8 })] }).success).toBe(
      true,
    );
    expect(priceCategoriesSchema.safeParse({ categories: [row({ age_min: 8, age_max: 7 })] }).success).toBe(
      false,
    );
    expect(priceCategoriesSchema.safeParse({ categories: [row({ age_max: null })] }).success).toBe(true);
    expect(
      priceCategoriesSchema.safeParse({ categories: [row({ age_min: 8, age_max: null })] }).success,
    ).toBe(true);
    // One category alone may take no spot (it is the spec's single price); two need one that does.
    expect(priceCategoriesSchema.safeParse({ categories: [row({ takes_spot: false })] }).success).toBe(true);
    const twoNoSpot = [row({ takes_spot: false }), row({ name: "Child", takes_spot: false })];
    expect(priceCategoriesSchema.safeParse({ categories: twoNoSpot }).success).toBe(false);
    const oneSpot = [row({ takes_spot: false }), row({ name: "Child" })];
    expect(priceCategoriesSchema.safeParse({ categories: oneSpot }).success).toBe(true);
    expect(priceCategoriesSchema.safeParse({ categories: [row(), row({ name: "adult" })] }).success).toBe(
      false,
    );
  });
});

describe("the participant form's birth date for a category", () => {
  it("limits the date input to the ages on the trip date, and says so", () => {
    expect(categoryBirthDateLimits(child, "2030-06-15")).toEqual({ max: "2022-06-15", min: "2014-06-16" });
    expect(categoryBirthDateLimits(adult, "2030-06-15")).toEqual({ max: "2014-06-15" });
    // The adventure's own minimum age wins over a younger category's.
    expect(categoryBirthDateLimits(child, "2030-06-15", 10)).toEqual({
      max: "2020-06-15",
      min: "2014-06-16",
    });
    expect(categoryAgeHint(child)).toBe("Booked as Child (8-15): ages 8 to 15 on the trip date.");
    expect(categoryAgeHint(adult)).toBe("Booked as Adult (16+): at least 16 on the trip date.");
  });
});

describe("a booking's lines as the customer reads them", () => {
  const lines: PriceLine[] = [
    priceLine({ kind: "category", ref_id: "adult", label: "Adult (16+)", quantity: 2, unit_cents: 18_950 }),
    priceLine({ kind: "extra", ref_id: "set", label: "Full gear set", quantity: 2, unit_cents: 3_875 }),
  ];
  it("one text for a description, one row per line for a table", () => {
    expect(priceLinesText(lines, "AUD")).toBe("2 × Adult (16+) $379.00 · 2 × Full gear set $77.50");
    expect(priceLineRow(lines[1], "AUD")).toEqual(["2 × Full gear set", "$77.50"]);
    // Whole dollars keep their cents, as every amount on a receipt does.
    expect(priceLineRow(lines[0], "AUD")).toEqual(["2 × Adult (16+)", "$379.00"]);
  });
});
