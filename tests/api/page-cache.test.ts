/**
 * The public page cache on the real app and database (both kinds): shared
 * answers carry ETags and CDN headers, are served from memory until something
 * they show changes (by any write path, even one that bypasses the API), and
 * personal answers are never shared or stored.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { createApp } from "../../server/app.server.ts";
import { adventures } from "../../server/db/schema.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { buildServices } from "../../server/services.server.ts";
import { routerPage } from "../fixtures/router-page.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const clock = testClock(new Date("2026-12-01T03:00:00Z"));
let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  token = await login(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

/**
 * The app with a page renderer that records each rendering; the gallery's category "missing"
 * renders a 404. `cacheMb` is the app's PAGE_CACHE_MB (the test app's own when not given).
 */
function withPages(cacheMb?: string) {
  const rendered: string[] = [];
  const services =
    cacheMb === undefined
      ? t.services
      : buildServices(
          {
            database: t.services.database,
            env: parseEnv({ NODE_ENV: "test", PORT: "3999", PAGE_CACHE_MB: cacheMb }),
            log: createLogger("silent"),
          },
          { now: clock.now },
        );
  const app = createApp(services, {
    inlineScripts: async () => [],
    renderDocument: async (request) => {
      const url = new URL(request.url);
      rendered.push(url.pathname + url.search);
      const status = url.searchParams.get("category") === "missing" ? 404 : 200;
      return new Response(routerPage({ head: "<title>Gallery</title>", body: `<h1>${url.search}</h1>` }), {
        status,
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    },
  });
  return { app, rendered };
}

async function titles(res: Response): Promise<string[]> {
  return ((await res.json()) as { title: string }[]).map((a) => a.title);
}

describe("a shared answer", () => {
  it("is rendered once, then answered from memory with the same ETag and CDN headers", async () => {
    const first = await get("/api/adventures-pro");
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/"[\w-]{20,}"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    const second = await get("/api/adventures-pro");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.json()).toEqual(await first.json());
  });

  it("answers 304 without a body when the client holds the current version", async () => {
    const { headers } = await get("/api/adventures-pro");
    const res = await get("/api/adventures-pro", { "If-None-Match": headers.get("etag") as string });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe("");
    expect(res.headers.get("etag")).toBe(headers.get("etag"));
    const other = await get("/api/adventures-pro", { "If-None-Match": 'W/"something-else"' });
    expect(other.status).toBe(200);
  });

  it("answers 304 to the current tag in any form a client sends it, and only to it", async () => {
    const etag = (await get("/api/adventures-pro")).headers.get("etag") as string;
    const strong = etag.replace(/^W\//, "");
    const status = async (ifNoneMatch: string) =>
      (await get("/api/adventures-pro", { "If-None-Match": ifNoneMatch })).status;
    for (const held of ["*", ` * `, ` ${etag} `, strong, `"other", ${strong}`, `W/"other",${etag}`]) {
      expect(await status(held), held).toBe(304);
    }
    // W/ marks a weak tag only in front; anything else is another tag.
    for (const other of ['"other"', `${strong}W/`, `x${strong}`, `${strong.slice(0, -2)}"`]) {
      expect(await status(other), other).toBe(200);
    }
  });

  it("comes brotli- or gzip-compressed as the client accepts, the same bytes inside", async () => {
    const identity = await get("/api/adventures-pro");
    expect(identity.headers.get("content-encoding")).toBeNull();
    const plain = Buffer.from(await identity.arrayBuffer());
    const br = await get("/api/adventures-pro", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer()))).toEqual(plain);
    const gz = await get("/api/adventures-pro", { "Accept-Encoding": "gzip, br;q=0" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer()))).toEqual(plain);
  });

  it("gives every request its own request id, also from memory", async () => {
    await get("/api/adventures-pro");
    const ids = new Set<string | null>();
    for (let i = 0; i < 3; i++) ids.add((await get("/api/adventures-pro")).headers.get("x-request-id"));
    expect(ids.size).toBe(3);
  });
});

