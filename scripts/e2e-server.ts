/**
 * Starts the production build for the end-to-end tests on a database of its
 * own: a new embedded one in a temporary folder, or a new PostgreSQL database
 * when E2E_PG=1 (created here, dropped on exit).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
// Before the server's modules load (see the module).
import "../server/module-hooks.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "tw-e2e-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
let dropDb: (() => Promise<void>) | undefined;

if (process.env.E2E_PG === "1") {
  const adminUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `tw_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  // A database server makes the configuration look deployed; the test checkout is chosen on purpose.
  process.env.PAYMENTS = "test";
  // On PostgreSQL the two-factor secret needs a key every process shares (none is made in DATA_DIR).
  process.env.ENCRYPTION_KEY ??= randomBytes(32).toString("base64");
  dropDb = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}

const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
process.on("exit", cleanup);
const { main } = await import("../server/main.server.ts");
await main({ onStop: dropDb });
