import { BUSINESS_TZ } from "../../../lib/dates";

/** "8:12 am" in Sydney: when a diver went in or the dive ended. */
export function formatTimeSydney(iso: string): string {
  return new Intl.DateTimeFormat("en-AU", {
    timeZone: BUSINESS_TZ,
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(iso));
}
