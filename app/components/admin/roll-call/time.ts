import { BUSINESS_TZ } from "../../../lib/dates";

/** "8:12 am" in Sydney: when a diver went in or the dive ended. */
export function formatTimeSydney(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: BUSINESS_TZ,
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}

/** "Sat 29 Nov, 8:12 am" in Sydney: when the phone saved its copy (a trip may last days). */
export function formatSavedAtSydney(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: BUSINESS_TZ,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}
