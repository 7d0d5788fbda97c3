/**
 * Extras a booking can take (a full gear set, a dive computer, a meal pack):
 * the pure rules that turn what the customer chose into the booking's extra
 * price lines and its gear hires. Server and form share them; the server is
 * the one that counts. A per-person extra is at most one per person; a
 * per-booking extra at most one per booking (Bokun's limits); a required extra
 * is always added, for everyone when it is per person. Every unit of an extra
 * that hands out gear needs a size for each of its gear items.
 */

import { type PriceLine, priceLine } from "./price-lines.ts";
import { z } from "./zod.ts";

export type ExtraPer = "booking" | "person";

export interface GearItemDef {
  id: string;
  name: string;
  /** The sizes the shop stocks, in the order shown. */
  sizes: string[];
}

export interface ExtraDef {
  id: string;
  name: string;
  price_cents: number;
  per: ExtraPer;
  required: boolean;
  gear: GearItemDef[];
}

/** One chosen extra: how many (default: one per person, or one per booking) and a size per unit for each gear item. */
export const extraChoiceSchema = z.object({
  extra_id: z.string({ error: "extra_id is required" }).trim().min(1, "extra_id is required").max(100),
  quantity: z.coerce.number().int("Quantity must be a whole number").min(0).max(100).optional(),
  /** Gear item id to the size of each unit, in participant order. */
  sizes: z.record(z.string().max(100), z.array(z.string().trim().max(20)).max(100)).optional(),
});
export type ExtraChoice = z.infer<typeof extraChoiceSchema>;
export const extrasField = z.array(extraChoiceSchema).max(50, "At most 50 extras").optional();

export interface GearHire {
  gearItemId: string;
  extraId: string;
  size: string;
  quantity: number;
  /** 1-based participant for a per-person extra, else null. */
  participant: number | null;
}

export type ResolvedExtras = { lines: PriceLine[]; gear: GearHire[] } | { error: string };

/** The unit count a choice stands for, within the extra's limit. */
function unitsOf(def: ExtraDef, choice: ExtraChoice | undefined, groupSize: number): number | string {
  const max = def.per === "person" ? groupSize : 1;
  if (def.required) return max;
  const q = choice?.quantity ?? (choice ? max : 0);
  if (q > max)
    return `${def.name}: at most ${max} ${def.per === "person" ? "(one per person)" : "per booking"}`;
  return q;
}

/**
 * The booking's extra lines and gear hires, or the reason the choice is refused
 * (the message names the extra; the caller reports it under `extras`).
 */
export function resolveExtras(
  defs: readonly ExtraDef[],
  choices: readonly ExtraChoice[],
  groupSize: number,
  /**
   * False only to price a choice whose sizes are not picked yet (the form's total, a promo
   * check): sizes never change a price. The counts are checked all the same; no hires are made.
   */
  requireSizes = true,
): ResolvedExtras {
  const byId = new Map(defs.map((d) => [d.id, d]));
  const chosen = new Map<string, ExtraChoice>();
  for (const c of choices) {
    if (!byId.has(c.extra_id)) return { error: `Unknown extra ${c.extra_id}` };
    if (chosen.has(c.extra_id)) return { error: `${byId.get(c.extra_id)?.name} is listed twice` };
    chosen.set(c.extra_id, c);
  }
  const lines: PriceLine[] = [];
  const gear: GearHire[] = [];
  for (const def of defs) {
    const units = unitsOf(def, chosen.get(def.id), groupSize);
    if (typeof units === "string") return { error: units };
    if (units === 0) continue;
    for (const item of requireSizes ? def.gear : []) {
      const sizes = chosen.get(def.id)?.sizes?.[item.id] ?? [];
      for (let i = 0; i < units; i++) {
        const size = sizes[i] ?? "";
        if (!item.sizes.includes(size)) {
          const who = def.per === "person" ? ` for person ${i + 1}` : "";
          return {
            error: `${def.name}: choose a ${item.name.toLowerCase()} size${who} (${item.sizes.join(", ")})`,
          };
        }
        gear.push({
          gearItemId: item.id,
          extraId: def.id,
          size,
          quantity: 1,
          participant: def.per === "person" ? i + 1 : null,
        });
      }
    }
    lines.push(
      priceLine({
        kind: "extra",
        ref_id: def.id,
        label: def.name,
        quantity: units,
        unit_cents: def.price_cents,
      }),
    );
  }
  return { lines, gear };
}

/** The booking form's field for an extra: a count (per person) or a checkbox (per booking); none when required. */
export const extraFieldName = (extraId: string) => `extra_${extraId}`;
/** The booking form's size select of a gear item, one per unit in participant order. */
export const gearSizeFieldName = (extraId: string, gearItemId: string) => `extra_${extraId}_${gearItemId}`;

