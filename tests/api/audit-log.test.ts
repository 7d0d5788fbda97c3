/**
 * The audit log's ground rules, on both databases: a console write records
 * who made it, from where and what changed, in the write's own transaction;
 * no database user (the application's included) can change an entry, empty
 * the table, or delete an entry younger than a year.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../server/db/schema.ts";
import { OWNER_LABEL } from "../../server/domain/audit/audit.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { memberToken } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
});
afterAll(() => ctx.close());

const entriesFor = (bookingId: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.bookingId, bookingId));

/** The database's own refusal of a statement (drizzle wraps it: the cause carries the message). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, "the statement was not refused").not.toBeNull();
  return String(error?.cause?.message ?? error?.message);
}

describe("a console write", () => {
  it("is recorded with its author, address and the fields before and after", async () => {
    // An app of its own: once staff exist, an owner without two-factor may only set it up.
    const own = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
    try {
      const owner = await login(own);
      const { booking } = await insertBooking(own.db, { paid: true });
      const res = await own.app.request(
        `/api/admin/bookings/${booking.id}/status`,
        authed(owner, "PUT", { status: "completed" }),
      );
      expect(res.status).toBe(200);
      const [entry] = await own.db.select().from(auditLog).where(eq(auditLog.bookingId, booking.id));
      expect(entry).toMatchObject({
        staffId: null,
        actorLabel: OWNER_LABEL,
        action: "update",
        entity: "booking",
        entityId: booking.id,
        changes: { booking_status: { before: "confirmed", after: "completed" } },
      });
      expect(entry.address).not.toBe("");
    } finally {
      await own.close();
    }
  });

  it("names the staff member who made it", async () => {
    const { token, id } = await memberToken(ctx.db, "manager");
    const { booking } = await insertBooking(ctx.db, { paid: true });
    const res = await ctx.app.request(
      `/api/admin/bookings/${booking.id}/status`,
      authed(token, "PUT", { status: "completed" }),
    );
    expect(res.status).toBe(200);
    const [entry] = await entriesFor(booking.id);
    expect(entry.staffId).toBe(id);
    expect(entry.actorLabel).toBe("Test manager");
  });

  it("refused by the rules leaves no entry", async () => {
    const { token } = await memberToken(ctx.db, "manager");
    const { booking } = await insertBooking(ctx.db, { status: "cancelled" });
    const res = await ctx.app.request(
      `/api/admin/bookings/${booking.id}/status`,
      authed(token, "PUT", { status: "completed" }),
    );
    expect(res.status).toBe(409);
    expect(await entriesFor(booking.id)).toEqual([]);
  });
});

describe("an entry", () => {
  async function anEntry(recordedAt?: Date) {
    const [row] = await ctx.db
      .insert(auditLog)
      .values({
        actorLabel: OWNER_LABEL,
        action: "update",
        entity: "test",
        entityId: "x",
        ...(recordedAt ? { recordedAt } : {}),
      })
      .returning();
    return row;
  }

  it("cannot be changed, deleted or truncated away by the application's own database user", async () => {
    const entry = await anEntry();
    const refused = /audit log entries cannot be changed or deleted/;
    expect(
      await refusal(
        ctx.db.update(auditLog).set({ actorLabel: "someone else" }).where(eq(auditLog.id, entry.id)),
      ),
    ).toMatch(refused);
    expect(await refusal(ctx.db.delete(auditLog).where(eq(auditLog.id, entry.id)))).toMatch(refused);
    expect(await refusal(ctx.db.execute(sql`truncate table audit_log`))).toMatch(refused);
    const [still] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(still.actorLabel).toBe(OWNER_LABEL);
  });

  it("older than a year may be deleted (the retention purge), a younger one not", async () => {
    const day = 86_400_000;
    const old = await anEntry(new Date(Date.now() - 366 * day));
    const recent = await anEntry(new Date(Date.now() - 364 * day));
    await ctx.db.delete(auditLog).where(eq(auditLog.id, old.id));
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.id, old.id))).toEqual([]);
    await refusal(ctx.db.delete(auditLog).where(eq(auditLog.id, recent.id)));
  });
});
