import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminAuthState, isAdminOnly } from "../../server/api/admin-auth.server.ts";
import { createApp } from "../../server/app.server.ts";
import { adminSessions, auditLog, rateLimits } from "../../server/db/schema.ts";
import { ensureAdminPassword, PASSWORD_HASH_KEY } from "../../server/domain/access/admin-password.server.ts";
import { ABSOLUTE_LIFETIME_MS, hashToken, IDLE_TIMEOUT_MS } from "../../server/domain/access/auth.server.ts";
import { getSetting } from "../../server/domain/content/settings.server.ts";
import { GLOBAL_FAILURES_KEY, LOGIN_POLICY } from "../../server/security/login-throttle.server.ts";
import { buildServices } from "../../server/services.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

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
    // "Sign out everywhere" ends the token (so it goes last), and so does logout (tested above).
    const everywhere = (r: { method: string; path: string }) =>
      r.method === "DELETE" && r.path === "/api/admin/sessions";
    const routes = adminRoutes().filter((r) => r.path !== "/api/admin/logout");
    for (const route of [...routes.filter((r) => !everywhere(r)), ...routes.filter(everywhere)]) {
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

describe("login throttling: counted in the database before the password check", () => {
  let t: TestContext;
  let clock: ReturnType<typeof testClock>;
  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp(
      { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test spends failures of its own; the global budget has its own tests below.
  beforeEach(async () => {
    await t.db.delete(rateLimits).where(eq(rateLimits.key, GLOBAL_FAILURES_KEY));
  });

  const attempt = (app: TestContext["app"], password: string, forwardedFor?: string) =>
    app.request(
      "/api/admin/login",
      jsonRequest("POST", { password }, forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
    );

  it("refuses with 429 after 5 attempts, per client, until the window ends", async () => {
    const client = "198.51.100.7";
    for (let i = 0; i < 5; i++) expect((await attempt(t.app, `bad-${i}`, client)).status).toBe(401);
    const limited = await attempt(t.app, TEST_ADMIN_PASSWORD, client);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { detail: string; success: boolean };
    expect(body.success).toBe(false);
    expect(body.detail).toBe("Too many failed login attempts. Please try again in 15 minutes.");
    expect(Number(limited.headers.get("Retry-After"))).toBe(900);

    clock.advance(10 * 60 * 1000);
    const still = await attempt(t.app, TEST_ADMIN_PASSWORD, client);
    expect(still.status).toBe(429);
    expect(((await still.json()) as { detail: string }).detail).toBe(
      "Too many failed login attempts. Please try again in 5 minutes.",
    );

    // Another client is not affected.
    expect((await attempt(t.app, TEST_ADMIN_PASSWORD, "198.51.100.8")).status).toBe(200);

    // After the window the client may try again.
    clock.advance(5 * 60 * 1000 + 1000);
    const again = await attempt(t.app, TEST_ADMIN_PASSWORD, client);
    expect(again.status).toBe(200);
    issued.push(((await again.json()) as { token: string }).token);
  });

  it("a success clears the count of earlier attempts", async () => {
    const client = "198.51.100.9";
    for (let i = 0; i < 4; i++) expect((await attempt(t.app, "bad", client)).status).toBe(401);
    const ok = await attempt(t.app, TEST_ADMIN_PASSWORD, client);
    expect(ok.status).toBe(200);
    issued.push(((await ok.json()) as { token: string }).token);
    for (let i = 0; i < 4; i++) expect((await attempt(t.app, "bad", client)).status).toBe(401);
  });

  it("a burst of 30 parallel wrong logins: at most 5 reach the password check, the rest get 429", async () => {
    const state = adminAuthState(t.services);
    const real = state.checkPassword;
    let checks = 0;
    state.checkPassword = async (password) => {
      checks++;
      return real(password);
    };
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => attempt(t.app, `wrong-${i}`, "198.51.100.30")),
      );
      const statuses = answers.map((r) => r.status);
      // The counter is atomic: hits 1..30, of which exactly the first 5 are within the limit.
      expect(checks).toBe(5);
      expect(statuses.filter((s) => s === 401)).toHaveLength(checks);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - checks);
      for (const r of answers.filter((a) => a.status === 429)) {
        expect(Number(r.headers.get("Retry-After"))).toBeGreaterThan(0);
      }
    } finally {
      state.checkPassword = real;
    }
  });

  it("two app instances over the same database share one counter", async () => {
    const second = createApp(
      buildServices(
        { database: t.services.database, env: t.services.env, log: t.services.log },
        { now: clock.now },
      ),
    );
    const client = "198.51.100.40";
    for (let i = 0; i < 3; i++) expect((await attempt(t.app, "bad", client)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await attempt(second, "bad", client)).status).toBe(401);
    expect((await attempt(t.app, TEST_ADMIN_PASSWORD, client)).status).toBe(429);
    expect((await attempt(second, TEST_ADMIN_PASSWORD, client)).status).toBe(429);
  });

  it("behind one trusted proxy, clients are told apart by the address the proxy appended", async () => {
    // The left part of X-Forwarded-For is whatever the client sent: changing it must not give a new bucket.
    for (let i = 0; i < 5; i++) {
      expect((await attempt(t.app, "bad", `10.9.9.${i}, 203.0.113.61`)).status).toBe(401);
    }
    expect((await attempt(t.app, "bad", "10.9.9.99, 203.0.113.61")).status).toBe(429);
    expect((await attempt(t.app, "bad", "203.0.113.62")).status).toBe(401);
  });

  it("with no trusted proxy, X-Forwarded-For is ignored: every forged address shares one bucket", async () => {
    const direct = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await attempt(direct.app, "bad", `203.0.113.${70 + i}`)).status).toBe(401);
      }
      expect((await attempt(direct.app, "bad", "203.0.113.99")).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe("global failure budget: distributed guessing without locking the operator out", () => {
  let t: TestContext;
  let clock: ReturnType<typeof testClock>;
  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp(
      { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await t?.close();
  });
  // Each test starts with no counts, no known clients and an unspent budget.
  beforeEach(async () => {
    await t.db.delete(rateLimits);
  });

  const attempt = (password: string, forwardedFor: string) =>
    t.app.request("/api/admin/login", jsonRequest("POST", { password }, { "X-Forwarded-For": forwardedFor }));
  const { limit: budget } = LOGIN_POLICY.globalFailures;
  const { limit: checks } = LOGIN_POLICY.perNetworkUnderAttack;
  const PAUSED =
    "Too many failed sign-in attempts on this site, so sign-in from new devices is paused. Please try again in 60 minutes, or sign in from a device you have used before.";

  /** Spends the budget from many addresses, each well under its own limit. */
  async function spendBudget(prefix: string) {
    for (let i = 0; i < budget; i++) {
      expect((await attempt(`guess-${i}`, `${prefix}.${i + 1}`)).status).toBe(401);
    }
  }

  it("one address that spends the whole budget keeps out only itself: a new device with the right password gets in", async () => {
    const flooder = "203.0.113.9";
    // 5 guesses every 15 minutes, the most its own limit allows, spend the hour's budget alone.
    const rounds = budget / LOGIN_POLICY.perClient.limit;
    for (let round = 0; round < rounds; round++) {
      if (round > 0) clock.advance(LOGIN_POLICY.perClient.windowMs);
      for (let i = 0; i < LOGIN_POLICY.perClient.limit; i++) {
        expect((await attempt(`flood-${round}-${i}`, flooder)).status).toBe(401);
      }
    }
    const newDevice = await attempt(TEST_ADMIN_PASSWORD, "198.51.100.77");
    expect(newDevice.status).toBe(200);
    issued.push(((await newDevice.json()) as { token: string }).token);
    expect((await attempt(TEST_ADMIN_PASSWORD, flooder)).status).toBe(429);
  });

  it("once spent, a network that has failed is refused, a known client still signs in, and the next window opens the door", async () => {
    // The operator's usual device signs in once (and is remembered).
    expect((await attempt(TEST_ADMIN_PASSWORD, "192.0.2.1")).status).toBe(200);
    const guesser = "203.0.113.250";
    for (let i = 0; i < checks; i++) expect((await attempt(`early-${i}`, guesser)).status).toBe(401);
    await spendBudget("203.0.113");

    const refused = await attempt(TEST_ADMIN_PASSWORD, guesser);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { success: boolean; detail: string };
    expect(body.success).toBe(false);
    expect(body.detail).toBe(PAUSED);
    expect(Number(refused.headers.get("Retry-After"))).toBe(3600);

    const operator = await attempt(TEST_ADMIN_PASSWORD, "192.0.2.1");
    expect(operator.status).toBe(200);
    issued.push(((await operator.json()) as { token: string }).token);

    clock.advance(LOGIN_POLICY.globalFailures.windowMs + 1000);
    const later = await attempt(TEST_ADMIN_PASSWORD, guesser);
    expect(later.status).toBe(200);
    issued.push(((await later.json()) as { token: string }).token);
  });

  it("while spent, each network has a few checks a day: a typo fits, guessing from one /48 does not", async () => {
    await spendBudget("198.18.0");
    // A newcomer mistypes, then gets it right.
    expect((await attempt("typo", "198.51.100.5")).status).toBe(401);
    const ok = await attempt(TEST_ADMIN_PASSWORD, "198.51.100.5");
    expect(ok.status).toBe(200);
    issued.push(((await ok.json()) as { token: string }).token);

    // Every /64 of one /48 is the same network here: new addresses buy no new guesses.
    for (let i = 0; i < checks; i++) {
      expect((await attempt(`v6-${i}`, `2001:db8:7:${i + 1}::1`)).status).toBe(401);
    }
    expect((await attempt(TEST_ADMIN_PASSWORD, "2001:db8:7:99::1")).status).toBe(429);
    // A day later the network has its checks again (and the attack still goes on).
    clock.advance(LOGIN_POLICY.perNetworkUnderAttack.windowMs + 1000);
    await spendBudget("198.18.1");
    expect((await attempt(TEST_ADMIN_PASSWORD, "2001:db8:7:99::1")).status).toBe(200);
  });

  it("holds under a parallel burst: once spent, a network's checks reach the password check, no more", async () => {
    await spendBudget("203.0.113");
    const state = adminAuthState(t.services);
    const real = state.checkPassword;
    let checked = 0;
    state.checkPassword = async (password) => {
      checked++;
      return real(password);
    };
    try {
      // 60 /64s of one /48, all at once.
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => attempt(`burst-${i}`, `2001:db8:42:${i.toString(16)}::1`)),
      );
      expect(checked).toBe(checks);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(checks);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - checks);
    } finally {
      state.checkPassword = real;
    }
  });

  it("a right password from an unknown client does not use up the budget", async () => {
    for (let i = 0; i < budget + 5; i++) {
      const ok = await attempt(TEST_ADMIN_PASSWORD, `100.64.${i}.1`);
      expect(ok.status).toBe(200);
      issued.push(((await ok.json()) as { token: string }).token);
    }
    expect((await attempt("one-guess", "100.64.200.1")).status).toBe(401);
  });

  it("a known client passes even when its network has used its checks; after 30 days it is a newcomer again", async () => {
    const operator = "2001:db8:77:1::1";
    /** Someone else in the operator's /48 guesses while the site is under attack. */
    const neighbourGuesses = async () => {
      await spendBudget("203.0.113");
      for (let i = 0; i < checks; i++)
        expect((await attempt(`near-${i}`, "2001:db8:77:2::1")).status).toBe(401);
      expect((await attempt(TEST_ADMIN_PASSWORD, "2001:db8:77:3::1")).status).toBe(429);
    };
    expect((await attempt(TEST_ADMIN_PASSWORD, operator)).status).toBe(200);
    await neighbourGuesses();
    expect((await attempt(TEST_ADMIN_PASSWORD, operator)).status).toBe(200);

    clock.advance(LOGIN_POLICY.knownClientMs + 1000);
    await neighbourGuesses();
    expect((await attempt(TEST_ADMIN_PASSWORD, operator)).status).toBe(429);
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

  it("is not made when ADMIN_PASSWORD is set: nothing is printed that would not open the console", async () => {
    const other = await createTestApp();
    try {
      expect(await ensureAdminPassword(other.db, "set-by-the-deployment")).toBeNull();
      expect(await getSetting(other.db, PASSWORD_HASH_KEY)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe("changing the password", () => {
  it("stores the new password, ends every session and answers a fresh token", async () => {
    const other = await createTestApp();
    try {
      const password = (await ensureAdminPassword(other.db, undefined)) as string;
      const elsewhere = await login(other, password);
      const here = await login(other, password);
      const change = (body: Record<string, unknown>) =>
        other.app.request("/api/admin/password", authed(here, "POST", body));
      const newPassword = "a brand new long password";

      const wrong = await change({
        current_password: `${password}x`,
        new_password: newPassword,
        confirm_password: newPassword,
      });
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { errors: Record<string, string> }).errors).toEqual({
        current_password: "The current password is not correct",
      });
      const short = await change({
        current_password: password,
        new_password: "short",
        confirm_password: "short",
      });
      expect(short.status).toBe(400);
      expect(((await short.json()) as { errors: Record<string, string> }).errors.new_password).toBe(
        "New password must be at least 12 characters",
      );
      const mismatch = await change({
        current_password: password,
        new_password: newPassword,
        confirm_password: `${newPassword}!`,
      });
      expect(mismatch.status).toBe(400);
      expect(((await mismatch.json()) as { errors: Record<string, string> }).errors.confirm_password).toBe(
        "The two new passwords do not match",
      );
      // Nothing changed so far.
      expect((await other.app.request("/api/bookings", authed(elsewhere))).status).toBe(200);

      const ok = await change({
        current_password: password,
        new_password: newPassword,
        confirm_password: newPassword,
      });
      expect(ok.status).toBe(200);
      const body = (await ok.json()) as { success: boolean; token: string };
      expect(body.success).toBe(true);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      expect((await other.app.request("/api/bookings", authed(elsewhere))).status).toBe(401);
      expect((await other.app.request("/api/bookings", authed(here))).status).toBe(401);
      expect((await other.app.request("/api/bookings", authed(body.token))).status).toBe(200);
      // The audit log says the password changed and how many sessions ended, never the password.
      const [entry] = await other.db.select().from(auditLog).where(eq(auditLog.entity, "password"));
      expect(entry).toMatchObject({ action: "update", entityId: "owner" });
      expect(entry.changes).toEqual({
        password: { changed: true },
        sessions_ended: { before: null, after: 2 },
      });

      const old = await other.app.request("/api/admin/login", jsonRequest("POST", { password }));
      expect(old.status).toBe(401);
      expect(await login(other, newPassword)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const text = other.logs.join("\n");
      expect(text).not.toContain(newPassword);
      expect(text).not.toContain(password);
    } finally {
      await other.close();
    }
  });

  it("is refused with 409 while ADMIN_PASSWORD is set, and the settings page is told so", async () => {
    const token = await freshToken();
    const res = await ctx.app.request(
      "/api/admin/password",
      authed(token, "POST", {
        current_password: TEST_ADMIN_PASSWORD,
        new_password: "another long password",
        confirm_password: "another long password",
      }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "The admin password is set by ADMIN_PASSWORD in the server configuration. Change ADMIN_PASSWORD there and restart the server.",
    );
    const security = await ctx.app.request("/api/admin/security", authed(token));
    expect(((await security.json()) as { password_source: string }).password_source).toBe("environment");
    expect((await ctx.app.request("/api/bookings", authed(token))).status).toBe(200);
  });
});
