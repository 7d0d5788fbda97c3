import { describe, expect, it } from "vitest";
import {
  type ExtraDef,
  extraChoiceSchema,
  extraFieldName,
  extraSchema,
  extrasField,
  extrasFromForm,
  gearDemand,
  gearItemSchema,
  gearSizeFieldName,
  gearSizeOption,
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

const hat: ExtraDef = {
  id: "hat",
  name: "Sun hat",
  price_cents: 900,
  per: "booking",
  required: false,
  gear: [],
};
/** A form as the booking page posts it. */
const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
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

describe("the limits of a choice", () => {
  const boat: ExtraDef = {
    id: "boat",
    name: "Boat upgrade",
    price_cents: 3000,
    per: "booking",
    required: false,
    gear: [],
  };
  const torch: ExtraDef = {
    id: "torch",
    name: "Dive torch",
    price_cents: 1500,
    per: "booking",
    required: false,
    gear: [{ id: "t", name: "Torch", sizes: ["Std"] }],
  };
  const tank: ExtraDef = { ...set, id: "tank", name: "Nitrox fill", required: true, gear: [] };
  const units = (out: ReturnType<typeof resolveExtras>) =>
    "error" in out ? out.error : out.lines.map((l) => [l.ref_id, l.quantity, l.total_cents]);

  it("a per-booking extra is one at most; a per-person one up to the group, and one per person when no count is given", () => {
    expect(units(resolveExtras([boat], [{ extra_id: "boat", quantity: 2 }], 4))).toBe(
      "Boat upgrade: at most 1 per booking",
    );
    expect(units(resolveExtras([boat], [{ extra_id: "boat", quantity: 1 }], 4))).toEqual([["boat", 1, 3000]]);
    expect(units(resolveExtras([boat], [{ extra_id: "boat" }], 4))).toEqual([["boat", 1, 3000]]);
    expect(units(resolveExtras([boat], [{ extra_id: "boat", quantity: 0 }], 4))).toEqual([]);
    expect(units(resolveExtras([set], [{ extra_id: "set", quantity: 3 }], 3, false))).toEqual([
      ["set", 3, 13_500],
    ]);
    expect(units(resolveExtras([set], [{ extra_id: "set" }], 3, false))).toEqual([["set", 3, 13_500]]);
  });

  it("a required per-person extra is for everyone, whatever count was sent", () => {
    expect(units(resolveExtras([tank], [], 3))).toEqual([["tank", 3, 13_500]]);
    expect(units(resolveExtras([tank], [{ extra_id: "tank", quantity: 1 }], 3))).toEqual([
      ["tank", 3, 13_500],
    ]);
  });

  it("an extra listed twice is refused by name", () => {
    expect(units(resolveExtras([boat], [{ extra_id: "boat" }, { extra_id: "boat" }], 2))).toBe(
      "Boat upgrade is listed twice",
    );
  });

  it("a per-booking extra's gear takes one size for the booking, with no participant", () => {
    const out = resolveExtras([torch], [{ extra_id: "torch", sizes: { t: ["Std"] } }], 3);
    if ("error" in out) throw new Error(out.error);
    expect(out.gear).toEqual([
      { gearItemId: "t", extraId: "torch", size: "Std", quantity: 1, participant: null },
    ]);
    expect(units(resolveExtras([torch], [{ extra_id: "torch", sizes: { t: ["XL"] } }], 3))).toBe(
      "Dive torch: choose a torch size (Std)",
    );
  });

  it("a per-person extra's hires name each participant in order; a size the shop does not stock is refused", () => {
    const out = resolveExtras([set], [{ extra_id: "set", sizes: { w: ["S", "L"], f: ["L", "M"] } }], 2);
    if ("error" in out) throw new Error(out.error);
    expect(out.gear.map((g) => [g.gearItemId, g.size, g.participant])).toEqual([
      ["w", "S", 1],
      ["w", "L", 2],
      ["f", "L", 1],
      ["f", "M", 2],
    ]);
    expect(
      units(resolveExtras([set], [{ extra_id: "set", sizes: { w: ["XL", "M"], f: ["M", "M"] } }], 2)),
    ).toBe("Full gear set: choose a wetsuit size for person 1 (S, M, L)");
  });
});

it("gearDemand adds hires up per item and size, ordered by item then size whatever order they came in", () => {
  const hire = (gearItemId: string, size: string, quantity = 1) => ({ gearItemId, size, quantity });
  expect(
    gearDemand([hire("w", "M"), hire("f", "L"), hire("w", "L", 2), hire("f", "L"), hire("w", "M")]),
  ).toEqual([hire("f", "L", 2), hire("w", "L", 2), hire("w", "M", 2)]);
  expect(gearDemand([hire("b", "S"), hire("a", "S"), hire("a", "M")])).toEqual([
    hire("a", "M"),
    hire("a", "S"),
    hire("b", "S"),
  ]);
  expect(gearDemand([])).toEqual([]);
});

it("a size's option says none left at 0, how many at 3 or fewer, and nothing more when plenty or unknown", () => {
  expect([undefined, -1, 0, 1, 3, 4].map((left) => gearSizeOption("M", left))).toEqual([
    { label: "M", disabled: false },
    { label: "M (none left)", disabled: true },
    { label: "M (none left)", disabled: true },
    { label: "M (1 left)", disabled: false },
    { label: "M (3 left)", disabled: false },
    { label: "M", disabled: false },
  ]);
});

describe("the console's and the API's schemas", () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);

  it("a choice needs its extra, a whole count from 0 to 100, and sizes of at most 20 characters", () => {
    expect(extraChoiceSchema.parse({ extra_id: " set ", quantity: "2" })).toEqual({
      extra_id: "set",
      quantity: 2,
    });
    expect(issues(extraChoiceSchema.safeParse({ extra_id: " " }))).toEqual([
      "extra_id: extra_id is required",
    ]);
    expect(issues(extraChoiceSchema.safeParse({}))).toEqual(["extra_id: extra_id is required"]);
    expect(issues(extraChoiceSchema.safeParse({ extra_id: "set", quantity: 1.5 }))).toEqual([
      "quantity: Quantity must be a whole number",
    ]);
    expect(extraChoiceSchema.safeParse({ extra_id: "set", quantity: -1 }).success).toBe(false);
    expect(extraChoiceSchema.safeParse({ extra_id: "set", quantity: 101 }).success).toBe(false);
    expect(extraChoiceSchema.safeParse({ extra_id: "set", quantity: 100 }).success).toBe(true);
    expect(extraChoiceSchema.safeParse({ extra_id: "set", sizes: { w: ["x".repeat(21)] } }).success).toBe(
      false,
    );
    expect(extraChoiceSchema.parse({ extra_id: "set", sizes: { w: [" M "] } }).sizes).toEqual({ w: ["M"] });
    expect(extrasField.safeParse(Array.from({ length: 51 }, () => ({ extra_id: "a" }))).success).toBe(false);
  });

  it("a gear item needs a name and sizes with whole quantities; an extra a name, whole cents and who it is per", () => {
    expect(gearItemSchema.parse({ name: " Wetsuit ", stock: [{ size: " M ", quantity: "4" }] })).toEqual({
      name: "Wetsuit",
      stock: [{ size: "M", quantity: 4 }],
    });
    expect(issues(gearItemSchema.safeParse({ name: "", stock: [{ size: "", quantity: 1.5 }] }))).toEqual([
      "name: Name is required",
      "stock.0.size: Size is required",
      "stock.0.quantity: Quantity must be a whole number",
    ]);
    expect(extraSchema.parse({ name: "Meal", price_cents: "2000", per: "booking" })).toEqual({
      name: "Meal",
      price_cents: 2000,
      per: "booking",
      required: false,
      gear_item_ids: [],
    });
    expect(issues(extraSchema.safeParse({ name: " ", price_cents: 1.5, per: "group" }))).toEqual([
      "name: Name is required",
      "price_cents: Price must be whole cents",
      "per: per must be booking or person",
    ]);
    expect(extraSchema.safeParse({ name: "Meal", price_cents: -1, per: "booking" }).success).toBe(false);
  });
});

