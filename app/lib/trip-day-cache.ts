/** The trip day's offline copy (public/sw.js keeps it under this name). */
export const TRIP_DAY_CACHE = "trip-day-v1";

/**
 * Signed out (or the session refused): the phone keeps nothing of the trip day
 * for the next person holding it. Queued taps are not touched here: a sign-out
 * with taps unsent asks first and deletes them (AdminShell, action-queue's
 * `dropQueue`); after a refused session they wait for the holder to sign in again.
 */
export async function forgetTripDay(): Promise<void> {
  try {
    if (typeof caches !== "undefined") await caches.delete(TRIP_DAY_CACHE);
  } catch {
    // No cache storage: nothing was kept.
  }
}

/**
 * When the phone saved its copy of a trip-day read (public/sw.js marks each copy with
 * X-Offline-Copy-At), or null without one. Vary is ignored: the copy is this phone's, whatever
 * encoding the browser asked for.
 */
export async function copySavedAt(path: string): Promise<string | null> {
  try {
    if (typeof caches === "undefined") return null;
    const cache = await caches.open(TRIP_DAY_CACHE);
    const hit = await cache.match(new URL(path, window.location.origin).href, { ignoreVary: true });
    return hit?.headers.get("X-Offline-Copy-At") ?? null;
  } catch {
    return null;
  }
}
