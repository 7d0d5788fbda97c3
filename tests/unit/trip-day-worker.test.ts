import { readFileSync } from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * The trip day's offline worker (public/sw.js) run in a fake worker scope: what
 * it answers the page for each request. The rule it keeps: network first, the
 * saved copy only when the network cannot be reached, so a server's failure
 * (a 500, a 403 for a Crew member's other departure) reaches the page as it is
 * and the screen shows its own failure text, worker or not.
 */
const SOURCE = readFileSync("public/sw.js", "utf8");
const ORIGIN = "https://tidewater.example";

type Handler = (event: unknown) => void;

function loadWorker(network: (url: string) => Promise<Response>) {
  const listeners = new Map<string, Handler>();
  const store = new Map<string, Response>();
  const cache = {
    match: async (key: string | { url: string }, opts?: { ignoreSearch?: boolean }) => {
      const url = typeof key === "string" ? new URL(key, ORIGIN).href : key.url;
      const hit = opts?.ignoreSearch
        ? [...store].find(([k]) => k.split("?")[0] === url.split("?")[0])?.[1]
        : store.get(url);
      return hit?.clone();
    },
    put: async (key: { url: string } | URL, res: Response) => {
      store.set(key instanceof URL ? key.href : key.url, res);
    },
  };
  const scope = {
    self: {
      location: new URL(ORIGIN),
      addEventListener: (type: string, fn: Handler) => listeners.set(type, fn),
      skipWaiting: () => undefined,
      clients: { claim: async () => undefined },
    },
    caches: { open: async () => cache, keys: async () => [], delete: async () => true },
    fetch: (req: { url: string } | URL) => network(req instanceof URL ? req.href : req.url),
    Headers,
    Response,
    URL,
    Promise,
    Date,
  };
  vm.runInNewContext(SOURCE, scope);

  /** What the worker answers the page; null when it leaves the request to the browser. */
  async function request(path: string, init: { method?: string; mode?: string } = {}) {
    const waits: Promise<unknown>[] = [];
    let answer: Promise<Response> | null = null;
    listeners.get("fetch")?.({
      request: { url: `${ORIGIN}${path}`, method: init.method ?? "GET", mode: init.mode ?? "cors" },
      respondWith: (p: Promise<Response>) => {
        answer = p;
      },
      waitUntil: (p: Promise<unknown>) => waits.push(p),
    });
    const res = answer ? await answer : null;
    await Promise.all(waits);
    return res as Response | null;
  }
  return { request, store };
}

const ok = (body: string) => async () => new Response(body, { status: 200 });
const offline = async (): Promise<Response> => {
  throw new TypeError("Failed to fetch");
};

describe("the trip day's offline worker", () => {
  it("keeps a trip-day read answered online, marked with the time it was saved", async () => {
    const w = loadWorker(ok('{"adventures":[]}'));
    const res = await w.request("/api/admin/manifest?date=2031-03-14");
    expect(res?.status).toBe(200);
    const saved = w.store.get(`${ORIGIN}/api/admin/manifest?date=2031-03-14`);
    expect(saved?.headers.get("X-Offline-Copy-At")).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it("keeps the holder's own name and role, so the console offline shows their navigation", async () => {
    let reach: (url: string) => Promise<Response> = ok('{"role":"crew","name":"Sam"}');
    const w = loadWorker((url) => reach(url));
    await w.request("/api/admin/me");
    reach = offline;
    expect(await (await w.request("/api/admin/me"))?.json()).toEqual({ role: "crew", name: "Sam" });
  });

  it("passes a server's failure to the page as it is, over a saved copy, and keeps nothing of it", async () => {
    let answer: () => Promise<Response> = ok('{"adventures":["kept"]}');
    const w = loadWorker(() => answer());
    await w.request("/api/admin/manifest?date=2031-03-14");
    answer = async () => new Response('{"detail":"Database unavailable"}', { status: 500 });
    const res = await w.request("/api/admin/manifest?date=2031-03-14");
    expect(res?.status).toBe(500);
    expect(await res?.json()).toEqual({ detail: "Database unavailable" });
    // The copy from before is still the one kept.
    expect(await w.store.get(`${ORIGIN}/api/admin/manifest?date=2031-03-14`)?.clone().text()).toBe(
      '{"adventures":["kept"]}',
    );

    answer = async () => new Response('{"detail":"Not your departure"}', { status: 403 });
    expect((await w.request("/api/admin/departures/d-1/roll-call"))?.status).toBe(403);
  });

  it("answers with the saved copy only when the network cannot be reached", async () => {
    let reach: (url: string) => Promise<Response> = ok('{"dives":[]}');
    const w = loadWorker((url) => reach(url));
    await w.request("/api/admin/departures/d-1/roll-call");
    reach = offline;
    const res = await w.request("/api/admin/departures/d-1/roll-call");
    expect(await res?.text()).toBe('{"dives":[]}');
    expect(res?.headers.get("X-Offline-Copy-At")).not.toBeNull();
    // Never read online: no copy, so the page's own fetch fails as it would without the worker.
    expect((await w.request("/api/admin/departures/d-2/roll-call"))?.type).toBe("error");
  });

  it("opens the kept console shell for a trip-day screen never opened on this phone", async () => {
    let reach: (url: string) => Promise<Response> = ok("<html>manifest</html>");
    const w = loadWorker((url) => reach(url));
    await w.request("/admin/manifest?date=2031-03-14", { mode: "navigate" });
    reach = offline;
    const res = await w.request("/admin/roll-call/d-9", { mode: "navigate" });
    expect(await res?.text()).toBe("<html>manifest</html>");
  });

  it("leaves every other request to the browser: public pages, other console reads, every write", async () => {
    const w = loadWorker(ok("{}"));
    for (const [path, init] of [
      ["/", { mode: "navigate" }],
      ["/admin/bookings", { mode: "navigate" }],
      ["/api/admin/bookings", {}],
      ["/api/admin/contacts", {}],
      ["/api/admin/trip-day/actions", { method: "POST" }],
      ["/api/admin/manifest", { method: "POST" }],
    ] as const) {
      expect(await w.request(path, init), path).toBeNull();
    }
    expect(w.store.size).toBe(0);
  });
});
