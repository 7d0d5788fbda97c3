/** The month grid of the availability calendar: Monday first, dates as ISO strings (YYYY-MM-DD). */
import { addDays, weekday } from "../../../lib/dates";

export const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function monthLabel(year: number, month: number): string {
  return new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, month, 1)),
  );
}

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** Days of a month grid, Monday first, padded with the neighbouring months' days. */
export function monthGrid(year: number, month: number): { date: string; inMonth: boolean }[] {
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
