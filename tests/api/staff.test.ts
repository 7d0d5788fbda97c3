/**
 * Staff accounts through the API, as the owner and the people invited use
 * them: the owner's email and two-factor before the first invitation, the
 * emailed one-use link, setting a password (and an authenticator where the
 * role needs one), signing in by email, and suspending or removing someone
 * ending their sessions at once.
 */
import { and, desc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InviteView, SignedIn, StaffList } from "../../app/lib/staff-api.ts";
import { emailOutbox, staffLinks, staffMembers } from "../../server/db/schema.ts";
import { INVITE_EMAIL_KIND } from "../../server/domain/access/staff.server.ts";
import { RESET_EMAIL_KIND } from "../../server/domain/access/staff-reset.server.ts";
import { LINK_REMOVED } from "../../server/email/secrets.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import { memberToken } from "../helpers/staff.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;
let ownerSecret: string;
const OWNER_EMAIL = "owner@example.com";
const CREW_EMAIL = "crew.member@example.com";
const CREW_PASSWORD = "crew-password-long-enough";
const INVITE_LINK = /\/staff\/invite\/([A-Za-z0-9_-]{43})\b/;

/** A code for `secret`: its first use at this step, the next one at the step after (a code works once). */
function codeFor(secret: string, later = false): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + (later ? 30_000 : 0),
  });
}

const call = (path: string, init: RequestInit) => ctx.app.request(path, init);
const as = (token: string, method = "GET", body?: unknown) => authed(token, method, body);

async function inviteToken(email: string): Promise<string> {
  const [row] = await ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, INVITE_EMAIL_KIND)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  expect(row, `no invitation to ${email}`).toBeTruthy();
  // The stored email keeps a marker; the live link waits sealed until it is sent.
  expect(row.textBody).toContain(LINK_REMOVED);
  const token = INVITE_LINK.exec(await sentText(ctx.db, row))?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

