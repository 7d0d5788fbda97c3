/**
 * A person's own sign-in once staff exist: a member changes their own
 * password (the current one checked, the owner's rules, their other sessions
 * ended, this one kept) while the owner's change keeps its own address and
 * answer; the owner reads and ends a member's sessions one by one or all at
 * once; and two-factor cannot be turned off by an account that must keep it,
 * and the owner whose factor the recovery command turned off sets it up again first.
 */

import { like } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminSession, SecurityStatus } from "../../app/lib/admin-security.ts";
import type { SignedIn, StaffList } from "../../app/lib/staff-api.ts";
import { rateLimits } from "../../server/db/schema.ts";
import { ensureAdminPassword } from "../../server/domain/access/admin-password.server.ts";
import { createSession, revokeAllSessions } from "../../server/domain/access/auth.server.ts";
import { checkMemberPassword } from "../../server/domain/access/staff.server.ts";
import { disableTwoFactor } from "../../server/domain/access/two-factor.server.ts";
import { authed, login } from "../helpers/admin.ts";
import { insertMember, memberToken, STAFF_PASSWORD } from "../helpers/staff.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let ownerPassword: string;
let owner: string;
const OWNER_EMAIL = "owner@example.com";

const call = (path: string, init: RequestInit = {}) => ctx.app.request(path, init);
const as = (token: string, method = "GET", body?: unknown) => authed(token, method, body);
const detail = async (res: Response) => ((await res.json()) as { detail: string }).detail;

/** A live session of an existing member, as a second device's sign-in opens one. */
async function anotherSession(staffId: string, userAgent = "test"): Promise<string> {
  const { token } = await createSession(ctx.db, new Date(), { userAgent, address: "203.0.113.9" }, staffId);
  return token;
}

/** Turns on two-factor for whoever holds `token`; answers the secret. */
async function enrol(token: string, password: string): Promise<string> {
  const start = await call("/api/admin/two-factor/start", as(token, "POST", { password }));
  expect(start.status).toBe(200);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await call("/api/admin/two-factor/confirm", as(token, "POST", { code: codeFor(secret) }));
  expect(confirm.status).toBe(200);
  return secret;
}

/** A code for `secret`: the enrolment's at this step, the next use's at the step after (a code works once). */
function codeFor(secret: string, later = false): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + (later ? 30_000 : 0),
  });
}

const turnOff = (token: string, password: string, code: string) =>
  call("/api/admin/two-factor/disable", as(token, "POST", { password, code }));

beforeAll(async () => {
  ctx = await createTestApp();
  ownerPassword = (await ensureAdminPassword(ctx.db, undefined)) as string;
  owner = await login(ctx, ownerPassword);
});
afterAll(async () => {
  await ctx?.close();
});

describe("the owner's two-factor with no staff", () => {
  it("stays optional: the owner turns it off as before", async () => {
    const secret = await enrol(owner, ownerPassword);
    const security = (await (await call("/api/admin/security", as(owner))).json()) as SecurityStatus;
    expect(security.two_factor_locked).toBeNull();
    const res = await turnOff(owner, ownerPassword, codeFor(secret, true));
    expect(res.status).toBe(200);
  });
});

describe("once staff exist", () => {
  let ownerSecret: string;

  beforeAll(async () => {
    ownerSecret = await enrol(owner, ownerPassword);
    expect((await call("/api/admin/staff/owner", as(owner, "PUT", { email: OWNER_EMAIL }))).status).toBe(200);
    const invited = await call(
      "/api/admin/staff",
      as(owner, "POST", { email: "invited@example.com", name: "Ida", role: "crew" }),
    );
    expect(invited.status).toBe(201);
  });

  it("the owner cannot turn their two-factor off, and is told why and the way out", async () => {
    const res = await turnOff(owner, ownerPassword, codeFor(ownerSecret, true));
    expect(res.status).toBe(409);
    expect(await detail(res)).toMatch(
      /required for the Owner once staff exist.*npm run admin:two-factor-off/,
    );
    const security = (await (await call("/api/admin/security", as(owner))).json()) as SecurityStatus;
    expect(security.two_factor.enabled).toBe(true);
    expect(security.two_factor_locked).toMatch(/Owner/);
  });

  it("a manager cannot turn theirs off; crew can unless the owner requires it for everyone", async () => {
    const manager = await memberToken(ctx.db, "manager");
    const refused = await turnOff(manager.token, STAFF_PASSWORD, "123456");
    expect(refused.status).toBe(409);
    expect(await detail(refused)).toMatch(/required for your role/);

    const crew = await memberToken(ctx.db, "crew");
    const crewSecret = await enrol(crew.token, STAFF_PASSWORD);
    await call("/api/admin/staff/owner", as(owner, "PUT", { email: OWNER_EMAIL, require_two_factor: true }));
    const everyone = await turnOff(crew.token, STAFF_PASSWORD, codeFor(crewSecret, true));
    expect(everyone.status).toBe(409);
    expect(await detail(everyone)).toMatch(/requires two-factor sign-in for everyone/);
    await call("/api/admin/staff/owner", as(owner, "PUT", { email: OWNER_EMAIL, require_two_factor: false }));
    expect((await turnOff(crew.token, STAFF_PASSWORD, codeFor(crewSecret, true))).status).toBe(200);
  });
});

