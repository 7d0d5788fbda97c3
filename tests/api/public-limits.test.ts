/**
 * Public rate limits: every anonymous write and the payment status check
 * answer 429 with Retry-After and a plain sentence once a client passes its
 * budget; other clients are unaffected; the window resets on the injected
 * clock; two app instances over one database share the counter.
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app.server.ts";
import { bookings, contactMessages, rateLimits } from "../../server/db/schema.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { limitFor, PUBLIC_LIMITS, waitText } from "../../server/security/public-limits.server.ts";
import { hit } from "../../server/security/rate-limit.server.ts";
import { buildServices } from "../../server/services.server.ts";
import {
  bookingPayload,
  createTestApp,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const clock = testClock(new Date("2026-03-02T00:00:00Z"));
let t: TestContext;
beforeAll(async () => {
  // The real limits (factor 1), behind one trusted proxy so each test can be its own client.
  t = await createTestApp({ TRUST_PROXY_HOPS: "1", RATE_LIMIT_FACTOR: "1" }, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

let clients = 0;
/** A new client address (documentation range), so tests never share a counter. */
const newClient = () => `198.51.100.${++clients}`;
const from = (address: string) => ({ "X-Forwarded-For": `203.0.113.9, ${address}` });

const MESSAGE =
  /^Too many requests from your connection\. Please wait \d+ (minutes?|seconds?) and try again\.$/;

interface Call {
  method: string;
  path: string;
  body?: () => unknown;
}

const contactBody = (n: number) => ({
  first_name: "Ava",
  last_name: "Limit",
  email: `ava.limit.${n}@example.com`,
  phone: "",
  adventure_type: "general",
  message: `Question number ${n}`,
});

let sent = 0;
function send(app: TestContext["app"], call: Call, headers: Record<string, string>) {
  const body = call.body?.();
  return app.request(call.path, jsonRequest(call.method, body, headers));
}

/** Sends `times` requests and answers their statuses. */
async function burst(app: TestContext["app"], call: Call, headers: Record<string, string>, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await send(app, call, headers)).status);
  return statuses;
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
  const body = (await res.json()) as { detail: string; retry_after: number };
  expect(body.detail).toMatch(MESSAGE);
  expect(body.detail).toContain(waitText(retryAfter));
  expect(body.retry_after).toBe(retryAfter);
  return { retryAfter, detail: body.detail };
}

const ROUTES: (Call & { name: string; limit: number })[] = [
  {
    name: "custom-payment",
    limit: 5,
    method: "POST",
    path: "/api/payments/v1/checkout/session",
    body: () => ({ amount: 10, currency: "aud", quantity: 1 }),
  },
  {
    name: "payment-status",
    limit: 60,
    method: "GET",
    path: "/api/payments/v1/checkout/status/cs_test_unknown",
  },
  {
    name: "test-card",
    limit: 20,
    method: "POST",
    path: "/api/payments/v1/test-checkout/cs_test_unknown/pay",
    body: () => ({ card_number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ava" }),
  },
  { name: "checkout-cancel", limit: 20, method: "GET", path: "/api/payments/v1/checkout/cancel/pay_unknown" },
  { name: "contact", limit: 5, method: "POST", path: "/api/contact", body: () => contactBody(++sent) },
  {
    name: "newsletter",
    limit: 5,
    method: "POST",
    path: "/api/newsletter/subscribe",
    body: () => ({ email: `news.${++sent}@example.com` }),
  },
];

describe("the policy table", () => {
  it("covers every public write and the status check, and leaves admin login and the webhook alone", () => {
    expect(limitFor("POST", "/api/bookings")?.name).toBe("booking");
    expect(limitFor("GET", "/api/payments/v1/checkout/status/cs_1")?.name).toBe("payment-status");
    expect(limitFor("HEAD", "/api/payments/v1/checkout/status/cs_1")?.name).toBe("payment-status");
    expect(limitFor("POST", "/contact")?.name).toBe("contact");
    expect(limitFor("POST", "/contact.data")?.name).toBe("contact");
    // The /book page's no-JavaScript form books like the API and spends the API's budget.
    expect(limitFor("POST", "/book")?.name).toBe("booking");
    expect(limitFor("POST", "/book.data")?.name).toBe("booking");
    expect(limitFor("POST", "/checkout/test/cs_1")?.name).toBe("test-card");
    expect(limitFor("POST", "/checkout/test/cs_1.data")?.name).toBe("test-card");
    expect(limitFor("POST", "/book/success")?.name).toBe("page-form");
    expect(limitFor("GET", "/book")).toBeUndefined();
    expect(limitFor("GET", "/contact")).toBeUndefined();
    expect(limitFor("GET", "/api/adventures-pro")).toBeUndefined();
    expect(limitFor("POST", "/api/admin/login")).toBeUndefined();
    expect(limitFor("POST", "/api/payments/v1/webhook/stripe")).toBeUndefined();
    expect(new Set(PUBLIC_LIMITS.map((p) => p.name)).size).toBe(PUBLIC_LIMITS.length);
  });
});

describe("bookings", () => {
  it("one client cannot hold every spot: the 11th booking within an hour is refused and holds nothing", async () => {
    const client = from(newClient());
    const dates = (await (await t.app.request("/api/adventures/dive-exhibition/dates")).json()) as {
      date: string;
      available: boolean;
    }[];
    const open = dates.filter((d) => d.available).map((d) => d.date);
    expect(open.length).toBeGreaterThan(0);
    const heldBefore = await heldSpots();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.request(
        "/api/bookings",
        jsonRequest(
          "POST",
          bookingPayload({
            selected_date: open[i % open.length],
            group_size: 1,
            customer_email: `fam${i}@example.com`,
          }),
          client,
        ),
      );
      expect(res.status).toBe(201);
    }
    const held = await heldSpots();
    expect(held - heldBefore).toBe(10);

    const refused = await t.app.request(
      "/api/bookings",
      jsonRequest("POST", bookingPayload({ selected_date: open[0], group_size: 1 }), client),
    );
    await expectLimited(refused);
    expect(await heldSpots()).toBe(held);
  });

  it("a family booking twice in an hour is never blocked, and a neighbour is unaffected by a flood", async () => {
    const flooder = from(newClient());
    await burst(t.app, { method: "POST", path: "/api/bookings", body: () => ({}) }, flooder, 11);
    expect(
      (await send(t.app, { method: "POST", path: "/api/bookings", body: () => ({}) }, flooder)).status,
    ).toBe(429);
    const family = from(newClient());
    const date = (await (await t.app.request("/api/adventures/guided-shore-dive/dates")).json()) as {
      date: string;
      available: boolean;
    }[];
    const first = date.find((d) => d.available)?.date ?? "";
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request(
        "/api/bookings",
        jsonRequest(
          "POST",
          bookingPayload({ adventure_id: "guided-shore-dive", selected_date: first, group_size: 1 }),
          family,
        ),
      );
      expect(res.status).toBe(201);
    }
  });
});

