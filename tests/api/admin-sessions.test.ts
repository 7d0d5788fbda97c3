import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSession } from "../../app/lib/admin-security.ts";
import { createApp } from "../../server/app.server.ts";
import { hashToken, IDLE_TIMEOUT_MS, syncPasswordSource } from "../../server/domain/access/auth.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import { buildServices } from "../../server/services.server.ts";
import { authed, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS_CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

let t: TestContext;
let clock: ReturnType<typeof testClock>;
const tokens: string[] = [];

beforeAll(async () => {
  clock = testClock();
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" }, { now: clock.now });
});
afterAll(async () => {
  await t?.close();
});

async function signIn(userAgent: string, address: string, app = t.app, password = TEST_ADMIN_PASSWORD) {
  const res = await app.request(
    "/api/admin/login",
    jsonRequest("POST", { password }, { "User-Agent": userAgent, "X-Forwarded-For": address }),
  );
  expect(res.status).toBe(200);
  const { token } = (await res.json()) as { token: string };
  tokens.push(token);
  return token;
}

async function sessions(token: string): Promise<AdminSession[]> {
  const res = await t.app.request("/api/admin/sessions", authed(token));
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessions: AdminSession[] }).sessions;
}

const works = async (token: string, app = t.app) =>
  (await app.request("/api/bookings", authed(token))).status;

describe("the list of signed-in devices", () => {
  it("lists live sessions with the device in words, the address and the last use, never a token", async () => {
    await t.app.request("/api/admin/sessions", authed(await signIn(WINDOWS_CHROME, "198.51.100.2")));
    const idle = await signIn(WINDOWS_CHROME, "198.51.100.3");
    const loggedOut = await signIn(WINDOWS_CHROME, "198.51.100.4");
    expect((await t.app.request("/api/admin/logout", authed(loggedOut, "POST"))).status).toBe(200);
    clock.advance(IDLE_TIMEOUT_MS - 60_000);
    const phone = await signIn(IPHONE, "203.0.113.5");
    clock.advance(2 * 60_000);
    const desk = await signIn(WINDOWS_CHROME, "198.51.100.9");

    const res = await t.app.request("/api/admin/sessions", authed(desk));
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();
    const list = (JSON.parse(text) as { sessions: AdminSession[] }).sessions;
    // The idle session and the logged-out one are not live; the first one went idle too.
    expect(list.map((s) => [s.device, s.address, s.current])).toEqual([
      ["Chrome on Windows", "198.51.100.9", true],
      ["Safari on iPhone", "203.0.113.5", false],
    ]);
    expect(list[1].signed_in_at).toBe(new Date(clock.now().getTime() - 2 * 60_000).toISOString());
    for (const token of [phone, desk, idle, loggedOut]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(hashToken(token));
    }

    // Using the phone from another address moves its last use and address.
    clock.advance(5 * 60_000);
    const moved = await t.app.request("/api/bookings", {
      headers: { Authorization: `Bearer ${phone}`, "X-Forwarded-For": "203.0.113.99" },
    });
    expect(moved.status).toBe(200);
    const after = await sessions(desk);
    expect(after.find((s) => !s.current)).toMatchObject({
      device: "Safari on iPhone",
      address: "203.0.113.99",
      last_used_at: clock.now().toISOString(),
      current: false,
    });
  });

  it("signs out one session: its token stops working, the others keep working", async () => {
    const here = await signIn(WINDOWS_CHROME, "198.51.100.20");
    const lost = await signIn(IPHONE, "203.0.113.20");
    const target = (await sessions(here)).find((s) => !s.current && s.address === "203.0.113.20");
    expect(target).toBeDefined();
    const del = await t.app.request(`/api/admin/sessions/${target?.id}`, authed(here, "DELETE"));
    expect(del.status).toBe(200);
    expect(await works(lost)).toBe(401);
    expect(await works(here)).toBe(200);
    expect((await sessions(here)).some((s) => s.id === target?.id)).toBe(false);

    const again = await t.app.request(`/api/admin/sessions/${target?.id}`, authed(here, "DELETE"));
    expect(again.status).toBe(404);
    expect(((await again.json()) as { detail: string }).detail).toBe("That session has ended already.");
    expect((await t.app.request("/api/admin/sessions/not-a-session", authed(here, "DELETE"))).status).toBe(
      404,
    );
  });

  it("sign out everywhere ends every session, this one too", async () => {
    const here = await signIn(WINDOWS_CHROME, "198.51.100.30");
    const other = await signIn(IPHONE, "203.0.113.30");
    const res = await t.app.request("/api/admin/sessions", authed(here, "DELETE"));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; ended: number };
    expect(body.success).toBe(true);
    expect(body.ended).toBeGreaterThanOrEqual(2);
    expect(await works(here)).toBe(401);
    expect(await works(other)).toBe(401);
  });

  it("the list and both ways of signing out need the admin token", async () => {
    expect((await t.app.request("/api/admin/sessions")).status).toBe(401);
    expect((await t.app.request("/api/admin/sessions", { method: "DELETE" })).status).toBe(401);
    expect((await t.app.request("/api/admin/sessions/some-id", { method: "DELETE" })).status).toBe(401);
  });
});

