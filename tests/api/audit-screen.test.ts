/**
 * The owner's audit log screen's API: the filters (person, entity, booking,
 * Sydney dates), pages newest first, the CSV with the formula guard, the
 * owner alone, bad filters refused naming the field, no secret value in any
 * answer; and the retention purge, which deletes only entries older than
 * AUDIT_RETENTION_DAYS.
 */
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "../../app/lib/audit-log.ts";
import { sydneyInstant } from "../../app/lib/dates.ts";
import { auditLog } from "../../server/db/schema.ts";
import { OWNER_LABEL, recordAudit } from "../../server/domain/audit/audit.server.ts";
import { auditCsv, purgeAuditLog } from "../../server/domain/audit/audit-query.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { parseStrictCsv } from "../helpers/csv.ts";
import { memberToken } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;
let manager: { id: string; token: string };
let booking: { id: string; reference: string };
const ADDRESS = "203.0.113.7";

/** An entry written as a console call would write it, at a chosen time. */
async function entry(
  staffId: string | null,
  fields: { entity: string; entityId: string; bookingId?: string; occurredAt?: Date; after?: object },
) {
  await ctx.db.transaction((tx) =>
    recordAudit(
      tx,
      {
        action: "update",
        entity: fields.entity,
        entityId: fields.entityId,
        bookingId: fields.bookingId,
        before: { note: "before" },
        after: { note: "after", ...fields.after },
        occurredAt: fields.occurredAt,
      },
      { staffId, address: ADDRESS },
    ),
  );
}

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
  manager = await memberToken(ctx.db, "manager");
  const seeded = await insertBooking(ctx.db, { paid: true });
  booking = seeded.booking;
  // Oldest first: each a Sydney day apart, early in November.
  await entry(null, { entity: "faq", entityId: "faq-1", occurredAt: sydneyInstant("2026-11-02", 600) });
  await entry(manager.id, {
    entity: "availability",
    entityId: "date-1",
    occurredAt: sydneyInstant("2026-11-03", 23 * 60 + 30),
  });
  await entry(manager.id, {
    entity: "booking",
    entityId: booking.id,
    bookingId: booking.id,
    occurredAt: sydneyInstant("2026-11-04", 30),
    after: { notes: '=HYPERLINK("http://evil")' },
  });
});
afterAll(() => ctx.close());

const list = async (query: string, token = owner) => {
  const res = await ctx.app.request(`/api/admin/audit?${query}`, authed(token));
  return {
    res,
    body: (await res.json()) as AuditPage & { detail?: string; errors?: Record<string, string> },
  };
};
const ids = (page: AuditPage) => page.entries.map((e) => e.entity_id);

