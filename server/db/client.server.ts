import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { lockDataDir } from "./data-dir-lock.server.ts";
import { PRIVATE_DIR_MODE, setPrivateUmask, tightenTree } from "./private-files.server.ts";
import * as schema from "./schema.ts";

/** One type for both drivers (the union of the two driver types is not callable). */
export type DB = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: DB;
  kind: "pglite" | "postgres";
  /** The embedded database's own client (its notifications); absent on PostgreSQL. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL: use a PostgreSQL server. */
  url?: string;
  /** Folder for the embedded database; omitted means in memory. */
  dataDir?: string;
  /** A dumpDataDir() snapshot to start the embedded database from (tests). */
  snapshot?: Blob;
  migrate?: boolean;
  /** PostgreSQL: told when the server ends a pooled connection (a restart, a failover); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
}

/**
 * How long a request waits for a PostgreSQL connection: a database that does
 * not answer (a failover in progress, a network dropping packets) or a pool
 * busy for this long fails the request with a 503 instead of holding it.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

// Resolved from the working directory, not import.meta.url, so it also holds
// when this module is bundled.
const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * Each driver is loaded only when it is the one opened: a process holds either
 * node-postgres or PGlite's module, never both (about 10 MB resident each).
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // TCP keepalive: a connection whose server vanished without closing it is found and replaced.
      keepAlive: true,
    });
    // When the server ends a connection (a restart, a failover, an out-of-memory kill), node-postgres
    // emits 'error' on the pool for an idle connection and on the client for one lent out, and an
    // 'error' nobody listens to ends the process. The query that needed the connection fails on its
    // own (a 503, see errors.server.ts) and the pool opens a fresh one for the next, so the events
    // are only reported.
    pool.on("error", (error) => opts.onConnectionLost?.(error));
    pool.on("connect", (client) => client.on("error", () => {}));
    // Dates stay 'YYYY-MM-DD' strings (drizzle's mode: "string" relies on this too).
    const db = drizzlePg(pool, { schema }) as unknown as DB;
    if (opts.migrate !== false) await migratePg(db as never, { migrationsFolder });
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let unlock = () => {};
  if (opts.dataDir) {
    // The database's files are this user's only (the caller's makeDataDirPrivate also fixes files
    // an older version left open).
    setPrivateUmask();
    mkdirSync(opts.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // Before PGlite touches the folder: a second process must not even read it.
    unlock = lockDataDir(opts.dataDir);
  }
  let client: PGlite | undefined;
  let db: DB;
  try {
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.snapshot });
    db = drizzlePglite(client, { schema }) as unknown as DB;
    if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
    // PGlite writes some files 0666 whatever the umask (a new database's, pg_internal.init).
    if (opts.dataDir) await tightenTree(opts.dataDir);
  } catch (error) {
    await client?.close().catch(() => undefined);
    unlock();
    throw error;
  }
  const pglite = client;
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      if (!pglite.closed) await pglite.close();
      if (opts.dataDir) await tightenTree(opts.dataDir);
      unlock();
    },
  };
}

export { schema };
