/**
 * A staff member's password rules, called directly (server/domain/access/staff-reset.server.ts).
 * A reset is asked for by an active member only: an unknown address or a suspended or invited
 * member gets false and nothing is sent. A second request within five minutes gets false; one
 * five minutes later mints a new link, deleting the member's older reset link but no link of
 * another purpose. The link works for sixty minutes, once, and only while the member is still
 * active; using it stores the new password and ends every session of the member. A member who
 * changes their own password ends their other sessions (the count is the answer, null when they
 * are no longer active) and the audit log says only that the password changed.
 */
import { verify } from "@node-rs/argon2";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteInfo } from "../../app/lib/site.ts";
import { adminSessions, auditLog, emailOutbox, staffLinks, staffMembers } from "../../server/db/schema.ts";
import { createSession, hashToken } from "../../server/domain/access/auth.server.ts";
import {
  changeMemberPassword,
  memberOfReset,
  RESET_EMAIL_KIND,
  RESET_LINK_MINUTES,
  requestPasswordReset,
  resetPassword,
  resetUrl,
} from "../../server/domain/access/staff-reset.server.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import { loadSiteContent } from "../../server/domain/content/content.server.ts";
import { sentText } from "../helpers/outbox.ts";
import { insertMember, STAFF_PASSWORD } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
const PUBLIC_URL = "https://dive.example";
const T0 = new Date("2031-05-01T09:00:00.000Z");
const MINUTE = 60_000;
const at = (minutes: number, ms = 0) => new Date(T0.getTime() + minutes * MINUTE + ms);
const deps = (now: Date) => ({ db: ctx.db, publicUrl: PUBLIC_URL, now });
const NEW_PASSWORD = "a-brand-new-password-9";

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const setStatus = (id: string, status: string) =>
  ctx.db.update(staffMembers).set({ status }).where(eq(staffMembers.id, id));
const linksOf = (id: string) => ctx.db.select().from(staffLinks).where(eq(staffLinks.staffId, id));
const resetEmails = (email: string) =>
  ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, RESET_EMAIL_KIND)));
const hashOf = async (id: string) =>
  (await ctx.db.select().from(staffMembers).where(eq(staffMembers.id, id)))[0].passwordHash as string;
const session = async (staffId: string, now: Date) =>
  (await createSession(ctx.db, now, { userAgent: "test", address: "127.0.0.1" }, staffId)).token;
const sessionRow = async (token: string) =>
  (
    await ctx.db
      .select()
      .from(adminSessions)
      .where(eq(adminSessions.tokenHash, hashToken(token)))
  )[0];

/** The tokens of every reset email to `email` (the live link is read from the sealed text). */
async function mailedTokens(email: string): Promise<string[]> {
  const tokens: string[] = [];
  for (const row of await resetEmails(email)) {
    const token = /\/staff\/reset\/([A-Za-z0-9_-]{43})\b/.exec(await sentText(ctx.db, row))?.[1];
    expect(token).toBeTruthy();
    tokens.push(token as string);
  }
  return tokens;
}

/** The token of the one reset email to `email`. */
async function emailedToken(email: string): Promise<string> {
  const tokens = await mailedTokens(email);
  expect(tokens).toHaveLength(1);
  return tokens[0];
}

