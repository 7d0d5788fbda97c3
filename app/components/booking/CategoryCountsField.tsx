import { MAX_GROUP_SIZE } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import { type CategoryCounts, categoryLabel, type PriceCategory } from "../../lib/price-categories";

interface Props {
  categories: readonly PriceCategory[];
  counts: CategoryCounts;
  onChange: (id: string, count: number) => void;
  currency: string;
  /** The server's message for the counts or the group size. */
  error?: string;
}

/**
 * How many of each price category, for an adventure with several: one native
 * number input per category (posted as category_<id> without JavaScript),
 * each with its price and age range. The server prices them again.
 */
export function CategoryCountsField({ categories, counts, onChange, currency, error }: Props) {
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? "categories-error" : undefined}>
      <legend className="field-label">Who is coming</legend>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
        {categories.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-3 px-4 py-3">
            <label htmlFor={`category-${c.id}`} className="min-w-0">
              <span className="block font-medium text-ocean-900">{categoryLabel(c)}</span>
              <span className="block text-sm text-slate-600">
                {formatMoney(c.price_cents, currency, true)} each
                {c.takes_spot ? "" : " · no seat of their own"}
                {c.needs_dive_paperwork ? "" : " · does not dive"}
              </span>
            </label>
            <input
              id={`category-${c.id}`}
              className="field w-20 shrink-0 text-center"
              type="number"
              inputMode="numeric"
              name={`category_${c.id}`}
              min={0}
              max={MAX_GROUP_SIZE}
              value={counts[c.id] ?? 0}
              onChange={(e) => onChange(c.id, Math.max(0, Math.trunc(Number(e.target.value) || 0)))}
            />
          </li>
        ))}
      </ul>
      {error ? (
        <p id="categories-error" className="mt-1 text-sm text-coral-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
