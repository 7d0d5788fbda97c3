import { useId } from "react";
import {
  type ExtraDef,
  extraFieldName,
  type GearLeft,
  gearSizeFieldName,
  gearSizeOption,
} from "../../lib/extras";
import { MAX_GROUP_SIZE } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import type { ExtrasModel } from "./useExtras";

interface Props {
  extras: ExtrasModel;
  /** The group's spots: the most of a per-person extra. */
  people: number;
  currency: string;
  /** What is left of each size on the chosen date: a size all hired out is disabled (none known: all offered). */
  left?: GearLeft;
  /** The server's message for the extras (a count, a size, gear all hired out). */
  error?: string;
}

/**
 * The adventure's extras on the booking form, each with its price: an
 * optional per-booking one is a checkbox, an optional per-person one a count
 * up to the group, a required one is shown as included. Each unit of an extra
 * that hands out gear asks a size per item from the sizes the shop stocks.
 * Native fields (posted as extra_<id> and extra_<id>_<item> without
 * JavaScript); the server prices them again.
 */
export function ExtrasField({ extras, people, currency, left, error }: Props) {
  const errorId = useId();
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">Extras and gear hire</legend>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="extras">
        {extras.defs.map((def) => (
          <ExtraRow key={def.id} def={def} extras={extras} people={people} currency={currency} left={left} />
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-coral-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ExtraRow({ def, extras, people, currency, left }: { def: ExtraDef } & Omit<Props, "error">) {
  const id = `extra-${def.id}`;
  const units = extras.units(def);
  const price = `${formatMoney(def.price_cents, currency, true)} ${def.per === "person" ? "per person" : "per booking"}`;
  const title = (
    <>
      <span className="block font-medium text-ocean-900">{def.name}</span>
      <span className="block text-sm text-slate-600">
        {price}
        {def.required ? " · included in every booking" : ""}
      </span>
    </>
  );
  return (
    <li className="px-4 py-3">
      <div className="flex items-center justify-between gap-3">
        {/* A required extra has no field: its name is text, not a label. */}
        {def.required ? (
          <div className="min-w-0">{title}</div>
        ) : (
          <label htmlFor={id} className="min-w-0">
            {title}
          </label>
        )}
        {def.required ? (
          <span className="shrink-0 rounded-full bg-reef-50 px-3 py-1 text-sm font-semibold text-reef-700">
            Included
          </span>
        ) : def.per === "booking" ? (
          <input
            id={id}
            type="checkbox"
            className="size-5 shrink-0 accent-reef-600"
            name={extraFieldName(def.id)}
            value="1"
            checked={units > 0}
            onChange={(e) => extras.setQuantity(def.id, e.target.checked ? 1 : 0)}
          />
        ) : (
          <input
            id={id}
            className="field w-20 shrink-0 text-center"
            type="number"
            inputMode="numeric"
            name={extraFieldName(def.id)}
            min={0}
            // The group as the page knows it (nobody counted yet: no limit shown). The form skips the
            // browser's checks; the server holds the count to the group posted.
            max={people || MAX_GROUP_SIZE}
            value={units}
            onChange={(e) => extras.setQuantity(def.id, Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
          />
        )}
      </div>
      {units > 0 && def.gear.length ? (
        // One row per person where the items fit (two side by side even on a phone).
        <div
          className={`mt-3 grid gap-3 ${def.gear.length === 2 ? "grid-cols-2" : "grid-cols-2 sm:grid-cols-3"}`}
        >
          {Array.from({ length: units }, (_, i) =>
            def.gear.map((item) => {
              const selectId = `${id}-${item.id}-${i + 1}`;
              return (
                <div key={selectId} className="min-w-0">
                  <label htmlFor={selectId} className="block text-sm text-slate-700">
                    {def.per === "person"
                      ? `Person ${i + 1} ${item.name.toLowerCase()} size`
                      : `${item.name} size`}
                  </label>
                  <select
                    id={selectId}
                    className="field mt-1"
                    name={gearSizeFieldName(def.id, item.id)}
                    required
                    value={extras.sizesOf(def, item.id)[i]}
                    onChange={(e) => extras.setSize(def.id, item.id, i, e.target.value)}
                  >
                    <option value="">Choose</option>
                    {item.sizes.map((s) => {
                      const option = gearSizeOption(s, left?.[item.id]?.[s]);
                      return (
                        <option key={s} value={s} disabled={option.disabled}>
                          {option.label}
                        </option>
                      );
                    })}
                  </select>
                </div>
              );
            }),
          )}
        </div>
      ) : null}
    </li>
  );
}