/** What reads posted fields: a FormData, or anything with its two getters. */
interface PostedFields {
  get(name: string): unknown;
  getAll(name: string): unknown[];
}

/**
 * The choice a booking form posted (fields named as above): a required extra
 * with its sizes, an optional one when counted or ticked. A count that is not
 * a whole number is passed on as typed, for the schema to refuse; blank is 0.
 */
export function extrasFromForm(defs: readonly ExtraDef[], form: PostedFields): ExtraChoice[] {
  return defs.flatMap((def): ExtraChoice[] => {
    const raw = String(form.get(extraFieldName(def.id)) ?? "").trim();
    const quantity = def.required ? undefined : def.per === "booking" ? (raw ? 1 : 0) : Number(raw || 0);
    if (quantity === 0) return [];
    const sizes = Object.fromEntries(
      def.gear.map((g) => [g.id, form.getAll(gearSizeFieldName(def.id, g.id)).map((v) => String(v))]),
    );
    return [
      {
        extra_id: def.id,
        ...(quantity === undefined ? {} : { quantity }),
        ...(def.gear.length ? { sizes } : {}),
      },
    ];
  });
}

/** Hires added up per item and size, in a fixed order (item id, then size): the order stock rows are locked in. */
export function gearDemand(
  gear: readonly Pick<GearHire, "gearItemId" | "size" | "quantity">[],
): { gearItemId: string; size: string; quantity: number }[] {
  const sum = new Map<string, { gearItemId: string; size: string; quantity: number }>();
  for (const g of gear) {
    const key = `${g.gearItemId}\u0000${g.size}`;
    const cur = sum.get(key) ?? { gearItemId: g.gearItemId, size: g.size, quantity: 0 };
    cur.quantity += g.quantity;
    sum.set(key, cur);
  }
  return [...sum.values()].sort((a, b) =>
    a.gearItemId === b.gearItemId ? (a.size < b.size ? -1 : 1) : a.gearItemId < b.gearItemId ? -1 : 1,
  );
}

/** The participant's size fields a gear item can follow. */
export type ParticipantSizeField = "wetsuit_size" | "fin_size";

/**
 * Which of the participant's sizes a gear item follows, read from its name (a
 * "Wetsuit" or "Shorty wetsuit" the wetsuit size, "Fins" the fin size), or
 * null: a dive computer or a BCD has no size on the participant form.
 */
export function participantSizeField(itemName: string): ParticipantSizeField | null {
  if (/wet\s?suit/i.test(itemName)) return "wetsuit_size";
  if (/\bfins?\b/i.test(itemName)) return "fin_size";
  return null;
}

/** What the packing list reads: "Wetsuit M ×2, Fins L ×1". */
export function packingText(rows: readonly { name: string; size: string; quantity: number }[]): string {
  return rows.map((r) => `${r.name} ${r.size} ×${r.quantity}`).join(", ");
}

/** The console's gear item: its name and the sizes owned (replacing the stock list when edited). */
export const gearItemSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(60),
  stock: z
    .array(
      z.object({
        size: z.string().trim().min(1, "Size is required").max(20),
        quantity: z.coerce.number().int("Quantity must be a whole number").min(0).max(10000),
      }),
    )
    .max(30),
});

/** The console's extra on an adventure. */
export const extraSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(80),
  price_cents: z.coerce.number().int("Price must be whole cents").min(0).max(10_000_000),
  per: z.enum(["booking", "person"], { error: "per must be booking or person" }),
  required: z.boolean().default(false),
  gear_item_ids: z.array(z.string().max(100)).max(10).default([]),
});

/** Units left per gear item and size on a date: `left[gearItemId][size]` (GET /api/adventures/:id/gear-left). */
export type GearLeft = Record<string, Record<string, number>>;

/** At or under this many left, a size's option says how many. */
export const FEW_GEAR_LEFT = 3;

/**
 * A size as the booking form's select lists it: as it is when nothing is known
 * of the date (no date yet, or a size the count does not name), "(none left)"
 * when all are hired out, "(2 left)" when few are. The server's stock check
 * under the locks still decides.
 */
export function gearSizeOption(size: string, left: number | undefined): { label: string; disabled: boolean } {
  if (left === undefined) return { label: size, disabled: false };
  if (left <= 0) return { label: `${size} (none left)`, disabled: true };
  if (left <= FEW_GEAR_LEFT) return { label: `${size} (${left} left)`, disabled: false };
  return { label: size, disabled: false };
}
