/*
 * The console's offline worker (docs/decisions: offline manifest). Hand-written: it keeps
 * the console's shell, its built assets and the trip day's data so the manifest and the
 * roll call open on a boat with no signal. Only the console is served from here: the
 * public site's requests pass straight to the network.
 *
 * - Built assets (/assets/, hashed names): cache first, they never change under a name.
 * - Console pages, route discovery and GET /api/admin/*: network first; on no signal the
 *   last copy, marked with X-Offline-Copy-At (when it was saved) so the phone can say
 *   how fresh it is.
 * - Writes are never cached or replayed here: the page's own queue sends them.
 */
const CACHE = "console-v1";
const SHELL = ["/admin/manifest", "/admin/trips"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(SHELL.map((url) => fetch(url).then((res) => res.ok && save(cache, url, res)))))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The page sends what it loaded before the worker took over, so those are kept too. */
self.addEventListener("message", (event) => {
  if (event.data?.type !== "keep" || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      Promise.all(
        event.data.urls
          .filter((url) => new URL(url).origin === self.location.origin && isAsset(new URL(url).pathname))
          .map((url) => cache.match(url).then((hit) => hit || fetch(url).then((res) => res.ok && save(cache, url, res)))),
      ),
    ),
  );
});

const isAsset = (path) => path.startsWith("/assets/") || /\.(png|svg|ico|woff2)$/.test(path);
const isConsole = (path) =>
  path === "/admin" || path.startsWith("/admin/") || path.startsWith("/api/admin/") || path === "/__manifest";

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
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (isAsset(url.pathname)) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(req).then(
          (hit) =>
            hit ||
            fetch(req).then((res) => {
              if (res.ok) event.waitUntil(save(cache, req, res));
              return res;
            }),
        ),
      ),
    );
    return;
  }
  if (!isConsole(url.pathname)) return;
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
          // A console page never opened on this phone: any saved console page boots the app.
          if (req.mode === "navigate") {
            for (const url of SHELL) {
              const shell = await cache.match(url);
              if (shell) return shell;
            }
          }
          return Response.error();
        }),
    ),
  );
});
