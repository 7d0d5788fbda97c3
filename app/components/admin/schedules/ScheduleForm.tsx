import { CalendarCheck, Eye } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { adminJson } from "../../../lib/admin-api";
import type { useAdminWrite } from "../../../lib/admin-data";
import { check, MAX_SPOTS, MIN_SPOTS, scheduleSchema } from "../../../lib/admin-forms";
import { formatDateAU } from "../../../lib/dates";
import { START_TIME_PATTERN, startTimeText } from "../../../lib/departure";
import { groupSizeRange } from "../../../lib/group-size";
import { WEEKDAYS } from "../../../lib/schedules";
import { Alert, type AlertTone, Button, Card, SelectField, TextAreaField, TextField } from "../ui";
import { cx } from "../ui/cx";
import { ChipListField } from "./ChipListField";
import { PlanView, planUnit } from "./PlanView";
import type { AdminSchedule, ScheduleAdventure, SchedulePlan, SchedulePreview } from "./types";

interface Draft {
  adventure_id: string;
  weekdays: number[];
  from: string;
  to: string;
  /** "" until typed: the adventure's largest group is offered. */
  available_spots: string;
  price_override: string;
  notes: string;
  exceptions: string[];
  /** "HH:MM", earliest first; none: one departure a date without a time of its own. */
  start_times: string[];
}

function draftOf(schedule: AdminSchedule | null, adventureId: string): Draft {
  if (!schedule)
    return {
      adventure_id: adventureId,
      weekdays: [],
      from: "",
      to: "",
      available_spots: "",
      price_override: "",
      notes: "",
      exceptions: [],
      start_times: [],
    };
  return {
    adventure_id: schedule.adventure_id,
    weekdays: schedule.weekdays,
    from: schedule.from,
    to: schedule.to,
    available_spots: String(schedule.available_spots),
    price_override: schedule.price_override === null ? "" : String(schedule.price_override),
    notes: schedule.notes,
    exceptions: schedule.exceptions,
    start_times: schedule.start_times ?? [],
  };
}

/** The payload: empty spots are left out so the server takes the adventure's largest group. */
function payload(d: Draft) {
  return {
    adventure_id: d.adventure_id,
    weekdays: d.weekdays,
    from: d.from,
    to: d.to,
    ...(d.available_spots === "" ? {} : { available_spots: Number(d.available_spots) }),
    price_override: d.price_override === "" ? null : Number(d.price_override),
    notes: d.notes,
    exceptions: d.exceptions,
    start_times: d.start_times,
  };
}

/**
 * A new schedule or an edit of one: the pattern, then "Preview dates" (the
 * server's plan: what is created, changed, removed and left as it is), then
 * "Save". Any edit of the form drops the preview, so what is saved is always
 * what was previewed last.
 */
