import { Clock } from "lucide-react";
import { formatMoney, toCents } from "../../lib/money";
import { type DepartureOption, dateOptionStatus } from "./flow-state";

interface Props {
  departures: DepartureOption[];
  /** The chosen start time ("" before one is picked). */
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement>) => void;
  error?: string;
  currency?: string;
}

/**
 * The departure times of a date that has several (a morning and an afternoon
 * dive): native radio buttons, so the choice is posted with the form with or
 * without the scripts. A full or closed departure is shown and cannot be chosen.
 * A price is shown only where the times differ in price.
 */
export function DepartureChoice({ departures, value, onChange, error, currency }: Props) {
  const prices = new Set(departures.map((d) => d.price));
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? "departure-error" : undefined}>
      <legend className="field-label">
        Departure time
        <span className="text-coral-700" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {departures.map((d) => (
          <label
            key={d.start_time}
            className={`flex items-center gap-3 rounded-xl border px-4 py-3 text-sm ${
              d.available
                ? "cursor-pointer border-slate-300 bg-white has-[:checked]:border-ocean-700 has-[:checked]:bg-ocean-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ocean-600"
                : "cursor-not-allowed border-slate-200 bg-slate-50 text-slate-500"
            }`}
          >
            <input
              type="radio"
              name="startTime"
              value={d.start_time}
              checked={value === d.start_time}
              onChange={onChange}
              disabled={!d.available}
              required
              className="size-4 accent-ocean-700"
            />
            <Clock className="size-4 shrink-0 text-ocean-700" aria-hidden="true" />
            <span className="font-semibold text-ocean-900">{d.display}</span>
            <span className="ml-auto text-right text-slate-600">
              {dateOptionStatus(d)}
              {prices.size > 1 ? ` · ${formatMoney(toCents(d.price), currency)}` : ""}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p
          id="departure-error"
          className="mt-1.5 text-sm font-medium text-coral-700"
          data-testid="field-error"
        >
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
