import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { Alert, buttonClass, EmptyState, PageHeader, Tabs, tabPanelProps } from "../../components/admin";
import type { CrewCandidate } from "../../components/admin/trips/CrewEditor";
import { DepartureCard, type TripDeparture } from "../../components/admin/trips/DepartureCard";
import { type UpcomingCrewTrip, YourTrips } from "../../components/admin/trips/YourTrips";
import { adminAction, adminGet, failureText } from "../../lib/admin-data";
import { addDays, formatDateAU, isIsoDate, sydneyDate } from "../../lib/dates";
import { can, type StaffRole } from "../../lib/staff-access";
import type { Route } from "./+types/trips";

type View = "day" | "week";
const VIEWS: readonly { id: View; label: string }[] = [
  { id: "day", label: "Day" },
  { id: "week", label: "Week" },
];

function viewOf(params: URLSearchParams): { date: string; view: View } {
  const date = params.get("date") ?? "";
  return {
    date: isIsoDate(date) ? date : sydneyDate(),
    view: params.get("view") === "week" ? "week" : "day",
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { date, view } = viewOf(new URL(request.url).searchParams);
  const trips = await adminGet<{
    days: { date: string; departures: TripDeparture[] }[];
    yours: UpcomingCrewTrip[];
    candidates: CrewCandidate[];
  }>(`/api/admin/trips?from=${date}&days=${view === "week" ? 7 : 1}`);
  return { trips, date, view, today: sydneyDate() };
}
export const clientAction = adminAction;

/** Every trip of a day or a week across all adventures: spots, people, readiness and weather. */
export default function AdminTrips({ loaderData }: Route.ComponentProps) {
  const { trips, date, view, today } = loaderData;
  const [, setParams] = useSearchParams();
  const step = view === "week" ? 7 : 1;
  const go = (next: { date?: string; view?: View }) =>
    setParams({ date: next.date ?? date, view: next.view ?? view }, { preventScrollReset: true });
  const days = trips.ok ? trips.data.days : [];
  const yours = trips.ok ? trips.data.yours : [];
  const layout = useRouteLoaderData("routes/admin/layout") as { me?: { role?: StaffRole } } | undefined;
  // The crew controls, for those who may change the crew (owner and manager).
  const role = layout?.me?.role ?? "owner";
  const candidates = trips.ok && can(role, "operations") ? trips.data.candidates : undefined;
  const failed = failureText(trips, "Failed to load the trips");
  const title =
    view === "week"
      ? `${formatDateAU(date)} to ${formatDateAU(addDays(date, 6))}`
      : formatDateAU(date, "full");

  return (
    <>
      <PageHeader
        title="Trips"
        description="Every departure across the adventures: who is booked, who is ready, and what runs."
        actions={
          can(role, "bookings.write") ? (
            <Link to="/admin/bookings/new" className={buttonClass("primary")}>
              New booking
            </Link>
          ) : undefined
        }
      />
      <YourTrips trips={yours} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Tabs
          tabs={VIEWS}
          value={view}
          onChange={(v) => go({ view: v })}
          label="View"
          idPrefix="trips-view"
        />
        <div className="flex items-center gap-1.5">
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => go({ date: addDays(date, -step) })}
            aria-label={view === "week" ? "Previous week" : "Previous day"}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => go({ date: today })}
            disabled={date === today}
          >
            Today
          </button>
          <button
            type="button"
            className={buttonClass("secondary", "sm")}
            onClick={() => go({ date: addDays(date, step) })}
            aria-label={view === "week" ? "Next week" : "Next day"}
          >
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      </div>
      <div {...tabPanelProps("trips-view", view)} className="focus:outline-none">
        <h2 className="mb-3 font-display text-xl font-semibold text-ocean-900" aria-live="polite">
          {title}
        </h2>
        {failed ? <Alert tone="error">{failed}</Alert> : null}
        {view === "day" ? (
          days[0]?.departures.length ? (
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {days[0].departures.map((d) => (
                <DepartureCard key={d.availability_id} d={d} date={date} candidates={candidates} />
              ))}
            </ul>
          ) : trips.ok ? (
            role === "crew" ? (
              <EmptyState title="None of your trips on this day">
                Your trips are listed above; the owner or a manager assigns the crew.
              </EmptyState>
            ) : (
              <EmptyState title="No departures on this day">
                Add dates in the availability calendar.
              </EmptyState>
            )
          ) : null
        ) : (
          <ol className="grid gap-4 lg:grid-cols-7 lg:gap-2">
            {days.map((day) => (
              <li key={day.date} className="min-w-0">
                <h3
                  className={`mb-2 text-sm font-semibold ${day.date === today ? "text-reef-700" : "text-slate-700"}`}
                >
                  <button
                    type="button"
                    className="hover:underline"
                    onClick={() => go({ date: day.date, view: "day" })}
                  >
                    {formatDateAU(day.date)}
                  </button>
                </h3>
                {day.departures.length ? (
                  <ul className="grid gap-2">
                    {day.departures.map((d) => (
                      <DepartureCard key={d.availability_id} d={d} date={day.date} candidates={candidates} />
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-slate-500">No departures</p>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
