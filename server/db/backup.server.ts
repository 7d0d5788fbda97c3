/**
 * Backup and restore of the whole site: every table as JSON lines plus the
 * uploads folder, in one .tar.gz with a manifest. The same code serves the
 * embedded database and PostgreSQL, because both speak the same SQL.
 *
 * Rows are dumped by PostgreSQL itself (`row_to_json`) and written untouched,
 * and restored with `json_populate_recordset`, so no value passes through a
 * JavaScript number or Date: timestamps keep their microseconds, jsonb its
 * exact shape, integers every digit.
 */
import { createReadStream, createWriteStream, existsSync, statSync } from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as tar from "tar";
import { failSealedWithoutText } from "../email/outbox.server.ts";
import { uploadsDir } from "../media/store.server.ts";
import type { DB } from "./client.server.ts";
import { type LegacyLinks, legacyUpgrade } from "./legacy-rows.server.ts";
import { makeDataDirPrivate, PRIVATE_FILE_MODE } from "./private-files.server.ts";
import * as schema from "./schema.ts";

/**
 * Left out of every backup: the text of unsent emails with live links or
 * voucher codes (a backup holds no live secret; see failSealedWithoutText).
 */
export const NOT_BACKED_UP = new Set(["email_outbox_sealed"]);

/** Bumped when the archive layout changes; restore refuses formats it does not know. */
const BACKUP_FORMAT = 1;
/** Rows per insert statement on restore (one JSON array parameter each). */
const RESTORE_BATCH = 500;
/** The audit log: never emptied by a restore (see restoreBackup). */
const AUDIT_LOG = "audit_log";
/** Rows per read on backup (keyset pages would matter only for far larger tables). */
const DUMP_PAGE = 2_000;

export interface BackupManifest {
  format: number;
  createdAt: string;
  database: "pglite" | "postgres";
  /** Migrations applied to the database when it was dumped (count, and the last one's hash). */
  migrations: { count: number; lastHash: string | null };
  tables: { name: string; rows: number; columns: string[] }[];
  uploads: { files: number; bytes: number };
}

interface TableInfo {
  name: string;
  columns: string[];
  primaryKey: string[];
  dependsOn: string[];
}

/**
 * Every table of the schema, parents before children (foreign keys), so a
 * restore inserts in this order and a wipe deletes in the reverse.
 */
export function tablesInDependencyOrder(): TableInfo[] {
  const infos = new Map<string, TableInfo>();
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const pk = config.columns.filter((c) => c.primary).map((c) => c.name);
    const compositePk = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
    infos.set(config.name, {
      name: config.name,
      columns: config.columns.map((c) => c.name),
      primaryKey: pk.length > 0 ? pk : compositePk,
      dependsOn: config.foreignKeys
        .map((fk) => getTableConfig(fk.reference().foreignTable).name)
        .filter((name) => name !== config.name),
    });
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const visit = (info: TableInfo, trail: string[]) => {
    if (placed.has(info.name)) return;
    if (trail.includes(info.name)) throw new Error(`Foreign keys form a cycle: ${trail.join(" -> ")}`);
    for (const parent of info.dependsOn) {
      const p = infos.get(parent);
      if (p) visit(p, [...trail, info.name]);
    }
    placed.add(info.name);
    ordered.push(info);
  };
  for (const info of [...infos.values()].sort((a, b) => a.name.localeCompare(b.name))) visit(info, []);
  return ordered;
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres answers a QueryResult, PGlite a Results object: both carry rows.
  return (result as { rows: T[] }).rows;
}

async function migrationState(db: DB): Promise<BackupManifest["migrations"]> {
  const rows = rowsOf<{ n: number; last: string | null }>(
    await db.execute(
      sql`select count(*)::int as n, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last from drizzle.__drizzle_migrations`,
    ),
  );
  return { count: rows[0]?.n ?? 0, lastHash: rows[0]?.last ?? null };
}

