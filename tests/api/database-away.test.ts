/**
 * The database away (PostgreSQL restarting, failing over, out of
 * connections) as the app meets it: every query fails to connect. Requests
 * answer 503 with Retry-After (JSON on the API, a page that reloads itself
 * elsewhere), /healthz says the database is down, the log holds one warning
 * per request, and the background runs go on and succeed once the database is
 * back. The whole restart of a real PostgreSQL is in
 * tests/process/database-restart.test.ts.
 *
 * The outage is a proxy over the test database that refuses every use while
 * `away.down` is set, with node-postgres's own error for a refused connection.
 * The content version is read from the database for each shared answer, as
 * on PostgreSQL, on either test database.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appContext } from "../../app/lib/context.ts";
import { createApp } from "../../server/app.server.ts";
import type { Database, DB } from "../../server/db/client.server.ts";
import { bookings } from "../../server/db/schema.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { buildServices, type ServiceOptions } from "../../server/services.server.ts";
import {
  bookingPayload,
  createTestDatabase,
  firstOpenDate,
  jsonRequest,
  testClock,
} from "../helpers/test-app.ts";
import { waitUntil } from "../helpers/wait.ts";

const away = { down: false, uses: 0 };

function refused(): Error {
  return Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
    errno: -111,
    syscall: "connect",
  });
}

function withOutage(db: DB): DB {
  return new Proxy(db, {
    get(target, prop) {
      if (away.down) throw refused();
      away.uses++;
      return Reflect.get(target, prop, target);
    },
  });
}

let database: Database;
let flaky: Database;
const logs: string[] = [];
const log = createLogger("debug", (line) => {
  logs.push(line);
  return true;
});
const env = parseEnv({
  NODE_ENV: "test",
  PORT: "3999",
  RATE_LIMIT_FACTOR: "100000",
  MAX_OPEN_CHECKOUTS: "1000",
});
const stops: (() => Promise<void>)[] = [];

function app(options: ServiceOptions = {}) {
  const services = buildServices({ database: flaky, env, log }, options);
  stops.push(async () => {
    await services.sweeper.stop();
    await services.tripEmails.stop();
  });
  return {
    services,
    app: createApp(services, {
      // A page that meets the database away, as React Router's entry reports it (app/entry.server.tsx).
      renderDocument: async (request, context) => {
        if (new URL(request.url).pathname.startsWith("/my-booking/") && away.down) {
          context.get(appContext).outcome.databaseUnavailable = true;
          return new Response("<h1>Something went wrong</h1>", {
            status: 500,
            headers: { "Content-Type": "text/html" },
          });
        }
        return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
      },
    }),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  // No embedded notifications: the content version is read per answer, as on PostgreSQL.
  flaky = { ...database, pglite: undefined, db: withOutage(database.db) };
});
afterEach(async () => {
  away.down = false;
  vi.useRealTimers();
  for (const stop of stops.splice(0)) await stop();
});
afterAll(() => database.close());

const contact = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  phone: "",
  adventure_type: "general",
  message: "Is the reef open?",
};

/** Lines logged since `from`, parsed. */
const since = (from: number) => logs.slice(from).map((l) => JSON.parse(l) as Record<string, unknown>);

describe("requests while the database is away", () => {
  it("answer 503 with Retry-After, log one warning each, and succeed again once it is back", async () => {
    const { app: site } = app();
    const date = await firstOpenDate(site, "dive-exhibition", 2);
    away.down = true;
    const from = logs.length;
    const answers = [
      await site.request("/api/adventures-pro"),
      await site.request("/api/contact", jsonRequest("POST", contact)),
      await site.request("/api/bookings", jsonRequest("POST", bookingPayload({ selected_date: date }))),
      await site.request("/api/admin/security", { headers: { Authorization: "Bearer some-session" } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await res.json()).toEqual({
        detail: "We are briefly unavailable. Please try again in a moment.",
      });
    }
    const health = await site.request("/healthz");
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("5");
    expect(await health.json()).toEqual({
      status: "down",
      database: database.kind,
      detail: "The database is not answering.",
    });
    const lines = since(from);
    expect(lines.filter((l) => l.msg === "database unavailable")).toHaveLength(answers.length);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain("stack");

    away.down = false;
    expect((await site.request("/api/adventures-pro")).status).toBe(200);
    expect((await site.request("/api/contact", jsonRequest("POST", contact))).status).toBe(201);
    expect(
      (await site.request("/api/bookings", jsonRequest("POST", bookingPayload({ selected_date: date }))))
        .status,
    ).toBe(201);
    expect((await site.request("/healthz")).status).toBe(200);
  });

  it("answer pages with a 503 page that reloads itself", async () => {
    const { app: site } = app();
    away.down = true;
    // A shared page (its content version is read first) and a private one whose loader met it.
    for (const path of ["/", "/my-booking/abc"]) {
      const res = await site.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("retry-after"), path).toBe("5");
      expect(res.headers.get("content-type"), path).toContain("text/html");
      const page = await res.text();
      expect(page).toContain("We are briefly unavailable. Please try again in a moment.");
      expect(page).toContain('<meta http-equiv="refresh" content="5">');
    }
    away.down = false;
    expect((await site.request("/")).status).toBe(200);
  });
});

describe("background runs while the database is away", () => {
  it("the hold sweep fails its runs, goes on, and ends an expired hold once the database is back", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const clock = testClock();
    const { app: site, services } = app({ now: clock.now, sweepMs: 60_000 });
    const date = await firstOpenDate(site, "dive-exhibition", 1);
    const res = await site.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ selected_date: date, group_size: 1, customer_email: "sweep@example.com" }),
      ),
    );
    const { booking_id } = (await res.json()) as { booking_id: string };
    clock.advance(31 * 60_000);

    away.down = true;
    const from = logs.length;
    services.sweeper.start();
    for (let run = 1; run <= 2; run++) {
      await vi.advanceTimersByTimeAsync(60_000);
      await waitUntil(
        `failed sweep ${run}`,
        () => since(from).filter((l) => l.msg === "hold sweep failed").length >= run,
      );
    }
    expect(since(from).find((l) => l.msg === "hold sweep failed")).toMatchObject({
      level: "warn",
      database: "unavailable",
      reason: "ECONNREFUSED",
    });

    away.down = false;
    await vi.advanceTimersByTimeAsync(60_000);
    await waitUntil("the next sweep ending the expired hold", async () => {
      const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking_id));
      return row.bookingStatus === "cancelled" && !row.holdsSpots;
    });
  });

  it("the trip job fails its runs, goes on, and runs through once the database is back", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const { services } = app();
    const failed = (from: number) => since(from).filter((l) => l.msg === "trip emails failed");
    away.down = true;
    const from = logs.length;
    // Its first run is at start (the catch-up after downtime), the next every 15 minutes.
    services.tripEmails.start();
    await waitUntil("the run at start failing", () => failed(from).length >= 1);
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    await waitUntil("the next run failing too", () => failed(from).length >= 2);
    expect(failed(from)[0]).toMatchObject({ level: "warn", database: "unavailable" });

    away.down = false;
    const uses = away.uses;
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    await services.tripEmails.stop();
    expect(away.uses).toBeGreaterThan(uses);
    expect(failed(from)).toHaveLength(2);
  });
});
