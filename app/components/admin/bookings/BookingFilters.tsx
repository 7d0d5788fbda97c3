import { Search } from "lucide-react";
import { useState } from "react";
import { BOOKING_STATUS_LABELS } from "../status";
import { Button, Card } from "../ui";

const STATUS_OPTIONS = ["pending_payment", "confirmed", "completed", "cancelled"] as const;

/**
 * The list's search and filters. Each choice goes to the URL through `update`
 * (empty values drop the parameter), and a new filter starts again at page 1.
 */
export function BookingFilters({
  q,
  status,
  readiness,
  update,
}: {
  q: string;
  status: string;
  readiness: string;
  update: (next: Record<string, string>) => void;
}) {
  const [search, setSearch] = useState(q);
  // The search box follows the URL when it changes from outside the form (back, a link):
  // adjusted while rendering, so the box never shows the previous search for a frame.
  const [searchOf, setSearchOf] = useState(q);
  if (searchOf !== q) {
    setSearchOf(q);
    setSearch(q);
  }

  return (
    <Card bodyClassName="p-3 sm:p-4">
      <search>
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: search.trim(), page: "" });
          }}
        >
          <div className="flex-1">
            <label htmlFor="booking-search" className="field-label">
              Search
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
              />
              <input
                id="booking-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Name, email or reference"
                className="field pl-9"
              />
            </div>
          </div>
          <div className="sm:w-52">
            <label htmlFor="booking-status" className="field-label">
              Status
            </label>
            <select
              id="booking-status"
              className="field"
              value={status}
              onChange={(e) => update({ status: e.target.value, page: "" })}
            >
              <option value="">All statuses</option>
              {STATUS_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {BOOKING_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:w-56">
            <label htmlFor="booking-readiness" className="field-label">
              Readiness
            </label>
            <select
              id="booking-readiness"
              className="field"
              value={readiness}
              onChange={(e) => update({ readiness: e.target.value, page: "" })}
            >
              <option value="">All bookings</option>
              <option value="not_ready">Upcoming, not ready</option>
            </select>
          </div>
          <Button type="submit" variant="dark">
            Search
          </Button>
        </form>
      </search>
    </Card>
  );
}
