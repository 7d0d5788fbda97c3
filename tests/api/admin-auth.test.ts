import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAuthState, isAdminOnly } from "../../server/api/admin-auth.server.ts";
import { adminSessions } from "../../server/db/schema.ts";
import { ensureAdminPassword } from "../../server/domain/admin-password.server.ts";
import { ABSOLUTE_LIFETIME_MS, hashToken, IDLE_TIMEOUT_MS } from "../../server/domain/auth.server.ts";
import { login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
const issued: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
});
afterAll(async () => {
  await ctx?.close();
});

async function freshToken(): Promise<string> {
  const token = await login(ctx);
  issued.push(token);
  return token;
}

/** Every admin-only route, read from the router itself (not a hand-written list). */
function adminRoutes() {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of ctx.app.routes) {
    if (r.method === "ALL") continue; // middleware
    if (!isAdminOnly(r.method, r.path)) continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

function concrete(path: string): string {
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "some-id").replace(/\*$/, "x");
}

async function call(route: { method: string; path: string }, token?: string) {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
  return ctx.app.request(concrete(route.path), jsonRequest(route.method, body, headers));
}

async function expectAll401(token: string | undefined) {
  const routes = adminRoutes();
  const failures: string[] = [];
  for (const route of routes) {
    const res = await call(route, token);
    const body = (await res.json().catch(() => null)) as { detail?: unknown } | null;
    if (res.status !== 401 || typeof body?.detail !== "string") {
      failures.push(`${route.method} ${route.path} -> ${res.status}`);
    }
  }
  expect(failures).toEqual([]);
}

describe("which routes need the admin token", () => {
  it("the rule: /api/admin/* but login, plus GET /api/bookings and GET /api/contact", () => {
    expect(isAdminOnly("POST", "/api/admin/login")).toBe(false);
    expect(isAdminOnly("POST", "/api/admin/logout")).toBe(true);
    expect(isAdminOnly("GET", "/api/admin/anything/else")).toBe(true);
    expect(isAdminOnly("GET", "/api/bookings")).toBe(true);
    expect(isAdminOnly("GET", "/api/contact")).toBe(true);
    expect(isAdminOnly("HEAD", "/api/contact")).toBe(true);
    expect(isAdminOnly("POST", "/api/bookings")).toBe(false);
    expect(isAdminOnly("POST", "/api/contact")).toBe(false);
    expect(isAdminOnly("GET", "/api/adventures-pro")).toBe(false);
  });

  it("the router holds the admin routes, including the two customer-data lists", () => {
    const keys = adminRoutes().map((r) => `${r.method} ${r.path}`);
    expect(keys).toContain("GET /api/bookings");
    expect(keys).toContain("GET /api/contact");
    expect(keys).toContain("POST /api/admin/logout");
    expect(keys).toContain("PUT /api/admin/bookings/:id/status");
    expect(keys.length).toBeGreaterThan(15);
    expect(keys.some((k) => k.includes("/api/admin/login"))).toBe(false);
  });
});

