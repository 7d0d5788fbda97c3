import { zodResolver } from "@hookform/resolvers/zod";
import {
  CalendarDays,
  CalendarPlus,
  ChevronLeft,
  ChevronRight,
  CloudRain,
  CloudSun,
  Pencil,
  Trash2,
} from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigation, useSearchParams } from "react-router";
import {
  Alert,
  Badge,
  Button,
  Card,
  CheckboxField,
  ConfirmDialog,
  EmptyState,
  PageHeader,
  TextAreaField,
  TextField,
  useFlash,
} from "../../components/admin";
import type { AvailabilityEntry } from "../../components/admin/types";
import { byDate, isActive, type WaitlistEntry, WaitlistPanel } from "../../components/admin/WaitlistPanel";
import { loadWeatherCounts, WeatherDays } from "../../components/admin/WeatherCard";
import { adminAction, adminGet, dataOr, useAdminWrite } from "../../lib/admin-data";
import { availabilityCreateSchema, MAX_SPOTS, MIN_SPOTS } from "../../lib/admin-forms";
import { requestJson } from "../../lib/api";
import { addDays, formatDateAU, sydneyDate, weekday } from "../../lib/dates";
import { groupSizeRange, groupSizeText } from "../../lib/group-size";
import { formatDollars } from "../../lib/money";
import type { Route } from "./+types/calendar";

interface AdventureOption {
  id: string;
  title: string;
  short_description: string;
  base_price: number;
  duration: string;
  group_size_min: number;
  group_size_max: number;
}

const DELETE_TEXT = "Are you sure you want to delete this availability?";
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

function monthLabel(year: number, month: number): string {
  return new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month, 1)),
  );
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** Days of a month grid, Monday first, padded with the neighbouring months' days. */
function monthGrid(year: number, month: number): { date: string; inMonth: boolean }[] {
  const first = iso(year, month, 1);
  const lead = (weekday(first) + 6) % 7;
  const start = addDays(first, -lead);
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells = Math.ceil((lead + daysInMonth) / 7) * 7;
  const out: { date: string; inMonth: boolean }[] = [];
  for (let i = 0; i < cells; i++) {
    const date = addDays(start, i);
    out.push({ date, inMonth: date.slice(0, 7) === first.slice(0, 7) });
  }
  return out;
}

/** The Add Availability form: the create payload less the adventure, which is chosen above it. */
const formSchema = (today: string) => availabilityCreateSchema(today).omit({ adventure_id: true });

const emptyForm = () => ({
  date: "",
  available_spots: 6,
  price_override: "" as const,
  notes: "",
  is_available: true,
  weather_dependent: true,
});

/**
 * The adventure list is public (fetched without the token); the chosen
 * adventure's dates come from the admin API. Both failures are only logged:
 * the calendar names no load error.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const adventureId = new URL(request.url).searchParams.get("adventure") ?? "";
  const [adventures, dates, waitlist, weather] = await Promise.all([
    requestJson<AdventureOption[]>("GET", "/api/adventures-pro"),
    adventureId
      ? adminGet<{ dates: AvailabilityEntry[] }>(`/api/admin/availability/${encodeURIComponent(adventureId)}`)
      : null,
    adventureId
      ? adminGet<{ entries: WaitlistEntry[] }>(
          `/api/admin/waitlist?adventure_id=${encodeURIComponent(adventureId)}`,
        )
      : null,
    adventureId ? loadWeatherCounts(adventureId) : null,
  ]);
  if (!adventures.ok) console.error("Failed to load adventures", adventures.status, adventures.detail);
  if (dates && !dates.ok) console.error("Failed to load availability", dates.status, dates.detail);
  if (waitlist && !waitlist.ok)
    console.error("Failed to load the waitlist", waitlist.status, waitlist.detail);
  return {
    adventureId,
    adventures: adventures.ok ? adventures.data : [],
    dates: dates ? dataOr(dates, { dates: [] }).dates : [],
    waitlist: waitlist ? dataOr(waitlist, { entries: [] }).entries : [],
    weather: weather ? dataOr(weather, { dates: [] }).dates : [],
    // Sydney's date in this browser: what "today" and "before today" mean on the screen and in the form.
    today: sydneyDate(),
  };
}
export const clientAction = adminAction;

/** People still waiting (or holding an offer) per date. */
function waitlistByDate(entries: WaitlistEntry[]): Map<string, number> {
  return new Map([...byDate(entries)].map(([date, list]) => [date, list.filter(isActive).length]));
}

