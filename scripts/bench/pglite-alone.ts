/**
 * The memory baseline for the app on the embedded database: PGlite alone in a
 * node process, on a copy of the app's data folder (seeded by the app). After
 * start: resident memory right after opening. Peak: after every table has
 * been scanned once in full (more than any page load reads, so the whole
 * database is loaded). The scans count rows inside the database, so the
 * figure is the database's own memory, not that of results no page would
 * fetch; repeating them is left out too, since it grows PGlite's memory
 * further without loading anything new, which would flatter the app's
 * overhead. Run as `node <the server's V8 flags> scripts/bench/pglite-alone.ts
 * <dataDir>`; prints one JSON line, in MB.
 */
import { PGlite } from "@electric-sql/pglite";
import { memoryMb } from "./system.ts";

const db = await PGlite.create({ dataDir: process.argv[2] });
const afterStart = memoryMb(process.pid).rss;
const { rows: tables } = await db.query<{ name: string }>(
  "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
);
for (const { name } of tables) await db.query(`select count(*) from ${name}`);
const { rss: peak, hwm } = memoryMb(process.pid);
await db.close();
process.stdout.write(
  `${JSON.stringify({ afterStart, peak: Math.max(afterStart, peak), highWaterMark: hwm, tables: tables.length })}\n`,
);
