/**
 * The phone's queue of trip-day actions (check-in, undo, a dive started, a
 * diver out or back, all aboard; app/lib/trip-day-actions.ts). Every tap is stored in IndexedDB first, with its own id and the
 * time it happened, then sent; without a signal it waits and is sent when
 * the browser is back online. The server applies an id once, so sending an
 * action twice (a reply lost on the way back) is harmless: an action leaves
 * the queue only once the server has answered it.
 */

import { adminFetch } from "./admin-api";
import type { ActionAnswer, TripDayAction } from "./trip-day-actions";

const DB_NAME = "trip-day";
const STORE = "actions";
/**
 * Tells the screens that the queue changed (a tap stored, a sync answered). After a sync the
 * event's detail is `{ synced: true, answered }` (the ids the server answered): the server's
 * copy changed, so a screen that lays the queue over its copy must read the copy again before
 * it drops the answered taps, or it would show the copy from before the sync with the taps gone.
 */
export const QUEUE_EVENT = "trip-day-queue";
export type QueueEvent = CustomEvent<{ synced: boolean; answered?: string[] }>;

export interface SyncReport {
  sent: number;
  refused: ActionAnswer[];
  at: string;
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "id" });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const req = work(db.transaction(STORE, mode).objectStore(STORE));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The actions still to sync, oldest first. */
export async function pendingActions(): Promise<TripDayAction[]> {
  const all = await run<TripDayAction[]>("readonly", (s) => s.getAll());
  return all.sort((a, b) => a.at.localeCompare(b.at));
}

const changed = (answered?: string[]) =>
  window.dispatchEvent(
    new CustomEvent(QUEUE_EVENT, { detail: { synced: answered !== undefined, answered } }),
  );

/** A new action with its own id and this moment's time. */
export function newAction(fields: DistributiveOmit<TripDayAction, "id" | "at">): TripDayAction {
  return { ...fields, id: crypto.randomUUID(), at: new Date().toISOString() } as TripDayAction;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Stores the tap, then tries to send the queue (a no-op without a signal). */
export async function record(action: TripDayAction): Promise<SyncReport | null> {
  await run("readwrite", (s) => s.put(action));
  changed();
  return sync();
}

let running: Promise<SyncReport | null> | null = null;

/**
 * Sends every queued action in one request. Null when nothing was sent
 * (offline, or the server unreachable): the queue stays as it was.
 */
export function sync(): Promise<SyncReport | null> {
  running ??= send().finally(() => {
    running = null;
  });
  return running;
}

async function send(): Promise<SyncReport | null> {
  const actions = await pendingActions();
  if (actions.length === 0 || !navigator.onLine) return null;
  let answers: ActionAnswer[];
  try {
    const res = await adminFetch("/api/admin/trip-day/actions", {
      method: "POST",
      body: JSON.stringify({ actions }),
    });
    if (!res.ok) return null;
    answers = ((await res.json()) as { results: ActionAnswer[] }).results;
  } catch {
    return null;
  }
  // Answered, applied or refused: a refusal is shown, not retried (the phone records a new tap instead).
  for (const a of answers) await run("readwrite", (s) => s.delete(a.id));
  const report = {
    sent: answers.length,
    refused: answers.filter((a) => a.status === "refused"),
    at: new Date().toISOString(),
  };
  localStorage.setItem("trip-day-last-sync", JSON.stringify(report));
  changed(answers.map((a) => a.id));
  return report;
}

/** The last sync's answer on this phone, for "Synced 3 actions at 10:42". */
export function lastSync(): SyncReport | null {
  try {
    return JSON.parse(localStorage.getItem("trip-day-last-sync") ?? "null") as SyncReport | null;
  } catch {
    return null;
  }
}

/**
 * Before signing out: sends what it can, then counts the taps still on the phone (none when the
 * browser keeps no queue). Taps are applied with the rights and name of whoever sends them, so
 * a sign-out that leaves taps behind asks first and then deletes them (`dropQueue`): the next
 * person to sign in on this phone never sends, or is recorded for, someone else's taps.
 */
export async function unsyncedBeforeSignOut(): Promise<number> {
  try {
    await sync();
    return (await pendingActions()).length;
  } catch {
    return 0;
  }
}

/** Deletes every queued tap (a sign-out the holder confirmed with taps unsent). */
export async function dropQueue(): Promise<void> {
  try {
    await run("readwrite", (s) => s.clear());
    changed();
  } catch {
    // No queue on this browser: nothing to delete.
  }
}

/** Sends the queue whenever the signal returns. */
export function syncWhenOnline(): () => void {
  const onOnline = () => void sync();
  window.addEventListener("online", onOnline);
  return () => window.removeEventListener("online", onOnline);
}
