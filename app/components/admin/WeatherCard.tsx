import { CloudRain } from "lucide-react";
import { Link } from "react-router";
import { adminGet, dataOr } from "../../lib/admin-data";
import { formatDateAU } from "../../lib/dates";
import type { FormResult } from "../../lib/form-result";
import { Badge } from "./ui/badge";
import { buttonClass } from "./ui/button";
import { Card } from "./ui/layout";

/** The answers so far on one date called off for weather (GET /api/admin/weather/counts). */
export interface WeatherCount {
  date: string;
  waiting: number;
  move: number;
  credit: number;
  refund: number;
}

/** The answers as one short line, e.g. "1 waiting · 1 moved · 1 credit · 1 refunded". */
export function weatherCountText(c: WeatherCount): string {
  const parts = [
    c.waiting ? `${c.waiting} waiting` : "",
    c.move ? `${c.move} moved` : "",
    c.credit ? `${c.credit} credit` : "",
    c.refund ? `${c.refund} refunded` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(" · ") : "No bookings";
}

/** For a clientLoader: the weather-cancelled dates of the last month on, of one adventure or all. */
export function loadWeatherCounts(adventureId?: string): Promise<FormResult<{ dates: WeatherCount[] }>> {
  const query = adventureId ? `?adventure=${encodeURIComponent(adventureId)}` : "";
  return adminGet<{ dates: WeatherCount[] }>(`/api/admin/weather/counts${query}`);
}

/** The dashboard's card: open answers and the choices so far, with a link to the weather screen. */
export function WeatherCard({ counts }: { counts: FormResult<{ dates: WeatherCount[] }> }) {
  const dates = dataOr(counts, { dates: [] }).dates;
  const total = dates.reduce(
    (sum, c) => ({
      waiting: sum.waiting + c.waiting,
      move: sum.move + c.move,
      credit: sum.credit + c.credit,
      refund: sum.refund + c.refund,
    }),
    { waiting: 0, move: 0, credit: 0, refund: 0 },
  );
  return (
    <Card
      title={
        <span className="inline-flex items-center gap-2">
          <CloudRain aria-hidden="true" className="h-4 w-4 text-ocean-700" /> Weather cancellations
        </span>
      }
      actions={
        <Link to="/admin/weather" className={buttonClass("secondary", "sm")}>
          Open
        </Link>
      }
    >
      <div data-testid="weather-card">
        {!counts.ok ? (
          <p className="text-sm text-slate-500">Not available right now.</p>
        ) : dates.length === 0 ? (
          <p className="text-sm text-slate-500">No departures called off in the last month.</p>
        ) : (
          <>
            <p className="flex flex-wrap gap-2 text-sm">
              <Badge tone={total.waiting ? "amber" : "green"}>{total.waiting} waiting for an answer</Badge>
              <Badge tone="blue">{total.move} moved</Badge>
              <Badge tone="teal">{total.credit} credit</Badge>
              <Badge tone="slate">{total.refund} refunded</Badge>
            </p>
            <ul className="mt-3 space-y-1 text-sm text-slate-600">
              {dates.slice(-3).map((c) => (
                <li key={c.date}>
                  <span className="font-medium text-slate-800">{formatDateAU(c.date)}</span>:{" "}
                  {weatherCountText(c)}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Card>
  );
}

/** Below the availability calendar: each date called off for weather with its answers so far. */
export function WeatherDays({ counts }: { counts: WeatherCount[] }) {
  if (counts.length === 0) return null;
  return (
    <div
      className="mt-3 rounded-xl border border-ocean-100 bg-ocean-50 px-3 py-2.5 text-sm"
      data-testid="calendar-weather"
    >
      <p className="flex flex-wrap items-center justify-between gap-2 font-semibold text-ocean-900">
        <span className="inline-flex items-center gap-1.5">
          <CloudRain aria-hidden="true" className="h-4 w-4" /> Called off for weather
        </span>
        <Link to="/admin/weather" className="text-sm font-medium text-reef-700 underline">
          Weather cancellations
        </Link>
      </p>
      <ul className="mt-1.5 space-y-1 text-slate-700">
        {counts.map((c) => (
          <li key={c.date} data-date={c.date}>
            <span className="font-medium">{formatDateAU(c.date)}</span>: {weatherCountText(c)}
          </li>
        ))}
      </ul>
    </div>
  );
}