describe("a password that changes between two starts ends every session", () => {
  let e: TestContext;
  beforeAll(async () => {
    e = await createTestApp(
      { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await e?.close();
  });

  /** A process over the same database, started with `password` as ADMIN_PASSWORD (or none). */
  const processWith = (password: string | undefined) =>
    createApp(
      buildServices(
        {
          database: e.services.database,
          env: parseEnv({
            NODE_ENV: "test",
            TRUST_PROXY_HOPS: "1",
            ...(password ? { ADMIN_PASSWORD: password } : {}),
          }),
          log: e.services.log,
        },
        { now: clock.now },
      ),
    );
  /** Starts a process the way the server starts: the password in force is recorded first. */
  const start = async (password: string | undefined) => ({
    ended: await syncPasswordSource(e.db, password, clock.now()),
    app: processWith(password),
  });
  const loginStatus = async (app: TestContext["app"], password: string) =>
    (
      await app.request(
        "/api/admin/login",
        jsonRequest("POST", { password }, { "X-Forwarded-For": "203.0.113.42" }),
      )
    ).status;
  const live = async (token: string) => (await e.app.request("/api/bookings", authed(token))).status;

  it("a new ADMIN_PASSWORD: old tokens stop working, and a process still on the old value accepts neither", async () => {
    const first = "first-admin-password";
    const second = "second-admin-password";
    const old = await start(first);
    const token = await signIn(IPHONE, "203.0.113.40", old.app, first);
    // Restarting with the same value changes nothing.
    expect((await start(first)).ended).toBeNull();
    expect(await live(token)).toBe(200);

    const restarted = await start(second);
    expect(restarted.ended).toBeGreaterThanOrEqual(1);
    expect(await live(token)).toBe(401);
    expect(await live(await signIn(IPHONE, "203.0.113.41", restarted.app, second))).toBe(200);
    // A process that has not restarted yet (a rolling restart) opens no session with either value.
    expect(await loginStatus(old.app, first)).toBe(401);
    expect(await loginStatus(old.app, second)).toBe(401);
  });

  it("moving from ADMIN_PASSWORD to the stored password, and back, ends every session too", async () => {
    const fromEnv = "the-environment-password";
    const envStart = await start(fromEnv);
    const token = await signIn(IPHONE, "203.0.113.50", envStart.app, fromEnv);

    const stored = await start(undefined);
    expect(stored.ended).toBeGreaterThanOrEqual(1);
    expect(await live(token)).toBe(401);
    expect((await start(undefined)).ended).toBeNull();
    // Now only the stored password signs in; the process still on ADMIN_PASSWORD accepts nothing.
    expect(await loginStatus(stored.app, fromEnv)).toBe(401);
    expect(await loginStatus(envStart.app, fromEnv)).toBe(401);

    const back = await start(fromEnv);
    const again = await signIn(WINDOWS_CHROME, "203.0.113.53", back.app, fromEnv);
    expect((await start(undefined)).ended).toBeGreaterThanOrEqual(1);
    expect(await live(again)).toBe(401);
  });
});

describe("secrets stay out of the logs", () => {
  it("no token appears in any log line", () => {
    const text = t.logs.join("\n");
    expect(tokens.length).toBeGreaterThan(5);
    for (const token of tokens) expect(text).not.toContain(token);
  });
});
