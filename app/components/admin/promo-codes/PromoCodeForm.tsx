import { useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../ui/fields";
import { Card } from "../ui/layout";
import type { AdventureChoice, PromoCodeItem } from "./promo-view";

type Values = {
  code: string;
  kind: "percent" | "fixed";
  percent: string;
  amount: string;
  adventure_ids: string[];
  valid_from: string;
  valid_to: string;
  trip_from: string;
  trip_to: string;
  max_uses: string;
  max_uses_per_email: string;
  min_group_size: string;
  first_booking_only: boolean;
  is_active: boolean;
  note: string;
};

function initial(code: PromoCodeItem | null): Values {
  return {
    code: code?.code ?? "",
    kind: code?.kind ?? "percent",
    percent: code?.percent ? String(code.percent) : "",
    amount: code?.amount_cents ? (code.amount_cents / 100).toFixed(2) : "",
    adventure_ids: code?.adventure_ids ?? [],
    valid_from: code?.valid_from ?? "",
    valid_to: code?.valid_to ?? "",
    trip_from: code?.trip_from ?? "",
    trip_to: code?.trip_to ?? "",
    max_uses: code?.max_uses ? String(code.max_uses) : "",
    max_uses_per_email: code?.max_uses_per_email ? String(code.max_uses_per_email) : "",
    min_group_size: String(code?.min_group_size ?? 1),
    first_booking_only: code?.first_booking_only ?? false,
    is_active: code?.is_active ?? true,
    note: code?.note ?? "",
  };
}

/** A number typed in a field, or null when blank; text that is no number goes as is (the server names it). */
const numberOrNull = (v: string): number | string | null => {
  const t = v.trim();
  if (!t) return null;
  return Number.isFinite(Number(t)) ? Number(t) : t;
};

/** Creating or editing a code: the same payload either way (app/lib/admin-forms/promo-codes). */
export function PromoCodeForm({
  code,
  adventures,
  onDone,
  onCancel,
}: {
  code: PromoCodeItem | null;
  adventures: AdventureChoice[];
  onDone: (code: PromoCodeItem) => void;
  onCancel: () => void;
}) {
  const write = useAdminWrite();
  const [values, setValues] = useState<Values>(() => initial(code));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const set =
    (key: keyof Values) =>
    (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [key]: e.target.value }));
  const toggle = (key: "first_booking_only" | "is_active") => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [key]: e.target.checked }));
  const toggleAdventure = (id: string) =>
    setValues((v) => ({
      ...v,
      adventure_ids: v.adventure_ids.includes(id)
        ? v.adventure_ids.filter((a) => a !== id)
        : [...v.adventure_ids, id],
    }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure("");
    const body = {
      ...values,
      percent: values.kind === "percent" ? numberOrNull(values.percent) : null,
      amount: values.kind === "fixed" ? numberOrNull(values.amount) : null,
      max_uses: numberOrNull(values.max_uses),
      max_uses_per_email: numberOrNull(values.max_uses_per_email),
      min_group_size: numberOrNull(values.min_group_size) ?? 1,
    };
    const res = code
      ? await write<{ promo_code: PromoCodeItem }>(
          "PUT",
          `/api/admin/promo-codes/${encodeURIComponent(code.id)}`,
          body,
        )
      : await write<{ promo_code: PromoCodeItem }>("POST", "/api/admin/promo-codes", body);
    setBusy(false);
    if (res.ok) {
      onDone(res.data.promo_code);
      return;
    }
    setErrors(res.errors);
    setFailure(res.network ? "Connection error" : Object.keys(res.errors).length ? "" : res.detail);
  };

  return (
    <Card
      title={code ? `Edit ${code.code}` : "New promo code"}
      description="Customers type the code on the booking form. Changes apply to later bookings."
      className="mb-6"
    >
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Promo code">
        <TextField
          label="Code"
          required
          value={values.code}
          onChange={set("code")}
          error={errors.code}
          placeholder="SUMMER10"
          autoCapitalize="characters"
          hint="Letters, digits, - and _; case does not matter."
        />
        <SelectField label="Discount" value={values.kind} onChange={set("kind")} error={errors.kind}>
          <option value="percent">Percent of the subtotal</option>
          <option value="fixed">Fixed amount (AUD)</option>
        </SelectField>
        {values.kind === "percent" ? (
          <TextField
            label="Percent"
            required
            inputMode="numeric"
            value={values.percent}
            onChange={set("percent")}
            error={errors.percent}
            placeholder="10"
            hint="1 to 100. 100 makes the booking free (confirmed without a card)."
          />
        ) : (
          <TextField
            label="Amount (AUD)"
            required
            inputMode="decimal"
            value={values.amount}
            onChange={set("amount")}
            error={errors.amount}
            placeholder="25"
          />
        )}
        <TextField
          label="Minimum group size"
          inputMode="numeric"
          value={values.min_group_size}
          onChange={set("min_group_size")}
          error={errors.min_group_size}
        />
        <TextField
          label="Valid from (booking date)"
          type="date"
          value={values.valid_from}
          onChange={set("valid_from")}
          error={errors.valid_from}
        />
        <TextField
          label="Valid to (booking date)"
          type="date"
          value={values.valid_to}
          onChange={set("valid_to")}
          error={errors.valid_to}
        />
        <TextField
          label="Trips from"
          type="date"
          value={values.trip_from}
          onChange={set("trip_from")}
          error={errors.trip_from}
          hint="Leave blank for any trip date."
        />
        <TextField
          label="Trips to"
          type="date"
          value={values.trip_to}
          onChange={set("trip_to")}
          error={errors.trip_to}
        />
        <TextField
          label="Total uses"
          inputMode="numeric"
          value={values.max_uses}
          onChange={set("max_uses")}
          error={errors.max_uses}
          hint="Blank: no cap."
        />
        <TextField
          label="Uses per email"
          inputMode="numeric"
          value={values.max_uses_per_email}
          onChange={set("max_uses_per_email")}
          error={errors.max_uses_per_email}
          hint="Blank: no cap."
        />
        <fieldset className="sm:col-span-2">
          <legend className="field-label">Adventures</legend>
          <p className="mb-2 text-xs text-slate-500">None ticked: every adventure.</p>
          <div className="grid gap-2 sm:grid-cols-2">
            {adventures.map((a) => (
              <CheckboxField
                key={a.id}
                label={a.title}
                checked={values.adventure_ids.includes(a.id)}
                onChange={() => toggleAdventure(a.id)}
              />
            ))}
          </div>
          {errors.adventure_ids ? (
            <p className="mt-1 text-sm text-coral-700" role="alert">
              {errors.adventure_ids}
            </p>
          ) : null}
        </fieldset>
        <CheckboxField
          label="First booking only"
          hint="Only for an email with no earlier confirmed booking."
          checked={values.first_booking_only}
          onChange={toggle("first_booking_only")}
        />
        <CheckboxField label="Active" checked={values.is_active} onChange={toggle("is_active")} />
        <TextAreaField
          label="Note (for you)"
          value={values.note}
          onChange={set("note")}
          error={errors.note}
          className="sm:col-span-2"
        />
        {failure ? (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <Button type="submit" variant="primary" busy={busy} disabled={busy}>
            {code ? "Save code" : "Create code"}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}
