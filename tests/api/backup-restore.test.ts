import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countRows,
  createBackup,
  RestoreRefused,
  restoreBackup,
  tablesInDependencyOrder,
} from "../../server/db/backup.server.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { auditLog, bookings, payments } from "../../server/db/schema.ts";
import { SEALED_TEXT_LOST } from "../../server/email/outbox.server.ts";
import { image, pdf } from "../fixtures/files.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createPgDatabase } from "../helpers/pg.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Mia Nguyen" };
const work = mkdtempSync(path.join(tmpdir(), "tw-backup-test-"));
const sourceDir = path.join(work, "source");
const targetDir = path.join(work, "target");
let t: TestContext;

/** A new, empty database of the run's kind (TEST_DB), migrated as the restore script does. */
async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== "postgres") return openDatabase({ dataDir: path.join(targetDir, "db") });
  const pgDb = await createPgDatabase("tw_restore");
  const database = await openDatabase({ url: pgDb.url });
  return {
    ...database,
    async close() {
      await database.close();
      await pgDb.drop();
    },
  };
}

/** Every row of every table exactly as PostgreSQL prints it. */
async function dumpAll(db: Database["db"]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tablesInDependencyOrder()) {
    const result = (await db.execute(
      sql`select row_to_json(t)::text as j from ${sql.identifier(table.name)} t order by 1`,
    )) as unknown as { rows: { j: string }[] };
    out[table.name] = result.rows.map((r) => r.j).sort();
  }
  return out;
}

/** A dump with email_outbox rows parsed (jsonb columns print with spaces), sorted by id. */
function comparable(dump: Record<string, string[]>) {
  const emails = dump.email_outbox.map((j) => JSON.parse(j) as Record<string, unknown>);
  return {
    ...dump,
    email_outbox: emails.sort((a, b) => String(a.id).localeCompare(String(b.id))),
  };
}

