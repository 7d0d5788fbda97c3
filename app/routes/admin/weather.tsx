import { CloudRain, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { WeatherPreview } from "../../../server/domain/weather/call-off.server";
import type { WeatherOutcome } from "../../../server/domain/weather/choice.server";
import type { WeatherCancellationItem } from "../../../server/domain/weather/views.server";
import {
  Alert,
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
import { CancellationCard, type Offer } from "../../components/admin/weather/CancellationCard";
import { PreviewPanel } from "../../components/admin/weather/PreviewPanel";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import { formatDateAU, sydneyDate } from "../../lib/dates";
import { departureText } from "../../lib/departure";
import { formatMoney } from "../../lib/money";
import { parseDepartureKey } from "../../lib/reschedule";
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

  // A move names a departure by its key: the date, and its time where it has one.
  const record = async (offer: Offer, choice: "move" | "credit" | "refund", key?: string) => {
    const money = formatMoney(offer.total_cents, offer.currency, true);
    const to = key ? parseDepartureKey(key) : null;
    const what =
      choice === "move"
        ? `move ${offer.reference} to ${to ? departureText(to.date, to.startTime, "full") : "the new date"} (free of charge)`
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
      { choice, ...(to ? { date: to.date, ...(to.startTime ? { start_time: to.startTime } : {}) } : {}) },
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
