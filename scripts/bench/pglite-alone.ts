/**
 * The memory baseline for the app on the embedded database: PGlite alone in a
 * node process, on a copy of the app's data folder (seeded by the app), with
 * every table scanned in full (more than a page load reads, so the database
 * is surely loaded). The scans count rows inside the database, so the figure
 * is the database's own memory, not that of results no page would fetch
 * (turning whole rows into text grows PGlite's memory far beyond what the
 * app ever uses, which would flatter the app's overhead). The peak is the highest
 * resident memory sampled after opening, like the app's (start-up itself is
 * left out of both). Run as `node scripts/bench/pglite-alone.ts <dataDir>`;
 * prints one JSON line: resident memory after opening and reading once, and
 * the highest after repeated reads, in MB.
 */
import { PGlite } from "@electric-sql/pglite";
import { memoryMb } from "./system.ts";

const READS = 20;
const db = await PGlite.create({ dataDir: process.argv[2] });
const { rows: tables } = await db.query<{ name: string }>(
  "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
);
const readAll = async () => {
  for (const { name } of tables) await db.query(`select count(*) from ${name}`);
};
await readAll();
const afterStart = memoryMb(process.pid).rss;
let peak = afterStart;
for (let i = 0; i < READS; i++) {
  await readAll();
  peak = Math.max(peak, memoryMb(process.pid).rss);
}
const { hwm } = memoryMb(process.pid);
await db.close();
process.stdout.write(`${JSON.stringify({ afterStart, peak, highWaterMark: hwm, tables: tables.length })}\n`);
