/**
 * Installs the trip day's offline worker (public/sw.js) and fills its copy:
 * the trips and manifest of today and the next two days, and each diving
 * departure's roll call screen and data, read through the worker, which keeps
 * them. The server answers a Crew member with their departures only, so the
 * phone keeps no more than its holder may see. Signing out deletes the copy.
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
    const urls = performance.getEntriesByType("resource").map((e) => e.name);
    ready.active?.postMessage({ type: "keep", urls });
    void sync();
    if (navigator.onLine) await keepComingDays();
  } catch {
    // No worker (private mode, an old browser, blocked): the console works online as before.
  }
}

async function keepComingDays(): Promise<void> {
  const today = sydneyDate();
  await fetch("/admin/manifest", { credentials: "same-origin" });
  for (let i = 0; i < OFFLINE_DAYS; i++) {
    const res = await adminFetch(`/api/admin/manifest?date=${addDays(today, i)}`);
    if (!res.ok) return;
    const manifest = (await res.json()) as Manifest;
    for (const group of manifest.adventures) {
      if (!group.availability_id || !group.diving) continue;
      const id = encodeURIComponent(group.availability_id);
      await adminFetch(`/api/admin/departures/${id}/roll-call`);
      await fetch(`/admin/roll-call/${id}`, { credentials: "same-origin" });
    }
  }
}
