/**
 * One address per route, whatever the spelling: a page asked for with other
 * letter case or a trailing slash is redirected to its address (308), a form
 * post at such a spelling spends the page's own rate-limit budget, and the
 * request log redacts its secrets; every route that writes to the database or
 * asks the payment provider is rate limited; a query string reaches the log
 * only as its route declares it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as bookPage from "../../app/routes/public/book.tsx";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import { adventures, bookings } from "../../server/db/schema.ts";
import { limitFor } from "../../server/security/public-limits.server.ts";
import { appWithRoutes, formPost, reactRouterPages } from "../helpers/page-routes.ts";
import { createTestApp, firstOpenDate, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let t: TestContext;
let pages: ReturnType<typeof appWithRoutes>;
beforeAll(async () => {
  // The real limits (factor 1), behind one trusted proxy so each test can be its own client.
  t = await createTestApp({ TRUST_PROXY_HOPS: "1", RATE_LIMIT_FACTOR: "1" });
  pages = appWithRoutes(
    t.services,
    await reactRouterPages({
      "routes/public/book.tsx": bookPage,
      "routes/public/my-booking.tsx": managePage,
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

let clients = 0;
/** A new client address (documentation range), so tests never share a counter. */
const newClient = () => ({ "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` });

/** A booking-link token as minted (base64url, mixed case). */
const TOKEN = "Zq3J-9_xZ0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV1w";

/** The request log lines written since `from`, parsed. */
const requestLines = (from: number) =>
  t.logs
    .slice(from)
    .map((line) => JSON.parse(line) as { msg: string; method: string; path: string; query?: string })
    .filter((line) => line.msg === "request");

describe("another spelling of a page's address", () => {
  it("GET and HEAD answer 308 to the page's address, with the query and the token exactly as sent", async () => {
    const cases = [
      ["/BOOK?adventure=dive-exhibition", "/book?adventure=dive-exhibition"],
      ["/book/", "/book"],
      ["/Adventures/dive-exhibition/", "/adventures/dive-exhibition"],
      [`/MY-BOOKING/${TOKEN}/Review/`, `/my-booking/${TOKEN}/review`],
      ["/Book.data?_routes=routes%2Fpublic%2Fbook", "/book.data?_routes=routes%2Fpublic%2Fbook"],
    ];
    for (const [asked, canonical] of cases) {
      for (const method of ["GET", "HEAD"]) {
        const res = await pages.request(asked, { method });
        expect(res.status, `${method} ${asked}`).toBe(308);
        expect(res.headers.get("location")).toBe(canonical);
      }
    }
    // The address itself is answered by its page.
    expect((await pages.request("/book?adventure=dive-exhibition")).status).toBe(200);
    // A booking link's redirect is as private as the page.
    const link = await pages.request(`/My-Booking/${TOKEN}/`);
    expect(link.headers.get("cache-control")).toBe("no-store");
    expect(link.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("/BOOK, /book/ and /Book.data spend /book's budget: past it, none reaches the booking action", async () => {
    const client = newClient();
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const email = "spelled.differently@example.com";
    const fields = {
      adventureId: "dive-exhibition",
      customerFirstName: "Ava",
      customerLastName: "Spelling",
      customerEmail: email,
      customerPhone: "+61 400 222 333",
      groupSize: "1",
      selectedDate: date,
      specialRequirements: "",
    };
    // The JSON API and the page share one budget of 10 an hour; refused posts count too.
    for (let i = 0; i < 10; i++) {
      expect((await t.app.request("/api/bookings", jsonRequest("POST", {}, client))).status).toBe(400);
    }
    expect((await pages.request("/book", formPost(fields, client))).status).toBe(429);
    for (const path of ["/BOOK", "/book/", "/Book.data", "/bOOk/_.data"]) {
      expect((await pages.request(path, formPost(fields, client))).status, path).toBe(429);
    }
    expect(await t.db.select().from(bookings).where(eq(bookings.customerEmail, email))).toEqual([]);
  });

  it("is logged at the page's address, with the booking link's token redacted", async () => {
    const from = t.logs.length;
    await pages.request(`/MY-BOOKING/${TOKEN}`);
    await pages.request(`/My-Booking/${TOKEN}/`, formPost({ intent: "review" }, newClient()));
    await pages.request(`/my-booking/${TOKEN}/PARTICIPANTS/1.data`);
    await pages.request(`/MY-BOOKING/${TOKEN}/no-such-page`);
    const lines = requestLines(from);
    expect(lines.map((l) => `${l.method} ${l.path}`)).toEqual([
      "GET /my-booking/[redacted]",
      "POST /my-booking/[redacted]",
      "GET /my-booking/[redacted]/participants/1.data",
      "GET /my-booking/[redacted]/no-such-page",
    ]);
    expect(t.logs.slice(from).join("\n")).not.toContain(TOKEN);
  });
});

describe("the request log's query strings", () => {
  it("an email typed into a form that fell back to GET is [redacted]; what the route reads is logged as sent", async () => {
    const from = t.logs.length;
    await pages.request("/?email=ava.query%40example.com");
    await pages.request("/adventures?category=camping&email=ava.query%40example.com");
    await pages.request("/book?session_id=cs_test_Secret123&adventure=dive-exhibition");
    const lines = requestLines(from);
    expect(lines.map((l) => l.query)).toEqual([
      "email=[redacted]",
      "category=camping&email=[redacted]",
      "session_id=[redacted]&adventure=dive-exhibition",
    ]);
    const written = t.logs.slice(from).join("\n");
    expect(written).not.toContain("ava.query");
    expect(written).not.toContain("Secret123");
  });
});

describe("every route that writes or asks the payment provider is limited", () => {
  it("each public write route of the app spends a budget", () => {
    const writes = t.app.routes.filter(
      (r) =>
        ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) &&
        !r.path.startsWith("/api/admin/") &&
        r.path !== "/api/payments/v1/webhook/stripe",
    );
    expect(writes.length).toBeGreaterThan(5);
    expect(writes.filter((r) => !limitFor(r.method, r.path)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it("the view beacon: past 120 an hour from one client it answers 429 and counts nothing", async () => {
    const client = newClient();
    const views = async () =>
      (
        await t.db
          .select({ n: adventures.viewCount })
          .from(adventures)
          .where(eq(adventures.id, "dive-trip-shore"))
      )[0].n;
    const before = await views();
    const beacon = () =>
      t.app.request("/api/adventures/dive-trip-shore/view", { method: "POST", headers: client });
    for (let i = 0; i < 120; i++) expect((await beacon()).status).toBe(204);
    expect((await beacon()).status).toBe(429);
    expect(await views()).toBe(before + 120);
  });

  it("the checkout return pages (which settle with the provider or mint a link) share one budget", async () => {
    const client = newClient();
    const returns = [
      "/gift-vouchers/success?session_id=cs_test_1",
      "/my-booking/date-changed?session_id=cs_test_1",
      "/book/success?session_id=cs_test_1&confirmed=true",
    ];
    for (let i = 0; i < 60; i++) {
      expect((await pages.request(returns[i % 3], { headers: client })).status).not.toBe(429);
    }
    for (const path of returns) {
      const res = await pages.request(path, { headers: { ...client, Accept: "text/html" } });
      expect(res.status, path).toBe(429);
      expect(await res.text()).toMatch(/Too many requests from your connection\. Please wait \d+ minutes?/);
    }
    // Another client is not affected.
    expect((await pages.request(returns[0], { headers: newClient() })).status).not.toBe(429);
  });
});
