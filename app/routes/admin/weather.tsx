import { CloudRain, Phone, Users } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { WeatherPreview } from "../../../server/domain/weather/call-off.server";
import type { WeatherOutcome } from "../../../server/domain/weather/choice.server";
import type { WeatherCancellationItem } from "../../../server/domain/weather/views.server";
import {
  Alert,
  Badge,
  type BadgeTone,
  Button,
  buttonClass,
  Card,
  EmptyState,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { formatDateAU, sydneyDate } from "../../lib/dates";
import { peopleText } from "../../lib/group-size";
import { formatMoney } from "../../lib/money";
import {
  choiceLabel,
  DEFAULT_WEATHER_MESSAGE,
  MAX_RESPOND_DAYS,
  MIN_RESPOND_DAYS,
  weatherCancelSchema,
} from "../../lib/weather";
import type { Route } from "./+types/weather";

interface WeatherData {
  today: string;
  adventures: { id: string; title: string }[];
  cancellations: WeatherCancellationItem[];
}

export async function clientLoader() {
  const result = await adminGet<WeatherData>("/api/admin/weather");
  return { result };
}
export const clientAction = adminAction;

type Offer = WeatherCancellationItem["offers"][number];

const emptyForm = () => ({
  date: "",
  adventure_id: "",
  message: DEFAULT_WEATHER_MESSAGE,
  default_choice: "credit" as "credit" | "refund",
  respond_days: "3",
});
type FormValues = ReturnType<typeof emptyForm>;

/** The form's values as the API takes them ("" adventure = every adventure on the date). */
function payload(f: FormValues) {
  return {
    date: f.date,
    adventure_id: f.adventure_id === "" ? null : f.adventure_id,
    message: f.message,
    default_choice: f.default_choice,
    respond_days: f.respond_days.trim() === "" ? Number.NaN : Number(f.respond_days),
  };
}

function choiceTone(o: Offer): BadgeTone {
  if (o.choice === "move") return "blue";
  if (o.choice === "credit") return "teal";
  if (o.choice === "refund") return "slate";
  return o.open ? "amber" : "slate";
}

/** Weather cancellations: call a departure off (preview, then confirm), and follow each booking's answer. */
export default function AdminWeather({ loaderData }: Route.ComponentProps) {
  const { result } = loaderData;
  const data = dataOr<WeatherData | null>(result, null);
  const today = data?.today ?? sydneyDate();
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash(6000);
  const { confirm, dialog } = useConfirm();
  const [form, setForm] = useState<FormValues>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<WeatherPreview | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (key: keyof FormValues) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setPreview(null);
  };

  /** Checks the form as the server will; answers the payload or null (and shows the errors). */
  const checked = () => {
    const parsed = weatherCancelSchema(today).safeParse(payload(form));
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const next: Record<string, string> = {};
    for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    setErrors(next);
    return null;
  };

  const showPreview = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = checked();
    if (!body) return;
    setBusy(true);
    const res = await write<WeatherPreview>("POST", "/api/admin/weather/preview", {
      date: body.date,
      adventure_id: body.adventure_id,
    });
    setBusy(false);
    if (res.ok) setPreview(res.data);
    else {
      setErrors(res.errors);
      show("error", failureText(res, res.detail || "Could not preview the cancellation"));
    }
  };

  const callOff = async () => {
    const body = checked();
    if (!body) return;
    setBusy(true);
    const res = await write<{ offers: number; unpaid_ended: number }>("POST", "/api/admin/weather", body);
    setBusy(false);
    if (res.ok) {
      show(
        "success",
        res.data.offers > 0
          ? `${formatDateAU(body.date, "full")} is called off. ${res.data.offers} ${res.data.offers === 1 ? "booking was" : "bookings were"} emailed their choices.`
          : `${formatDateAU(body.date, "full")} is called off; every booking on it already had its email.`,
      );
      setPreview(null);
      setForm(emptyForm());
    } else {
      setErrors(res.errors);
      show("error", failureText(res, res.detail || "Could not call the departure off"));
    }
  };

  const record = async (offer: Offer, choice: "move" | "credit" | "refund", date?: string) => {
    const money = formatMoney(offer.total_cents, offer.currency, true);
    const what =
      choice === "move"
        ? `move ${offer.reference} to ${date ? formatDateAU(date, "full") : "the new date"} (free of charge)`
        : choice === "credit"
          ? `cancel ${offer.reference} and issue ${money} credit`
          : `cancel ${offer.reference} and refund what was paid by card in full`;
    const ok = await confirm({
      title: "Record the customer's answer",
      message: `${offer.name} asked to ${what}. This cannot be undone.`,
      confirmLabel: "Record answer",
    });
    if (!ok) return;
    const res = await write<WeatherOutcome>(
      "POST",
      `/api/admin/weather/offers/${encodeURIComponent(offer.id)}/choice`,
      { choice, ...(date ? { date } : {}) },
    );
    if (res.ok) show("success", `${offer.reference}: ${choiceLabelOf(res.data)}.`);
    else show("error", failureText(res, res.detail || "Could not record the answer"));
  };

  return (
    <>
      <PageHeader
        title="Weather cancellations"
        description="Call a departure off when the conditions are unsafe. Each booking gets an email with three choices: a free new date, credit for the full amount or a full refund."
        actions={
          <Link to="/admin/calendar" className={buttonClass("secondary", "sm")}>
            Availability calendar
          </Link>
        }
      />
      <div className="space-y-6">
        {flash ? (
          <Alert tone={flash.tone} onDismiss={clear}>
            {flash.text}
          </Alert>
        ) : null}
        {!result.ok ? (
          <Alert tone="error">{failureText(result, "Failed to load weather cancellations")}</Alert>
        ) : null}

        <Card title="Call off a departure" description="You see who is affected before anything is sent.">
          <form onSubmit={showPreview} noValidate className="space-y-4" aria-label="Call off a departure">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Date"
                type="date"
                required
                min={today}
                value={form.date}
                onChange={set("date")}
                error={errors.date}
              />
              <SelectField
                label="Adventure"
                value={form.adventure_id}
                onChange={set("adventure_id")}
                error={errors.adventure_id}
              >
                <option value="">Every adventure on this date</option>
                {(data?.adventures ?? []).map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.title}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextAreaField
              label="Message to the customers"
              hint="Starts every email; say why, kindly."
              rows={4}
              required
              value={form.message}
              onChange={set("message")}
              error={errors.message}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                label="Without an answer"
                value={form.default_choice}
                onChange={set("default_choice")}
                error={errors.default_choice}
              >
                <option value="credit">Credit for the full amount</option>
                <option value="refund">Full refund</option>
              </SelectField>
              <TextField
                label="Days to answer"
                type="number"
                inputMode="numeric"
                min={MIN_RESPOND_DAYS}
                max={MAX_RESPOND_DAYS}
                step={1}
                required
                value={form.respond_days}
                onChange={set("respond_days")}
                error={errors.respond_days}
              />
            </div>
            {!preview ? (
              <Button type="submit" variant="secondary" busy={busy} className="w-full sm:w-auto">
                <Users aria-hidden="true" className="h-4 w-4" /> Show who is affected
              </Button>
            ) : null}
          </form>
          {preview ? (
            <PreviewPanel preview={preview} busy={busy} onConfirm={callOff} onBack={() => setPreview(null)} />
          ) : null}
        </Card>

        <section aria-labelledby="called-off" className="space-y-4">
          <h2 id="called-off" className="font-display text-xl font-semibold text-ocean-900">
            Called off
          </h2>
          {data && data.cancellations.length === 0 ? (
            <Card>
              <EmptyState icon={<CloudRain className="h-6 w-6" />} title="No departures called off">
                Dates called off in the last month and later appear here with each booking's answer.
              </EmptyState>
            </Card>
          ) : null}
          {(data?.cancellations ?? []).map((c) => (
            <CancellationCard key={c.id} c={c} onRecord={record} />
          ))}
        </section>
      </div>
      {dialog}
    </>
  );
}

