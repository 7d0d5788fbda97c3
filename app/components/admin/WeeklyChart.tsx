import type { WeekPoint } from "../../../server/domain/console/dashboard.server";
import { DEFAULT_CURRENCY } from "../../lib/currency";
import { formatDateAU } from "../../lib/dates";
import { formatWholeDollars } from "../../lib/money";

const W = 640;
const H = 220;
const PAD = { top: 16, right: 12, bottom: 34, left: 12 };

function shortDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/**
 * Bookings (bars) and revenue (bars, second series) per week as an inline
 * SVG, with the same figures in a table for screen readers.
 */
export function WeeklyChart({ data, currency = DEFAULT_CURRENCY }: { data: WeekPoint[]; currency?: string }) {
  const maxB = Math.max(1, ...data.map((d) => d.bookings));
  const maxR = Math.max(1, ...data.map((d) => d.revenue));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, data.length);
  const bar = Math.max(4, Math.min(18, slot / 2 - 4));
  const totalB = data.reduce((s, d) => s + d.bookings, 0);
  const totalR = data.reduce((s, d) => s + d.revenue, 0);
  const summary = `${totalB} booking${totalB === 1 ? "" : "s"} and ${formatWholeDollars(totalR, currency)} revenue over the last ${data.length} weeks.`;

  return (
    <figure>
      <div className="mb-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-ocean-700" /> Bookings
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="h-2.5 w-2.5 rounded-sm bg-reef-500" /> Revenue
        </span>
        <span className="ml-auto">{summary}</span>
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Bookings and revenue per week. ${summary}`}
        className="h-auto w-full"
      >
        {[0.25, 0.5, 0.75, 1].map((f) => (
          <line
            key={f}
            x1={PAD.left}
            x2={W - PAD.right}
            y1={PAD.top + innerH * (1 - f)}
            y2={PAD.top + innerH * (1 - f)}
            stroke="#e2e8f0"
            strokeDasharray="3 4"
          />
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH} y2={PAD.top + innerH} stroke="#cbd5e1" />
        {data.map((d, i) => {
          const x = PAD.left + slot * i + slot / 2;
          const hb = (d.bookings / maxB) * innerH;
          const hr = (d.revenue / maxR) * innerH;
          return (
            <g key={d.week_start}>
              <rect
                x={x - bar - 1}
                y={PAD.top + innerH - hb}
                width={bar}
                height={Math.max(hb, d.bookings ? 2 : 0)}
                rx={3}
                fill="#134074"
              >
                <title>{`Week of ${formatDateAU(d.week_start)}: ${d.bookings} bookings`}</title>
              </rect>
              <rect
                x={x + 1}
                y={PAD.top + innerH - hr}
                width={bar}
                height={Math.max(hr, d.revenue ? 2 : 0)}
                rx={3}
                fill="#13a3a3"
              >
                <title>{`Week of ${formatDateAU(d.week_start)}: ${formatWholeDollars(d.revenue, currency)}`}</title>
              </rect>
              {i % 2 === data.length % 2 ? (
                <text x={x} y={H - 12} textAnchor="middle" fontSize="11" fill="#64748b">
                  {shortDate(d.week_start)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="sr-only">
        <table>
          <caption>Bookings and revenue per week</caption>
          <thead>
            <tr>
              <th scope="col">Week starting</th>
              <th scope="col">Bookings</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.week_start}>
                <th scope="row">{formatDateAU(d.week_start)}</th>
                <td>{d.bookings}</td>
                <td>{formatWholeDollars(d.revenue, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
