/**
 * Calendar-date helpers. Trip dates are plain 'YYYY-MM-DD' strings; "today"
 * is always the Sydney calendar day, whatever the server's time zone.
 */
export const BUSINESS_TZ = "Australia/Sydney";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/**
 * A formatter made on first use and kept: building one costs far more than
 * using it, and building all of them when this module loads took a phone's
 * first script run tens of milliseconds (every page imports this module,
 * most use one formatter or none).
 */
function formatter(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, options);
    return made;
  };
}

// en-CA formats as YYYY-MM-DD.
const sydneyDay = formatter("en-CA", {
  timeZone: BUSINESS_TZ,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date in Sydney at the given instant. */
export function sydneyDate(at: Date = new Date()): string {
  return sydneyDay().format(at);
}

const sydneyWall = formatter("en-GB", {
  timeZone: BUSINESS_TZ,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** The Sydney wall clock at an instant, as if it were UTC (milliseconds). */
function sydneyWallMs(at: Date): number {
  const p = Object.fromEntries(
    sydneyWall()
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute);
}

/**
 * The instant of a Sydney wall-clock time: `minutes` after midnight on the
 * calendar date (daylight saving included; a time the clocks skip lands an
 * hour later, as the clocks read it).
 */
export function sydneyInstant(isoDate: string, minutes = 0): Date {
  const [y, m, d] = isoDate.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // Sydney is 10 or 11 hours ahead of UTC: start from one, correct twice for the other.
  let t = wall - 10 * 3_600_000;
  for (let i = 0; i < 2; i++) t += wall - sydneyWallMs(new Date(t));
  return new Date(t);
}

export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  const toUtc = (s: string) => {
    const [y, m, d] = s.split("-").map(Number);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(isoDate: string): number {
  const [y, m, d] = isoDate.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The first `limit` Saturdays and Sundays in the `horizon` days starting at `from`. */
export function weekendDates(from: string, horizon = 90, limit = 20): string[] {
  const out: string[] = [];
  for (let i = 0; i < horizon && out.length < limit; i++) {
    const day = addDays(from, i);
    const wd = weekday(day);
    if (wd === 0 || wd === 6) out.push(day);
  }
  return out;
}

const AU_DATE_STYLES = {
  short: formatter("en-AU", {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }),
  long: formatter("en-AU", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }),
  full: formatter("en-AU", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }),
};

/** en-AU display, e.g. "Sat, 28 Nov 2026" (long) or "28/11/2026" (short). */
export function formatDateAU(isoDate: string, style: "short" | "long" | "full" = "long"): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return AU_DATE_STYLES[style]().format(new Date(Date.UTC(y, m - 1, d)));
}

/** en-AU date and time in Sydney, e.g. "28 Nov 2026, 3:05 pm". */
export function formatDateTimeAU(iso: string | Date | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: BUSINESS_TZ,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(d);
}
