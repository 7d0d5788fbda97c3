import { Link } from "react-router";
import type { UpcomingCrewTrip } from "../../../../server/domain/dive-ops/crew.server";
import { CREW_ROLE_LABELS } from "../../../lib/crew";
import { formatDateAU } from "../../../lib/dates";
import { startTimeText } from "../../../lib/departure";

export type { UpcomingCrewTrip };

/** The signed-in person's own upcoming departures, first on Trips: each opens its manifest. */
export function YourTrips({ trips }: { trips: readonly UpcomingCrewTrip[] }) {
  if (trips.length === 0) return null;
  return (
    <section
      aria-labelledby="your-trips"
      className="mb-5 rounded-xl border border-reef-200 bg-reef-50/60 p-3"
    >
      <h2 id="your-trips" className="mb-2 font-display text-lg font-semibold text-ocean-900">
        Your trips
      </h2>
      <ul className="grid gap-1.5">
        {trips.map((t) => (
          <li key={t.availability_id}>
            <Link
              to={`/admin/manifest?date=${t.date}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-lg bg-white px-3 py-2 shadow-sm ring-1 ring-slate-200 hover:ring-reef-400"
            >
              <span className="font-medium text-ocean-900">
                {formatDateAU(t.date)}
                {t.start_time ? `, ${startTimeText(t.start_time)}` : ""} · {t.adventure_title}
              </span>
              <span className="text-sm text-slate-600">{CREW_ROLE_LABELS[t.role]}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