async function signIn(email: string, password: string, code?: string) {
  return call("/api/admin/login", jsonRequest("POST", { email, password, ...(code ? { code } : {}) }));
}

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe("before anyone is invited", () => {
  it("sign-in asks for the password only, as before", async () => {
    const res = await call("/api/admin/login", { method: "GET" });
    expect(await res.json()).toEqual({ email_required: false });
    const me = (await (await call("/api/admin/me", as(owner))).json()) as SignedIn;
    expect(me.role).toBe("owner");
  });

  it("the owner sets their own email and turns on two-factor before the first invitation", async () => {
    const invite = { email: CREW_EMAIL, name: "Casey Crew", role: "crew" };
    const early = await call("/api/admin/staff", as(owner, "POST", invite));
    expect(early.status).toBe(409);
    expect(((await early.json()) as { detail: string }).detail).toMatch(/sign-in email/);

    const bad = await call("/api/admin/staff/owner", as(owner, "PUT", { email: "not-an-email" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.email).toBeTruthy();
    expect((await call("/api/admin/staff/owner", as(owner, "PUT", { email: OWNER_EMAIL }))).status).toBe(200);

    const noFactor = await call("/api/admin/staff", as(owner, "POST", invite));
    expect(noFactor.status).toBe(409);
    expect(((await noFactor.json()) as { detail: string }).detail).toMatch(/two-factor/);

    const start = await call(
      "/api/admin/two-factor/start",
      as(owner, "POST", { password: TEST_ADMIN_PASSWORD }),
    );
    ownerSecret = ((await start.json()) as { secret: string }).secret;
    const confirm = await call(
      "/api/admin/two-factor/confirm",
      as(owner, "POST", { code: codeFor(ownerSecret) }),
    );
    expect(confirm.status).toBe(200);
  });
});

describe("an invitation", () => {
  let token: string;

  it("names the field a bad invitation gets wrong", async () => {
    const res = await call(
      "/api/admin/staff",
      as(owner, "POST", { email: CREW_EMAIL, name: "X", role: "owner" }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.role).toBeTruthy();
  });

  it("is emailed with a one-use link whose token only the hash of is kept", async () => {
    const res = await call(
      "/api/admin/staff",
      as(owner, "POST", { email: "Crew.Member@Example.com", name: "Casey Crew", role: "crew" }),
    );
    expect(res.status).toBe(201);
    const list = (await res.json()) as StaffList;
    expect(list.owner).toEqual({ email: OWNER_EMAIL, two_factor: true });
    expect(list.members).toMatchObject([{ email: CREW_EMAIL, role: "crew", status: "invited" }]);
    token = await inviteToken(CREW_EMAIL);
    const links = await ctx.db.select().from(staffLinks);
    expect(links.map((l) => l.tokenHash)).not.toContain(token);
    expect(links[0].expiresAt.getTime() - links[0].createdAt.getTime()).toBe(72 * 3600_000);

    const again = await call(
      "/api/admin/staff",
      as(owner, "POST", { email: CREW_EMAIL, name: "Casey", role: "crew" }),
    );
    expect(again.status).toBe(400);
    const ownersOwn = await call(
      "/api/admin/staff",
      as(owner, "POST", { email: OWNER_EMAIL, name: "O", role: "crew" }),
    );
    expect(ownersOwn.status).toBe(400);
  });

  it("opens a page for the invitee, who sets a password once", async () => {
    const view = (await (await call(`/api/admin/invites/${token}`, { method: "GET" })).json()) as InviteView;
    expect(view).toMatchObject({
      email: CREW_EMAIL,
      role: "crew",
      two_factor_required: false,
      enrolment: null,
    });

    const short = await call(
      `/api/admin/invites/${token}`,
      jsonRequest("POST", { password: "short", confirm_password: "short" }),
    );
    expect(short.status).toBe(400);
    expect(((await short.json()) as { errors: Record<string, string> }).errors.password).toBeTruthy();
    const mismatch = await call(
      `/api/admin/invites/${token}`,
      jsonRequest("POST", { password: CREW_PASSWORD, confirm_password: `${CREW_PASSWORD}x` }),
    );
    expect(
      ((await mismatch.json()) as { errors: Record<string, string> }).errors.confirm_password,
    ).toBeTruthy();

    const ok = await call(
      `/api/admin/invites/${token}`,
      jsonRequest("POST", { password: CREW_PASSWORD, confirm_password: CREW_PASSWORD }),
    );
    expect(ok.status).toBe(200);
    const used = await call(
      `/api/admin/invites/${token}`,
      jsonRequest("POST", { password: CREW_PASSWORD, confirm_password: CREW_PASSWORD }),
    );
    expect(used.status).toBe(410);
    expect((await call(`/api/admin/invites/${token}`, { method: "GET" })).status).toBe(410);
  });

  it("stops working after 72 hours", async () => {
    await call(
      "/api/admin/staff",
      as(owner, "POST", { email: "late@example.com", name: "Late", role: "bookkeeper" }),
    );
    const late = await inviteToken("late@example.com");
    const [member] = await ctx.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, "late@example.com"));
    await ctx.db
      .update(staffLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffLinks.staffId, member.id));
    expect((await call(`/api/admin/invites/${late}`, { method: "GET" })).status).toBe(410);
    const list = (await (await call("/api/admin/staff", as(owner))).json()) as StaffList;
    expect(list.members.find((m) => m.email === "late@example.com")?.invite_expired).toBe(true);
    // The owner sends a new link; the old one stays dead.
    expect((await call(`/api/admin/staff/${member.id}/invite`, as(owner, "POST", {}))).status).toBe(200);
    expect(await inviteToken("late@example.com")).not.toBe(late);
  });

  it("for a manager, sets up two-factor before the password is saved", async () => {
    await call(
      "/api/admin/staff",
      as(owner, "POST", { email: "manager@example.com", name: "Morgan", role: "manager" }),
    );
    const invite = await inviteToken("manager@example.com");
    const view = (await (await call(`/api/admin/invites/${invite}`, { method: "GET" })).json()) as InviteView;
    expect(view.two_factor_required).toBe(true);
    expect(view.enrolment?.secret).toBeTruthy();
    const body = { password: "manager-password-long", confirm_password: "manager-password-long" };
    const noCode = await call(`/api/admin/invites/${invite}`, jsonRequest("POST", body));
    expect(noCode.status).toBe(400);
    expect(((await noCode.json()) as { errors: Record<string, string> }).errors.code).toBeTruthy();
    const secret = view.enrolment?.secret as string;
    const ok = await call(
      `/api/admin/invites/${invite}`,
      jsonRequest("POST", { ...body, code: codeFor(secret) }),
    );
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
    // Signing in then needs the manager's own code.
    const withoutCode = await signIn("manager@example.com", body.password);
    expect(((await withoutCode.json()) as { two_factor_required?: boolean }).two_factor_required).toBe(true);
    expect((await signIn("manager@example.com", body.password, codeFor(secret, true))).status).toBe(200);
  });
});