describe("requestPasswordReset", () => {
  it("answers false, mints no link and sends nothing for an unknown address or a member not active", async () => {
    expect(await requestPasswordReset(deps(T0), "nobody-here@example.com")).toBe(false);
    expect(await resetEmails("nobody-here@example.com")).toEqual([]);
    for (const status of ["suspended", "invited"]) {
      const member = await insertMember(ctx.db, "crew");
      await setStatus(member.id, status);
      expect(await requestPasswordReset(deps(T0), member.email)).toBe(false);
      expect(await linksOf(member.id)).toEqual([]);
      expect(await resetEmails(member.email)).toEqual([]);
    }
  });

  it("mints one link of sixty minutes and mails it to the member, the address matched in any case", async () => {
    expect(RESET_EMAIL_KIND).toBe("staff_password_reset");
    expect(RESET_LINK_MINUTES).toBe(60);
    expect(resetUrl("https://x.example", "tok")).toBe("https://x.example/staff/reset/tok");
    const member = await insertMember(ctx.db, "bookkeeper");
    expect(await requestPasswordReset(deps(T0), `  ${member.email.toUpperCase()} `)).toBe(true);

    const links = await linksOf(member.id);
    expect(links).toHaveLength(1);
    expect(links[0].purpose).toBe("reset");
    expect(links[0].usedAt).toBeNull();
    expect(links[0].createdAt.getTime()).toBe(T0.getTime());
    expect(links[0].expiresAt.getTime()).toBe(at(60).getTime());

    const emails = await resetEmails(member.email);
    expect(emails).toHaveLength(1);
    const title = siteInfo(await loadSiteContent(ctx.db)).title;
    expect(emails[0].subject).toBe(`Reset your ${title} console password`);
    const token = await emailedToken(member.email);
    const text = await sentText(ctx.db, emails[0]);
    expect(text).toContain("Hi Test bookkeeper,");
    expect(text).toContain(`Choose a new password: ${PUBLIC_URL}/staff/reset/${token}\n`);
    expect(text).toContain("The link works once, for 60 minutes.");
    expect(hashToken(token)).toBe(links[0].tokenHash);
    expect((await memberOfReset(ctx.db, token, at(59)))?.id).toBe(member.id);
    expect(await memberOfReset(ctx.db, token, at(60))).toBeUndefined();
  });

  it("refuses a second request within five minutes and allows one from the fifth minute on", async () => {
    const member = await insertMember(ctx.db, "crew");
    expect(await requestPasswordReset(deps(T0), member.email)).toBe(true);
    expect(await requestPasswordReset(deps(at(1)), member.email)).toBe(false);
    expect(await requestPasswordReset(deps(at(5, -1)), member.email)).toBe(false);
    expect(await linksOf(member.id)).toHaveLength(1);
    expect(await resetEmails(member.email)).toHaveLength(1);
    expect(await requestPasswordReset(deps(at(5)), member.email)).toBe(true);
    expect(await resetEmails(member.email)).toHaveLength(2);
  });

  it("a later request replaces the member's reset link and keeps a link of another purpose", async () => {
    const member = await insertMember(ctx.db, "crew");
    const other = await insertMember(ctx.db, "crew");
    expect(await requestPasswordReset(deps(T0), other.email)).toBe(true);
    await ctx.db.insert(staffLinks).values({
      tokenHash: hashToken(`invite-of-${member.id}`),
      staffId: member.id,
      purpose: "invite",
      createdAt: T0,
      expiresAt: at(600),
    });
    expect(await requestPasswordReset(deps(T0), member.email)).toBe(true);
    const first = await emailedToken(member.email);
    expect(await requestPasswordReset(deps(at(6)), member.email)).toBe(true);
    const tokens = await mailedTokens(member.email);
    expect(tokens).toHaveLength(2);
    const [second] = tokens.filter((t) => t !== first);

    const links = await linksOf(member.id);
    const resets = links.filter((l) => l.purpose === "reset");
    expect(resets).toHaveLength(1);
    expect(resets[0].tokenHash).toBe(hashToken(second));
    expect(resets[0].createdAt.getTime()).toBe(at(6).getTime());
    expect(resets[0].expiresAt.getTime()).toBe(at(6 + RESET_LINK_MINUTES).getTime());
    expect(links.filter((l) => l.purpose === "invite").map((l) => l.tokenHash)).toEqual([
      hashToken(`invite-of-${member.id}`),
    ]);
    // The old link no longer works; another member's link is untouched.
    expect(await resetPassword(ctx.db, first, NEW_PASSWORD, at(7))).toBe(false);
    expect(await linksOf(other.id)).toHaveLength(1);
  });
});

