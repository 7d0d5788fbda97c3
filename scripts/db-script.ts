/**
 * Opens the database the server would open (same settings, same migrations),
 * for the maintenance scripts. The embedded database belongs to one process
 * at a time: with the server running on it, opening it here must fail.
 */
import path from "node:path";
import { type Database, openDatabase } from "../server/db/client.server.ts";
import { makeDataDirPrivate } from "../server/db/private-files.server.ts";
import { type Env, parseEnv } from "../server/env.server.ts";
import { createLogger } from "../server/log.server.ts";

export async function openForScript(): Promise<{ database: Database; env: Env }> {
  const env = parseEnv();
  // As the server does: what a backup, a restore or a repair writes under DATA_DIR is private too.
  await makeDataDirPrivate(path.resolve(env.DATA_DIR), createLogger(env.LOG_LEVEL));
  try {
    const database = await openDatabase(
      env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.resolve(env.DATA_DIR, "db") },
    );
    return { database, env };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const hint = env.DATABASE_URL
      ? "Check DATABASE_URL and that the PostgreSQL server is reachable."
      : "The embedded database can be open in one process only: stop the site first " +
        "(or run on PostgreSQL, where backups work while the site is live).";
    process.stderr.write(`Could not open the database: ${message}\n${hint}\n`);
    process.exit(1);
  }
}
