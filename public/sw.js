/*
 * The trip day's offline worker (ADR 38). Hand-written and deliberately narrow:
 * it keeps ONLY the trip day, so the manifest and the roll call open on a boat
 * with no signal, and leaves every other request to the browser untouched.
 *
 * Kept (network first; the saved copy only when the network cannot be reached,
 * so a server's error answer still reaches the page as it is):
 *   - the trip-day screens: /admin/manifest, /admin/trips, /admin/roll-call/:id (and
 *     their <path>.data, what a client-side move to them reads);
 *   - their data reads: GET /api/admin/manifest, /api/admin/trips,
 *     /api/admin/departures/:id/roll-call (the server already limits a Crew
 *     member to their departures), and GET /api/admin/me, the holder's own
 *     name and role, so the console offline shows their role's navigation
 *     (without it, it would fall back to the owner's);
 *   - the built assets (/assets/, hashed names) and route discovery
 *     (/__manifest), which hold no customer data.
 * Never kept: public pages, every other console page and API read, every
 * write (the page's own queue sends those). Signing out deletes the cache.
 */
const CACHE = "trip-day-v1";

const TRIP_DAY_PAGES = [/^\/admin\/manifest$/, /^\/admin\/trips$/, /^\/admin\/roll-call\/[^/]+$/];
const TRIP_DAY_READS = [
  // A client-side move to a trip-day screen reads its server data as <path>.data.
  /^\/admin\/(manifest|trips|roll-call\/[^/]+)\.data$/,
  /^\/api\/admin\/manifest$/,
  /^\/api\/admin\/trips$/,
  /^\/api\/admin\/departures\/[^/]+\/roll-call$/,
  /^\/api\/admin\/me$/,
];
const isAsset = (path) => path.startsWith("/assets/") || path === "/__manifest";
const inScope = (req, path) =>
  isAsset(path) ||
  (req.mode === "navigate" ? TRIP_DAY_PAGES : TRIP_DAY_READS).some((pattern) => pattern.test(path));

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** What the page loaded before the worker took over: its scripts and styles. */
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep" || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls
    .map((u) => new URL(u))
    .filter((u) => u.origin === self.location.origin && isAsset(u.pathname));
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(urls.map((u) => cache.match(u).then((hit) => hit || fetch(u).then((r) => r.ok && save(cache, u, r))))),
      )
      .catch(() => undefined),
  );
});

/** The copy, with the time it was saved so the screen can say how fresh it is. */
function save(cache, key, res) {
  const headers = new Headers(res.headers);
  headers.set("X-Offline-Copy-At", new Date().toISOString());
  return res
    .clone()
    .blob()
    .then((body) => cache.put(key, new Response(body, { status: res.status, statusText: res.statusText, headers })));
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || !inScope(req, url.pathname)) return;
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      fetch(req)
        .then((res) => {
          if (res.ok) event.waitUntil(save(cache, req, res));
          return res;
        })
        .catch(async () => {
          const hit = await cache.match(req);
          if (hit) return hit;
          // A roll call never opened on this phone: the console's shell boots and shows its own error.
          if (req.mode === "navigate") {
            const shell = await cache.match("/admin/manifest", { ignoreSearch: true });
            if (shell) return shell;
          }
          return Response.error();
        }),
    ),
  );
});