describe("GET /api/admin/audit", () => {
  it("lists newest first, with who, from where, what and the changes", async () => {
    const { res, body } = await list("from=2026-11-01&to=2026-11-10");
    expect(res.status).toBe(200);
    expect(ids(body)).toEqual([booking.id, "date-1", "faq-1"]);
    expect(body.total).toBe(3);
    const [first] = body.entries;
    expect(first).toMatchObject({
      actor: "Test manager",
      staff_id: manager.id,
      address: ADDRESS,
      action: "update",
      entity: "booking",
      booking_id: booking.id,
      booking_reference: booking.reference,
      changes: { note: { before: "before", after: "after" } },
    });
    expect(body.entries[2].actor).toBe(OWNER_LABEL);
  });

  it("filters by person (a member, or the owner)", async () => {
    expect(ids((await list(`person=${manager.id}&from=2026-11-01&to=2026-11-10`)).body)).toEqual([
      booking.id,
      "date-1",
    ]);
    expect(ids((await list("person=owner&from=2026-11-01&to=2026-11-10")).body)).toEqual(["faq-1"]);
  });

  it("filters by entity and entity id", async () => {
    expect(ids((await list("entity=availability")).body)).toEqual(["date-1"]);
    expect(ids((await list("entity=faq&entity_id=faq-1")).body)).toEqual(["faq-1"]);
    expect((await list("entity=faq&entity_id=other")).body.total).toBe(0);
  });

  it("filters by booking, by its id or its reference", async () => {
    expect(ids((await list(`booking=${booking.id}`)).body)).toEqual([booking.id]);
    expect(ids((await list(`booking=${booking.reference.toLowerCase()}`)).body)).toEqual([booking.id]);
  });

  it("filters by Sydney calendar dates, both ends included", async () => {
    // 23:30 on the 3rd in Sydney is the 3rd's, though it is the 3rd's afternoon in UTC.
    expect(ids((await list("from=2026-11-03&to=2026-11-03")).body)).toEqual(["date-1"]);
    expect(ids((await list("from=2026-11-04&to=2026-11-04")).body)).toEqual([booking.id]);
    expect(ids((await list("from=2026-11-02&to=2026-11-03")).body)).toEqual(["date-1", "faq-1"]);
  });

  it("pages the list", async () => {
    const one = (await list("from=2026-11-01&to=2026-11-10&page_size=2")).body;
    const two = (await list("from=2026-11-01&to=2026-11-10&page_size=2&page=2")).body;
    expect([one.total, one.page, one.page_size]).toEqual([3, 1, 2]);
    expect(ids(one)).toEqual([booking.id, "date-1"]);
    expect(ids(two)).toEqual(["faq-1"]);
  });

  it.each([
    ["person=not an id!", "person"],
    ["entity=DROP TABLE", "entity"],
    ["booking=TW 1", "booking"],
    ["from=2026-13-01", "from"],
    ["to=soon", "to"],
    ["from=2026-11-05&to=2026-11-04", "to"],
    ["page=0", "page"],
    ["page_size=lots", "page_size"],
  ])("refuses %s with a 400 naming %s", async (query, field) => {
    const { res, body } = await list(query);
    expect(res.status).toBe(400);
    expect(body.detail).toMatch(new RegExp(`^${field}:`));
    expect(body.errors).toHaveProperty(field);
    const csv = await ctx.app.request(`/api/admin/audit.csv?${query}`, authed(owner));
    expect(csv.status).toBe(page(field) ? 200 : 400);
  });

  it("is the owner's alone", async () => {
    for (const role of ["manager", "crew", "bookkeeper"] as const) {
      const token = role === "manager" ? manager.token : (await memberToken(ctx.db, role)).token;
      for (const path of ["/api/admin/audit", "/api/admin/audit.csv"]) {
        const res = await ctx.app.request(path, authed(token));
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(((await res.json()) as { detail: string }).detail).toContain("audit");
      }
    }
  });
});

/** The CSV has no page: `page` and `page_size` are the list's alone. */
const page = (field: string) => field === "page" || field === "page_size";

/** Every chunk a generator yields, in order. */
async function chunksOf(gen: AsyncGenerator<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of gen) out.push(chunk);
  return out;
}

describe("GET /api/admin/audit.csv", () => {
  it("downloads the filtered entries with the header, newest first, formulas defused", async () => {
    const res = await ctx.app.request("/api/admin/audit.csv?from=2026-11-01&to=2026-11-10", authed(owner));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const rows = parseStrictCsv(await res.text());
    expect(rows[0]).toEqual([
      "occurred_at",
      "recorded_at",
      "actor",
      "staff_id",
      "address",
      "action",
      "entity",
      "entity_id",
      "booking_reference",
      "booking_id",
      "changes",
    ]);
    expect(rows.slice(1).map((r) => r[7])).toEqual([booking.id, "date-1", "faq-1"]);
    const [first] = rows.slice(1);
    expect(first[2]).toBe("Test manager");
    expect(first[8]).toBe(booking.reference);
    expect(JSON.parse(first[10])).toMatchObject({
      notes: { before: null, after: '=HYPERLINK("http://evil")' },
    });
  });

  it("reads in batches: every entry once, newest first, across the batches' edges", async () => {
    const filter = { from: "2026-11-01", to: "2026-11-10" };
    const whole = (await chunksOf(auditCsv(ctx.db, filter))).join("");
    const entries = parseStrictCsv(whole).length - 1;
    expect(entries).toBeGreaterThanOrEqual(3);
    for (const batch of [1, 2, 3]) {
      const chunks = await chunksOf(auditCsv(ctx.db, filter, batch));
      expect(chunks.join(""), `batch ${batch}`).toBe(whole);
      // The header, then one chunk per batch: a last full batch is followed by no empty chunk.
      expect(chunks.length, `batch ${batch}`).toBe(1 + Math.ceil(entries / batch));
    }
  });

  it("guards a cell that starts like a formula", async () => {
    await entry(null, {
      entity: "faq",
      entityId: "=cmd|' /C calc'!A0",
      occurredAt: sydneyInstant("2026-10-01"),
    });
    const res = await ctx.app.request("/api/admin/audit.csv?from=2026-10-01&to=2026-10-01", authed(owner));
    const rows = parseStrictCsv(await res.text());
    expect(rows[1][7]).toBe("'=cmd|' /C calc'!A0");
  });
});

