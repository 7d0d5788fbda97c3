/** What the benchmarks share: a throwaway PostgreSQL database and the real app built on a database. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createApp } from "../server/app.server.ts";
import { type Database, openDatabase } from "../server/db/client.server.ts";
import { parseEnv } from "../server/env.server.ts";
import { createLogger } from "../server/log.server.ts";
import { buildServices } from "../server/services.server.ts";

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Whether the PostgreSQL server answers (a run without one skips it). */
export async function postgresReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** A new, empty database on the PostgreSQL server; close() also drops it. */
export async function openScratchPostgres(prefix: string): Promise<Database> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const drop = new pg.Client({ connectionString: PG_ADMIN_URL });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/** The app as the server runs it, silent; stop() ends its background jobs. */
export function benchApp(database: Database, env: Record<string, string>) {
  const services = buildServices({ database, env: parseEnv(env), log: createLogger("silent") });
  return {
    app: createApp(services),
    stop: async () => {
      await services.outbox.stop();
      await services.sweeper.stop();
    },
  };
}