describe("what the mutation run found unstated", () => {
  const kit: ExtraDef = { ...set, id: "kit", name: "Rental kit", required: true };

  it("the form's field names are the ones the page posts", () => {
    expect([extraFieldName("set"), gearSizeFieldName("set", "w")]).toEqual(["extra_set", "extra_set_w"]);
  });

  it("a ticked per-booking box is one whatever its value; a blank one is none", () => {
    expect(extrasFromForm([hat], form([[extraFieldName("hat"), "on"]]))).toEqual([
      { extra_id: "hat", quantity: 1 },
    ]);
    expect(extrasFromForm([hat], form([[extraFieldName("hat"), "  "]]))).toEqual([]);
  });

  it("a required extra is posted without a count, so the server sets it", () => {
    const [required] = extrasFromForm([meal], form([]));
    expect(required).toStrictEqual({ extra_id: "meal" });
  });

  it("a required extra with gear, or a count sent without sizes, asks for the first size", () => {
    expect(resolveExtras([kit], [], 2)).toEqual({
      error: "Rental kit: choose a wetsuit size for person 1 (S, M, L)",
    });
    expect(resolveExtras([set], [{ extra_id: "set", quantity: 1 }], 2)).toEqual({
      error: "Full gear set: choose a wetsuit size for person 1 (S, M, L)",
    });
  });

  it("the lines are extra lines", () => {
    const out = resolveExtras([meal], [], 2);
    if ("error" in out) throw new Error(out.error);
    expect(out.lines.map((l) => l.kind)).toEqual(["extra"]);
  });

  it("gearDemand orders the sizes of one item whichever comes first", () => {
    const hire = (size: string) => ({ gearItemId: "w", size, quantity: 1 });
    expect(gearDemand([hire("L"), hire("M"), hire("S")]).map((h) => h.size)).toEqual(["L", "M", "S"]);
    expect(gearDemand([hire("S"), hire("M"), hire("L")]).map((h) => h.size)).toEqual(["L", "M", "S"]);
  });
});
