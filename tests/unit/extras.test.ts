import { describe, expect, it } from "vitest";
import {
  type ExtraDef,
  extraFieldName,
  extrasFromForm,
  gearDemand,
  gearSizeFieldName,
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

  it("prices a choice whose sizes are not picked yet when sizes are not asked, still holding the counts", () => {
    const out = resolveExtras([set], [{ extra_id: "set", quantity: 2 }], 2, false);
    if ("error" in out) throw new Error(out.error);
    expect(out.lines.map((l) => [l.ref_id, l.quantity, l.total_cents])).toEqual([["set", 2, 9000]]);
    expect(out.gear).toEqual([]);
    expect(resolveExtras([set], [{ extra_id: "set", quantity: 3 }], 2, false)).toEqual({
      error: "Full gear set: at most 2 (one per person)",
    });
  });
});

describe("extrasFromForm", () => {
  const hat: ExtraDef = {
    id: "hat",
    name: "Sun hat",
    price_cents: 900,
    per: "booking",
    required: false,
    gear: [],
  };
  const form = (pairs: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of pairs) f.append(k, v);
    return f;
  };

  it("reads a count, a tick and a size per unit in page order; a required extra comes with its sizes alone", () => {
    const posted = form([
      [extraFieldName("set"), "2"],
      [gearSizeFieldName("set", "w"), "M"],
      [gearSizeFieldName("set", "f"), "L"],
      [gearSizeFieldName("set", "w"), "S"],
      [gearSizeFieldName("set", "f"), "M"],
      [extraFieldName("hat"), "1"],
    ]);
    expect(extrasFromForm([set, meal, hat], posted)).toEqual([
      { extra_id: "set", quantity: 2, sizes: { w: ["M", "S"], f: ["L", "M"] } },
      { extra_id: "meal" },
      { extra_id: "hat", quantity: 1 },
    ]);
  });

  it("leaves out a blank count and an unticked box, and passes a count that is not a number on for the schema to refuse", () => {
    expect(extrasFromForm([set, hat], form([[extraFieldName("set"), " "]]))).toEqual([]);
    const [odd] = extrasFromForm([set], form([[extraFieldName("set"), "two"]]));
    expect(Number.isNaN(odd.quantity)).toBe(true);
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
