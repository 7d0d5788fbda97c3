/**
 * The periodic jobs' lease on a real database, the embedded one and
 * PostgreSQL: two app services sharing one database (on PostgreSQL each with
 * its own connection pool, as two processes have) run a due job once per
 * period, and the hold sweep's clean-up drops ended leases only. The runner's
 * timing is in tests/unit/periodic.test.ts.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../server/app.server.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { leases } from "../../server/db/schema.ts";
import { leaseMsFor, takeLease } from "../../server/domain/jobs/periodic.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { createPaymentProvider } from "../../server/payments/index.server.ts";
import type { PaymentProvider } from "../../server/payments/provider.server.ts";
import { buildServices, type Services } from "../../server/services.server.ts";
import { createPgDatabase } from "../helpers/pg.ts";
import {
  bookingPayload,
  createTestDatabase,
  firstOpenDate,
  jsonRequest,
  testClock,
} from "../helpers/test-app.ts";

const clock = testClock();
const env = parseEnv({
  NODE_ENV: "test",
  PORT: "3999",
  RATE_LIMIT_FACTOR: "100000",
  MAX_OPEN_CHECKOUTS: "1000",
});

/**
 * One database reached twice. On PostgreSQL two pools, as two processes hold;
 * the embedded database takes one process only (its folder lock), so there
 * both share its one instance.
 */
async function sharedDatabase(): Promise<{ first: Database; second: Database; close(): Promise<void> }> {
  if (process.env.TEST_DB === "postgres") {
    const pg = await createPgDatabase("tw_test", inject("pgTemplate"));
    const first = await openDatabase({ url: pg.url, migrate: false });
    const second = await openDatabase({ url: pg.url, migrate: false });
    return {
      first,
      second,
      close: async () => {
        await first.close();
        await second.close();
        await pg.drop();
      },
    };
  }
  const only = await createTestDatabase();
  return { first: only, second: { ...only, close: async () => {} }, close: () => only.close() };
}

/** One app process's services, with a provider that counts the checkouts it is asked to end. */
function processServices(database: Database, expired: string[]): Services {
  const own = createPaymentProvider(env, database.db, clock.now).payments;
  const counting: PaymentProvider = {
    ...own,
    expire: async (id) => {
      expired.push(id);
      return own.expire(id);
    },
  };
  return buildServices(
    { database, env, log: createLogger("silent") },
    { now: clock.now, payments: counting },
  );
}

let shared: Awaited<ReturnType<typeof sharedDatabase>>;
let a: Services;
let b: Services;
const expiredByA: string[] = [];
const expiredByB: string[] = [];

beforeAll(async () => {
  shared = await sharedDatabase();
  a = processServices(shared.first, expiredByA);
  b = processServices(shared.second, expiredByB);
});
afterAll(async () => {
  for (const s of [a, b]) {
    await s.sweeper.stop();
    await s.tripEmails.stop();
    await s.outbox.stop();
  }
  await shared.close();
});

describe("leases in the database", () => {
  it("of many takers at once on two connections, one takes a lease; it is free again once it ends", async () => {
    const at = clock.now();
    const takers = [shared.first.db, shared.second.db, shared.first.db, shared.second.db];
    const taken = await Promise.all(takers.map((db) => takeLease(db, "test:race", 60_000, at)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await takeLease(shared.second.db, "test:race", 60_000, new Date(at.getTime() + 59_999))).toBe(
      false,
    );
    expect(await takeLease(shared.second.db, "test:race", 60_000, new Date(at.getTime() + 60_000))).toBe(
      true,
    );
  });
});

describe("two app services sharing one database", () => {
  it("run a due hold sweep once per period, whichever ticks first", async () => {
    const site = createApp(a);
    const date = await firstOpenDate(site, "dive-exhibition", 1);
    const res = await site.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ selected_date: date, group_size: 1, customer_email: "periodic@example.com" }),
      ),
    );
    expect(res.status).toBe(201);
    const { session_id } = (await res.json()) as { session_id: string };
    clock.advance(31 * 60_000);

    const first = await Promise.all([a.sweeper.tick(), b.sweeper.tick()]);
    expect(first.filter((r) => r !== undefined)).toEqual([{ closed: 1 }]);
    expect([...expiredByA, ...expiredByB]).toEqual([session_id]);

    // Later in the same period neither runs it again; after the period one does.
    clock.advance(leaseMsFor(60_000) - 1);
    expect(await Promise.all([b.sweeper.tick(), a.sweeper.tick()])).toEqual([undefined, undefined]);
    clock.advance(1);
    const next = await Promise.all([b.sweeper.tick(), a.sweeper.tick()]);
    expect(next.filter((r) => r !== undefined)).toEqual([{ closed: 0 }]);
  });

  it("run the due trip job once per period", async () => {
    const ran = await Promise.all([a.tripEmails.tick(), b.tripEmails.tick()]);
    expect(ran.filter((r) => r !== undefined)).toHaveLength(1);
    clock.advance(10 * 60_000);
    expect(await Promise.all([a.tripEmails.tick(), b.tripEmails.tick()])).toEqual([undefined, undefined]);
    clock.advance(5 * 60_000);
    const later = await Promise.all([b.tripEmails.tick(), a.tripEmails.tick()]);
    expect(later.filter((r) => r !== undefined)).toHaveLength(1);
  });

  it("the hold sweep's clean-up drops ended leases and keeps live ones", async () => {
    const at = clock.now().getTime();
    await shared.first.db.insert(leases).values([
      { name: "test:ended", expiresAt: new Date(at - 1000) },
      { name: "test:live", expiresAt: new Date(at + 60_000) },
    ]);
    await b.sweeper.sweep();
    const left = await shared.first.db
      .select({ name: leases.name })
      .from(leases)
      .where(inArray(leases.name, ["test:ended", "test:live"]));
    expect(left.map((l) => l.name)).toEqual(["test:live"]);
  });
});
