import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, payments, rateLimits } from "../../server/db/schema.ts";
import { sweepExpired } from "../../server/domain/jobs/hold-sweep.server.ts";
import type { BookingDeps } from "../../server/domain/money/checkout-ledger.server.ts";
import type { PaymentProvider } from "../../server/payments/provider.server.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

let t: TestContext;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t.close());

/** One app process's view: the shared database, its own provider client that counts calls. */
function processDeps(calls: string[]): BookingDeps {
  const base = t.services.payments;
  const counting: PaymentProvider = {
    ...base,
    async expire(id) {
      calls.push(id);
      // A provider round trip: the other process gets to run meanwhile.
      await new Promise((r) => setTimeout(r, 5));
      return base.expire(id);
    },
  };
  return { db: t.db, env: t.services.env, log: t.services.log, payments: counting, now: clock.now };
}

/** Places a booking of one through the public API on `date`; answers its id. */
async function placeBooking(date: string, email: string): Promise<string> {
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest("POST", bookingPayload({ selected_date: date, group_size: 1, customer_email: email })),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { booking_id: string }).booking_id;
}

describe("the hold sweeper across processes", () => {
  it("two sweeps racing settle each expired checkout once and ask the provider once", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    const ids: string[] = [];
    for (const email of ["sweep-a@example.com", "sweep-b@example.com"])
      ids.push(await placeBooking(date, email));
    const ours = await t.db.select().from(payments).where(inArray(payments.bookingId, ids));
    expect(ours).toHaveLength(2);
    clock.advance(31 * 60_000);

    const callsA: string[] = [];
    const callsB: string[] = [];
    const [a, b] = await Promise.all([sweepExpired(processDeps(callsA)), sweepExpired(processDeps(callsB))]);

    const sessions = ours.map((p) => p.sessionId);
    const expired = [...callsA, ...callsB].filter((id) => sessions.includes(id));
    expect(expired.sort()).toEqual([...sessions].sort());
    expect(a.closed + b.closed).toBeGreaterThanOrEqual(2);
    for (const id of ids) {
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
    }
    const after = await t.db.select().from(payments).where(inArray(payments.bookingId, ids));
    expect(after.map((p) => p.status)).toEqual(["expired", "expired"]);
  });

  it("a checkout claimed by a sweep that died is taken by a later sweep once the lease runs out", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const booking_id = await placeBooking(date, "c@example.com");
    clock.advance(31 * 60_000);
    // The first process claims the checkout, then the provider call never returns (the process died).
    const dead = processDeps([]);
    let reachedProvider: () => void = () => {};
    const claimed = new Promise<void>((resolve) => {
      reachedProvider = resolve;
    });
    const hang: BookingDeps = {
      ...dead,
      payments: {
        ...dead.payments,
        expire: () => {
          reachedProvider();
          return new Promise<never>(() => {});
        },
      },
    };
    void sweepExpired(hang);
    // A sweep asks the provider only about a checkout it has claimed.
    await claimed;
    const calls: string[] = [];
    await sweepExpired(processDeps(calls));
    expect(calls).toHaveLength(0);
    clock.advance(3 * 60_000);
    await sweepExpired(processDeps(calls));
    expect(calls).toHaveLength(1);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking_id));
    expect(row).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
  });

  it("the periodic sweep drops ended leases and rate-limit windows, and keeps live ones", async () => {
    const at = clock.now().getTime();
    await t.db.insert(rateLimits).values([
      { key: "test:ended", hits: 1, resetAt: new Date(at - 1000) },
      { key: "test:live", hits: 1, resetAt: new Date(at + 60_000) },
    ]);
    await t.services.sweeper.sweep();
    const keys = (
      await t.db
        .select()
        .from(rateLimits)
        .where(inArray(rateLimits.key, ["test:ended", "test:live"]))
    ).map((r) => r.key);
    expect(keys).toEqual(["test:live"]);
  });
});

describe("a hold left without its checkout", () => {
  it("is released a grace minute after it runs out, when no payment row was ever written", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const id = await placeBooking(date, "orphan@example.com");
    // The process died between writing the booking and its payment row.
    await t.db.delete(payments).where(eq(payments.bookingId, id));
    const [held] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(held.holdsSpots).toBe(true);
    const deps = processDeps([]);
    const bookingNow = async () => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

    // Within the grace minute after the hold ran out: still held.
    clock.advance((held.holdExpiresAt as Date).getTime() + 59_000 - clock.now().getTime());
    await sweepExpired(deps);
    // Compared whole, so that a failure shows who ended it and when (reason, time, the clock).
    const within = await bookingNow();
    expect({
      status: within.bookingStatus,
      holds: within.holdsSpots,
      reason: within.cancelReason,
      cancelledAt: within.cancelledAt?.toISOString() ?? null,
      now: clock.now().toISOString(),
    }).toEqual({
      status: "pending_payment",
      holds: true,
      reason: null,
      cancelledAt: null,
      now: new Date((held.holdExpiresAt as Date).getTime() + 59_000).toISOString(),
    });

    clock.advance(1_000);
    expect((await sweepExpired(deps)).closed).toBeGreaterThanOrEqual(1);
    expect(await bookingNow()).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
  });
});
