import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { createApp } from "../../server/app.server.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger, type Logger } from "../../server/log.server.ts";
import { secretBox } from "../../server/security/secret-box.server.ts";
import { buildServices, type ServiceOptions, type Services } from "../../server/services.server.ts";
import { createPgDatabase } from "./pg.ts";
import { leaseSeededPglite } from "./pglite-pool.ts";

export { PG_ADMIN_URL } from "./pg.ts";

/**
 * A fresh, seeded database of the kind the run asks for (TEST_DB=postgres or
 * the embedded default), owned by one test file and removed by close().
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === "postgres") {
    const pgDb = await createPgDatabase("tw_test", inject("pgTemplate"));
    const database = await openDatabase({ url: pgDb.url, migrate: false });
    return {
      ...database,
      close: async () => {
        await database.close();
        await pgDb.drop();
      },
    };
  }
  return leaseSeededPglite();
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  services: Services;
  db: Database["db"];
  logs: string[];
  close(): Promise<void>;
}

/**
 * The real app over a test database; logs are captured so tests can inspect them.
 * The services are built as in production (payments, outbox, sweeper) but
 * nothing runs in the background: tests call outbox.flush(), sweeper.sweep() and tripEmails.run().
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: ServiceOptions = {},
): Promise<TestContext> {
  return createTestAppOn(await createTestDatabase(), envOverrides, options);
}

/** The real app over a database the test built itself (closed with the context). */
export function createTestAppOn(
  database: Database,
  envOverrides: Record<string, string> = {},
  options: ServiceOptions = {},
): TestContext {
  // Tests send many writes from one client and one email: public rate limits and the
  // open-checkout cap are scaled up unless a test asks for the real ones
  // (RATE_LIMIT_FACTOR: "1"; MAX_OPEN_CHECKOUTS: "" gives the production default).
  const env = parseEnv({
    NODE_ENV: "test",
    PORT: "3999",
    RATE_LIMIT_FACTOR: "100000",
    MAX_OPEN_CHECKOUTS: "1000",
    ...envOverrides,
  });
  const logs: string[] = [];
  const log: Logger = createLogger("debug", (line) => {
    logs.push(line);
    return true;
  });
  // A key of the test's own, as a start on the embedded database would load one (a test may pass null).
  const services: Services = buildServices(
    { database, env, log },
    { secretBox: secretBox(randomBytes(32).toString("base64url")), ...options },
  );
  const app = createApp(services);
  return {
    app,
    services,
    db: database.db,
    logs,
    close: async () => {
      await services.sweeper.stop();
      await services.tripEmails.stop();
      await services.auditRetention.stop();
      await services.outbox.stop();
      await database.close();
    },
  };
}

/** JSON request helper for app.request(). */
export function jsonRequest(
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  return {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  };
}

/** The first date the booking form would offer for an adventure (via the public API). */
export async function firstOpenDate(
  app: TestContext["app"],
  adventureId: string,
  minSpots = 1,
): Promise<string> {
  const res = await app.request(`/api/adventures/${adventureId}/dates`);
  const dates = (await res.json()) as { date: string; available: boolean; spots_left: number }[];
  const open = dates.find((d) => d.available && d.spots_left >= minSpots);
  if (!open) throw new Error(`no open date for ${adventureId}`);
  return open.date;
}

/** A valid POST /api/bookings body. */
export function bookingPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    adventure_id: "dive-exhibition",
    customer_first_name: "Mia",
    customer_last_name: "Nguyen",
    customer_email: "mia@example.com",
    customer_phone: "+61 400 111 222",
    group_size: 2,
    selected_date: "",
    special_requirements: "",
    host_url: "http://localhost:3999",
    ...overrides,
  };
}

/** A clock tests can move forward. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