async function heldSpots(): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${bookings.groupSize}), 0)::int` })
    .from(bookings)
    .where(eq(bookings.holdsSpots, true));
  return row.n;
}

describe.each(ROUTES)("$method $path", (route) => {
  it(`answers 429 with Retry-After and the message after ${route.limit} requests from one client`, async () => {
    const client = from(newClient());
    const statuses = await burst(t.app, route, client, route.limit);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    await expectLimited(await send(t.app, route, client));
    // Another client is not affected.
    expect((await send(t.app, route, from(newClient()))).status).not.toBe(429);
  });
});

describe("answers a person can act on", () => {
  it("says how long to wait, counted from the start of the window", async () => {
    const client = from(newClient());
    const call = ROUTES.find((r) => r.name === "newsletter") as Call;
    await burst(t.app, call, client, 5);
    clock.advance(56 * 60_000);
    const res = await send(t.app, call, client);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("240");
    expect(await res.json()).toEqual({
      detail: "Too many requests from your connection. Please wait 4 minutes and try again.",
      retry_after: 240,
      errors: {},
    });
    // After the window, the client may write again.
    clock.advance(4 * 60_000);
    expect((await send(t.app, call, client)).status).toBe(200);
  });

  it("a no-JavaScript form post gets a page with the same sentence, sharing the contact budget", async () => {
    const client = from(newClient());
    await burst(t.app, { method: "POST", path: "/api/contact", body: () => contactBody(++sent) }, client, 5);
    const before = await t.db.select({ n: count() }).from(contactMessages);
    const res = await t.app.request("/contact", {
      method: "POST",
      headers: {
        ...client,
        Accept: "text/html,application/xhtml+xml",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(contactBody(++sent) as Record<string, string>).toString(),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toMatch(/Too many requests from your connection\. Please wait \d+ minutes? and try again\./);
    expect(html).toContain('href="/contact"');
    expect(await t.db.select({ n: count() }).from(contactMessages)).toEqual(before);
  });

  it("an API write posted as a page gets the page, its link home, and the site's name escaped", async () => {
    const client = from(newClient());
    const call = ROUTES.find((r) => r.name === "newsletter") as Call;
    await burst(t.app, call, client, 5);
    const res = await t.app.request(call.path, {
      method: "POST",
      headers: { ...client, Accept: "text/html", "Content-Type": "application/json" },
      body: JSON.stringify({ email: `page.${++sent}@example.com` }),
    });
    expect(res.status).toBe(429);
    const html = await res.text();
    // The API has no page of its own to go back to.
    expect(html).toContain('<a href="/" style="color: #0f766e;">Go back</a>');
    expect(html).toContain("<title>Please try again later | Tidewater Dive &#38; Camp</title>");
  });

  it("the log says once per client and window that a limit was reached, naming the budget", async () => {
    const client = from(newClient());
    const call = ROUTES.find((r) => r.name === "contact") as Call;
    const reached = () =>
      t.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "rate limit reached");
    const before = reached().length;
    const statuses = await burst(t.app, call, client, 8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const after = reached().slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ level: "warn", limit: "contact" });
  });

  it("normal polling of a few checkouts stays within the status limit", async () => {
    const client = from(newClient());
    const poll = { method: "GET", path: "/api/payments/v1/checkout/status/cs_test_poll" };
    // Three sessions polled to the page's 10-attempt time-out, then a reload that polls again.
    const statuses = await burst(t.app, poll, client, 40);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });
});

describe("voucher checks", () => {
  it("the 21st check within an hour is refused, still after 59 minutes, and allowed again after 60", async () => {
    const client = from(newClient());
    const check: Call = {
      method: "POST",
      path: "/api/vouchers/check",
      body: () => ({ code: "TW-AAAA-AAAA" }),
    };
    // An unknown code is a 400: the limit counts every check, found or not.
    expect(await burst(t.app, check, client, 20)).toEqual(Array(20).fill(400));
    await expectLimited(await send(t.app, check, client));
    clock.advance(59 * 60_000);
    await expectLimited(await send(t.app, check, client));
    clock.advance(60_000);
    expect((await send(t.app, check, client)).status).toBe(400);
  });
});

describe("the same route spelled differently", () => {
  it("a percent-encoded path counts against the same budget", async () => {
    const client = from(newClient());
    const call = (path: string): Call => ({
      method: "POST",
      path,
      body: () => ({ email: `spelled.${++sent}@example.com` }),
    });
    const statuses = [
      ...(await burst(t.app, call("/api/newsletter/%73ubscribe"), client, 3)),
      ...(await burst(t.app, call("/api/newsletter/subscribe"), client, 2)),
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    await expectLimited(await send(t.app, call("/api/%6Eewsletter/subscribe"), client));
  });
});

describe("who counts as one client", () => {
  it("an IPv6 address in the same /64 is the same client; another /64 is not", async () => {
    const call = ROUTES.find((r) => r.name === "contact") as Call;
    await burst(t.app, call, from("2001:db8:aaaa:1::1"), 5);
    await expectLimited(await send(t.app, call, from("2001:db8:aaaa:1:ffff:ffff:ffff:fffe")));
    expect((await send(t.app, call, from("2001:db8:aaaa:2::1"))).status).toBe(201);
  });

  it("without trusted proxies a forged X-Forwarded-For does not escape the limit", async () => {
    const direct = buildServices(
      {
        database: t.services.database,
        env: parseEnv({ NODE_ENV: "test", PORT: "3999" }),
        log: createLogger("silent"),
      },
      { now: clock.now },
    );
    const app = createApp(direct);
    const call = ROUTES.find((r) => r.name === "newsletter") as Call;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await send(app, call, { "X-Forwarded-For": `192.0.2.${i + 1}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("two app instances over the same database share one counter", async () => {
    const second = createApp(
      buildServices(
        { database: t.services.database, env: t.services.env, log: createLogger("silent") },
        {
          now: clock.now,
        },
      ),
    );
    const client = from(newClient());
    const call = ROUTES.find((r) => r.name === "custom-payment") as Call;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(i % 2 ? second : t.app, call, client)).status);
    expect(statuses.slice(0, 5).filter((s) => s === 429)).toEqual([]);
    expect(statuses[5]).toBe(429);
  });
});

describe("housekeeping", () => {
  it("the minute's sweep prunes ended windows and keeps running ones", async () => {
    const now = clock.now();
    await hit(t.db, "test:ended", { limit: 1, windowMs: 60_000 }, new Date(now.getTime() - 2 * 60_000));
    await hit(t.db, "test:running", { limit: 1, windowMs: 60_000 }, now);
    const keys = async () =>
      (
        await t.db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(sql`${rateLimits.key} like 'test:%'`)
      )
        .map((r) => r.key)
        .sort();
    expect(await keys()).toEqual(["test:ended", "test:running"]);
    // Only the interval is simulated: the sweep it starts runs against the real database.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      t.services.sweeper.start();
      vi.advanceTimersByTime(60_000);
      // The run is the real sweep on the database: on a busy machine it takes longer than
      // waitFor's default second, so the wait is for the result, with room for the machine.
      await vi.waitFor(async () => expect(await keys()).toEqual(["test:running"]), { timeout: 15_000 });
    } finally {
      await t.services.sweeper.stop();
      vi.useRealTimers();
    }
  });
});