describe("a shared page", () => {
  it("three visitors at once: one rendering, the others wait for it and get it from memory", async () => {
    const { app, rendered } = withPages();
    const answers = await Promise.all([1, 2, 3].map(() => app.request("/gallery?category=together")));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(rendered).toEqual(["/gallery?category=together"]);
    expect(answers.map((res) => res.headers.get("x-cache")).sort()).toEqual(["HIT", "HIT", "MISS"]);
    expect(new Set(answers.map((res) => res.headers.get("etag"))).size).toBe(1);
  });

  it("an error is answered as rendered, no-store, and rendered again for the next visitor", async () => {
    const { app, rendered } = withPages();
    for (let i = 0; i < 2; i++) {
      const res = await app.request("/gallery?category=missing");
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-cache")).toBeNull();
    }
    expect(rendered).toHaveLength(2);
    // Visitors waiting on a rendering that failed render the page themselves.
    const together = await Promise.all([1, 2].map(() => app.request("/gallery?category=missing")));
    expect(together.map((res) => res.status)).toEqual([404, 404]);
    expect(rendered).toHaveLength(4);
    // A HEAD of it is not made shareable either.
    const head = await app.request("/gallery?category=missing", { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(head.headers.get("cache-control")).toBe("no-store");
  });

  it("a HEAD gets the shared headers and no body, rendered or from memory, and keeps nothing", async () => {
    const { app, rendered } = withPages();
    const path = "/gallery?category=head";
    const first = await app.request(path, { method: "HEAD" });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=30, stale-while-revalidate=300",
    );
    expect(await first.text()).toBe("");
    expect((await app.request(path)).headers.get("x-cache")).toBe("MISS");
    const held = await app.request(path, { method: "HEAD" });
    expect(held.headers.get("x-cache")).toBe("HIT");
    expect(Number(held.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await held.text()).toBe("");
    expect(rendered).toEqual([path, path]);
  });

  it("with PAGE_CACHE_MB=0, every request is rendered, still with its ETag and CDN headers", async () => {
    const { app, rendered } = withPages("0");
    const answers = [
      await app.request("/gallery?category=unkept"),
      await app.request("/gallery?category=unkept"),
    ];
    expect(answers.map((res) => res.headers.get("x-cache"))).toEqual(["MISS", "MISS"]);
    expect(answers[0].headers.get("etag")).toMatch(/^W\/"/);
    expect(answers[1].headers.get("etag")).toBe(answers[0].headers.get("etag"));
    expect(rendered).toHaveLength(2);
  });
});

describe("what invalidates it", () => {
  it("any committed write to public data, also one made straight in the database", async () => {
    const before = await get("/api/adventures-pro");
    const etag = before.headers.get("etag");
    const [row] = await t.db.select().from(adventures).where(eq(adventures.id, "dive-exhibition"));
    try {
      await t.db
        .update(adventures)
        .set({ title: "Dive Exhibition (renamed)" })
        .where(eq(adventures.id, row.id));
      const after = await get("/api/adventures-pro");
      expect(after.headers.get("x-cache")).toBe("MISS");
      expect(after.headers.get("etag")).not.toBe(etag);
      expect(await titles(after)).toContain("Dive Exhibition (renamed)");
    } finally {
      await t.db.update(adventures).set({ title: row.title }).where(eq(adventures.id, row.id));
    }
    expect(await titles(await get("/api/adventures-pro"))).toContain(row.title);
  });

  it("an admin API edit", async () => {
    await get("/api/adventures-pro");
    expect((await get("/api/adventures-pro")).headers.get("x-cache")).toBe("HIT");
    const list = await t.app.request("/api/admin/adventures-pro", authed(token));
    const adventure = ((await list.json()) as Record<string, unknown>[]).find(
      (a) => a.id === "guided-shore-dive",
    );
    const put = await t.app.request(
      "/api/admin/adventures-pro/guided-shore-dive",
      authed(token, "PUT", { ...adventure, tagline: "Edited through the console" }),
    );
    expect(put.status, await put.clone().text()).toBe(200);
    const after = await get("/api/adventures-pro");
    expect(after.headers.get("x-cache")).toBe("MISS");
    const edited = ((await after.json()) as { id: string; tagline: string }[]).find(
      (a) => a.id === "guided-shore-dive",
    );
    expect(edited?.tagline).toBe("Edited through the console");
  });

  it("a booking: the date list shows the spots it took on the next request", async () => {
    const date = await firstOpenDate(t.app, "camping-only-2day", 2);
    const spots = async () =>
      (
        (await (await get("/api/adventures/camping-only-2day/dates")).json()) as {
          date: string;
          spots_left: number;
        }[]
      ).find((d) => d.date === date)?.spots_left;
    const before = await spots();
    expect((await get("/api/adventures/camping-only-2day/dates")).headers.get("x-cache")).toBe("HIT");
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ adventure_id: "camping-only-2day", selected_date: date, group_size: 2 }),
      ),
    );
    expect(res.status).toBe(201);
    expect(await spots()).toBe((before as number) - 2);
  });

  it("not a write that rolls back", async () => {
    await get("/api/adventures-pro");
    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .update(adventures)
          .set({ title: "Never committed" })
          .where(eq(adventures.id, "dive-exhibition"));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    const res = await get("/api/adventures-pro");
    expect(res.headers.get("x-cache")).toBe("HIT");
    expect(await titles(res)).not.toContain("Never committed");
  });

  it("not a page view: the view beacon counts without invalidating", async () => {
    const [{ views }] = await t.db
      .select({ views: adventures.viewCount })
      .from(adventures)
      .where(eq(adventures.id, "night-dive-experience"));
    await get("/api/adventures-pro");
    const beacon = await t.app.request("/api/adventures/night-dive-experience/view", { method: "POST" });
    expect(beacon.status).toBe(204);
    expect((await get("/api/adventures-pro")).headers.get("x-cache")).toBe("HIT");
    const [after] = await t.db
      .select({ views: adventures.viewCount })
      .from(adventures)
      .where(eq(adventures.id, "night-dive-experience"));
    expect(after.views).toBe(views + 1);
    // Crawlers are not counted.
    await t.app.request("/api/adventures/night-dive-experience/view", {
      method: "POST",
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    const [again] = await t.db
      .select({ views: adventures.viewCount })
      .from(adventures)
      .where(eq(adventures.id, "night-dive-experience"));
    expect(again.views).toBe(views + 1);
  });

  it("a new day in Sydney: date lists start from today", async () => {
    await get("/api/adventures/dive-exhibition/dates");
    expect((await get("/api/adventures/dive-exhibition/dates")).headers.get("x-cache")).toBe("HIT");
    const today = sydneyDate(clock.now());
    // To just past the next Sydney midnight.
    while (sydneyDate(clock.now()) === today) clock.advance(15 * 60_000);
    expect(sydneyDate(clock.now())).toBe(addDays(today, 1));
    expect((await get("/api/adventures/dive-exhibition/dates")).headers.get("x-cache")).toBe("MISS");
  });
});

describe("what is never shared", () => {
  it("admin answers, payment status checks and errors are no-store and carry no ETag", async () => {
    const answers = [
      // Signed in afresh: the clock has moved days since the first sign-in.
      await t.app.request("/api/admin/faqs", authed(await login(t))),
      await get("/api/payments/v1/checkout/status/cs_test_unknown"),
      await get("/api/adventures/no-such-adventure/dates"),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 404, 404]);
    for (const res of answers) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("etag")).toBeNull();
      expect(res.headers.get("x-cache")).toBeNull();
    }
  });

  it("keeps the content version out of backups: it is not a table of the schema", async () => {
    const result = await t.db.execute(sql`select version from content_version`);
    expect((result as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    const { tablesInDependencyOrder } = await import("../../server/db/backup.server.ts");
    expect(tablesInDependencyOrder().map((table) => table.name)).not.toContain("content_version");
  });
});