function choiceLabelOf(o: WeatherOutcome): string {
  return choiceLabel({
    choice: o.choice,
    movedToDate: o.movedToDate ? formatDateAU(o.movedToDate) : null,
    voucherCode: o.voucher?.codeHint ?? null,
    closed: false,
  });
}

function PreviewPanel({
  preview,
  busy,
  onConfirm,
  onBack,
}: {
  preview: WeatherPreview;
  busy: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div className="mt-5 rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="weather-preview">
      <h3 className="font-semibold text-slate-900">
        {formatDateAU(preview.date, "full")}:{" "}
        {preview.adventures.length ? preview.adventures.join(", ") : "no published date"}
      </h3>
      <p className="mt-1 text-sm text-slate-700" data-testid="preview-summary">
        {preview.confirmed} confirmed {preview.confirmed === 1 ? "booking" : "bookings"} (
        {peopleText(preview.people)}) get the email with their choices
        {preview.unpaid
          ? `; ${preview.unpaid} unfinished ${preview.unpaid === 1 ? "checkout ends" : "checkouts end"}`
          : ""}
        . The date closes for booking.
      </p>
      {preview.bookings.length ? (
        <ul className="mt-3 divide-y divide-amber-200/70 text-sm">
          {preview.bookings.map((b) => (
            <li key={b.reference} className="flex flex-wrap justify-between gap-x-3 py-1.5">
              <span>
                <span className="font-medium text-slate-900">{b.name}</span> · {b.reference}
              </span>
              <span className="text-slate-600">
                {b.adventure} · {peopleText(b.group_size)} · {formatMoney(b.total_cents, b.currency, true)}
                {b.status === "pending_payment" ? " · unpaid" : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="primary" busy={busy} onClick={onConfirm} className="w-full sm:w-auto">
          <CloudRain aria-hidden="true" className="h-4 w-4" /> Call off and email {preview.confirmed}
        </Button>
        <Button variant="ghost" onClick={onBack} className="w-full sm:w-auto">
          Change
        </Button>
      </div>
    </div>
  );
}

function CancellationCard({
  c,
  onRecord,
}: {
  c: WeatherCancellationItem;
  onRecord: (offer: Offer, choice: "move" | "credit" | "refund", date?: string) => void;
}) {
  const answered = c.offers.filter((o) => o.choice !== null).length;
  return (
    <Card
      title={`${formatDateAU(c.date, "full")} · ${c.adventure_title}`}
      description={`${answered} of ${c.offers.length} answered · without an answer by ${formatDateAU(sydneyDate(new Date(c.respond_by)))}: ${c.default_choice === "credit" ? "credit" : "full refund"}`}
      bodyClassName=""
    >
      <div data-testid="weather-cancellation" data-date={c.date}>
        {c.offers.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-500 sm:px-5">No confirmed bookings were on this date.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {c.offers.map((o) => (
              <OfferRow key={o.id} o={o} onRecord={onRecord} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function OfferRow({
  o,
  onRecord,
}: {
  o: Offer;
  onRecord: (offer: Offer, choice: "move" | "credit" | "refund", date?: string) => void;
}) {
  const [moveTo, setMoveTo] = useState("");
  const selectId = useId();
  const label = choiceLabel({
    choice: o.choice,
    movedToDate: o.moved_to_date ? formatDateAU(o.moved_to_date) : null,
    voucherCode: o.voucher_code_hint,
    closed: !o.open,
  });
  return (
    <li className="px-4 py-3 sm:px-5" data-testid="weather-offer" data-reference={o.reference}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-ocean-900">
            {o.name} <span className="font-normal text-slate-500">· {o.reference}</span>
          </p>
          <p className="text-sm text-slate-600">
            {o.adventure} · {peopleText(o.group_size)} · {formatMoney(o.total_cents, o.currency, true)}
          </p>
          <p className="text-sm text-slate-500">
            <a
              href={`tel:${o.phone.replace(/\s+/g, "")}`}
              className="inline-flex items-center gap-1 underline"
            >
              <Phone aria-hidden="true" className="h-3.5 w-3.5" />
              {o.phone}
            </a>
          </p>
        </div>
        <span data-testid="weather-choice" className="flex flex-col items-start gap-1 sm:items-end">
          <Badge tone={choiceTone(o)}>{label}</Badge>
          {o.choice === "refund" && o.refund_cents > 0 ? (
            <span className="text-xs text-slate-500">{formatMoney(o.refund_cents, o.currency, true)}</span>
          ) : null}
          {o.decided_by && o.decided_by !== "customer" ? (
            <span className="text-xs text-slate-500">
              {o.decided_by === "default" ? "default applied" : "recorded by you"}
            </span>
          ) : null}
        </span>
      </div>
      {o.open ? (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-medium text-reef-700">Record a phoned answer</summary>
          <div className="mt-2 space-y-3 rounded-xl bg-slate-50 p-3">
            {o.move_dates.length ? (
              <div className="flex flex-wrap items-end gap-2">
                <div className="min-w-0 flex-1">
                  <label htmlFor={selectId} className="field-label">
                    Move to
                  </label>
                  <select
                    id={selectId}
                    className="field"
                    value={moveTo}
                    onChange={(e) => setMoveTo(e.target.value)}
                  >
                    <option value="">Choose a date…</option>
                    {o.move_dates.map((d) => (
                      <option key={d.date} value={d.date}>
                        {d.display} ({d.spotsLeft} left)
                      </option>
                    ))}
                  </select>
                </div>
                <Button size="sm" disabled={!moveTo} onClick={() => onRecord(o, "move", moveTo)}>
                  Move
                </Button>
              </div>
            ) : (
              <p className="text-slate-600">No other open date has room for this group.</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => onRecord(o, "credit")}>
                Credit
              </Button>
              <Button size="sm" onClick={() => onRecord(o, "refund")}>
                Full refund
              </Button>
            </div>
          </div>
        </details>
      ) : null}
    </li>
  );
}
