import { CalendarDays, ChevronLeft, ChevronRight, CloudRain, TriangleAlert } from "lucide-react";
import { useMemo } from "react";
import { formatDateAU } from "../../../lib/dates";
import type { AvailabilityEntry } from "../types";
import { Button, Card, EmptyState } from "../ui";
import { type WeatherCount, WeatherDays } from "../WeatherCard";
import { monthGrid, monthLabel, WEEKDAYS } from "./month";

export interface MonthCursor {
  year: number;
  month: number;
}

/**
 * A day's cell: its one departure, or its departures together (open when any
 * is; the open ones' free and total spots, or all of them when none is open).
 */
function dayOf(list: AvailabilityEntry[]) {
  const open = list.filter((d) => d.is_available);
  const counted = open.length ? open : list;
  const sum = (f: (d: AvailabilityEntry) => number) => counted.reduce((n, d) => n + f(d), 0);
  return {
    is_available: open.length > 0,
    available_spots: sum((d) => d.available_spots),
    booked_spots: sum((d) => d.booked_spots),
    departures: list.length,
    /** A departure of the day is short of the crew its adventure needs (app/lib/crew.ts). */
    short: list.some((d) => d.crew_short),
  };
}

/** One month of an adventure's dates: free/total spots per day, full, unavailable or called off for weather. */
export function MonthCalendar({
  cursor,
  onShift,
  onToday,
  adventureId,
  dates,
  weather,
  weatherOn,
  today,
}: {
  cursor: MonthCursor;
  onShift: (delta: number) => void;
  onToday: () => void;
  adventureId: string;
  dates: AvailabilityEntry[];
  weather: WeatherCount[];
  /** The dates called off for weather. */
  weatherOn: Map<string, WeatherCount>;
  today: string;
}) {
  const byDate = useMemo(() => {
    const onDate = new Map<string, AvailabilityEntry[]>();
    for (const d of dates) onDate.set(d.date, [...(onDate.get(d.date) ?? []), d]);
    return new Map([...onDate].map(([date, list]) => [date, dayOf(list)]));
  }, [dates]);
  const grid = useMemo(() => monthGrid(cursor.year, cursor.month), [cursor]);
  // The legend names the mark only where some date carries it: no crew needs, no mark.
  const anyShort = useMemo(() => dates.some((d) => d.crew_short), [dates]);
  return (
    <Card
      title={<span aria-live="polite">{monthLabel(cursor.year, cursor.month)}</span>}
      actions={
        <div className="flex items-center gap-1">
          <Button size="sm" variant="ghost" onClick={() => onShift(-1)} aria-label="Previous month">
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </Button>
          <Button size="sm" onClick={onToday}>
            Today
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onShift(1)} aria-label="Next month">
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
            <caption className="sr-only">Availability in {monthLabel(cursor.year, cursor.month)}</caption>
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
                          <span className="flex items-center justify-between text-xs font-medium text-slate-700">
                            <span>
                              <span className="sr-only">{formatDateAU(date, "full")}</span>
                              <span aria-hidden="true">{Number(date.slice(8))}</span>
                            </span>
                            {entry?.short ? (
                              <span data-testid="day-short" title="Short of staff" className="text-amber-700">
                                <TriangleAlert aria-hidden="true" className="h-3 w-3" />
                                <span className="sr-only">Short of staff</span>
                              </span>
                            ) : null}
                          </span>
                          {entry ? (
                            entry.is_available ? (
                              <span
                                data-testid="day-spots"
                                className={`mt-auto text-[11px] leading-tight font-semibold sm:text-xs ${free > 0 ? "text-reef-700" : "text-amber-800"}`}
                              >
                                {free}/{entry.available_spots}
                                <span className="sr-only sm:not-sr-only sm:font-normal"> free</span>
                                {entry.departures > 1 ? (
                                  <span className="sr-only"> over {entry.departures} departures</span>
                                ) : null}
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
              <span aria-hidden="true" className="h-3 w-3 rounded bg-amber-50 ring-1 ring-amber-500/40" />{" "}
              Full
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="h-3 w-3 rounded bg-slate-100 ring-1 ring-slate-400/40" />{" "}
              Unavailable
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CloudRain aria-hidden="true" className="h-3 w-3 text-ocean-700" /> Called off for weather
            </span>
            {anyShort ? (
              <span className="inline-flex items-center gap-1.5">
                <TriangleAlert aria-hidden="true" className="h-3 w-3 text-amber-700" /> Short of staff
              </span>
            ) : null}
          </p>
          <WeatherDays counts={weather} />
        </div>
      )}
    </Card>
  );
}
