/**
 * Installs the console's offline worker (public/sw.js) and fills its copy of
 * the coming trip days: the manifest of today and the next two days and each
 * diving departure's roll call, fetched through the worker, which keeps them.
 * Until crew assignment exists every departure of those days is kept.
 */
import type { Manifest } from "../../server/domain/dive-ops/manifest.server";
import { sync, syncWhenOnline } from "./action-queue";
import { adminFetch } from "./admin-api";
import { addDays, sydneyDate } from "./dates";

/** Today and the next two days: a trip of a few days at sea keeps its data. */
export const OFFLINE_DAYS = 3;

let listening = false;

export async function installOffline(): Promise<void> {
  // Whatever screen is open when the signal returns, the queue is sent.
  if (!listening) {
    listening = true;
    syncWhenOnline();
  }
  if (!("serviceWorker" in navigator)) return;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const ready = await navigator.serviceWorker.ready;
    // What this page loaded before the worker took over (the shell's scripts and styles).
    const urls = performance.getEntriesByType("resource").map((e) => e.name);
    ready.active?.postMessage({ type: "keep", urls: [...urls, location.href] });
    void sync();
    if (navigator.onLine) await keepComingDays();
  } catch {
    // No worker (private mode, an old browser): the console works online as before.
  }
}

async function keepComingDays(): Promise<void> {
  const today = sydneyDate();
  for (let i = 0; i < OFFLINE_DAYS; i++) {
    const res = await adminFetch(`/api/admin/manifest?date=${addDays(today, i)}`);
    if (!res.ok) return;
    const manifest = (await res.json()) as Manifest;
    for (const group of manifest.adventures) {
      if (group.departure_id && group.diving)
        await adminFetch(`/api/admin/departures/${encodeURIComponent(group.departure_id)}/roll-call`);
    }
  }
}
