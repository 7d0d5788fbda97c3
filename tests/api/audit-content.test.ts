/**
 * Every console write area outside bookings and money leaves its audit entry:
 * who (the owner or the member), the entity and its id, and the fields before
 * and after; secrets (the password, two-factor) as "changed" or a flag only.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import {
  type AuditLogRow,
  auditLog,
  contactMessages,
  newsletterSubscribers,
} from "../../server/db/schema.ts";
import { ensureAdminPassword } from "../../server/domain/access/admin-password.server.ts";
import { OWNER_LABEL } from "../../server/domain/audit/audit.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { memberToken, STAFF_PASSWORD } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;
let manager: { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
  manager = await memberToken(ctx.db, "manager");
});
afterAll(() => ctx?.close());

// biome-ignore lint/suspicious/noExplicitAny: the answers are read as the API's JSON
type Json = Record<string, any>;
async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await ctx.app.request(path, authed(token, method, body));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
}

/** The entries of one entity, newest first. */
async function entries(entity: string, entityId: string): Promise<AuditLogRow[]> {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.recordedAt), desc(auditLog.id));
}

const byOwner = { staffId: null, actorLabel: OWNER_LABEL };

describe("website content", () => {
  it("an FAQ added, edited and deleted: three entries with the fields before and after", async () => {
    const faq = { category: "Getting Started", question: "Do you dive in winter?", answer: "Yes.", order: 9 };
    const created = await call(owner, "POST", "/api/admin/faqs", faq);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(
      (await call(manager.token, "PUT", `/api/admin/faqs/${id}`, { ...faq, answer: "Yes, in 7 mm." })).status,
    ).toBe(200);
    expect((await call(owner, "DELETE", `/api/admin/faqs/${id}`)).status).toBe(200);

    const [deleted, edited, added] = await entries("faq", id);
    expect(added).toMatchObject({ ...byOwner, action: "create" });
    expect(added.changes).toMatchObject({ question: { before: null, after: faq.question } });
    expect(edited).toMatchObject({ staffId: manager.id, actorLabel: "Test manager", action: "update" });
    expect(edited.changes).toEqual({ answer: { before: "Yes.", after: "Yes, in 7 mm." } });
    expect(deleted).toMatchObject({ ...byOwner, action: "delete" });
    expect(deleted.changes).toMatchObject({ question: { before: faq.question, after: null } });
  });

  it("a content section deleted keeps its text in the entry", async () => {
    const section = {
      page: "homepage",
      section: "audit_banner",
      type: "text",
      title: "Promo",
      content: "Winter sale",
    };
    const created = await call(owner, "POST", "/api/admin/content", section);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call(owner, "DELETE", `/api/admin/content/${id}`)).status).toBe(200);
    const [deleted] = await entries("content", id);
    expect(deleted).toMatchObject({ ...byOwner, action: "delete", entityId: id });
    expect(deleted.changes).toMatchObject({ content: { before: "Winter sale", after: null } });
  });

  it("a refused delete (unknown id) leaves no entry", async () => {
    expect((await call(owner, "DELETE", "/api/admin/faqs/no-such-faq")).status).toBe(404);
    expect(await entries("faq", "no-such-faq")).toEqual([]);
  });

  it("a gallery image and a media entry added and removed", async () => {
    const image = { title: "Reef", image_url: "/images/gallery/g03.webp", category: "diving" };
    const added = await call(owner, "POST", "/api/admin/gallery", image);
    expect(added.status).toBe(201);
    expect((await call(owner, "DELETE", `/api/admin/gallery/${added.body.id}`)).status).toBe(200);
    expect((await entries("gallery_image", added.body.id)).map((e) => e.action)).toEqual([
      "delete",
      "create",
    ]);

    const media = await call(owner, "POST", "/api/admin/media", {
      url: "https://example.com/audit.pdf",
      filename: "audit.pdf",
      original_name: "Audit.pdf",
      file_type: "document",
      mime_type: "application/pdf",
      file_size: 1234,
    });
    expect(media.status).toBe(201);
    expect((await call(owner, "DELETE", `/api/admin/media/${media.body.id}`)).status).toBe(200);
    const [gone, made] = await entries("media", media.body.id);
    expect(made.changes).toMatchObject({ url: { before: null, after: "https://example.com/audit.pdf" } });
    expect(gone.changes).toMatchObject({ url: { before: "https://example.com/audit.pdf", after: null } });
  });

  it("an adventure created, renamed and deleted; a review added, hidden and deleted", async () => {
    const adventure = {
      title: "Audit Reef Walk",
      slug: "audit-reef-walk",
      tagline: "A walk",
      short_description: "A walk over the reef.",
      full_description: "Long text.",
      hero_image: "/images/adventures/dive-exhibition.webp",
      base_price: 50,
      price_display: "From $50",
      duration: "1 hour",
      group_size_min: 1,
      group_size_max: 4,
      category: "snorkeling",
      skill_level: "all-levels",
      highlights: ["Calm water"],
    };
    expect((await call(owner, "POST", "/api/admin/adventures-pro", adventure)).status).toBe(201);
    const renamed = { ...adventure, title: "Audit Reef Ramble" };
    expect(
      (await call(manager.token, "PUT", "/api/admin/adventures-pro/audit-reef-walk", renamed)).status,
    ).toBe(200);
    expect((await call(owner, "DELETE", "/api/admin/adventures-pro/audit-reef-walk")).status).toBe(200);
    const [gone, rename, made] = await entries("adventure", "audit-reef-walk");
    expect(made).toMatchObject({ ...byOwner, action: "create" });
    expect(rename).toMatchObject({ staffId: manager.id, action: "update" });
    expect(rename.changes).toMatchObject({
      title: { before: "Audit Reef Walk", after: "Audit Reef Ramble" },
    });
    expect(gone).toMatchObject({ ...byOwner, action: "delete" });
    expect(gone.changes).toMatchObject({ title: { before: "Audit Reef Ramble", after: null } });

    const review = await call(owner, "POST", "/api/admin/testimonials", {
      customer_name: "Sam",
      adventure_type: "dive-exhibition",
      location: "Sydney",
      content: "Great.",
    });
    expect(review.status).toBe(201);
    const id = review.body.id as string;
    const hidden = await call(owner, "POST", `/api/admin/testimonials/${id}/status`, {
      status: "hidden",
    });
    expect(hidden.status).toBe(200);
    expect((await call(owner, "DELETE", `/api/admin/testimonials/${id}`)).status).toBe(200);
    const [removed, hide, added] = await entries("testimonial", id);
    expect([removed.action, hide.action, added.action]).toEqual(["delete", "update", "create"]);
    expect(hide.changes).toMatchObject({ status: { before: "approved", after: "hidden" } });
  });

  it("the site's settings and cancellation rules: before and after", async () => {
    const res = await call(owner, "PUT", "/api/admin/settings", { contact_phone: "+61 2 5550 1234" });
    expect(res.status).toBe(200);
    const [entry] = await entries("settings", "site");
    expect(entry).toMatchObject({ ...byOwner, action: "update" });
    expect(entry.changes).toMatchObject({ contact_phone: { after: "+61 2 5550 1234" } });
  });
});

