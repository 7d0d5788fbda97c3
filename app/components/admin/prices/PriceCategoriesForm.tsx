/**
 * An adventure's price categories in the editor (ADR 39): the ordered list
 * customers choose counts from, saved whole through PUT
 * /api/admin/adventures/:id/price-categories (kept rows keep their ids, so
 * booked lines still name them). With none or one category the adventure is
 * booked at the editor's single Price, as the spec has it.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { MAX_PRICE_CATEGORIES, type PriceCategory } from "../../../lib/price-categories";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { CheckboxField, TextField } from "../ui/fields";

interface Row {
  key: string;
  id?: string;
  name: string;
  price: string;
  age_min: string;
  age_max: string;
  takes_spot: boolean;
  needs_dive_paperwork: boolean;
}

const rowOf = (c: PriceCategory): Row => ({
  key: c.id,
  id: c.id,
  name: c.name,
  price: (c.price_cents / 100).toFixed(2),
  age_min: String(c.age_min),
  age_max: c.age_max === null ? "" : String(c.age_max),
  takes_spot: c.takes_spot,
  needs_dive_paperwork: c.needs_dive_paperwork,
});

/** A typed number as a number; text that is none goes as typed, so the server names the field. */
const num = (v: string): number | string => (v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : v);

export function PriceCategoriesForm({
  adventureId,
  categories,
  basePrice,
}: {
  adventureId: string;
  categories: PriceCategory[];
  /** The spec's single price, the first category's starting price. */
  basePrice: number;
}) {
  const write = useAdminWrite();
  const [rows, setRows] = useState<Row[]>(() => categories.map(rowOf));
  const [counter, setCounter] = useState(0);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const blank = (n: number, price: number): Row => ({
    key: `new-${counter + n}`,
    name: "",
    price: price.toFixed(2),
    age_min: "0",
    age_max: "",
    takes_spot: true,
    needs_dive_paperwork: true,
  });
  const add = () => {
    // The first categories: the single price becomes "Adult", beside a new one to name.
    const added =
      rows.length === 0
        ? [{ ...blank(0, basePrice), name: "Adult" }, blank(1, basePrice)]
        : [blank(0, basePrice)];
    setRows((r) => [...r, ...added]);
    setCounter((c) => c + added.length);
  };
  const set = (key: string, patch: Partial<Row>) =>
    setRows((r) => r.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const move = (from: number, to: number) =>
    setRows((r) => {
      const next = [...r];
      const [row] = next.splice(from, 1);
      next.splice(to, 0, row);
      return next;
    });

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    const body = {
      categories: rows.map((r) => ({
        ...(r.id ? { id: r.id } : {}),
        name: r.name,
        price: num(r.price),
        age_min: num(r.age_min || "0"),
        age_max: r.age_max.trim() === "" ? null : num(r.age_max),
        takes_spot: r.takes_spot,
        needs_dive_paperwork: r.needs_dive_paperwork,
      })),
    };
    const res = await write<{ categories: PriceCategory[] }>(
      "PUT",
      `/api/admin/adventures/${encodeURIComponent(adventureId)}/price-categories`,
      body,
    );
    setBusy(false);
    if (res.ok) {
      setRows(res.data.categories.map(rowOf));
      setMessage({ tone: "success", text: "Prices saved." });
      return;
    }
    // The console's results name the list ("categories") for any row's refusal: its message says which.
    const text = res.network ? "Connection error" : (res.errors.categories ?? res.detail);
    setMessage({ tone: "error", text });
  };

  return (
    <form onSubmit={save} noValidate aria-label="Price categories" className="space-y-4">
      {rows.length <= 1 ? (
        <p className="text-sm text-slate-600" data-testid="single-price">
          {rows.length === 0
            ? "Booked at the one Price above, per person."
            : "One category: booked at its price per person, as with a single price."}{" "}
          Add categories to sell seats at their own prices (Adult, Child, Observer).
        </p>
      ) : null}
      <ol className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.key} data-testid="category-row" className="rounded-xl border border-slate-200 p-3">
            <fieldset className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_5rem_5rem]">
              <legend className="sr-only">Category {i + 1}</legend>
              <TextField
                label={`Category ${i + 1} name`}
                value={row.name}
                maxLength={60}
                required
                onChange={(e) => set(row.key, { name: e.target.value })}
              />
              <TextField
                label="Price ($)"
                type="number"
                inputMode="decimal"
                min={0}
                step="0.01"
                value={row.price}
                onChange={(e) => set(row.key, { price: e.target.value })}
              />
              <TextField
                label="Age from"
                type="number"
                inputMode="numeric"
                min={0}
                max={120}
                value={row.age_min}
                onChange={(e) => set(row.key, { age_min: e.target.value })}
              />
              <TextField
                label="Age to"
                type="number"
                inputMode="numeric"
                min={0}
                max={120}
                value={row.age_max}
                hint="Blank: no limit"
                onChange={(e) => set(row.key, { age_max: e.target.value })}
              />
            </fieldset>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                <CheckboxField
                  label="Takes a spot"
                  checked={row.takes_spot}
                  onChange={(e) => set(row.key, { takes_spot: e.target.checked })}
                />
                <CheckboxField
                  label="Needs dive paperwork"
                  checked={row.needs_dive_paperwork}
                  onChange={(e) => set(row.key, { needs_dive_paperwork: e.target.checked })}
                />
              </div>
              <div className="flex gap-1">
                <Button size="sm" variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)}>
                  <ArrowUp aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">Move category {i + 1} up</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  <ArrowDown aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">Move category {i + 1} down</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  <span className="sr-only">Remove category {i + 1}</span>
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ol>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={add} disabled={rows.length >= MAX_PRICE_CATEGORIES}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add category
        </Button>
        <Button type="submit" size="sm" variant="primary" busy={busy}>
          Save prices
        </Button>
      </div>
    </form>
  );
}
