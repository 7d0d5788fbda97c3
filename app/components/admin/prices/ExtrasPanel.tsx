/**
 * An adventure's extras in the editor (ADR 40): the active ones with their
 * price and the gear they hand out, a form to add one, and deactivating
 * (never deleting: booked lines name the extra).
 */
import { useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { formatMoney, toCents } from "../../../lib/money";
import { useConfirm } from "../ConfirmDialog";
import type { ExtraView, GearItemView } from "../gear/gear-view";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CheckboxField, SelectField, TextField } from "../ui/fields";

export function ExtrasPanel({
  adventureId,
  extras,
  gearItems,
  currency,
}: {
  adventureId: string;
  /** Every extra; the panel shows this adventure's active ones. */
  extras: ExtraView[];
  gearItems: GearItemView[];
  currency: string;
}) {
  const write = useAdminWrite();
  const { confirm, dialog } = useConfirm();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const mine = extras.filter((e) => e.adventure_id === adventureId && e.is_active);
  const gearName = new Map(gearItems.map((g) => [g.id, g.name]));

  const add = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const price = String(data.get("price") ?? "").trim();
    const cents = price !== "" && Number.isFinite(Number(price)) ? toCents(Number(price)) : price;
    setBusy(true);
    setMessage(null);
    const res = await write("POST", `/api/admin/adventures/${encodeURIComponent(adventureId)}/extras`, {
      name: String(data.get("name") ?? ""),
      price_cents: cents,
      per: String(data.get("per") ?? "person"),
      required: data.get("required") === "on",
      gear_item_ids: data.getAll("gear_item_ids").map(String),
    });
    setBusy(false);
    if (res.ok) {
      setErrors({});
      setFormKey((k) => k + 1);
      setMessage({ tone: "success", text: `${String(data.get("name")).trim()} added.` });
      return;
    }
    setErrors(res.errors);
    setMessage({ tone: "error", text: res.network ? "Connection error" : res.detail });
  };

  const deactivate = async (extra: ExtraView) => {
    const ok = await confirm({
      title: `Deactivate ${extra.name}?`,
      message: "It is no longer offered. Bookings that took it keep it and its gear.",
      confirmLabel: "Deactivate",
      tone: "danger",
    });
    if (!ok) return;
    const res = await write("POST", `/api/admin/extras/${encodeURIComponent(extra.id)}/deactivate`, {});
    setMessage(
      res.ok
        ? { tone: "success", text: `${extra.name} deactivated.` }
        : { tone: "error", text: res.network ? "Connection error" : res.detail },
    );
  };

  return (
    <div className="space-y-4">
      {mine.length === 0 ? (
        <p className="text-sm text-slate-600">No extras: the booking is the adventure alone.</p>
      ) : (
        <ul aria-label="Extras" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
          {mine.map((x) => (
            <li
              key={x.id}
              data-testid="extra-row"
              className="flex flex-wrap items-start justify-between gap-2 p-3"
            >
              <div className="min-w-0 text-sm">
                <span className="font-semibold text-ocean-900">{x.name}</span>{" "}
                <span className="text-slate-700">
                  {formatMoney(x.price_cents, currency)} {x.per === "person" ? "per person" : "per booking"}
                </span>
                {x.required ? <Badge tone="amber">Required</Badge> : null}
                {x.gear_item_ids.length ? (
                  <span className="block text-xs text-slate-600">
                    Hands out: {x.gear_item_ids.map((g) => gearName.get(g) ?? g).join(", ")}
                  </span>
                ) : null}
              </div>
              <Button size="sm" variant="ghost" onClick={() => deactivate(x)}>
                Deactivate<span className="sr-only"> {x.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <form
        key={formKey}
        onSubmit={add}
        noValidate
        aria-label="New extra"
        className="grid gap-3 sm:grid-cols-2"
      >
        <TextField label="Extra name" name="name" required maxLength={80} error={errors.name} />
        <TextField
          label="Price ($)"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          error={errors.price_cents}
        />
        <SelectField label="Charged" name="per" defaultValue="person" error={errors.per}>
          <option value="person">Per person</option>
          <option value="booking">Per booking</option>
        </SelectField>
        <CheckboxField
          className="self-end pb-2"
          label="Required"
          name="required"
          hint="Added to every booking of this adventure."
        />
        {gearItems.length ? (
          <fieldset className="sm:col-span-2">
            <legend className="field-label">Gear it hands out</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {gearItems.map((g) => (
                <CheckboxField key={g.id} label={g.name} name="gear_item_ids" value={g.id} />
              ))}
            </div>
            {errors.gear_item_ids ? (
              <p className="mt-1 text-xs font-medium text-coral-700">{errors.gear_item_ids}</p>
            ) : null}
          </fieldset>
        ) : (
          <p className="text-xs text-slate-600 sm:col-span-2">
            Gear to hand out with an extra is added on the Gear hire screen.
          </p>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" size="sm" variant="primary" busy={busy}>
            Add extra
          </Button>
        </div>
      </form>
      {dialog}
    </div>
  );
}
