/**
 * A backup made before secrets were stored at rest hashed still restores, in
 * today's form: its voucher codes and unsubscribe links keep working with only
 * their hashes stored, and its emails keep only their markers; an unsent one
 * that carried a live link is failed with the reason instead of sent.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, expect, it } from "vitest";
import { restoreBackup } from "../../server/db/backup.server.ts";
import type { Database } from "../../server/db/client.server.ts";
import { emailOutbox, vouchers } from "../../server/db/schema.ts";
import { unsubscribeByToken } from "../../server/domain/messaging/newsletter-send.server.ts";
import { checkVoucher } from "../../server/domain/vouchers/voucher-use.server.ts";
import { hashVoucherCode } from "../../server/domain/vouchers/vouchers.server.ts";
import { SEALED_TEXT_LOST } from "../../server/email/outbox.server.ts";
import { LINK_REMOVED } from "../../server/email/secrets.server.ts";
import { createTestDatabase } from "../helpers/test-app.ts";

const CODE = "TW-7K3Q-9PXM";
const TOKEN = "Qm9va2luZ0xpbmtUb2tlbl8xMjM0NTY3ODkwYWJjZGVm";
const UNSUB = "VW5zdWJzY3JpYmVfdG9rZW5fMTIzNDU2Nzg5MGFiY2Rl";
const work = mkdtempSync(path.join(tmpdir(), "tw-legacy-backup-"));
let database: Database;

/** The migrations a database had before the secrets-at-rest one. */
function migrationsBefore(): number {
  const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.findIndex((e) => /_secrets_at_rest$/.test(e.tag));
}

/** An archive as the earlier version wrote it: these tables, with their columns of then. */
async function legacyArchive(tables: Record<string, Record<string, unknown>[]>): Promise<string> {
  const stage = path.join(work, "stage");
  mkdirSync(path.join(stage, "tables"), { recursive: true });
  for (const [name, rows] of Object.entries(tables)) {
    writeFileSync(
      path.join(stage, "tables", `${name}.jsonl`),
      rows.map((r) => `${JSON.stringify(r)}\n`).join(""),
    );
  }
  const manifest = {
    format: 1,
    createdAt: "2026-11-01T00:00:00.000Z",
    database: "pglite",
    migrations: { count: migrationsBefore(), lastHash: null },
    tables: Object.entries(tables).map(([name, rows]) => ({
      name,
      rows: rows.length,
      columns: Object.keys(rows[0]),
    })),
    uploads: { files: 0, bytes: 0 },
  };
  writeFileSync(path.join(stage, "manifest.json"), JSON.stringify(manifest));
  const file = path.join(work, "legacy.tar.gz");
  await tar.c({ gzip: true, file, cwd: stage, portable: true }, ["manifest.json", "tables"]);
  return file;
}

const at = "2026-11-01T00:00:00+00:00";
const email = (id: string, status: string) => ({
  id,
  dedupe_key: id,
  kind: "booking_confirmation",
  headers: {},
  to_address: "mia@example.com",
  subject: "Your booking is confirmed",
  text_body: `View your booking or cancel it online: https://tidewater.example/my-booking/${TOKEN}`,
  html_body: "",
  attachments: [],
  status,
  attempts: 0,
  next_attempt_at: at,
  last_error: null,
  claim_token: null,
  sent_at: null,
  created_at: at,
});

beforeAll(async () => {
  // A copy of the seeded test database: the restore replaces everything in it (--force).
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  rmSync(work, { recursive: true, force: true });
});

it("restores a backup from before secrets were hashed into today's form", async () => {
  const file = await legacyArchive({
    newsletter_subscribers: [
      {
        id: "s-old",
        email: "reader@example.com",
        status: "active",
        source: "footer",
        subscribed_at: at,
        unsubscribe_token: UNSUB,
        updated_at: at,
      },
    ],
    vouchers: [
      {
        id: "v-old",
        code: CODE,
        initial_cents: 5000,
        balance_cents: 5000,
        currency: "aud",
        expires_at: "2029-11-01T00:00:00+00:00",
        source: "operator",
        status: "active",
        source_booking_id: null,
        payment_id: null,
        purchaser_name: "",
        purchaser_email: "",
        recipient_name: "Lee",
        recipient_email: "lee@example.com",
        message: "",
        created_at: at,
        updated_at: at,
      },
    ],
    email_outbox: [email("e-sent", "sent"), email("e-pending", "pending")],
  });
  const restored = await restoreBackup({
    db: database.db,
    dataDir: path.join(work, "data"),
    file,
    force: true,
  });
  expect(restored.unsendableEmails).toBe(1);

  const [v] = await database.db.select().from(vouchers).where(eq(vouchers.id, "v-old"));
  expect(v).toMatchObject({ codeHash: hashVoucherCode(CODE), codeSuffix: "9PXM" });
  expect((await checkVoucher(database.db, CODE, "aud", new Date("2027-01-01"))).balance_cents).toBe(5000);
  expect(await unsubscribeByToken(database.db, UNSUB)).toBe(true);

  const rows = await database.db.select().from(emailOutbox);
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
  expect(byId["e-sent"]).toMatchObject({ status: "sent", sealed: false });
  expect(byId["e-pending"]).toMatchObject({ status: "failed", sealed: true, lastError: SEALED_TEXT_LOST });
  for (const row of rows) expect(row.textBody).toBe(`View your booking or cancel it online: ${LINK_REMOVED}`);
  const everything = JSON.stringify(
    await database.db.execute(
      sql`select (select json_agg(v) from vouchers v)::text as v, (select json_agg(n) from newsletter_subscribers n)::text as n`,
    ),
  );
  expect(everything).not.toContain(CODE);
  expect(everything).not.toContain(UNSUB);
});
