import { describe, expect, it } from "vitest";
import {
  type ExtraDef,
  gearDemand,
  packingText,
  participantSizeField,
  resolveExtras,
} from "../../app/lib/extras.ts";
import { extrasCents, priceLine } from "../../app/lib/price-lines.ts";

const wet = { id: "w", name: "Wetsuit", sizes: ["S", "M", "L"] };
const fins = { id: "f", name: "Fins", sizes: ["M", "L"] };
const set: ExtraDef = {
  id: "set",
  name: "Full gear set",
  price_cents: 4500,
  per: "person",
  required: false,
  gear: [wet, fins],
};
const meal: ExtraDef = {
  id: "meal",
  name: "Meal pack",
  price_cents: 2000,
  per: "booking",
  required: true,
  gear: [],
};

describe("resolveExtras", () => {
  it("prices a per-person extra for the group and a required per-booking one once", () => {
    const out = resolveExtras([set, meal], [{ extra_id: "set", sizes: { w: ["M", "L"], f: ["M", "M"] } }], 2);
    if ("error" in out) throw new Error(out.error);
    expect(out.lines.map((l) => [l.ref_id, l.quantity, l.total_cents])).toEqual([
      ["set", 2, 9000],
      ["meal", 1, 2000],
    ]);
    expect(gearDemand(out.gear)).toEqual([
      { gearItemId: "f", size: "M", quantity: 2 },
      { gearItemId: "w", size: "L", quantity: 1 },
      { gearItemId: "w", size: "M", quantity: 1 },
    ]);
  });

  it("refuses more than one per person, a missing size and an unknown extra", () => {
    expect(resolveExtras([set], [{ extra_id: "set", quantity: 3 }], 2)).toEqual({
      error: "Full gear set: at most 2 (one per person)",
    });
    expect(resolveExtras([set], [{ extra_id: "set", sizes: { w: ["M"], f: ["M"] } }], 2)).toEqual({
      error: "Full gear set: choose a wetsuit size for person 2 (S, M, L)",
    });
    expect(resolveExtras([set], [{ extra_id: "x" }], 2)).toEqual({ error: "Unknown extra x" });
  });

  it("adds nothing when no extra is chosen or required", () => {
    expect(resolveExtras([set], [], 3)).toEqual({ lines: [], gear: [] });
  });
});

it("packingText lists what to pack per item and size", () => {
  expect(
    packingText([
      { name: "Wetsuit", size: "M", quantity: 2 },
      { name: "Fins", size: "L", quantity: 1 },
    ]),
  ).toBe("Wetsuit M ×2, Fins L ×1");
});

it("a gear item follows the participant's wetsuit or fin size by its name, other gear none", () => {
  expect(
    [
      "Wetsuit",
      "Shorty wet suit",
      "5mm WETSUIT",
      "Fins",
      "Open-heel fin",
      "Dive computer",
      "BCD",
      "Finder",
    ].map(participantSizeField),
  ).toEqual(["wetsuit_size", "wetsuit_size", "wetsuit_size", "fin_size", "fin_size", null, null, null]);
});

it("a booking's extras come to its extra lines only", () => {
  const lines = [
    priceLine({ kind: "category", ref_id: "a", label: "Adult", quantity: 2, unit_cents: 10_000 }),
    priceLine({ kind: "extra", ref_id: "set", label: "Full gear set", quantity: 2, unit_cents: 4_500 }),
    priceLine({ kind: "extra", ref_id: "meal", label: "Meal pack", quantity: 1, unit_cents: 2_000 }),
  ];
  expect(extrasCents(lines)).toBe(11_000);
  expect(extrasCents([])).toBe(0);
});
