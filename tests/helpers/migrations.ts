/** Migration tests: the migrations folder as it stood before one migration, and running a folder. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Database } from "../../server/db/client.server.ts";

export const MIGRATIONS = path.resolve("drizzle");

/** A copy of the migrations folder whose journal ends before the first migration named by `tag`. */
export function migrationsBefore(tag: RegExp): string {
  const dir = mkdtempSync(path.join(tmpdir(), "migrations-before-"));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => tag.test(e.tag));
  if (at <= 0) throw new Error(`no migration after the first matches ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/** Runs a migrations folder on either database. */
export async function migrateFolder(database: Database, folder: string): Promise<void> {
  if (database.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder: folder });
  }
}
