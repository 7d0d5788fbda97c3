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
 * `away.down` is set (only transactions with `away.transactionsOnly`: the
 * database going away in the middle of a request), with node-postgres's own
 * error for a refused connection.
 * The content version is read from the database for each shared answer, as
 * on PostgreSQL, on either test database.
 */
import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TEXT } from "../../app/lib/booking.ts";
import { getApp } from "../../app/lib/context.ts";
import { action as bookAction } from "../../app/routes/public/book.tsx";
import type { Database, DB } from "../../server/db/client.server.ts";
import { bookings } from "../../server/db/schema.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { pageFailed } from "../../server/page-outcome.server.ts";
import { buildServices, type ServiceOptions } from "../../server/services.server.ts";
import { appWithRoutes, formPost, type RouteFn } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestDatabase,
  firstOpenDate,
  jsonRequest,
  testClock,
} from "../helpers/test-app.ts";
import { waitUntil } from "../helpers/wait.ts";

const away = { down: false, transactionsOnly: false, uses: 0 };

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
      if (away.down && (!away.transactionsOnly || prop === "transaction")) throw refused();
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
    app: appWithRoutes(services, (method, path) => {
      // The /book form's real action; a private page whose loader met the database away and was
      // reported as React Router's entry reports it (app/entry.server.tsx); any other page renders.
      if (method === "POST" && path === "/book") return { fn: bookAction as RouteFn, params: {} };
      if (path.startsWith("/my-booking/")) return { fn: failingLoader as RouteFn, params: {} };
      return { fn: () => ({ page: path }), params: {} };
    }),
  };
}

function failingLoader({ context }: { context: RouterContextProvider }) {
  pageFailed(getApp(context), "page request failed", refused());
  return data({ error: "Something went wrong" }, { status: 500 });
}

beforeAll(async () => {
  database = await createTestDatabase();
  // No embedded notifications: the content version is read per answer, as on PostgreSQL.
  flaky = { ...database, pglite: undefined, db: withOutage(database.db) };
});
afterEach(async () => {
  away.down = false;
  away.transactionsOnly = false;
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

  it("answer pages with a 503: a page of its own that reloads itself, or the page the route rendered", async () => {
    const { app: site } = app();
    away.down = true;
    // A shared page: its content version is read before anything else.
    const shared = await site.request("/");
    expect(shared.status).toBe(503);
    expect(shared.headers.get("retry-after")).toBe("5");
    expect(shared.headers.get("content-type")).toContain("text/html");
    const page = await shared.text();
    expect(page).toContain("We are briefly unavailable. Please try again in a moment.");
    expect(page).toContain('<meta http-equiv="refresh" content="5">');
    // A private page whose loader met it: what the route rendered, as a 503.
    const own = await site.request("/my-booking/abc");
    expect(own.status).toBe(503);
    expect(own.headers.get("retry-after")).toBe("5");
    expect(own.headers.get("cache-control")).toBe("no-store");
    expect(await own.json()).toEqual({ error: "Something went wrong" });
    away.down = false;
    expect((await site.request("/")).status).toBe(200);
  });

  it("answer a form whose action met it with a 503 that keeps the typed values", async () => {
    const { app: site } = app();
    const date = await firstOpenDate(site, "dive-exhibition", 2);
    away.down = true;
    away.transactionsOnly = true;
    const from = logs.length;
    const res = await site.request(
      "/book",
      formPost({
        adventureId: "dive-exhibition",
        customerFirstName: "Mia",
        customerLastName: "Nguyen",
        customerEmail: "mia@example.com",
        customerPhone: "",
        groupSize: "2",
        selectedDate: date,
        specialRequirements: "",
        voucherCode: "",
      }),
    );
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const body = (await res.json()) as { values: Record<string, string>; detail: string };
    expect(body.values).toMatchObject({ customerFirstName: "Mia", customerEmail: "mia@example.com" });
    expect(body.detail).toBe(TEXT.bookingFailed);
    const lines = since(from);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.find((l) => l.msg === "database unavailable")).toMatchObject({
      level: "warn",
      during: "booking form could not create the booking",
      reason: "ECONNREFUSED",
    });
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