async function listFiles(dir: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(dir)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/**
 * Writes a backup of `db` and DATA_DIR/uploads to `file` (.tar.gz). On
 * PostgreSQL every table is read in one repeatable-read transaction, so the
 * dump is one consistent moment even while the site keeps taking bookings.
 */
export async function createBackup(options: {
  db: DB;
  kind: "pglite" | "postgres";
  dataDir: string;
  file: string;
  now?: Date;
}): Promise<BackupManifest> {
  const { db, kind, dataDir, file } = options;
  const stage = await mkdtemp(path.join(tmpdir(), "tidewater-backup-"));
  try {
    await mkdir(path.join(stage, "tables"));
    const tables: BackupManifest["tables"] = [];
    let migrations: BackupManifest["migrations"] = { count: 0, lastHash: null };
    await db.transaction(
      async (tx) => {
        migrations = await migrationState(tx as unknown as DB);
        for (const table of tablesInDependencyOrder()) {
          if (NOT_BACKED_UP.has(table.name)) continue;
          const out = createWriteStream(path.join(stage, "tables", `${table.name}.jsonl`));
          const order = sql.join(
            table.primaryKey.map((c) => sql.identifier(c)),
            sql`, `,
          );
          let rows = 0;
          for (let offset = 0; ; offset += DUMP_PAGE) {
            const page = rowsOf<{ j: string }>(
              await tx.execute(
                sql`select row_to_json(t)::text as j from ${sql.identifier(table.name)} t order by ${order} limit ${DUMP_PAGE} offset ${offset}`,
              ),
            );
            for (const { j } of page) {
              if (!out.write(`${j}\n`)) await new Promise<void>((r) => out.once("drain", () => r()));
            }
            rows += page.length;
            if (page.length < DUMP_PAGE) break;
          }
          await new Promise<void>((resolve, reject) =>
            out.end((e?: Error | null) => (e ? reject(e) : resolve())),
          );
          tables.push({ name: table.name, rows, columns: table.columns });
        }
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const uploads = uploadsDir(dataDir);
    const entries = ["manifest.json", "tables"];
    if (existsSync(uploads)) {
      await cp(uploads, path.join(stage, "uploads"), { recursive: true });
      entries.push("uploads");
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: kind,
      migrations,
      tables,
      uploads: await listFiles(uploads),
    };
    await writeFile(path.join(stage, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // Written beside the target and renamed, so a crash never leaves a half archive under the real name.
    const partial = `${file}.partial`;
    // Customer details and the admin password hash: readable by the owner only, from the first
    // byte (the file is created 0600, whatever the umask), and again if a partial file was left.
    await pipeline(
      tar.c({ gzip: true, cwd: stage, portable: true }, entries),
      createWriteStream(partial, { mode: PRIVATE_FILE_MODE }),
    );
    await chmod(partial, PRIVATE_FILE_MODE);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

/** Rows in every table of the schema that exists in `db` (0 for a fresh database). */
export async function countRows(db: DB): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tablesInDependencyOrder()) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(table.name)}`),
    );
    counts[table.name] = row.n;
  }
  return counts;
}

/**
 * Restores a backup into `db` (already migrated to this version's schema) and
 * DATA_DIR/uploads. Refuses a database that holds any row unless `force`,
 * which first empties every table. All rows go in within one transaction:
 * either the whole backup is restored or nothing changes. Unsent emails whose
 * live text the backup left out are marked failed (answered as unsendableEmails).
 */
export async function restoreBackup(options: {
  db: DB;
  dataDir: string;
  file: string;
  force?: boolean;
}): Promise<BackupManifest & { unsendableEmails: number }> {
  const { db, dataDir, file, force } = options;
  if (!existsSync(file)) throw new RestoreRefused(`No backup at ${file}`);
  const stage = await mkdtemp(path.join(tmpdir(), "tidewater-restore-"));
  try {
    await tar.x({ file, cwd: stage, strict: true });
    const manifest = JSON.parse(await readFile(path.join(stage, "manifest.json"), "utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) {
      throw new RestoreRefused(
        `This backup's format (${manifest.format}) is not one this version can restore.`,
      );
    }
    const current = await migrationState(db);
    if (manifest.migrations.count > current.count) {
      throw new RestoreRefused(
        "This backup comes from a newer version of the site (more database migrations). Update the site first.",
      );
    }
    const existing = Object.entries(await countRows(db)).filter(([, n]) => n > 0);
    if (existing.length > 0 && !force) {
      throw new RestoreRefused(
        `The database is not empty (${existing.map(([t, n]) => `${t}: ${n}`).join(", ")}). ` +
          "Restore into a new, empty database, or pass --force to replace everything in this one.",
      );
    }
    const known = new Map(tablesInDependencyOrder().map((t) => [t.name, t]));
    let unsendable = 0;
    await db.transaction(async (tx) => {
      if (force) {
        for (const table of [...known.values()].reverse()) {
          // The audit log cannot be emptied (its trigger refuses): it keeps its entries,
          // and the backup's own are added beside them below.
          if (table.name === AUDIT_LOG) continue;
          await tx.execute(sql`delete from ${sql.identifier(table.name)}`);
        }
      }
      const found: LegacyLinks = { unsubscribeLinks: [] };
      for (const { name, columns: dumped } of manifest.tables) {
        const table = known.get(name);
        if (!table) throw new RestoreRefused(`The backup holds a table this version does not know: ${name}`);
        // A backup from before secrets were stored hashed: its rows are upgraded as the migration did.
        const upgrade = legacyUpgrade(name, dumped, found);
        const columns = upgrade?.columns ?? dumped;
        // Columns added since the backup take their defaults.
        const cols = sql.join(
          columns.filter((c) => table.columns.includes(c)).map((c) => sql.identifier(c)),
          sql`, `,
        );
        const insert = (batch: string[]) =>
          tx.execute(
            sql`insert into ${sql.identifier(name)} (${cols}) select ${cols} from json_populate_recordset(null::${sql.identifier(name)}, ${`[${batch.join(",")}]`}::json)${name === AUDIT_LOG ? sql` on conflict (id) do nothing` : sql``}`,
          );
        const lines = createInterface({
          input: createReadStream(path.join(stage, "tables", `${name}.jsonl`)),
          crlfDelay: Number.POSITIVE_INFINITY,
        });
        let batch: string[] = [];
        for await (const line of lines) {
          if (!line) continue;
          batch.push(
            upgrade ? JSON.stringify(upgrade.row(JSON.parse(line) as Record<string, unknown>)) : line,
          );
          if (batch.length >= RESTORE_BATCH) {
            await insert(batch);
            batch = [];
          }
        }
        if (batch.length > 0) await insert(batch);
      }
      for (const link of found.unsubscribeLinks) {
        await tx.execute(
          sql`insert into newsletter_unsubscribe_links (token_hash, subscriber_id) values (${link.token_hash}, ${link.subscriber_id}) on conflict do nothing`,
        );
      }
      unsendable = await failSealedWithoutText(tx as unknown as DB);
    });
    const staged = path.join(stage, "uploads");
    if (existsSync(staged)) {
      await cp(staged, uploadsDir(dataDir), { recursive: true, force: true });
      // The archive's modes are those of the machine it came from: restored files are private here.
      await makeDataDirPrivate(uploadsDir(dataDir));
    }
    return { ...manifest, unsendableEmails: unsendable };
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
