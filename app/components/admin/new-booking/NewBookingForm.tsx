import { useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { OPERATOR_PAYMENT_LABELS, OPERATOR_PAYMENTS, type OperatorPayment } from "../../../lib/admin-forms";
import { formatMoney, toCents } from "../../../lib/money";
import type { CategoryCounts } from "../../../lib/price-categories";
import { Alert, Button, Card, SelectField, TextAreaField, TextField } from "..";
import type { AvailabilityEntry } from "../types";
import { CategoryCountsField, ExtrasChoice } from "./BookingChoices";
import { BookingMade, type MadeBooking } from "./BookingMade";
import { type BookingOptions, type ExtraPicks, estimateCents, extraChoices, spotsOf } from "./choices";
import {
  type BookableAdventure,
  dateOption,
  departureValue,
  groupSizes,
  OTHER_DATE,
  unitPrice,
} from "./options";

const EMPTY = {
  /** The chosen departure (`departureValue`), or OTHER_DATE. */
  date: "",
  otherDate: "",
  otherTime: "",
  spots: "",
  groupSize: "",
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  requirements: "",
  voucher: "",
};

/**
 * The console's booking form. The total shown is the page's estimate from the
 * adventure and the date; the server prices the booking and answers its own.
 */
export function NewBookingForm({
  adventureId,
  adventures,
  dates,
  options,
  loadFailed,
  today,
  onAdventure,
}: {
  adventureId: string;
  adventures: BookableAdventure[];
  dates: AvailabilityEntry[];
  /** The adventure's price categories and extras (none: the spec's form). */
  options: BookingOptions;
  loadFailed: boolean;
  today: string;
  onAdventure: (id: string) => void;
}) {
  const write = useAdminWrite();
  const [v, setV] = useState(EMPTY);
  const [payment, setPayment] = useState<OperatorPayment>("link");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<MadeBooking | null>(null);
  // Several categories: the first that takes a spot starts at the adventure's smallest group.
  const several = options.categories.length > 1;
  const [counts, setCounts] = useState<CategoryCounts>(() => {
    const first = options.categories.find((c) => c.takes_spot);
    return first ? { [first.id]: adventures.find((a) => a.id === adventureId)?.group_size_min ?? 1 } : {};
  });
  const [picks, setPicks] = useState<ExtraPicks>({});
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setV((old) => ({ ...old, [key]: e.target.value }));

  const adventure = adventures.find((a) => a.id === adventureId);
  const other = v.date === OTHER_DATE;
  const entry = dates.find((d) => departureValue(d) === v.date);
  const sizes = groupSizes(adventure);
  const size = several ? spotsOf(options.categories, counts) : Number(v.groupSize || sizes[0] || 1);
  const total = estimateCents(toCents(unitPrice(adventure, entry)), size, options, counts, picks);

  if (made) {
    return (
      <BookingMade
        made={made}
        onAnother={() => {
          setMade(null);
          setV(EMPTY);
          setPicks({});
        }}
      />
    );
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure("");
    const res = await write<MadeBooking>("POST", "/api/admin/bookings", {
      adventure_id: adventureId,
      selected_date: other ? v.otherDate : (entry?.date ?? ""),
      // A departure's own time: the one chosen, or the one to open on the other date.
      ...((other ? v.otherTime : entry?.start_time)
        ? { start_time: other ? v.otherTime : entry?.start_time }
        : {}),
      open_date: other,
      ...(other && v.spots ? { spots: Number(v.spots) } : {}),
      group_size: size,
      ...(several ? { categories: counts } : {}),
      ...(options.extras.length ? { extras: extraChoices(options.extras, picks, size) } : {}),
      customer_first_name: v.firstName,
      customer_last_name: v.lastName,
      customer_email: v.email,
      customer_phone: v.phone,
      special_requirements: v.requirements,
      voucher_code: v.voucher,
      payment,
    });
    setBusy(false);
    if (res.ok) {
      setMade({ ...res.data, email: v.email, currency: adventure?.currency, payment });
      return;
    }
    setErrors(res.errors);
    setFailure(res.network ? "Connection error" : Object.keys(res.errors).length ? "" : res.detail);
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid gap-6">
        <Card title="Trip">
          <div className="grid gap-4 sm:grid-cols-2">
            {loadFailed ? (
              <Alert tone="error" className="sm:col-span-2">
                Failed to load the adventures or their dates. Reload the page to try again.
              </Alert>
            ) : null}
            <SelectField
              label="Adventure"
              required
              value={adventureId}
              onChange={(e) => onAdventure(e.target.value)}
              error={errors.adventure_id}
              className="sm:col-span-2"
            >
              <option value="">Choose an adventure</option>
              {adventures.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.title}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Date"
              required
              value={v.date}
              onChange={set("date")}
              error={other ? undefined : (errors.selected_date ?? errors.start_time)}
              disabled={!adventure}
              hint={adventure && !dates.length ? "No departures scheduled: choose another date." : undefined}
            >
              <option value="">Choose a date</option>
              {dates.map((d) => {
                const o = dateOption(d);
                return (
                  <option key={d.id} value={o.value} disabled={o.disabled}>
                    {o.label}
                  </option>
                );
              })}
              <option value={OTHER_DATE}>Another date (open it for this booking)</option>
            </SelectField>
            {several ? (
              <CategoryCountsField
                categories={options.categories}
                counts={counts}
                currency={adventure?.currency}
                error={errors.categories ?? errors.group_size}
                onChange={setCounts}
              />
            ) : null}
            <SelectField
              className={several ? "hidden" : undefined}
              label="Group size"
              required
              value={String(size)}
              onChange={set("groupSize")}
              error={errors.group_size}
              disabled={!adventure}
            >
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s} {s === 1 ? "person" : "people"}
                </option>
              ))}
            </SelectField>
            {other ? (
              <>
                <TextField
                  label="Open this date"
                  type="date"
                  required
                  min={today}
                  value={v.otherDate}
                  onChange={set("otherDate")}
                  error={errors.selected_date}
                />
                <TextField
                  label="Start time"
                  type="time"
                  hint="Leave empty for the adventure's usual time."
                  value={v.otherTime}
                  onChange={set("otherTime")}
                  error={errors.start_time}
                />
                <TextField
                  label="Spots on that date"
                  inputMode="numeric"
                  placeholder={adventure ? String(adventure.group_size_max) : ""}
                  hint="Leave empty for the adventure's largest group."
                  value={v.spots}
                  onChange={set("spots")}
                  error={errors.spots}
                />
              </>
            ) : null}
            {options.extras.length ? (
              <ExtrasChoice
                extras={options.extras}
                picks={picks}
                groupSize={size}
                currency={adventure?.currency}
                error={errors.extras}
                onChange={setPicks}
              />
            ) : null}
          </div>
        </Card>
        <Card title="Customer">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="First name"
              required
              autoComplete="off"
              value={v.firstName}
              onChange={set("firstName")}
              error={errors.customer_first_name}
            />
            <TextField
              label="Last name"
              autoComplete="off"
              value={v.lastName}
              onChange={set("lastName")}
              error={errors.customer_last_name}
            />
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="off"
              value={v.email}
              onChange={set("email")}
              error={errors.customer_email}
              hint="The confirmation and any payment link go here."
            />
            <TextField
              label="Phone"
              type="tel"
              autoComplete="off"
              value={v.phone}
              onChange={set("phone")}
              error={errors.customer_phone}
            />
            <TextAreaField
              label="Special requirements"
              value={v.requirements}
              onChange={set("requirements")}
              error={errors.special_requirements}
              className="sm:col-span-2"
            />
          </div>
        </Card>
      </div>
      <Card title="Payment" className="self-start lg:sticky lg:top-4">
        <fieldset className="grid gap-2">
          <legend className="sr-only">How the customer pays</legend>
          {OPERATOR_PAYMENTS.map((p) => (
            <label
              key={p}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5 text-sm has-[:checked]:border-reef-500 has-[:checked]:bg-reef-50"
            >
              <input
                type="radio"
                name="payment"
                value={p}
                checked={payment === p}
                onChange={() => setPayment(p)}
                className="h-4 w-4 accent-reef-600"
              />
              {OPERATOR_PAYMENT_LABELS[p]}
            </label>
          ))}
        </fieldset>
        {errors.payment ? <p className="mt-1 text-xs font-medium text-coral-700">{errors.payment}</p> : null}
        <TextField
          label="Voucher code"
          value={v.voucher}
          onChange={set("voucher")}
          error={errors.voucher_code}
          className="mt-4"
          hint="Pays what its balance covers; the rest is paid the way chosen above."
        />
        <p className="mt-4 flex items-baseline justify-between border-t border-slate-100 pt-4 text-sm text-slate-600">
          Total before any voucher
          <strong className="text-lg text-ocean-900">{formatMoney(total, adventure?.currency, true)}</strong>
        </p>
        {failure ? (
          <Alert tone="error" className="mt-4">
            {failure}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          busy={busy}
          disabled={busy || !adventure}
          className="mt-4 w-full"
        >
          {payment === "link" ? "Book and send the payment link" : "Book"}
        </Button>
      </Card>
    </form>
  );
}