describe("signing in once staff exist", () => {
  let crew: string;

  it("asks for the email, and lets the owner in with theirs", async () => {
    expect(await (await call("/api/admin/login", { method: "GET" })).json()).toEqual({
      email_required: true,
    });
    const bare = await call("/api/admin/login", jsonRequest("POST", { password: TEST_ADMIN_PASSWORD }));
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ email_required: true, detail: "Email is required" });
    const res = await signIn("OWNER@example.com", TEST_ADMIN_PASSWORD, codeFor(ownerSecret, true));
    expect(res.status).toBe(200);
  });

  it("lets a member in with their own email and password, never another's", async () => {
    expect((await signIn(CREW_EMAIL, TEST_ADMIN_PASSWORD)).status).toBe(401);
    expect((await signIn("nobody@example.com", CREW_PASSWORD)).status).toBe(401);
    const res = await signIn(CREW_EMAIL, CREW_PASSWORD);
    expect(res.status).toBe(200);
    crew = ((await res.json()) as { token: string }).token;
    expect(((await (await call("/api/admin/me", as(crew))).json()) as SignedIn).role).toBe("crew");
    expect((await call("/api/admin/manifest", as(crew))).status).toBe(200);
    const refund = await call("/api/admin/bookings/some-id/refunds", as(crew, "POST", {}));
    expect(refund.status).toBe(403);
    expect(((await refund.json()) as { detail: string }).detail).toMatch(/Crew/);
    // Their own sessions only.
    const sessions = (await (await call("/api/admin/sessions", as(crew))).json()) as { sessions: unknown[] };
    expect(sessions.sessions).toHaveLength(1);
  });

  it("a role change applies at the member's next call", async () => {
    const [member] = await ctx.db.select().from(staffMembers).where(eq(staffMembers.email, CREW_EMAIL));
    await call(`/api/admin/staff/${member.id}`, as(owner, "PATCH", { role: "bookkeeper" }));
    expect((await call("/api/admin/invoices", as(crew))).status).toBe(200);
    await call(`/api/admin/staff/${member.id}`, as(owner, "PATCH", { role: "crew" }));
    expect((await call("/api/admin/invoices", as(crew))).status).toBe(403);
  });

  it("suspending ends the member's sessions at once and keeps them out; reinstating lets them in", async () => {
    const [member] = await ctx.db.select().from(staffMembers).where(eq(staffMembers.email, CREW_EMAIL));
    const suspend = await call(`/api/admin/staff/${member.id}`, as(owner, "PATCH", { status: "suspended" }));
    expect(suspend.status).toBe(200);
    expect((await call("/api/admin/manifest", as(crew))).status).toBe(401);
    expect((await signIn(CREW_EMAIL, CREW_PASSWORD)).status).toBe(401);
    await call(`/api/admin/staff/${member.id}`, as(owner, "PATCH", { status: "active" }));
    const res = await signIn(CREW_EMAIL, CREW_PASSWORD);
    expect(res.status).toBe(200);
    crew = ((await res.json()) as { token: string }).token;
    const listed = await call(`/api/admin/staff/${member.id}/sessions`, as(owner));
    expect(((await listed.json()) as { sessions: unknown[] }).sessions.length).toBeGreaterThan(0);
  });

  it("removing a member ends their sessions and their account", async () => {
    const [member] = await ctx.db.select().from(staffMembers).where(eq(staffMembers.email, CREW_EMAIL));
    expect((await call(`/api/admin/staff/${member.id}`, as(owner, "DELETE"))).status).toBe(200);
    expect((await call("/api/admin/manifest", as(crew))).status).toBe(401);
    expect((await signIn(CREW_EMAIL, CREW_PASSWORD)).status).toBe(401);
    expect((await call(`/api/admin/staff/${member.id}`, as(owner, "DELETE"))).status).toBe(404);
  });

  it("a manager whose two-factor was reset may only set it up again", async () => {
    const member = await memberToken(ctx.db, "manager");
    expect((await call("/api/admin/trips", as(member.token))).status).toBe(200);
    await call(`/api/admin/staff/${member.id}`, as(owner, "PATCH", { reset_two_factor: true }));
    // The reset ended their sessions; a new one may use only their own sign-in screen.
    expect((await call("/api/admin/trips", as(member.token))).status).toBe(401);
    const again = (await memberToken(ctx.db, "crew")).token;
    await call("/api/admin/staff/owner", as(owner, "PUT", { email: OWNER_EMAIL, require_two_factor: true }));
    const refused = await call("/api/admin/trips", as(again));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/two-factor/);
    expect((await call("/api/admin/security", as(again))).status).toBe(200);
    const me = (await (await call("/api/admin/me", as(again))).json()) as SignedIn;
    expect(me.two_factor_needed).toBe(true);
    await call("/api/admin/staff/owner", as(owner, "PUT", { email: OWNER_EMAIL, require_two_factor: false }));
    expect((await call("/api/admin/trips", as(again))).status).toBe(200);
  });

  it("only the owner manages staff", async () => {
    const { token } = await memberToken(ctx.db, "manager");
    const res = await call("/api/admin/staff", as(token));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Manager/);
    expect((await call("/api/admin/staff", as(owner))).status).toBe(200);
  });
});

