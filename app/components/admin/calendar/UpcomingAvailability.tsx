import { CalendarDays, CloudSun, Lock, LockOpen, Pencil, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { departureText } from "../../../lib/departure";
import { formatDollars } from "../../../lib/money";
import { CrewSummary } from "../trips/CrewSummary";
import type { AvailabilityEntry } from "../types";
import { Badge, Button, Card, EmptyState } from "../ui";
import type { WeatherCount } from "../WeatherCard";

/**
 * The next 10 dates from today, each with its spots, waitlist, price, any
 * crew it is short of, and the buttons that change it.
 */
export function UpcomingAvailability({
  adventureId,
  dates,
  today,
  waitingOn,
  weatherOn,
  onEditSpots,
  onClose,
  onReopen,
  onDelete,
}: {
  adventureId: string;
  dates: AvailabilityEntry[];
  today: string;
  /** People still waiting (or holding an offer) per date. */
  waitingOn: Map<string, number>;
  /** The dates called off for weather. */
  weatherOn: Map<string, WeatherCount>;
  onEditSpots: (entry: AvailabilityEntry) => void;
  onClose: (entry: AvailabilityEntry) => void;
  onReopen: (entry: AvailabilityEntry) => void;
  onDelete: (entry: AvailabilityEntry) => void;
}) {
  const upcoming = useMemo(() => dates.filter((d) => d.date >= today).slice(0, 10), [dates, today]);
  return (
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
            // The date, and the departure's time where it has one.
            const named = departureText(d.date, d.start_time ?? "");
            return (
              <li
                key={d.id}
                data-testid="upcoming-item"
                data-date={d.date}
                data-start-time={d.start_time}
                className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-5"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ocean-900">
                    {departureText(d.date, d.start_time ?? "", "full")}
                  </p>
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
                  {/* Crew are assigned on Trips; the calendar only says a departure is short. */}
                  {d.crew_short ? <CrewSummary crew={[]} short={d.crew_short} /> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {weatherOn.has(d.date) ? null : d.is_available ? (
                    <Button size="sm" onClick={() => onClose(d)} aria-label={`Close ${named}`}>
                      <Lock aria-hidden="true" className="h-4 w-4" />
                      Close
                    </Button>
                  ) : (
                    <Button size="sm" onClick={() => onReopen(d)} aria-label={`Reopen ${named}`}>
                      <LockOpen aria-hidden="true" className="h-4 w-4" />
                      Reopen
                    </Button>
                  )}
                  <Button size="sm" onClick={() => onEditSpots(d)} aria-label={`Edit spots for ${named}`}>
                    <Pencil aria-hidden="true" className="h-4 w-4" />
                    Edit spots
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => onDelete(d)}
                    aria-label={`Delete ${named}`}
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
  );
}