describe("resetPassword", () => {
  it("answers false for an unknown or expired token, the password unchanged", async () => {
    const member = await insertMember(ctx.db, "crew");
    const before = await hashOf(member.id);
    expect(await resetPassword(ctx.db, "not-a-real-token", NEW_PASSWORD, T0)).toBe(false);
    expect(await requestPasswordReset(deps(T0), member.email)).toBe(true);
    const token = await emailedToken(member.email);
    expect(await resetPassword(ctx.db, token, NEW_PASSWORD, at(RESET_LINK_MINUTES))).toBe(false);
    expect(await hashOf(member.id)).toBe(before);
  });

  it("answers false when the member was suspended after the link went out, the password unchanged", async () => {
    const member = await insertMember(ctx.db, "crew");
    expect(await requestPasswordReset(deps(T0), member.email)).toBe(true);
    const token = await emailedToken(member.email);
    await setStatus(member.id, "suspended");
    const before = await hashOf(member.id);
    expect(await resetPassword(ctx.db, token, NEW_PASSWORD, at(1))).toBe(false);
    expect(await hashOf(member.id)).toBe(before);
    expect(await verify(before, STAFF_PASSWORD)).toBe(true);
  });

  it("stores the new password and ends every session of the member, once per link", async () => {
    const member = await insertMember(ctx.db, "crew");
    const other = await insertMember(ctx.db, "crew");
    const sessions = [await session(member.id, T0), await session(member.id, T0)];
    const othersSession = await session(other.id, T0);
    expect(await requestPasswordReset(deps(T0), member.email)).toBe(true);
    const token = await emailedToken(member.email);

    expect(await resetPassword(ctx.db, token, NEW_PASSWORD, at(59))).toBe(true);
    const digest = await hashOf(member.id);
    expect(await verify(digest, NEW_PASSWORD)).toBe(true);
    expect(await verify(digest, STAFF_PASSWORD)).toBe(false);
    for (const t of sessions) expect((await sessionRow(t)).revokedAt?.getTime()).toBe(at(59).getTime());
    expect((await sessionRow(othersSession)).revokedAt).toBeNull();

    expect(await resetPassword(ctx.db, token, "yet-another-password-1", at(59, 1))).toBe(false);
    expect(await hashOf(member.id)).toBe(digest);
  });
});

describe("changeMemberPassword", () => {
  const actor = (staffId: string) => ({ staffId, address: "203.0.113.9" });
  const entries = (id: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "password"), eq(auditLog.entityId, id)));

  it("ends the member's other sessions, keeps this one, and answers how many ended", async () => {
    const member = await insertMember(ctx.db, "bookkeeper");
    const other = await insertMember(ctx.db, "crew");
    const kept = await session(member.id, T0);
    const ended = [await session(member.id, T0), await session(member.id, T0)];
    const othersSession = await session(other.id, T0);

    const now = at(3);
    const answer = await withActor(actor(member.id), () =>
      changeMemberPassword(ctx.db, member.id, NEW_PASSWORD, kept, now),
    );
    expect(answer).toBe(2);
    expect(await verify(await hashOf(member.id), NEW_PASSWORD)).toBe(true);
    expect((await sessionRow(kept)).revokedAt).toBeNull();
    for (const t of ended) expect((await sessionRow(t)).revokedAt?.getTime()).toBe(now.getTime());
    expect((await sessionRow(othersSession)).revokedAt).toBeNull();

    const rows = await entries(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "update",
      entity: "password",
      entityId: member.id,
      staffId: member.id,
      actorLabel: "Test bookkeeper",
      address: "203.0.113.9",
    });
    // A password is a secret: the entry says it changed, never the markers "old" and "new".
    expect(rows[0].changes).toEqual({
      password: { changed: true },
      sessions_ended: { before: null, after: 2 },
    });
  });

  it("answers 0 when no other session was open", async () => {
    const member = await insertMember(ctx.db, "crew");
    const kept = await session(member.id, T0);
    const answer = await withActor(actor(member.id), () =>
      changeMemberPassword(ctx.db, member.id, NEW_PASSWORD, kept, at(1)),
    );
    expect(answer).toBe(0);
    expect((await entries(member.id))[0].changes).toEqual({
      password: { changed: true },
      sessions_ended: { before: null, after: 0 },
    });
  });

  it("answers null for a member no longer active: nothing stored, ended or logged", async () => {
    const member = await insertMember(ctx.db, "crew");
    const kept = await session(member.id, T0);
    const another = await session(member.id, T0);
    await setStatus(member.id, "suspended");
    const before = await hashOf(member.id);
    const answer = await withActor(actor(member.id), () =>
      changeMemberPassword(ctx.db, member.id, NEW_PASSWORD, kept, at(1)),
    );
    expect(answer).toBeNull();
    expect(await hashOf(member.id)).toBe(before);
    expect((await sessionRow(another)).revokedAt).toBeNull();
    expect(await entries(member.id)).toEqual([]);
    const live = await ctx.db
      .select()
      .from(adminSessions)
      .where(and(eq(adminSessions.staffId, member.id), isNull(adminSessions.revokedAt)));
    expect(live).toHaveLength(2);
  });
});