describe("a member's own password", () => {
  const NEW_PASSWORD = "a new crew password, long";
  let member: { id: string; email: string; token: string };
  let otherDevice: string;

  beforeAll(async () => {
    member = await memberToken(ctx.db, "crew");
    otherDevice = await anotherSession(member.id);
    // A fresh window of the per-client limit the checks above used up.
    await ctx.db.delete(rateLimits);
  });

  const change = (token: string, body: Record<string, unknown>) =>
    call("/api/admin/account/password", as(token, "POST", body));

  it("names the field a bad change gets wrong", async () => {
    const wrong = await change(member.token, {
      current_password: "not the password",
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { errors: Record<string, string> }).errors).toEqual({
      current_password: "The current password is not correct",
    });
    // Counted against the sign-in's per-client limit, as the owner's change is.
    const [counted] = await ctx.db.select().from(rateLimits).where(like(rateLimits.key, "login:client:%"));
    expect(counted?.hits).toBe(1);
    const short = await change(member.token, {
      current_password: STAFF_PASSWORD,
      new_password: "short",
      confirm_password: "short",
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: Record<string, string> }).errors.new_password).toMatch(
      /at least 12 characters/,
    );
  });

  it("stores it, ends the member's other sessions and keeps this one", async () => {
    const res = await change(member.token, {
      current_password: STAFF_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, ended: 1 });
    expect((await call("/api/admin/me", as(member.token))).status).toBe(200);
    expect((await call("/api/admin/me", as(otherDevice))).status).toBe(401);
    // Nobody else is signed out.
    expect((await call("/api/admin/me", as(owner))).status).toBe(200);

    // What the sign-in checks a member's password with.
    expect(await checkMemberPassword(ctx.db, member.email, STAFF_PASSWORD)).toBeNull();
    expect((await checkMemberPassword(ctx.db, member.email, NEW_PASSWORD))?.id).toBe(member.id);
  });

  it("is the member's address only: the owner's password keeps its own", async () => {
    const res = await change(owner, {
      current_password: ownerPassword,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(await detail(res)).toMatch(/Settings/);
    // And a member cannot use the owner's.
    const site = await call(
      "/api/admin/password",
      as(member.token, "POST", {
        current_password: NEW_PASSWORD,
        new_password: "yet another long password",
        confirm_password: "yet another long password",
      }),
    );
    expect(site.status).toBe(403);
  });
});

describe("a member's sessions on the staff screen", () => {
  it("the owner lists them with device, address and last use, and ends one or all", async () => {
    const member = await insertMember(ctx.db, "bookkeeper");
    const phone = await anotherSession(
      member.id,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1",
    );
    const desk = await anotherSession(member.id);
    const path = `/api/admin/staff/${member.id}/sessions`;
    const { sessions } = (await (await call(path, as(owner))).json()) as { sessions: AdminSession[] };
    expect(sessions).toHaveLength(2);
    // The staff screen's list carries them too.
    const list = (await (await call("/api/admin/staff", as(owner))).json()) as StaffList;
    const listed = list.members.find((m) => m.id === member.id);
    expect(listed?.sessions.map((s) => s.id).sort()).toEqual(sessions.map((s) => s.id).sort());
    const onPhone = sessions.find((s) => /iPhone/.test(s.device));
    expect(onPhone).toMatchObject({ address: "203.0.113.9", current: false });
    expect(Date.parse(onPhone?.last_used_at ?? "")).not.toBeNaN();

    // Another member's id does not reach this member's session.
    const other = await insertMember(ctx.db, "crew");
    const wrongMember = await call(
      `/api/admin/staff/${other.id}/sessions/${onPhone?.id}`,
      as(owner, "DELETE"),
    );
    expect(wrongMember.status).toBe(404);
    expect((await call("/api/admin/me", as(phone))).status).toBe(200);

    const one = await call(`${path}/${onPhone?.id}`, as(owner, "DELETE"));
    expect(one.status).toBe(200);
    expect((await call("/api/admin/me", as(phone))).status).toBe(401);
    expect((await call("/api/admin/me", as(desk))).status).toBe(200);
    expect((await call(`${path}/${onPhone?.id}`, as(owner, "DELETE"))).status).toBe(404);

    const all = await call(path, as(owner, "DELETE"));
    expect(await all.json()).toEqual({ success: true, ended: 1 });
    expect((await call("/api/admin/me", as(desk))).status).toBe(401);
    expect((await call("/api/admin/me", as(owner))).status).toBe(200);
  });

  it("is the owner's alone", async () => {
    const manager = await memberToken(ctx.db, "manager");
    const res = await call(`/api/admin/staff/${manager.id}/sessions/any`, as(manager.token, "DELETE"));
    expect(res.status).toBe(403);
  });
});

describe("the owner after the recovery command, once staff exist", () => {
  it("may use only their own sign-in screen until two-factor is set up again", async () => {
    // What `npm run admin:two-factor-off` does: the factor off, every session ended.
    await disableTwoFactor(ctx.db);
    await revokeAllSessions(ctx.db, new Date());
    const signIn = await call(
      "/api/admin/login",
      jsonRequest("POST", { email: OWNER_EMAIL, password: ownerPassword }),
    );
    expect(signIn.status).toBe(200);
    const fresh = ((await signIn.json()) as { token: string }).token;
    const refused = await call("/api/admin/staff", as(fresh));
    expect(refused.status).toBe(403);
    expect(await detail(refused)).toMatch(/two-factor/);
    const me = (await (await call("/api/admin/me", as(fresh))).json()) as SignedIn;
    expect(me).toMatchObject({ role: "owner", two_factor_needed: true });

    await enrol(fresh, ownerPassword);
    expect((await call("/api/admin/staff", as(fresh))).status).toBe(200);
    const after = (await (await call("/api/admin/me", as(fresh))).json()) as SignedIn;
    expect(after.two_factor_needed).toBe(false);
  });
});