/** Availability calendar. */
export default function AdminCalendar({ loaderData }: Route.ComponentProps) {
  const { adventureId, adventures, dates, today, waitlist, weather } = loaderData;
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const write = useAdminWrite();
  const [cursor, setCursor] = useState(() => {
    const [y, m] = today.split("-").map(Number);
    return { year: y, month: m - 1 };
  });
  const resolver = useMemo(() => zodResolver(formSchema(today)), [today]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver, defaultValues: emptyForm() });
  const [toDelete, setToDelete] = useState<AvailabilityEntry | null>(null);
  const [toRemove, setToRemove] = useState<WaitlistEntry | null>(null);
  const { flash, show, clear } = useFlash();
  const selectId = useId();

  // While another adventure's dates load, the selector already shows the choice.
  const pendingAdventure =
    navigation.location?.pathname === "/admin/calendar"
      ? (new URLSearchParams(navigation.location.search).get("adventure") ?? "")
      : null;

  const byDate = useMemo(() => new Map(dates.map((d) => [d.date, d])), [dates]);
  const waitingOn = useMemo(() => waitlistByDate(waitlist), [waitlist]);
  const weatherOn = useMemo(() => new Map(weather.map((w) => [w.date, w])), [weather]);
  const upcoming = useMemo(() => dates.filter((d) => d.date >= today).slice(0, 10), [dates, today]);
  const grid = useMemo(() => monthGrid(cursor.year, cursor.month), [cursor]);
  const adventure = adventures.find((a) => a.id === adventureId);

  const choose = (id: string) => {
    const sp = new URLSearchParams(params);
    if (id) sp.set("adventure", id);
    else sp.delete("adventure");
    setParams(sp, { replace: true });
    clear();
  };

  const shiftMonth = (delta: number) =>
    setCursor(({ year, month }) => {
      const d = new Date(Date.UTC(year, month + delta, 1));
      return { year: d.getUTCFullYear(), month: d.getUTCMonth() };
    });
  const goToday = () => {
    const [y, m] = sydneyDate().split("-").map(Number);
    setCursor({ year: y, month: m - 1 });
  };

  const submit = handleSubmit(async (data) => {
    if (!adventureId) return;
    const res = await write<AvailabilityEntry>("POST", "/api/admin/availability", {
      adventure_id: adventureId,
      ...data,
    });
    if (res.ok) {
      show("success", `Availability added for ${formatDateAU(res.data.date)}.`);
      reset(emptyForm());
      return;
    }
    for (const [key, message] of Object.entries(res.errors)) {
      if (key in emptyForm())
        setError(key as keyof ReturnType<typeof emptyForm>, { type: "server", message });
    }
    // Spec: the create alert shows the server's detail, else the generic text.
    show(
      "error",
      res.network
        ? "Connection error"
        : res.status >= 500
          ? "Failed to create availability"
          : res.detail || "Failed to create availability",
    );
  });

  const editSpots = async (entry: AvailabilityEntry) => {
    const answer = window.prompt(
      `Available spots for ${formatDateAU(entry.date)} (${Math.max(MIN_SPOTS, entry.booked_spots)} to ${MAX_SPOTS}; ${entry.booked_spots} booked):`,
      String(entry.available_spots),
    );
    if (answer === null) return;
    const value = answer.trim();
    // Only a numeric value is accepted.
    if (!/^\d+$/.test(value)) {
      console.error("Available spots must be a number", { value });
      return;
    }
    const spots = Number(value);
    if (spots < Math.max(MIN_SPOTS, entry.booked_spots) || spots > MAX_SPOTS) {
      console.error("Available spots out of range", { spots, booked: entry.booked_spots });
      return;
    }
    const res = await write("PUT", `/api/admin/availability/${encodeURIComponent(entry.id)}`, {
      available_spots: spots,
    });
    // Spec: update failures are only logged.
    if (!res.ok) console.error("Failed to update availability", res.status, res.detail);
  };

  const confirmRemove = async () => {
    const entry = toRemove;
    setToRemove(null);
    if (!entry) return;
    const res = await write("DELETE", `/api/admin/waitlist/${encodeURIComponent(entry.id)}`);
    if (res.ok)
      show("success", `${entry.email} was removed from the waitlist for ${formatDateAU(entry.date)}.`);
    else show("error", res.network ? "Connection error" : res.detail || "Failed to remove from the waitlist");
  };

  const confirmDelete = async () => {
    const entry = toDelete;
    setToDelete(null);
    if (!entry) return;
    const res = await write("DELETE", `/api/admin/availability/${encodeURIComponent(entry.id)}`);
    // Spec: delete failures are only logged.
    if (!res.ok) console.error("Failed to delete availability", res.status, res.detail);
  };

  return (
    <>
      <PageHeader
        title="Availability Calendar"
        description="Publish the dates each adventure runs and how many spots are open. Changes show on the booking page straight away."
      />

      <div className="space-y-6">
        <Card>
          <label htmlFor={selectId} className="field-label">
            Adventure
          </label>
          <select
            id={selectId}
            className="field"
            value={pendingAdventure ?? adventureId}
            onChange={(e) => choose(e.target.value)}
          >
            <option value="">Select an adventure…</option>
            {adventures.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
          {adventure ? (
            <p className="mt-2 text-sm text-slate-500">
              {adventure.duration} · {groupSizeText(groupSizeRange(adventure))} · from{" "}
              {formatDollars(adventure.base_price)}
            </p>
          ) : null}
        </Card>

        {flash ? (
          <Alert tone={flash.tone} onDismiss={clear}>
            {flash.text}
          </Alert>
        ) : null}

        <div className="grid gap-6 xl:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <Card
            title="Add Availability"
            description={adventure ? adventure.title : "Choose an adventure first"}
          >
            <form onSubmit={submit} noValidate className="space-y-4">
              <TextField
                label="Date"
                type="date"
                required
                min={today}
                error={errors.date?.message}
                {...register("date")}
              />
              <div className="grid grid-cols-2 gap-3">
                <TextField
                  label="Available spots"
                  type="number"
                  required
                  min={MIN_SPOTS}
                  max={MAX_SPOTS}
                  step={1}
                  inputMode="numeric"
                  error={errors.available_spots?.message}
                  {...register("available_spots", { valueAsNumber: true })}
                />
                <TextField
                  label="Price override"
                  hint="AUD per person; empty = usual price"
                  type="number"
                  min={0}
                  step={0.01}
                  inputMode="decimal"
                  error={errors.price_override?.message}
                  {...register("price_override", {
                    // Empty means the usual price; anything else is a number for the schema to check.
                    setValueAs: (v: unknown) => (v === "" || v === null ? null : Number(v)),
                  })}
                />
              </div>
              <TextAreaField
                label="Notes"
                rows={2}
                error={errors.notes?.message}
                {...register("notes")}
                placeholder="e.g. Sunrise start, meet at 6:30 am"
              />
              <CheckboxField label="Available for booking" {...register("is_available")} />
              <CheckboxField
                label="Weather dependent"
                hint="May be moved or refunded if conditions are unsafe"
                {...register("weather_dependent")}
              />
              <Button
                type="submit"
                variant="primary"
                className="w-full"
                disabled={!adventureId}
                busy={isSubmitting}
              >
                <CalendarPlus aria-hidden="true" className="h-4 w-4" />
                Add Availability
              </Button>
            </form>
          </Card>

          <Card
            title={<span aria-live="polite">{monthLabel(cursor.year, cursor.month)}</span>}
            actions={
              <div className="flex items-center gap-1">
                <Button size="sm" variant="ghost" onClick={() => shiftMonth(-1)} aria-label="Previous month">
                  <ChevronLeft aria-hidden="true" className="h-4 w-4" />
                </Button>
                <Button size="sm" onClick={goToday}>
                  Today
                </Button>
                <Button size="sm" variant="ghost" onClick={() => shiftMonth(1)} aria-label="Next month">
                  <ChevronRight aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
            }
            bodyClassName="p-2 sm:p-4"
          >
            {!adventureId ? (
              <EmptyState icon={<CalendarDays className="h-6 w-6" />} title="Select an adventure">
                Its dates appear on this calendar.
              </EmptyState>
            ) : (
              <div>
                <table className="w-full table-fixed border-separate border-spacing-1">
                  <caption className="sr-only">
                    Availability in {monthLabel(cursor.year, cursor.month)}
                  </caption>
                  <thead>
                    <tr>
                      {WEEKDAYS.map((d) => (
                        <th
                          key={d}
                          scope="col"
                          className="py-1 text-center text-[11px] font-semibold tracking-wide text-slate-500 uppercase"
                        >
                          {d}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {Array.from({ length: grid.length / 7 }, (_, w) => (
                      <tr key={grid[w * 7].date}>
                        {grid.slice(w * 7, w * 7 + 7).map(({ date, inMonth }) => {
                          const entry = byDate.get(date);
                          const past = date < today;
                          const free = entry ? Math.max(0, entry.available_spots - entry.booked_spots) : 0;
                          return (
                            <td
                              key={date}
                              data-date={date}
                              aria-current={date === today ? "date" : undefined}
                              className={`h-14 rounded-lg border p-1 align-top sm:h-20 sm:p-1.5 ${
                                !inMonth ? "border-transparent opacity-40" : "border-slate-200"
                              } ${date === today ? "ring-2 ring-reef-500" : ""} ${
                                entry
                                  ? entry.is_available
                                    ? free > 0
                                      ? "bg-reef-50"
                                      : "bg-amber-50"
                                    : "bg-slate-100"
                                  : "bg-white"
                              } ${past ? "opacity-60" : ""}`}
                            >
                              <div className="flex h-full flex-col">
                                <span className="text-xs font-medium text-slate-700">
                                  <span className="sr-only">{formatDateAU(date, "full")}</span>
                                  <span aria-hidden="true">{Number(date.slice(8))}</span>
                                </span>
                                {entry ? (
                                  entry.is_available ? (
                                    <span
                                      data-testid="day-spots"
                                      className={`mt-auto text-[11px] leading-tight font-semibold sm:text-xs ${free > 0 ? "text-reef-700" : "text-amber-800"}`}
                                    >
                                      {free}/{entry.available_spots}
                                      <span className="sr-only sm:not-sr-only sm:font-normal"> free</span>
                                    </span>
                                  ) : weatherOn.has(date) ? (
                                    <span
                                      data-testid="day-weather"
                                      className="mt-auto inline-flex items-center gap-0.5 text-[9px] leading-tight font-semibold text-ocean-700 sm:text-xs"
                                    >
                                      <CloudRain aria-hidden="true" className="h-3 w-3 shrink-0" />
                                      <span className="sr-only sm:not-sr-only">Weather</span>
                                    </span>
                                  ) : (
                                    <span className="mt-auto text-[9px] leading-tight font-medium break-all text-slate-500 sm:text-xs sm:break-normal">
                                      Unavailable
                                    </span>
                                  )
                                ) : null}
                              </div>
                            </td>
                          );
                        })}
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 px-1 text-xs text-slate-500">
                  <span className="inline-flex items-center gap-1.5">
                    <span aria-hidden="true" className="h-3 w-3 rounded bg-reef-50 ring-1 ring-reef-500/40" />{" "}
                    free/total spots
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <span
                      aria-hidden="true"
                      className="h-3 w-3 rounded bg-amber-50 ring-1 ring-amber-500/40"
                    />{" "}
                    Full
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <span
                      aria-hidden="true"
                      className="h-3 w-3 rounded bg-slate-100 ring-1 ring-slate-400/40"
                    />{" "}
                    Unavailable
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <CloudRain aria-hidden="true" className="h-3 w-3 text-ocean-700" /> Called off for weather
                  </span>
                </p>
                <WeatherDays counts={weather} />
              </div>
            )}
          </Card>
        </div>

        <Card title="Upcoming Availability" description="The next 10 dates from today" bodyClassName="">
          {!adventureId ? (
            <EmptyState title="Select an adventure to see its dates" />
          ) : upcoming.length === 0 ? (
            <EmptyState icon={<CalendarDays className="h-6 w-6" />} title="No upcoming dates">
              Add a date above to open it for booking.
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Upcoming availability">
              {upcoming.map((d) => {
                const free = Math.max(0, d.available_spots - d.booked_spots);
                return (
                  <li
                    key={d.id}
                    data-testid="upcoming-item"
                    data-date={d.date}
                    className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-5"
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-ocean-900">{formatDateAU(d.date, "full")}</p>
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                        {d.is_available ? (
                          <Badge tone={free > 0 ? "teal" : "amber"}>
                            <span data-testid="spots">
                              {free}/{d.available_spots}
                            </span>
                            &nbsp;spots free
                          </Badge>
                        ) : weatherOn.has(d.date) ? (
                          <Badge tone="blue">Called off for weather</Badge>
                        ) : (
                          <Badge tone="slate">Unavailable</Badge>
                        )}
                        {d.booked_spots > 0 ? (
                          <span className="text-slate-500">{d.booked_spots} booked</span>
                        ) : null}
                        {waitingOn.get(d.date) ? (
                          <Badge tone="amber">{waitingOn.get(d.date)} on the waitlist</Badge>
                        ) : null}
                        {d.price_override !== null ? (
                          <span className="text-slate-600">{formatDollars(d.price_override)} pp</span>
                        ) : null}
                        {d.weather_dependent ? (
                          <span className="inline-flex items-center gap-1 text-slate-500">
                            <CloudSun aria-hidden="true" className="h-3.5 w-3.5" /> Weather dependent
                          </span>
                        ) : null}
                      </div>
                      {d.notes ? <p className="mt-1 text-sm text-slate-500">{d.notes}</p> : null}
                    </div>
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        onClick={() => editSpots(d)}
                        aria-label={`Edit spots for ${formatDateAU(d.date)}`}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                        Edit spots
                      </Button>
                      <Button
                        size="sm"
                        variant="danger"
                        onClick={() => setToDelete(d)}
                        aria-label={`Delete ${formatDateAU(d.date)}`}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                        Delete
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Card>

        {adventureId ? <WaitlistPanel entries={waitlist} onRemove={setToRemove} /> : null}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        title="Delete availability"
        message={DELETE_TEXT}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? (
          <p className="text-slate-600">
            {formatDateAU(toDelete.date, "full")}
            {toDelete.booked_spots > 0
              ? ` has ${toDelete.booked_spots} booked spots and cannot be deleted.`
              : ""}
          </p>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={toRemove !== null}
        title="Remove from the waitlist"
        message={
          toRemove
            ? `Remove ${toRemove.email} from the waitlist for ${formatDateAU(toRemove.date, "full")}?`
            : ""
        }
        confirmLabel="Remove"
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      >
        {toRemove?.status === "offered" ? (
          <p className="text-slate-600">
            Their offer link stops working, and the spots go to the next people waiting.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