describe("every admin route answers 401 { detail }", () => {
  it("without a token", async () => {
    await expectAll401(undefined);
  });

  it("with a malformed Authorization header", async () => {
    const routes = adminRoutes();
    for (const route of routes.slice(0, 5)) {
      const res = await ctx.app.request(concrete(route.path), {
        method: route.method,
        headers: { Authorization: "Basic abc" },
      });
      expect(res.status).toBe(401);
    }
  });

  it("with a wrong token", async () => {
    await expectAll401("not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  });

  it("with a token idle for longer than the idle timeout", async () => {
    const token = await freshToken();
    expect(
      (await ctx.app.request("/api/bookings", { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    await ctx.db
      .update(adminSessions)
      .set({ lastUsedAt: new Date(Date.now() - IDLE_TIMEOUT_MS - 1000) })
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    await expectAll401(token);
  });

  it("with a token past its absolute expiry, even if used recently", async () => {
    const token = await freshToken();
    await ctx.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastUsedAt: new Date() })
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    await expectAll401(token);
  });

  it("with a logged-out token", async () => {
    const token = await freshToken();
    const out = await ctx.app.request("/api/admin/logout", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    await expectAll401(token);
  });

  it("a live token passes the guard on every route", async () => {
    const token = await freshToken();
    for (const route of adminRoutes()) {
      if (route.path === "/api/admin/logout") continue;
      const res = await call(route, token);
      expect(res.status, `${route.method} ${route.path}`).not.toBe(401);
      expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500);
    }
  });
});

describe("login", () => {
  it("answers a token and its expiry for the right password", async () => {
    const res = await ctx.app.request(
      "/api/admin/login",
      jsonRequest("POST", { password: TEST_ADMIN_PASSWORD }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; token: string; expires_at: string };
    issued.push(body.token);
    expect(body.success).toBe(true);
    // 32 random bytes in base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expires = new Date(body.expires_at).getTime();
    expect(expires).toBeGreaterThan(Date.now() + ABSOLUTE_LIFETIME_MS - 60_000);
  });

  it("answers 401 { detail, success: false } for a wrong password", async () => {
    const res = await ctx.app.request(
      "/api/admin/login",
      jsonRequest("POST", { password: "wrong-password" }, { "X-Forwarded-For": "203.0.113.50" }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, detail: "Invalid password" });
  });

  it("answers 400 when the password is missing or the body is not JSON", async () => {
    const missing = await ctx.app.request("/api/admin/login", jsonRequest("POST", {}));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { detail: string }).detail).toBe("Password is required");
    const broken = await ctx.app.request("/api/admin/login", jsonRequest("POST", "{nope"));
    expect(broken.status).toBe(400);
  });

  it("stores tokens only as SHA-256 hashes", async () => {
    const token = await freshToken();
    const rows = await ctx.db.select().from(adminSessions);
    const digest = createHash("sha256").update(token).digest("hex");
    expect(rows.some((r) => r.tokenHash === digest)).toBe(true);
    for (const r of rows) {
      expect(JSON.stringify(r)).not.toContain(token);
      for (const t of issued) expect(JSON.stringify(r)).not.toContain(t);
    }
  });

  it("refreshes the idle timer on use", async () => {
    const token = await freshToken();
    const old = new Date(Date.now() - IDLE_TIMEOUT_MS + 60 * 60 * 1000);
    await ctx.db
      .update(adminSessions)
      .set({ lastUsedAt: old })
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    const res = await ctx.app.request("/api/contact", { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)));
    expect(row.lastUsedAt.getTime()).toBeGreaterThan(old.getTime() + 30 * 60 * 1000);
  });
});

describe("login rate limit", () => {
  it("refuses with 429 after 5 failures, per client, until the window ends", async () => {
    const state = adminAuthState(ctx.services);
    const realNow = state.now;
    const client = { "X-Forwarded-For": "198.51.100.7" };
    try {
      for (let i = 0; i < 5; i++) {
        const res = await ctx.app.request(
          "/api/admin/login",
          jsonRequest("POST", { password: `bad-${i}` }, client),
        );
        expect(res.status).toBe(401);
      }
      const limited = await ctx.app.request(
        "/api/admin/login",
        jsonRequest("POST", { password: TEST_ADMIN_PASSWORD }, client),
      );
      expect(limited.status).toBe(429);
      const body = (await limited.json()) as { detail: string; success: boolean };
      expect(body.success).toBe(false);
      expect(body.detail).toMatch(/Too many failed login attempts\. Please try again in 15 minutes\./);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(800);

      // Another client is not affected.
      const other = await ctx.app.request(
        "/api/admin/login",
        jsonRequest("POST", { password: TEST_ADMIN_PASSWORD }, { "X-Forwarded-For": "198.51.100.8" }),
      );
      expect(other.status).toBe(200);
      issued.push(((await other.json()) as { token: string }).token);

      // After the window the client may try again.
      const later = Date.now() + 15 * 60 * 1000 + 1000;
      state.now = () => new Date(later);
      const again = await ctx.app.request(
        "/api/admin/login",
        jsonRequest("POST", { password: TEST_ADMIN_PASSWORD }, client),
      );
      expect(again.status).toBe(200);
      issued.push(((await again.json()) as { token: string }).token);
    } finally {
      state.now = realNow;
    }
  });

  it("a success clears the count of earlier failures", async () => {
    const client = { "X-Forwarded-For": "198.51.100.9" };
    for (let i = 0; i < 4; i++) {
      await ctx.app.request("/api/admin/login", jsonRequest("POST", { password: "bad" }, client));
    }
    const ok = await ctx.app.request(
      "/api/admin/login",
      jsonRequest("POST", { password: TEST_ADMIN_PASSWORD }, client),
    );
    expect(ok.status).toBe(200);
    issued.push(((await ok.json()) as { token: string }).token);
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.request("/api/admin/login", jsonRequest("POST", { password: "bad" }, client));
      expect(res.status).toBe(401);
    }
  });
});

describe("secrets stay out of the logs", () => {
  it("no password or token appears in any captured log line", () => {
    const text = ctx.logs.join("\n");
    expect(ctx.logs.length).toBeGreaterThan(10);
    expect(text).not.toContain(TEST_ADMIN_PASSWORD);
    expect(text).not.toContain("wrong-password");
    for (const token of issued) expect(text).not.toContain(token);
  });
});

describe("the generated password (no ADMIN_PASSWORD)", () => {
  it("is stored as an argon2id hash and accepted at login", async () => {
    const other = await createTestApp();
    try {
      const password = await ensureAdminPassword(other.db, undefined);
      expect(password).toBeTruthy();
      const ok = await other.app.request("/api/admin/login", jsonRequest("POST", { password }));
      expect(ok.status).toBe(200);
      const bad = await other.app.request(
        "/api/admin/login",
        jsonRequest("POST", { password: `${password}x` }),
      );
      expect(bad.status).toBe(401);
      expect(other.logs.join("\n")).not.toContain(password as string);
    } finally {
      await other.close();
    }
  });
});
