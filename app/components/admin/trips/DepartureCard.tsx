import { CloudRain, Lock } from "lucide-react";
import { Link } from "react-router";
import type { TripDeparture } from "../../../../server/domain/console/trips.server";
import { startTimeText } from "../../../lib/departure";
import { Badge } from "../ui/badge";
import { type CrewCandidate, CrewEditor } from "./CrewEditor";
import { CrewSummary } from "./CrewSummary";

/** One departure as GET /api/admin/trips gives it (a type-only import: no server code in the browser). */
export type { TripDeparture };

/**
 * A departure at a glance: spots, people, readiness, its crew and whether it is short of
 * staff, and whether it runs; its manifest one tap away. `candidates` (owner and manager)
 * adds the crew controls.
 */
export function DepartureCard({
  d,
  date,
  candidates,
}: {
  d: TripDeparture;
  date: string;
  candidates?: readonly CrewCandidate[];
}) {
  const time = d.start_time ? startTimeText(d.start_time) : "";
  const share = d.available_spots ? Math.min(100, (100 * d.booked_spots) / d.available_spots) : 0;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <Link
          to={`/admin/manifest?date=${date}`}
          className="min-w-0 font-semibold text-ocean-900 hover:underline"
          aria-label={`${d.adventure_title}${time ? `, ${time}` : ""}: manifest`}
        >
          {time ? (
            <span data-testid="departure-time" className="block text-xs font-semibold text-reef-700">
              {time}
            </span>
          ) : null}
          {d.adventure_title}
        </Link>
        {d.called_off ? (
          <Badge tone="red">
            <CloudRain aria-hidden="true" className="h-3.5 w-3.5" /> Called off
          </Badge>
        ) : !d.is_available ? (
          <Badge tone="slate">
            <Lock aria-hidden="true" className="h-3.5 w-3.5" /> Closed
          </Badge>
        ) : null}
      </div>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-full rounded-full bg-reef-500" style={{ width: `${share}%` }} />
      </div>
      <p className="mt-1.5 text-sm text-slate-600">
        {d.booked_spots} of {d.available_spots} booked · {d.free_spots} free
      </p>
      {d.bookings ? (
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
          <span>
            {d.people} {d.people === 1 ? "person" : "people"} in {d.bookings}{" "}
            {d.bookings === 1 ? "booking" : "bookings"}
          </span>
          <span className={d.not_ready ? "font-medium text-coral-700" : "text-reef-700"}>
            {d.not_ready ? `${d.not_ready} not ready` : "all ready"}
          </span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-500">No bookings yet</p>
      )}
      <CrewSummary crew={d.crew} short={d.crew_short} />
      {candidates ? <CrewEditor d={d} candidates={candidates} /> : null}
    </li>
  );
}
