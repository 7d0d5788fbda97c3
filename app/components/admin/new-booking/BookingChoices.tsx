/**
 * The console booking form's people per price category (only for an
 * adventure with several) and its extras with a size per unit for each gear
 * item. Controlled: the form holds the counts and picks and sends them.
 */
import type { ExtraDef } from "../../../lib/extras";
import { formatMoney } from "../../../lib/money";
import { type CategoryCounts, categoryLabel, type PriceCategory } from "../../../lib/price-categories";
import { CheckboxField, TextField } from "../ui/fields";
import type { ExtraPick, ExtraPicks } from "./choices";
import { unitsOf } from "./choices";

export function CategoryCountsField({
  categories,
  counts,
  currency,
  error,
  onChange,
}: {
  categories: PriceCategory[];
  counts: CategoryCounts;
  currency?: string;
  error?: string;
  onChange: (counts: CategoryCounts) => void;
}) {
  return (
    <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2" data-testid="category-counts">
      <legend className="field-label">People</legend>
      {categories.map((c) => (
        <TextField
          key={c.id}
          label={`${categoryLabel(c)} · ${formatMoney(c.price_cents, currency)}`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={String(counts[c.id] ?? 0)}
          hint={c.takes_spot ? undefined : "Takes no spot"}
          onChange={(e) =>
            onChange({ ...counts, [c.id]: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })
          }
        />
      ))}
      {error ? <p className="text-xs font-medium text-coral-700 sm:col-span-2">{error}</p> : null}
    </fieldset>
  );
}

export function ExtrasChoice({
  extras,
  picks,
  groupSize,
  currency,
  error,
  onChange,
}: {
  extras: ExtraDef[];
  picks: ExtraPicks;
  groupSize: number;
  currency?: string;
  error?: string;
  onChange: (picks: ExtraPicks) => void;
}) {
  const pickOf = (id: string): ExtraPick => picks[id] ?? { quantity: 0, sizes: {} };
  const set = (id: string, patch: Partial<ExtraPick>) =>
    onChange({ ...picks, [id]: { ...pickOf(id), ...patch } });
  const setSize = (def: ExtraDef, gearId: string, i: number, size: string) => {
    const sizes = [...(pickOf(def.id).sizes[gearId] ?? [])];
    sizes[i] = size;
    set(def.id, { sizes: { ...pickOf(def.id).sizes, [gearId]: sizes } });
  };
  return (
    <fieldset className="grid gap-4 sm:col-span-2" data-testid="extras-choice">
      <legend className="field-label">Extras</legend>
      {extras.map((def) => {
        const price = `${formatMoney(def.price_cents, currency)} ${def.per === "person" ? "per person" : "per booking"}`;
        const units = unitsOf(def, picks[def.id], groupSize);
        return (
          <div key={def.id} className="rounded-xl border border-slate-200 p-3" data-testid="extra-choice">
            {def.required ? (
              <p className="text-sm">
                <span className="font-medium text-ocean-900">{def.name}</span> · {price} · included in every
                booking
              </p>
            ) : def.per === "person" ? (
              <TextField
                label={`${def.name} · ${price}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={groupSize}
                value={String(pickOf(def.id).quantity)}
                hint={`How many people take it (up to ${groupSize}).`}
                onChange={(e) =>
                  set(def.id, { quantity: Math.max(0, Math.trunc(Number(e.target.value) || 0)) })
                }
              />
            ) : (
              <CheckboxField
                label={`${def.name} · ${price}`}
                checked={pickOf(def.id).quantity > 0}
                onChange={(e) => set(def.id, { quantity: e.target.checked ? 1 : 0 })}
              />
            )}
            {units > 0 && def.gear.length ? (
              <div className="mt-3 grid gap-2 sm:grid-cols-2">
                {def.gear.flatMap((g) =>
                  Array.from({ length: units }, (_, i) => {
                    const id = `size-${def.id}-${g.id}-${i}`;
                    return (
                      <div key={id}>
                        <label htmlFor={id} className="field-label">
                          {g.name} size{def.per === "person" ? `, person ${i + 1}` : ""}
                        </label>
                        <select
                          id={id}
                          className="field"
                          value={pickOf(def.id).sizes[g.id]?.[i] ?? ""}
                          onChange={(e) => setSize(def, g.id, i, e.target.value)}
                        >
                          <option value="">Choose a size</option>
                          {g.sizes.map((s) => (
                            <option key={s} value={s}>
                              {s}
                            </option>
                          ))}
                        </select>
                      </div>
                    );
                  }),
                )}
              </div>
            ) : null}
          </div>
        );
      })}
      {error ? <p className="text-xs font-medium text-coral-700">{error}</p> : null}
    </fieldset>
  );
}
