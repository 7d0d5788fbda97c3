import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { TextField } from "../ui/fields";
import type { GearItemView } from "./gear-view";

type Row = { key: number; size: string; quantity: string };

/**
 * Adding a gear item or editing one: its name and the sizes owned with how
 * many of each. The whole stock list is sent (PUT replaces it), so a removed
 * row is a size no longer owned; the server refuses a size listed twice.
 */
export function GearItemForm({
  item,
  onDone,
  onCancel,
}: {
  item: GearItemView | null;
  onDone: (name: string) => void;
  onCancel: () => void;
}) {
  const write = useAdminWrite();
  const [name, setName] = useState(item?.name ?? "");
  const [rows, setRows] = useState<Row[]>(() =>
    (item?.stock.length ? item.stock : [{ size: "", quantity: 0 }]).map((s, key) => ({
      key,
      size: s.size,
      quantity: String(s.quantity),
    })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const change = (key: number, field: "size" | "quantity", value: string) =>
    setRows((r) => r.map((row) => (row.key === key ? { ...row, [field]: value } : row)));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure("");
    const body = {
      name,
      // A row with neither a size nor a count is no size; a typed quantity goes as typed (the server names what is wrong).
      stock: rows
        .filter((r) => r.size.trim() || Number(r.quantity || 0) !== 0)
        .map((r) => ({ size: r.size, quantity: r.quantity.trim() === "" ? 0 : r.quantity })),
    };
    const res = item
      ? await write("PUT", `/api/admin/gear/${encodeURIComponent(item.id)}`, body)
      : await write("POST", "/api/admin/gear", body);
    setBusy(false);
    if (res.ok) return onDone(name.trim());
    setErrors(res.errors);
    setFailure(res.network ? "Connection error" : res.detail);
  };

  const stockError = Object.entries(errors).find(([k]) => k.startsWith("stock"))?.[1];
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={item ? `Edit ${item.name}` : "New gear item"}
      className="space-y-4"
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label="Name"
        name="name"
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        hint="What the crew packs: Wetsuit, Fins, BCD, Dive computer."
      />
      <fieldset className="space-y-2">
        <legend className="field-label">Sizes owned</legend>
        {rows.map((row, i) => (
          <div
            key={row.key}
            className="grid grid-cols-[minmax(0,1fr)_6rem_auto] items-end gap-2"
            data-testid="stock-row"
          >
            <TextField
              label={`Size ${i + 1}`}
              value={row.size}
              maxLength={20}
              onChange={(e) => change(row.key, "size", e.target.value)}
            />
            <TextField
              label="Owned"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={row.quantity}
              onChange={(e) => change(row.key, "quantity", e.target.value)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="mb-1"
              onClick={() => setRows((r) => r.filter((x) => x.key !== row.key))}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Remove size {i + 1}</span>
            </Button>
          </div>
        ))}
        {stockError ? <p className="text-xs font-medium text-coral-700">{stockError}</p> : null}
        <Button
          size="sm"
          onClick={() => {
            setRows((r) => [...r, { key: nextKey, size: "", quantity: "0" }]);
            setNextKey((k) => k + 1);
          }}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add size
        </Button>
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? "Saving…" : item ? "Save" : "Add item"}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}