describe("secrets", () => {
  it("no answer of the log carries a secret's value, even one recorded under an odd name", async () => {
    const secret = "hunter2-the-secret-value";
    // Recorded through the rule: the secret fields become "changed" as the entry is written.
    await entry(null, {
      entity: "staff",
      entityId: "secret-check",
      occurredAt: sydneyInstant("2026-09-01"),
      after: { password_hash: secret, totpSecret: secret, medical_answers: { q1: secret } },
    });
    // Written around the rule (as a faulty write path might): the log's readers still show no value.
    await ctx.db.insert(auditLog).values({
      actorLabel: OWNER_LABEL,
      action: "update",
      entity: "staff",
      entityId: "secret-check",
      occurredAt: sydneyInstant("2026-09-01", 60),
      changes: { recovery_codes: { before: null, after: [secret] }, token: { before: secret, after: null } },
    });
    const res = await list("entity_id=secret-check");
    expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(res.body.entries.map((e) => e.changes)).toEqual([
      { recovery_codes: { changed: true }, token: { changed: true } },
      {
        note: { before: "before", after: "after" },
        password_hash: { changed: true },
        totpSecret: { changed: true },
        medical_answers: { changed: true },
      },
    ]);
    const csv = await ctx.app.request("/api/admin/audit.csv?entity_id=secret-check", authed(owner));
    expect(await csv.text()).not.toContain(secret);
  });
});

describe("the retention purge", () => {
  const day = 86_400_000;
  async function recordedDaysAgo(days: number) {
    const [row] = await ctx.db
      .insert(auditLog)
      .values({
        actorLabel: OWNER_LABEL,
        action: "update",
        entity: "retention-test",
        entityId: `${days}-days`,
        recordedAt: new Date(Date.now() - days * day),
      })
      .returning({ id: auditLog.id });
    return row.id;
  }

  it("deletes only the entries recorded longer ago than the retention", async () => {
    const entries = [await recordedDaysAgo(900), await recordedDaysAgo(731), await recordedDaysAgo(729)];
    const purged = await purgeAuditLog(ctx.db, new Date(), 730);
    expect(purged).toBe(2);
    const left = await ctx.db.select({ id: auditLog.id }).from(auditLog).where(inArray(auditLog.id, entries));
    expect(left.map((r) => r.id)).toEqual([entries[2]]);
  });

  it("runs as the services' periodic job with AUDIT_RETENTION_DAYS", async () => {
    const other = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, AUDIT_RETENTION_DAYS: "400" });
    try {
      const insert = (days: number) =>
        other.db
          .insert(auditLog)
          .values({
            actorLabel: OWNER_LABEL,
            action: "update",
            entity: "retention-test",
            entityId: `${days}`,
            recordedAt: new Date(Date.now() - days * day),
          })
          .returning({ id: auditLog.id });
      await insert(401);
      const [kept] = await insert(399);
      expect(await other.services.auditRetention.runNow()).toBe(1);
      const left = await other.db.select({ id: auditLog.id }).from(auditLog);
      expect(left.map((r) => r.id)).toEqual([kept.id]);
    } finally {
      await other.close();
    }
  });
});