/** What a restore of `source` holds: no sealed text, and each unsent sealed email failed with the reason. */
function afterRestore(source: Record<string, string[]>) {
  const expected = comparable({ ...source, email_outbox_sealed: [] });
  for (const row of expected.email_outbox) {
    if (row.sealed === true && row.status === "pending") {
      row.status = "failed";
      row.last_error = SEALED_TEXT_LOST;
    }
  }
  expect(expected.email_outbox.some((row) => row.status === "failed")).toBe(true);
  return expected;
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: sourceDir });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("restores bookings, payments, emails and uploads into an empty database exactly, and no live link", async () => {
    // Bookings: two paid through the test checkout, one left waiting for payment.
    const date = await firstOpenDate(t.app, "dive-exhibition", 3);
    const sessions: string[] = [];
    for (const [i, email] of ["bk-a@example.com", "bk-b@example.com", "bk-c@example.com"].entries()) {
      const res = await t.app.request(
        "/api/bookings",
        jsonRequest("POST", bookingPayload({ selected_date: date, group_size: 1, customer_email: email })),
      );
      expect(res.status).toBe(201);
      const { session_id } = (await res.json()) as { session_id: string };
      sessions.push(session_id);
      if (i < 2) {
        const paid = await t.app.request(
          `/api/payments/v1/test-checkout/${session_id}/pay`,
          jsonRequest("POST", PAY),
        );
        expect(paid.status).toBe(200);
      }
    }
    // Uploads: an image (stored with its resized copies) and a PDF.
    const token = await login(t);
    const form = new FormData();
    form.append(
      "files",
      new File([new Uint8Array(await image("jpeg", 800, 600))], "reef.jpg", { type: "image/jpeg" }),
    );
    form.append("files", new File([new Uint8Array(pdf())], "waiver.pdf", { type: "application/pdf" }));
    const up = await t.app.request("/api/admin/media/upload", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    expect((await t.app.request("/api/bookings", authed(token))).status).toBe(200);

    const file = path.join(work, "backups", "site.tar.gz");
    const manifest = await createBackup({
      db: t.db,
      kind: t.services.database.kind,
      dataDir: sourceDir,
      file,
    });
    const source = await dumpAll(t.db);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The paid bookings' confirmations wait unsent with live links: the backup holds none of them.
    const liveTokens = source.email_outbox_sealed.flatMap((j) =>
      [...j.matchAll(/\/my-booking\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]),
    );
    expect(liveTokens.length).toBeGreaterThanOrEqual(2);
    const unpacked = path.join(work, "unpacked");
    mkdirSync(unpacked);
    await tar.x({ file, cwd: unpacked });
    const archived = readdirSync(path.join(unpacked, "tables"))
      .map((name) => readFileSync(path.join(unpacked, "tables", name), "utf8"))
      .join("\n");
    expect(archived).toContain("booking_confirmation");
    for (const live of liveTokens) expect(archived).not.toContain(live);
    expect(readdirSync(path.join(unpacked, "tables"))).not.toContain("email_outbox_sealed.jsonl");
    const restored = afterRestore(source);
    expect(manifest.tables.find((x) => x.name === "bookings")?.rows).toBe(source.bookings.length);
    expect(manifest.migrations.count).toBeGreaterThanOrEqual(3);
    const uploaded = readdirSync(path.join(sourceDir, "uploads")).sort();
    expect(uploaded.length).toBeGreaterThanOrEqual(2);
    expect(manifest.uploads.files).toBe(uploaded.length);

    const target = await emptyDatabase();
    try {
      expect(Object.values(await countRows(target.db)).every((n) => n === 0)).toBe(true);
      await restoreBackup({ db: target.db, dataDir: targetDir, file });
      // Every table, row for row and value for value (timestamps to the microsecond, jsonb, integers),
      // but the unsent emails whose live text a backup never keeps: failed, with the reason.
      expect(comparable(await dumpAll(target.db))).toEqual(restored);
      const restoredPayments = await target.db.select().from(payments);
      for (const s of sessions) expect(restoredPayments.some((p) => p.sessionId === s)).toBe(true);
      expect(restoredPayments.filter((p) => p.paymentStatus === "paid").length).toBeGreaterThanOrEqual(2);
      const restoredBookings = await target.db.select().from(bookings);
      expect(restoredBookings.filter((b) => b.bookingStatus === "confirmed").length).toBeGreaterThanOrEqual(
        2,
      );
      // The uploads, byte for byte.
      expect(readdirSync(path.join(targetDir, "uploads")).sort()).toEqual(uploaded);
      for (const name of uploaded) {
        expect(
          readFileSync(path.join(targetDir, "uploads", name)).equals(
            readFileSync(path.join(sourceDir, "uploads", name)),
          ),
        ).toBe(true);
      }

      // A database with data is refused, and left as it was.
      const before = await dumpAll(target.db);
      await expect(restoreBackup({ db: target.db, dataDir: targetDir, file })).rejects.toThrow(
        RestoreRefused,
      );
      await expect(restoreBackup({ db: target.db, dataDir: targetDir, file })).rejects.toThrow(
        /not empty.*--force/s,
      );
      expect(await dumpAll(target.db)).toEqual(before);
      // --force replaces it with the backup (a change made since is undone), but for the
      // audit log, which nothing empties: its entry of that change stays beside the backup's.
      await target.db.update(bookings).set({ customerFirstName: "Changed" });
      const [kept] = await target.db
        .insert(auditLog)
        .values({ actorLabel: "Owner", action: "update", entity: "booking", entityId: "all" })
        .returning();
      await restoreBackup({ db: target.db, dataDir: targetDir, file, force: true });
      const forced = await dumpAll(target.db);
      expect(forced.audit_log.filter((j) => j.includes(kept.id))).toHaveLength(1);
      const rest = { ...forced, audit_log: forced.audit_log.filter((j) => !j.includes(kept.id)) };
      expect(comparable(rest)).toEqual(restored);
    } finally {
      await target.close();
    }
    // A whole backup and a restore into a second embedded database: minutes of work on a busy machine.
  }, 120_000);
});