describe("dates and schedules", () => {
  const adventureId = "night-dive-experience";
  // A weekday well ahead: the seed opens weekends only.
  const date = (() => {
    let d = addDays(sydneyDate(), 47);
    while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
    return d;
  })();

  it("a date added, closed and deleted by a manager", async () => {
    const created = await call(manager.token, "POST", "/api/admin/availability", {
      adventure_id: adventureId,
      date,
      available_spots: 6,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const closed = await call(manager.token, "PUT", `/api/admin/availability/${id}`, { is_available: false });
    expect(closed.status).toBe(200);
    expect((await call(manager.token, "DELETE", `/api/admin/availability/${id}`)).status).toBe(200);

    const [deleted, close, add] = await entries("availability", id);
    for (const e of [deleted, close, add])
      expect(e).toMatchObject({ staffId: manager.id, address: expect.any(String) });
    expect(add.changes).toMatchObject({ date: { before: null, after: date }, available_spots: { after: 6 } });
    expect(close).toMatchObject({ action: "update" });
    expect(close.changes).toEqual({ is_available: { before: true, after: false } });
    expect(deleted).toMatchObject({ action: "delete" });
    expect(deleted.changes).toMatchObject({ date: { before: date, after: null } });
  });

  it("a schedule saved and deleted, with the dates it made", async () => {
    const saved = await call(owner, "POST", "/api/admin/schedules", {
      adventure_id: "guided-shore-dive",
      weekdays: [3],
      from: "2029-11-01",
      to: "2029-11-30",
    });
    expect(saved.status).toBe(201);
    const id = saved.body.schedule.id as string;
    expect((await call(owner, "DELETE", `/api/admin/schedules/${id}`)).status).toBe(200);
    const [deleted, created] = await entries("schedule", id);
    expect(created).toMatchObject({ ...byOwner, action: "create" });
    expect(created.changes).toMatchObject({
      weekdays: { before: null, after: [3] },
      dates_added: { before: null, after: saved.body.result.create },
    });
    expect(deleted).toMatchObject({ action: "delete" });
    expect(deleted.changes).toMatchObject({ from_date: { before: "2029-11-01", after: null } });
  });
});

describe("messages", () => {
  it("a reply to a contact message, a subscriber's status and a newsletter sent", async () => {
    const [msg] = await ctx.db
      .insert(contactMessages)
      .values({
        firstName: "Ana",
        lastName: "Diaz",
        email: "ana@example.com",
        adventureType: "general",
        message: "Wetsuits?",
      })
      .returning();
    expect(
      (await call(manager.token, "POST", `/api/admin/contact/${msg.id}/respond`, { response: "Yes." }))
        .status,
    ).toBe(200);
    const [reply] = await entries("contact_message", msg.id);
    expect(reply).toMatchObject({ staffId: manager.id, action: "respond" });
    expect(reply.changes).toMatchObject({ response: { before: null, after: "Yes." } });

    const [sub] = await ctx.db
      .insert(newsletterSubscribers)
      .values({ email: "reader@example.com", status: "active" })
      .returning();
    expect(
      (await call(owner, "PUT", `/api/admin/newsletter/subscribers/${sub.id}`, { status: "unsubscribed" }))
        .status,
    ).toBe(200);
    const [change] = await entries("newsletter_subscriber", sub.id);
    expect(change.changes).toEqual({ status: { before: "active", after: "unsubscribed" } });

    await call(owner, "PUT", `/api/admin/newsletter/subscribers/${sub.id}`, { status: "active" });
    const campaign = randomUUID();
    const sent = await call(owner, "POST", "/api/admin/newsletter/send", {
      campaign_id: campaign,
      subject: "Winter dives",
      body: "Join us.",
    });
    expect(sent.status).toBe(200);
    const [send] = await entries("newsletter", campaign);
    expect(send).toMatchObject({ ...byOwner, action: "send" });
    expect(send.changes).toMatchObject({
      subject: { after: "Winter dives" },
      recipients: { after: sent.body.queued },
    });
  });
});

describe("staff and sign-in", () => {
  const codeFor = (secret: string, later = false) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + (later ? 30_000 : 0),
    });

  it("the owner's email, an invitation, a role change, a sign-out and a removal", async () => {
    expect((await call(owner, "PUT", "/api/admin/staff/owner", { email: "owner@example.com" })).status).toBe(
      200,
    );
    const [ownerChange] = await entries("staff", "owner");
    expect(ownerChange.changes).toMatchObject({ email: { before: null, after: "owner@example.com" } });

    const invited = await call(owner, "POST", "/api/admin/staff", {
      email: "crew.audit@example.com",
      name: "Casey Crew",
      role: "crew",
    });
    expect(invited.status).toBe(201);
    const member = (invited.body.members as Json[]).find((m) => m.email === "crew.audit@example.com") as Json;
    expect((await call(owner, "PATCH", `/api/admin/staff/${member.id}`, { role: "bookkeeper" })).status).toBe(
      200,
    );
    expect((await call(owner, "DELETE", `/api/admin/staff/${member.id}/sessions`)).status).toBe(200);
    expect((await call(owner, "DELETE", `/api/admin/staff/${member.id}`)).status).toBe(200);

    const [removed, role, invite] = await entries("staff", member.id);
    expect(invite).toMatchObject({ ...byOwner, action: "invite" });
    expect(invite.changes).toMatchObject({
      email: { after: "crew.audit@example.com" },
      role: { after: "crew" },
    });
    expect(role.changes).toEqual({ role: { before: "crew", after: "bookkeeper" } });
    expect(removed).toMatchObject({ ...byOwner, action: "delete" });
    expect(removed.changes).toMatchObject({ email: { before: "crew.audit@example.com", after: null } });
    const [signOut] = await entries("session", member.id);
    expect(signOut).toMatchObject({
      action: "sign_out",
      changes: { sessions_ended: { before: null, after: 0 } },
    });
  });

  it("signing out everywhere is recorded for the person who did it", async () => {
    const spare = await memberToken(ctx.db, "manager");
    expect((await call(spare.token, "DELETE", "/api/admin/sessions")).status).toBe(200);
    const [entry] = await entries("session", spare.id);
    expect(entry).toMatchObject({
      staffId: spare.id,
      action: "sign_out",
      changes: { sessions_ended: { after: 1 } },
    });
  });

  it("a member's own password change is recorded as changed, never its value", async () => {
    const member = await memberToken(ctx.db, "manager");
    const next = "a member's brand new password";
    const res = await call(member.token, "POST", "/api/admin/account/password", {
      current_password: STAFF_PASSWORD,
      new_password: next,
      confirm_password: next,
    });
    expect(res.status).toBe(200);
    const [entry] = await entries("password", member.id);
    expect(entry).toMatchObject({ staffId: member.id, action: "update" });
    expect(entry.changes).toMatchObject({ password: { changed: true } });
    expect(JSON.stringify(entry)).not.toContain(next);
  });

  it("the owner's password change and two-factor are recorded as changed, never their values", async () => {
    const other = await createTestApp();
    try {
      const password = (await ensureAdminPassword(other.db, undefined)) as string;
      const token = await login(other, password);
      const next = "a brand new long password";
      const res = await other.app.request(
        "/api/admin/password",
        authed(token, "POST", { current_password: password, new_password: next, confirm_password: next }),
      );
      expect(res.status).toBe(200);
      const fresh = ((await res.json()) as { token: string }).token;
      const [entry] = await other.db.select().from(auditLog).where(eq(auditLog.entity, "password"));
      expect(entry).toMatchObject({ ...byOwner, action: "update", entityId: "owner" });
      expect(entry.changes).toMatchObject({ password: { changed: true } });
      expect(JSON.stringify(entry)).not.toContain(next);
      expect(JSON.stringify(entry)).not.toContain(password);

      // Two-factor turned on (before anyone is invited): the entry says so, never the secret.
      const start = await other.app.request(
        "/api/admin/two-factor/start",
        authed(fresh, "POST", { password: next }),
      );
      const secret = ((await start.json()) as { secret: string }).secret;
      const confirm = await other.app.request(
        "/api/admin/two-factor/confirm",
        authed(fresh, "POST", { code: codeFor(secret) }),
      );
      expect(confirm.status).toBe(200);
      const [factor] = await other.db.select().from(auditLog).where(eq(auditLog.entity, "two_factor"));
      expect(factor).toMatchObject({ ...byOwner, action: "enable", entityId: "owner" });
      expect(factor.changes).toEqual({ enabled: { before: false, after: true } });
      expect(JSON.stringify(factor)).not.toContain(secret);
    } finally {
      await other.close();
    }
  });
});
