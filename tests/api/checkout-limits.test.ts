/**
 * What a visitor may open: at most MAX_OPEN_CHECKOUTS unfinished checkouts per
 * email (the real default, 3) and CLIENT_CAP_FACTOR times as many per client address, custom payments only
 * within what the card network accepts, bookings within the adventure's group sizes.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sydneyDate, sydneyInstant } from "../../app/lib/dates.ts";
import { payments, testCheckoutSessions } from "../../server/db/schema.ts";
import { CLIENT_CAP_FACTOR } from "../../server/domain/money/checkout-cap.server.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

let t: TestContext;
// Noon in Sydney today: the tests move the clock on by half an hour, which must not cross into
// tomorrow (where the first open date would no longer be bookable).
const clock = testClock(sydneyInstant(sydneyDate(), 12 * 60));

beforeAll(async () => {
  // One trusted proxy hop: each request names its client address in X-Forwarded-For.
  t = await createTestApp({ MAX_OPEN_CHECKOUTS: "", TRUST_PROXY_HOPS: "1" }, { now: clock.now });
});
afterAll(() => t?.close());

let addressSeq = 0;
const newClient = () => `203.0.113.${++addressSeq}`;

function book(client: string, email: string, overrides: Record<string, unknown> = {}) {
  return t.app.request(
    "/api/bookings",
    jsonRequest("POST", bookingPayload({ customer_email: email, group_size: 1, ...overrides }), {
      "X-Forwarded-For": client,
    }),
  );
}

function custom(client: string, body: Record<string, unknown>) {
  return t.app.request(
    "/api/payments/v1/checkout/session",
    jsonRequest("POST", { amount: 20, ...body }, { "X-Forwarded-For": client }),
  );
}

async function spaciousDate() {
  return firstOpenDate(t.app, "dive-exhibition", 4);
}

describe("open unpaid checkouts", () => {
  it("a fourth booking from one email answers 429 with Retry-After and a message a person understands", async () => {
    const date = await spaciousDate();
    const email = "four@example.com";
    // The oldest first, the other two four minutes later: the wait is the oldest's.
    expect((await book(newClient(), email, { selected_date: date })).status).toBe(201);
    clock.advance(4 * 60_000);
    for (let i = 0; i < 2; i++) {
      expect((await book(newClient(), email, { selected_date: date })).status).toBe(201);
    }
    clock.advance(8 * 60_000);
    // Another address, same person (email compared case-insensitively).
    const res = await book(newClient(), "FOUR@example.com", { selected_date: date });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe(String(18 * 60));
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "You already have 3 unfinished checkouts. Finish or cancel one of them, or try again in 18 minutes.",
    );
    // When the oldest expires, a place is free again.
    clock.advance(18 * 60_000 + 1000);
    expect((await book(newClient(), email, { selected_date: date })).status).toBe(201);
  });

  it("one client address with ever new emails is capped too, and the hashed address is stored", async () => {
    const client = newClient();
    for (let i = 0; i < 3 * CLIENT_CAP_FACTOR; i++) {
      expect(
        (await book(client, `client-${i}@example.com`, { selected_date: await spaciousDate() })).status,
      ).toBe(201);
    }
    const res = await book(client, "client-99@example.com", { selected_date: await spaciousDate() });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    // Custom payments count against the same cap.
    expect((await custom(client, {})).status).toBe(429);
    const rows = await t.db.select().from(payments).where(eq(payments.customerEmail, "client-0@example.com"));
    expect(rows[0].clientKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(rows[0].clientKey).not.toContain("203.0.113");
  });

  it("custom payments from one client address with ever new emails are capped by the address", async () => {
    const client = newClient();
    const opened = await Promise.all(
      Array.from({ length: 3 * CLIENT_CAP_FACTOR }, (_, i) =>
        custom(client, { customer_email: `custom-${i}@example.com` }),
      ),
    );
    expect(opened.map((r) => r.status)).toEqual(Array(3 * CLIENT_CAP_FACTOR).fill(201));
    const refused = await custom(client, { customer_email: "custom-99@example.com" });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /^Too many unfinished checkouts from your network/,
    );
  });

  it("a custom payment's checkout names it and its amount, per unit when there are several, and is logged", async () => {
    const session = async (body: Record<string, unknown>) => {
      const res = await custom(newClient(), body);
      expect(res.status).toBe(201);
      const { session_id } = (await res.json()) as { session_id: string };
      const [row] = await t.db
        .select()
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, session_id));
      return row;
    };
    expect(await session({ amount: 20 })).toMatchObject({ name: "Custom payment", description: "$20.00" });
    const several = await session({ amount: 12.5, quantity: 2 });
    expect(several).toMatchObject({ description: "2 x $12.50", amountTotalCents: 2500 });
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, several.id));
    const logged = t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === "custom payment opened" && entry.payment === ledger.id);
    expect(logged).toMatchObject({ level: "info", total: 2500, currency: "aud" });
  });

  it("cancelling a checkout frees its place", async () => {
    const date = await spaciousDate();
    const opened: { session_id: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await book(newClient(), "free@example.com", { selected_date: date });
      opened.push((await res.json()) as { session_id: string });
    }
    expect((await book(newClient(), "free@example.com", { selected_date: date })).status).toBe(429);
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, opened[0].session_id));
    await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    expect((await book(newClient(), "free@example.com", { selected_date: date })).status).toBe(201);
  });

  it("parallel requests of one email never open more than the cap", async () => {
    const date = await spaciousDate();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 === 0
          ? book(newClient(), "race@example.com", { selected_date: date })
          : custom(newClient(), { customer_email: "race@example.com" }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it("parallel requests of one client address with ever new emails never open more than its cap", async () => {
    const client = newClient();
    const results = await Promise.all(
      Array.from({ length: 3 * CLIENT_CAP_FACTOR + 3 }, (_, i) =>
        custom(client, { customer_email: `crowd-${i}@example.com` }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(3 * CLIENT_CAP_FACTOR);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
  });
});

describe("custom payment bounds", () => {
  it.each([
    [{ amount: true }, "amount"],
    [{ amount: "0x10" }, "amount"],
    [{ amount: "1e3" }, "amount"],
    [{ amount: "Infinity" }, "amount"],
    [{ amount: [5] }, "amount"],
    [{ amount: "12.345" }, "amount"],
    [{ amount: 0.4 }, "amount"],
    [{ amount: 0.25, currency: "gbp" }, "amount"],
    [{ amount: 50_000, quantity: 20 }, "quantity"],
    [{ amount: 10, quantity: "2.5" }, "quantity"],
    [{ amount: 10, quantity: true }, "quantity"],
    [{ amount: 10, metadata: { ["k".repeat(41)]: "v" } }, "metadata"],
    [
      { amount: 10, metadata: Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`k${i}`, "v"])) },
      "metadata",
    ],
  ])("refuses %o with a 400 naming %s", async (body, field) => {
    const res = await custom(newClient(), body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(json.errors).some((k) => k === field || k.startsWith(`${field}.`))).toBe(true);
  });

  it("takes plain decimal strings and the smallest charge, and drops reserved metadata keys", async () => {
    const res = await custom(newClient(), {
      amount: "25.50",
      quantity: "2",
      metadata: { order: "A-17", kind: "booking", booking_id: "x", reference: "TW-FAKE", payment_id: "p" },
    });
    expect(res.status).toBe(201);
    const { session_id } = (await res.json()) as { session_id: string };
    const [row] = await t.db.select().from(payments).where(eq(payments.sessionId, session_id));
    expect(row).toMatchObject({ unitAmountCents: 2550, quantity: 2, amountTotalCents: 5100, status: "open" });
    expect(row.metadata).toEqual({ order: "A-17", kind: "custom", payment_id: row.id });
    expect((await custom(newClient(), { amount: 0.3, currency: "gbp" })).status).toBe(201);
  });
});

describe("group sizes", () => {
  it("refuses a group smaller than the adventure's minimum with a 400 naming group_size", async () => {
    // Shore Dive Trip takes groups of 2 to 4.
    const date = await firstOpenDate(t.app, "dive-trip-shore", 2);
    const res = await book(newClient(), "small@example.com", {
      adventure_id: "dive-trip-shore",
      selected_date: date,
      group_size: 1,
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { errors: Record<string, string> };
    expect(json.errors.group_size).toMatch(/is at least 2$/);
    const ok = await book(newClient(), "small@example.com", {
      adventure_id: "dive-trip-shore",
      selected_date: date,
      group_size: 2,
    });
    expect(ok.status).toBe(201);
  });
});
