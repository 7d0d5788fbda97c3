/**
 * Upgrading to staff accounts loses nothing: a database as the version before
 * migration 0027 left it (the site's password as its argon2id hash in
 * settings, a live admin session with no staff column) is upgraded in place,
 * and its backup (as that version wrote one) is restored into a database of
 * today's schema; in both the
 * old token still opens the console as the Owner, the password still signs
 * in, and sign-in still asks for the password alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "../../app/lib/staff-api.ts";
import { restoreBackup } from "../../server/db/backup.server.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { ensureAdminPassword } from "../../server/domain/access/admin-password.server.ts";
import { hashToken, syncPasswordSource } from "../../server/domain/access/auth.server.ts";
import { authed } from "../helpers/admin.ts";
import { MIGRATIONS, migrateFolder, migrationsBefore } from "../helpers/migrations.ts";
import { createPgDatabase } from "../helpers/pg.ts";
import { createTestAppOn, jsonRequest, type TestContext } from "../helpers/test-app.ts";

const PASSWORD = "the-site-password-before-staff";
const TOKEN = "T2xkU2Vzc2lvblRva2VuQmVmb3JlU3RhZmZBY2NvdW50cw";
const work = mkdtempSync(path.join(tmpdir(), "tw-staff-upgrade-"));
const cleanups: (() => Promise<void>)[] = [];
let before: string;
let backup: string;
let old: Database;

/** A new database of the run's kind (TEST_DB), migrated to `folder` only. */
async function databaseAt(folder: string): Promise<Database> {
  let database: Database;
  if (process.env.TEST_DB === "postgres") {
    const pg = await createPgDatabase("tw_upgrade");
    database = await openDatabase({ url: pg.url, migrate: false });
    cleanups.push(pg.drop);
  } else {
    database = await openDatabase({ migrate: false });
  }
  cleanups.unshift(() => database.close());
  await migrateFolder(database, folder);
  return database;
}

/**
 * The backup the version before staff accounts wrote of `tables` (the ones
 * holding rows here): its manifest and each table's rows as PostgreSQL
 * prints them, with the columns of then.
 */
async function backupOfThen(database: Database, tables: string[]): Promise<string> {
  const stage = path.join(work, "stage");
  mkdirSync(path.join(stage, "tables"), { recursive: true });
  const listed = [];
  for (const name of tables) {
    const result = (await database.db.execute(
      sql`select row_to_json(t)::text as j from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { j: string }[] };
    const rows = result.rows.map((r) => r.j);
    writeFileSync(path.join(stage, "tables", `${name}.jsonl`), rows.map((r) => `${r}\n`).join(""));
    listed.push({ name, rows: rows.length, columns: Object.keys(JSON.parse(rows[0])) });
  }
  const [{ n }] = (
    (await database.db.execute(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  const manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: database.kind,
    migrations: { count: n, lastHash: null },
    tables: listed,
    uploads: { files: 0, bytes: 0 },
  };
  writeFileSync(path.join(stage, "manifest.json"), JSON.stringify(manifest));
  const file = path.join(work, "before-staff.tar.gz");
  await tar.c({ gzip: true, file, cwd: stage, portable: true }, ["manifest.json", "tables"]);
  return file;
}

/** The app over `database`, after what a start of today's server does with the password. */
async function startOn(database: Database): Promise<TestContext> {
  expect(await ensureAdminPassword(database.db, undefined)).toBeNull();
  expect(await syncPasswordSource(database.db, undefined, new Date())).toBeNull();
  const ctx = createTestAppOn({ ...database, close: async () => {} });
  cleanups.unshift(() => ctx.close());
  return ctx;
}

/** The old token is the Owner's, the password signs in alone, and nothing asks for an email. */
async function expectOwnerKept(ctx: TestContext) {
  const me = await ctx.app.request("/api/admin/me", authed(TOKEN));
  expect(me.status).toBe(200);
  expect(((await me.json()) as SignedIn).role).toBe("owner");
  expect((await ctx.app.request("/api/bookings", authed(TOKEN))).status).toBe(200);
  const sessions = await ctx.app.request("/api/admin/sessions", authed(TOKEN));
  expect(await sessions.json()).toMatchObject({
    sessions: [{ device: "Safari on macOS", address: "198.51.100.7", current: true }],
  });
  expect(await (await ctx.app.request("/api/admin/login")).json()).toEqual({ email_required: false });
  const signIn = await ctx.app.request("/api/admin/login", jsonRequest("POST", { password: PASSWORD }));
  expect(signIn.status).toBe(200);
  const fresh = ((await signIn.json()) as { token: string }).token;
  const again = await ctx.app.request("/api/admin/me", authed(fresh));
  expect(((await again.json()) as SignedIn).role).toBe("owner");
}

beforeAll(async () => {
  before = migrationsBefore(/_staff_accounts$/);
  old = await databaseAt(before);
  const now = Date.now();
  // What the version before staff accounts stored: its password, the source it started with, a session.
  await old.db.execute(sql`insert into settings (key, value) values
      ('admin_password_hash', ${JSON.stringify(await hash(PASSWORD))}::jsonb),
      ('admin_password_source', '{"source":"database"}'::jsonb)`);
  await old.db.execute(sql`insert into admin_sessions
      (token_hash, created_at, last_used_at, expires_at, user_agent, address) values
      (${hashToken(TOKEN)}, ${new Date(now - 60_000).toISOString()}, ${new Date(now - 30_000).toISOString()},
       ${new Date(now + 86_400_000).toISOString()},
       'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
       '198.51.100.7')`);
  backup = await backupOfThen(old, ["settings", "admin_sessions"]);
  // The same database upgraded in place, as a deploy of this version does.
  await migrateFolder(old, MIGRATIONS);
  cleanups.push(async () => rmSync(before, { recursive: true, force: true }));
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("a database from before staff accounts", () => {
  it("upgraded in place keeps the owner's password and session", async () => {
    await expectOwnerKept(await startOn(old));
  });

  it("its backup, restored into today's schema, does too", async () => {
    const target = await databaseAt(MIGRATIONS);
    await restoreBackup({ db: target.db, dataDir: path.join(work, "restored"), file: backup });
    await expectOwnerKept(await startOn(target));
  });
});