describe("a member's password reset by email", () => {
  const RESET_LINK = /\/staff\/reset\/([A-Za-z0-9_-]{43})\b/;

  async function resetToken(email: string): Promise<string | undefined> {
    const rows = await ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, RESET_EMAIL_KIND)))
      .orderBy(desc(emailOutbox.createdAt));
    if (!rows.length) return undefined;
    expect(rows[0].textBody).toContain(LINK_REMOVED);
    return RESET_LINK.exec(await sentText(ctx.db, rows[0]))?.[1];
  }

  it("answers every address alike and mails only a member", async () => {
    const member = await memberToken(ctx.db, "bookkeeper");
    const ask = (email: string) => call("/api/admin/password-reset", jsonRequest("POST", { email }));
    const known = await ask(member.email);
    const unknown = await ask("stranger@example.com");
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await resetToken("stranger@example.com")).toBeUndefined();
    // The owner's password is the site's: not reset by email.
    await ask(OWNER_EMAIL);
    expect(await resetToken(OWNER_EMAIL)).toBeUndefined();
    expect((await ask("not-an-email")).status).toBe(400);

    const token = (await resetToken(member.email)) as string;
    expect(token).toBeTruthy();
    // A second request within minutes mails nothing more.
    await ask(member.email);
    expect(await resetToken(member.email)).toBe(token);

    expect(await (await call(`/api/admin/password-reset/${token}`, { method: "GET" })).json()).toMatchObject({
      email: member.email,
    });
    const body = { password: "a-new-bookkeeper-password", confirm_password: "a-new-bookkeeper-password" };
    const short = await call(
      `/api/admin/password-reset/${token}`,
      jsonRequest("POST", { password: "short", confirm_password: "short" }),
    );
    expect(((await short.json()) as { errors: Record<string, string> }).errors.password).toBeTruthy();
    expect((await call(`/api/admin/password-reset/${token}`, jsonRequest("POST", body))).status).toBe(200);
    expect((await call(`/api/admin/password-reset/${token}`, jsonRequest("POST", body))).status).toBe(410);
    // Every session of the member ended; the new password signs in.
    expect((await call("/api/admin/invoices", as(member.token))).status).toBe(401);
    expect((await signIn(member.email, body.password)).status).toBe(200);
  });
});