export function ScheduleForm({
  schedule,
  adventures,
  adventureId,
  today,
  write,
  show,
  onDone,
}: {
  /** The schedule being edited; null for a new one. */
  schedule: AdminSchedule | null;
  adventures: ScheduleAdventure[];
  /** The adventure a new schedule starts with (the calendar's choice). */
  adventureId: string;
  today: string;
  write: ReturnType<typeof useAdminWrite>;
  show: (tone: AlertTone, text: string) => void;
  onDone: (result: SchedulePlan | null) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(schedule, adventureId));
  const [preview, setPreview] = useState<SchedulePreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState<"preview" | "save" | null>(null);
  const daysId = useId();
  const adventure = adventures.find((a) => a.id === draft.adventure_id);
  const largestGroup = adventure ? groupSizeRange(adventure).max : null;
  // An edit may keep a start that has passed; a new one starts today or later (the server's rule).
  const earliestFrom = schedule && schedule.from < today ? schedule.from : today;
  const schema = useMemo(() => scheduleSchema(today, earliestFrom), [today, earliestFrom]);
  const base = schedule ? `/api/admin/schedules/${encodeURIComponent(schedule.id)}` : "/api/admin/schedules";

  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setPreview(null);
    setProblem("");
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };

  const toggleDay = (day: number) =>
    edit({
      weekdays: draft.weekdays.includes(day)
        ? draft.weekdays.filter((d) => d !== day)
        : [...draft.weekdays, day].sort((a, b) => a - b),
    });

  const failed = (res: { errors: Record<string, string>; detail: string; network?: boolean }) => {
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(res.errors)) fields[key.split(".")[0]] ??= message;
    setErrors(fields);
    setProblem(
      res.network
        ? "Connection error"
        : Object.keys(fields).length
          ? "Check the fields marked below."
          : res.detail || "The schedule could not be checked",
    );
  };

  const previewDates = async (e: FormEvent) => {
    e.preventDefault();
    const body = payload(draft);
    const local = check(schema, body);
    if (!local.ok) return failed({ errors: local.errors, detail: "" });
    setBusy("preview");
    const res = await adminJson<SchedulePreview>("POST", `${base}/preview`, body);
    setBusy(null);
    if (res.ok) {
      setPreview(res.data);
      setErrors({});
      setProblem("");
    } else failed(res);
  };

  const save = async () => {
    setBusy("save");
    const res = await write<{ result: SchedulePlan }>(schedule ? "PUT" : "POST", base, payload(draft));
    setBusy(null);
    if (!res.ok) return failed(res);
    const r = res.data.result;
    const unit = planUnit(r);
    show(
      "success",
      schedule
        ? `Schedule saved: ${r.create.length} created, ${r.change.length} changed, ${r.remove.length} removed, ${r.left.length} left as they are.`
        : `Schedule saved: ${r.create.length} ${unit}${r.create.length === 1 ? "" : "s"} created${r.left.length ? `, ${r.left.length} left as they are` : ""}.`,
    );
    onDone(r);
  };

  return (
    <Card
      title={schedule ? "Edit schedule" : "New schedule"}
      description={
        schedule
          ? "Changes apply from today on. Dates with bookings or closed by hand are never changed here."
          : "Open many dates at once: the days of the week, the season and the dates to skip."
      }
    >
      <form
        onSubmit={previewDates}
        noValidate
        className="space-y-5"
        aria-label={schedule ? "Edit schedule" : "New schedule"}
      >
        <SelectField
          label="Adventure"
          required
          value={draft.adventure_id}
          disabled={schedule !== null}
          hint={schedule ? "A schedule stays with its adventure." : undefined}
          error={errors.adventure_id}
          onChange={(e) => edit({ adventure_id: e.target.value })}
        >
          <option value="">Select an adventure…</option>
          {adventures.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </SelectField>

        <fieldset aria-describedby={errors.weekdays ? `${daysId}-error` : undefined}>
          <legend className="field-label">
            Days of the week
            <span className="text-coral-600" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
            {WEEKDAYS.map((w) => {
              const on = draft.weekdays.includes(w.day);
              return (
                <label
                  key={w.day}
                  className={cx(
                    "flex min-h-11 cursor-pointer items-center justify-center rounded-xl border text-sm font-semibold transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-reef-500",
                    on
                      ? "border-reef-600 bg-reef-600 text-white"
                      : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                >
                  <input
                    type="checkbox"
                    className="sr-only"
                    checked={on}
                    onChange={() => toggleDay(w.day)}
                    aria-label={w.long}
                  />
                  <span aria-hidden="true">{w.short}</span>
                </label>
              );
            })}
          </div>
          {errors.weekdays ? (
            <p id={`${daysId}-error`} className="mt-1 text-xs font-medium text-coral-700">
              {errors.weekdays}
            </p>
          ) : null}
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="From"
            type="date"
            required
            min={earliestFrom}
            value={draft.from}
            error={errors.from}
            onChange={(e) => edit({ from: e.target.value })}
          />
          <TextField
            label="To"
            type="date"
            required
            min={draft.from || today}
            value={draft.to}
            error={errors.to}
            onChange={(e) => edit({ to: e.target.value })}
          />
        </div>

        <ChipListField
          label="Start times"
          hint="Each time is one departure a day, e.g. 08:00 and 13:00. None: one departure at the adventure's usual time."
          error={errors.start_times}
          type="time"
          inputProps={{ step: 300 }}
          values={draft.start_times}
          onChange={(start_times) => edit({ start_times })}
          text={startTimeText}
          accepts={(t) => START_TIME_PATTERN.test(t)}
          addLabel="Add time"
          listLabel="Chosen start times"
          removeLabel={(t) => `Remove start time ${startTimeText(t)}`}
          tone="reef"
        />

        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={draft.start_times.length ? "Spots per departure" : "Spots per date"}
            type="number"
            min={MIN_SPOTS}
            max={MAX_SPOTS}
            step={1}
            inputMode="numeric"
            placeholder={largestGroup ? String(largestGroup) : ""}
            value={draft.available_spots}
            hint={
              largestGroup
                ? `Empty: ${largestGroup}, the adventure's largest group`
                : "Empty: the adventure's largest group"
            }
            error={errors.available_spots}
            onChange={(e) => edit({ available_spots: e.target.value })}
          />
          <TextField
            label="Price override"
            type="number"
            min={0}
            step={0.01}
            inputMode="decimal"
            value={draft.price_override}
            hint="AUD per person; empty = usual price"
            error={errors.price_override}
            onChange={(e) => edit({ price_override: e.target.value })}
          />
        </div>

        <TextAreaField
          label="Notes"
          rows={2}
          value={draft.notes}
          error={errors.notes}
          placeholder="e.g. Sunrise start, meet at 6:30 am"
          onChange={(e) => edit({ notes: e.target.value })}
        />

        <ChipListField
          label="Exceptions"
          hint="Dates in the range to skip, e.g. a public holiday"
          error={errors.exceptions}
          type="date"
          inputProps={{ min: draft.from || today, max: draft.to || undefined }}
          values={draft.exceptions}
          onChange={(exceptions) => edit({ exceptions })}
          text={(d) => formatDateAU(d)}
          addLabel="Add"
          listLabel="Exceptions"
          removeLabel={(d) => `Remove exception ${formatDateAU(d)}`}
          tone="amber"
        />

        {problem ? <Alert tone="error">{problem}</Alert> : null}

        {preview ? (
          <div
            data-testid="schedule-preview"
            className="rounded-2xl border border-reef-100 bg-reef-50/50 p-4"
            aria-live="polite"
          >
            <p className="mb-3 text-sm font-semibold text-ocean-900">
              Preview
              {preview.available_spots
                ? ` · ${preview.available_spots} spots per ${draft.start_times.length ? "departure" : "date"}`
                : ""}
            </p>
            <PlanView plan={preview.plan} />
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button onClick={() => onDone(null)}>Cancel</Button>
          <Button type="submit" busy={busy === "preview"}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            Preview dates
          </Button>
          <Button
            variant="primary"
            disabled={!preview || busy !== null}
            busy={busy === "save"}
            onClick={save}
            title={preview ? undefined : "Preview the dates first"}
          >
            <CalendarCheck aria-hidden="true" className="h-4 w-4" />
            Save schedule
          </Button>
        </div>
      </form>
    </Card>
  );
}
