/**
 * Seeded embedded databases for the API test files, reused within a worker.
 *
 * Starting PGlite from the seeded snapshot costs about 0.75 s of CPU, paid by
 * every test file; putting an open one back to the seeded rows costs about a
 * tenth of that. So a file's database, once closed, is emptied and refilled
 * from the seeded rows read (COPY) when it was first opened, and the next file
 * of the worker gets it (the API project shares modules between files).
 *
 * What a file gets is indistinguishable from a fresh restore of the snapshot:
 * the same rows, no open transaction, no advisory lock, no listener. A
 * database whose tables or columns a test changed, or that a test closed
 * itself, is never reused. After close() the file's own handle refuses every
 * call, as a closed PGlite does, so a test that uses a database after closing
 * it still fails instead of reading the next file's data.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { type Database, type DB, openDatabase, schema } from "../../server/db/client.server.ts";
import { SNAPSHOT } from "./global-setup.ts";

interface Seeded {
  pglite: PGlite;
  /** Every public table, and the seeded rows of those that have some (COPY's text format). */
  tables: string[];
  rows: { table: string; blob: Blob }[];
  sequences: { name: string; value: string | null }[];
  /** The public tables and their columns: a changed shape is never handed out again. */
  shape: string;
}

const idle: Seeded[] = [];

const SHAPE = `select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, ordinal_position) as shape
  from information_schema.columns where table_schema = 'public'`;

async function shapeOf(pglite: PGlite): Promise<string> {
  return (await pglite.query<{ shape: string }>(SHAPE)).rows[0].shape;
}

/** Opens the snapshot and keeps its rows in memory, outside the database (which stays as restored). */
async function openSeeded(): Promise<Seeded> {
  // A File named .tar: PGlite reads the dump as uncompressed by its name.
  const snapshot = new File([readFileSync(SNAPSHOT)], path.basename(SNAPSHOT));
  const database = await openDatabase({ snapshot, migrate: false });
  const pglite = database.pglite as PGlite;
  const tables = (
    await pglite.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
    )
  ).rows.map((r) => `public."${r.name}"`);
  const rows: Seeded["rows"] = [];
  for (const table of tables) {
    const { blob } = await pglite.query(`copy ${table} to '/dev/blob'`);
    if (blob && blob.size > 0) rows.push({ table, blob });
  }
  const sequences = (
    await pglite.query<{ name: string; value: string | null }>(
      "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'",
    )
  ).rows;
  return { pglite, tables, rows, sequences, shape: await shapeOf(pglite) };
}

/** Puts a database back to its seeded rows and makes it available, or closes it if it cannot be. */
async function putBack(seeded: Seeded, channels: Set<string>) {
  const { pglite } = seeded;
  if (pglite.closed) return;
  try {
    for (const channel of channels) await pglite.unlisten(channel);
    // A transaction a test left open ends here (outside one, ROLLBACK only warns).
    await pglite.exec("rollback");
    if ((await shapeOf(pglite)) !== seeded.shape) throw new Error("the tables changed");
    await pglite.transaction(async (tx) => {
      // Triggers stay quiet while the rows go back, as they did when the snapshot was restored.
      await tx.exec("set local session_replication_role = replica");
      await tx.exec(`truncate ${seeded.tables.join(", ")}`);
      for (const { table, blob } of seeded.rows)
        await tx.query(`copy ${table} from '/dev/blob'`, [], { blob });
      for (const s of seeded.sequences) {
        await tx.query("select setval($1, $2, $3)", [`public."${s.name}"`, s.value ?? 1, s.value !== null]);
      }
    });
    await pglite.query("select pg_advisory_unlock_all()");
    idle.push(seeded);
  } catch {
    await pglite.close().catch(() => undefined);
  }
}

/**
 * A seeded embedded database for one test file: reused if the worker has one
 * free, else opened from the snapshot. Its close() gives it back.
 */
export async function leaseSeededPglite(): Promise<Database> {
  const seeded = idle.pop() ?? (await openSeeded());
  const channels = new Set<string>();
  let released = false;
  // The file's own handle: every call goes to the shared client until close(), none after.
  const handle = new Proxy(seeded.pglite, {
    get(target, key) {
      if (key === "closed") return released || target.closed;
      const value = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (released) {
        return () => {
          throw new Error("PGlite is closed");
        };
      }
      if (key === "listen") {
        return (channel: string, ...rest: unknown[]) => {
          channels.add(channel);
          return (value as (...args: unknown[]) => unknown).call(target, channel, ...rest);
        };
      }
      return value.bind(target);
    },
  });
  return {
    db: drizzle(handle, { schema }) as unknown as DB,
    kind: "pglite",
    pglite: handle,
    close: async () => {
      if (released) return;
      released = true;
      await putBack(seeded, channels);
    },
  };
}
