import { Repeat } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { Alert, buttonClass, Card, ConfirmDialog, PageHeader, useFlash } from "../../components/admin";
import { AddAvailabilityForm } from "../../components/admin/calendar/AddAvailabilityForm";
import { CloseDialog, SpotsDialog } from "../../components/admin/calendar/DateDialogs";
import { MonthCalendar } from "../../components/admin/calendar/MonthCalendar";
import { UpcomingAvailability } from "../../components/admin/calendar/UpcomingAvailability";
import type { AvailabilityEntry } from "../../components/admin/types";
import { byDate, isActive, type WaitlistEntry, WaitlistPanel } from "../../components/admin/WaitlistPanel";
import { loadWeatherCounts } from "../../components/admin/WeatherCard";
import { adminAction, adminGet, dataOr, useAdminWrite } from "../../lib/admin-data";
import { requestJson } from "../../lib/api";
import { formatDateAU, sydneyDate } from "../../lib/dates";
import { departureText } from "../../lib/departure";
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
  const [toDelete, setToDelete] = useState<AvailabilityEntry | null>(null);
  const [toEdit, setToEdit] = useState<AvailabilityEntry | null>(null);
  const [toClose, setToClose] = useState<AvailabilityEntry | null>(null);
  const [toRemove, setToRemove] = useState<WaitlistEntry | null>(null);
  const { flash, show, clear } = useFlash();
  const selectId = useId();

  // While another adventure's dates load, the selector already shows the choice.
  const pendingAdventure =
    navigation.location?.pathname === "/admin/calendar"
      ? (new URLSearchParams(navigation.location.search).get("adventure") ?? "")
      : null;

  const waitingOn = useMemo(() => waitlistByDate(waitlist), [waitlist]);
  const weatherOn = useMemo(() => new Map(weather.map((w) => [w.date, w])), [weather]);
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

  const saveDate = (entry: AvailabilityEntry | null) => (body: Record<string, unknown>) =>
    write("PUT", `/api/admin/availability/${encodeURIComponent(entry?.id ?? "")}`, body);

  const reopen = async (entry: AvailabilityEntry) => {
    const res = await saveDate(entry)({ is_available: true });
    if (res.ok)
      show("success", `${departureText(entry.date, entry.start_time ?? "")} is open for booking again.`);
    else show("error", res.network ? "Connection error" : res.detail || "Failed to reopen the date");
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
    // The spec only logged a failed delete; the operator is told why (e.g. the date has bookings).
    if (!res.ok)
      show("error", res.network ? "Connection error" : res.detail || "Failed to delete availability");
  };

  return (
    <>
      <PageHeader
        title="Availability Calendar"
        description="Publish the dates each adventure runs and how many spots are open. Changes show on the booking page straight away."
        actions={
          // A season of dates at once: the recurring schedules, for the adventure chosen here.
          <Link
            to={
              adventureId
                ? `/admin/schedules?adventure=${encodeURIComponent(adventureId)}`
                : "/admin/schedules"
            }
            className={buttonClass("secondary")}
          >
            <Repeat aria-hidden="true" className="h-4 w-4" />
            Schedules
          </Link>
        }
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
          <AddAvailabilityForm
            adventureId={adventureId}
            adventureTitle={adventure?.title}
            today={today}
            write={write}
            show={show}
          />
          <MonthCalendar
            cursor={cursor}
            onShift={shiftMonth}
            onToday={goToday}
            adventureId={adventureId}
            dates={dates}
            weather={weather}
            weatherOn={weatherOn}
            today={today}
          />
        </div>

        <UpcomingAvailability
          adventureId={adventureId}
          dates={dates}
          today={today}
          waitingOn={waitingOn}
          weatherOn={weatherOn}
          onEditSpots={setToEdit}
          onClose={setToClose}
          onReopen={reopen}
          onDelete={setToDelete}
        />

        {adventureId ? <WaitlistPanel entries={waitlist} onRemove={setToRemove} /> : null}
      </div>

      <SpotsDialog entry={toEdit} onSave={saveDate(toEdit)} onDone={() => setToEdit(null)} />
      <CloseDialog entry={toClose} onSave={saveDate(toClose)} onDone={() => setToClose(null)} />

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
            {departureText(toDelete.date, toDelete.start_time ?? "", "full")}
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
