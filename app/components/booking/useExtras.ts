import { useState } from "react";
import { type ExtraChoice, type ExtraDef, extrasFromForm, resolveExtras } from "../../lib/extras";
import type { BookableAdventure } from "./flow-state";

const NONE: ExtraDef[] = [];

/** What the customer picked of one extra: how many (optional ones) and a size per unit of each gear item. */
interface ExtraPick {
  quantity: number;
  sizes: Record<string, string[]>;
}

const picksOf = (choices: readonly ExtraChoice[] | undefined): Record<string, ExtraPick> =>
  Object.fromEntries(
    (choices ?? []).map((c) => [c.extra_id, { quantity: c.quantity ?? Infinity, sizes: c.sizes ?? {} }]),
  );

/**
 * The chosen adventure's extras as the form holds them: the count or tick of
 * each optional one, the sizes of each unit, the choice the booking and the
 * promo check send, and its extra lines for the live total. Display only: the
 * server prices the choice again (app/lib/extras.ts is the one rule).
 * `people` is the group's spots, the most of a per-person extra.
 */
export function useExtras(
  adventure: BookableAdventure | null,
  people: number,
  /** What a form post without JavaScript sent, for the adventure it was sent for. */
  sent?: { adventure: string | null; choices?: ExtraChoice[] },
) {
  const defs = adventure?.extras ?? NONE;
  const [held, setHeld] = useState(() => ({
    adventure: sent?.adventure ?? null,
    picks: picksOf(sent?.choices),
  }));
  // Another adventure starts with none of its optional extras.
  const picks = held.adventure === (adventure?.id ?? null) ? held.picks : {};
  const save = (next: Record<string, ExtraPick>) =>
    setHeld({ adventure: adventure?.id ?? null, picks: next });

  const most = (def: ExtraDef) => (def.per === "person" ? people : 1);
  /** Units of an extra: all of a required one, else the count or tick, within the most. */
  const units = (def: ExtraDef) => {
    const asked = picks[def.id]?.quantity ?? 0;
    return def.required ? most(def) : Math.max(0, Math.min(Number.isNaN(asked) ? 0 : asked, most(def)));
  };
  const sizesOf = (def: ExtraDef, gearId: string) =>
    Array.from({ length: units(def) }, (_, i) => picks[def.id]?.sizes[gearId]?.[i] ?? "");

  const choices: ExtraChoice[] = defs.flatMap((def): ExtraChoice[] => {
    const n = units(def);
    if (!def.required && n === 0) return [];
    return [
      {
        extra_id: def.id,
        ...(def.required ? {} : { quantity: n }),
        ...(def.gear.length
          ? { sizes: Object.fromEntries(def.gear.map((g) => [g.id, sizesOf(def, g.id)])) }
          : {}),
      },
    ];
  });
  const priced = resolveExtras(defs, choices, people, false);

  return {
    defs,
    /** Whether the adventure sells any: without, the form and the payloads are the spec's. */
    offered: defs.length > 0,
    units,
    sizesOf,
    choices,
    /** The extra lines for the summary and the total (none while the choice cannot be priced). */
    lines: "lines" in priced ? priced.lines : [],
    setQuantity(id: string, quantity: number) {
      save({ ...picks, [id]: { quantity, sizes: picks[id]?.sizes ?? {} } });
    },
    setSize(id: string, gearId: string, unit: number, size: string) {
      const pick = picks[id] ?? { quantity: 0, sizes: {} };
      const list = [...(pick.sizes[gearId] ?? [])];
      list[unit] = size;
      save({ ...picks, [id]: { ...pick, sizes: { ...pick.sizes, [gearId]: list } } });
    },
    /** The fields as the browser had them when the scripts took over. */
    adopt(form: FormData) {
      if (defs.length) save(picksOf(extrasFromForm(defs, form)));
    },
  };
}

export type ExtrasModel = ReturnType<typeof useExtras>;
