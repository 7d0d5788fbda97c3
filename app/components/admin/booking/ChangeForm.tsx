import { ArrowRight } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { ChangePlan } from "../../../../server/domain/console/booking-change.server";
import { adminGet } from "../../../lib/admin-data";
import { type ChangeSettlement, SETTLEMENT_LABELS } from "../../../lib/booking-change";
import { sydneyDate } from "../../../lib/dates";
import { departureText } from "../../../lib/departure";
import { MAX_GROUP_SIZE, peopleText } from "../../../lib/group-size";
import { formatMoney } from "../../../lib/money";
import type { Write } from "../ParticipantEditor";
import type { AdminBooking } from "../types";
import { Alert, Button, SelectField, TextField } from "../ui";
import { failureDetail, type Notify } from "./types";

type Outcome = { outcome: "changed" | "link"; refund_cents: number; payment_url: string | null };

/**
 * Move the booking to another date (or departure) or change its group: the
 * operator picks the new date, its departure's time where the date has
 * several (the field shows for a booking on a timed departure, or once the
 * server asks for it), and the size, the server works out the difference and the ways to
 * settle it (the preview), and the change is confirmed with the settlement
 * chosen and the difference shown, so a price that moved in between is refused
 * rather than charged. The request key is made with each preview: a double
 * click changes the booking once.
 */
export function ChangeForm({
  booking: b,
  write,
  notify,
}: {
  booking: AdminBooking;
  write: Write;
  notify: Notify;
}) {
  const [date, setDate] = useState(b.selected_date);
  const [time, setTime] = useState(b.start_time ?? "");
  const [groupSize, setGroupSize] = useState(String(b.group_size));
  const [plan, setPlan] = useState<ChangePlan | null>(null);
  const [settlement, setSettlement] = useState<ChangeSettlement>("none");
  const [requestKey, setRequestKey] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, b.currency, true);
  const path = `/api/admin/bookings/${encodeURIComponent(b.id)}/change`;

  const edited = (apply: () => void) => {
    apply();
    setPlan(null);
    setProblem("");
    setErrors({});
  };

  const check = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const query = new URLSearchParams({ date, group_size: groupSize, ...(time && { start_time: time }) });
    const res = await adminGet<ChangePlan>(`${path}?${query}`);
    setBusy(false);
    if (res.ok) {
      setPlan(res.data);
      setSettlement(res.data.settlements[0] ?? "none");
      setRequestKey(crypto.randomUUID());
      setErrors({});
      setProblem("");
    } else {
      setErrors(res.errors);
      setProblem(Object.keys(res.errors).length ? "" : failureDetail(res));
    }
  };

  const confirm = async () => {
    if (!plan) return;
    setBusy(true);
    const res = await write<Outcome>("POST", path, {
      date,
      ...(time && { start_time: time }),
      group_size: Number(groupSize),
      settlement,
      expected_difference_cents: plan.difference_cents,
      request_key: requestKey,
    });
    setBusy(false);
    if (!res.ok) {
      setErrors(res.errors);
      // Kept on the form too (a gear size hired out on the new date, the last spots gone): the toast fades.
      setProblem(Object.keys(res.errors).length ? "" : failureDetail(res));
      notify("error", "The booking was not changed", failureDetail(res));
      return;
    }
    setPlan(null);
    if (res.data.outcome === "link") {
      // The link shows in the booking's "Waiting for the change's payment" card, to copy or send again.
      notify(
        "success",
        "The payment link is on its way to the customer.",
        "The booking changes when it is paid; the places are held for 24 hours.",
      );
    } else {
      notify(
        "success",
        "The booking was changed.",
        res.data.refund_cents > 0
          ? `${money(res.data.refund_cents)} is refunded; the customer has an email with the change.`
          : "The customer has an email with the change.",
      );
    }
  };

  const d = plan?.difference_cents ?? 0;
  // Without departure times the form is the date and the group alone.
  const timed = Boolean(b.start_time || time || errors.start_time);
  return (
    <div className="space-y-4" data-testid="booking-change">
      <form
        onSubmit={check}
        className={`grid gap-3 sm:items-end ${timed ? "sm:grid-cols-[1fr_8rem_10rem_auto]" : "sm:grid-cols-[1fr_10rem_auto]"}`}
        noValidate
      >
        <TextField
          label="Date"
          type="date"
          name="date"
          min={sydneyDate()}
          value={date}
          error={errors.date}
          onChange={(e) => edited(() => setDate(e.currentTarget.value))}
          required
        />
        {timed ? (
          <TextField
            label="Departure time"
            type="time"
            name="start_time"
            value={time}
            error={errors.start_time}
            onChange={(e) => edited(() => setTime(e.currentTarget.value))}
          />
        ) : null}
        <SelectField
          label="Group size"
          name="group_size"
          value={groupSize}
          error={errors.group_size}
          onChange={(e) => edited(() => setGroupSize(e.currentTarget.value))}
        >
          {Array.from({ length: MAX_GROUP_SIZE }, (_, i) => i + 1).map((size) => (
            <option key={size} value={size}>
              {peopleText(size)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={busy}>
          Check the change
        </Button>
      </form>
      {problem ? <Alert tone="error">{problem}</Alert> : null}

      {plan ? (
        <div
          className="space-y-3 rounded-xl bg-sand-50 p-3 text-sm text-slate-700"
          data-testid="change-preview"
        >
          <p className="flex flex-wrap items-center gap-1.5 font-medium text-ocean-900">
            {departureText(plan.from_date, plan.from_start_time ?? "")}, {peopleText(plan.from_group_size)}
            <ArrowRight aria-label="to" className="h-3.5 w-3.5 text-slate-400" />
            {departureText(plan.date, plan.start_time ?? "")}, {peopleText(plan.group_size)}
          </p>
          <p>
            New price {money(plan.new_total_cents)} (now {money(plan.current_total_cents)}):{" "}
            <strong>{d === 0 ? "the same" : d > 0 ? `${money(d)} more` : `${money(-d)} less`}</strong>.
          </p>
          {plan.removed_participants.length ? (
            <Alert tone="warning">
              {`The details of ${plan.removed_participants.join(" and ")} are removed with the smaller group.`}
            </Alert>
          ) : null}
          {plan.settlements.length > 1 || plan.settlements[0] !== "none" ? (
            <fieldset className="space-y-2">
              <legend className="field-label">The difference</legend>
              {plan.settlements.map((s) => (
                <label key={s} className="flex items-start gap-2">
                  <input
                    type="radio"
                    name="settlement"
                    value={s}
                    checked={settlement === s}
                    onChange={() => setSettlement(s)}
                    className="mt-1"
                  />
                  <span>{s === "refund" ? `Refund ${money(plan.refund_cents)}` : SETTLEMENT_LABELS[s]}</span>
                </label>
              ))}
              {errors.settlement ? (
                <p className="text-xs font-medium text-coral-700">{errors.settlement}</p>
              ) : null}
            </fieldset>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="primary" onClick={confirm} disabled={busy}>
              Confirm change
            </Button>
            <Button type="button" variant="ghost" onClick={() => setPlan(null)}>
              Not now
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
