/**
 * `npm run backup [-- --out <folder or file.tar.gz>] [--keep <n>]`
 *
 * Writes one .tar.gz with every table and the uploads folder (default folder:
 * ./backups, file named by the time). `--keep n` then deletes all but the n
 * newest backups in that folder (for a nightly cron job). Reads the same
 * settings as the server (DATABASE_URL or DATA_DIR, from .env when present).
 */
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "../server/db/backup.server.ts";
import { openForScript } from "./db-script.ts";

const { values } = parseArgs({
  options: { out: { type: "string", default: "backups" }, keep: { type: "string" } },
});
const keep = values.keep === undefined ? undefined : Number(values.keep);
if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) {
  process.stderr.write("--keep must be a whole number of backups to keep (1 or more)\n");
  process.exit(2);
}

const now = new Date();
const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const out = path.resolve(values.out);
const file = out.endsWith(".tar.gz") ? out : path.join(out, `tidewater-${stamp}.tar.gz`);

const { database, env } = await openForScript();
try {
  const manifest = await createBackup({
    db: database.db,
    kind: database.kind,
    dataDir: env.DATA_DIR,
    file,
    now,
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  process.stdout.write(
    `Backup written: ${file}\n  ${manifest.tables.length} tables, ${rows} rows, ${manifest.uploads.files} uploaded files\n`,
  );
} finally {
  await database.close();
}

if (keep !== undefined && !out.endsWith(".tar.gz")) {
  const backups = readdirSync(out)
    .filter((name) => /^tidewater-\d{8}-\d{6}\.tar\.gz$/.test(name))
    .sort()
    .reverse();
  for (const old of backups.slice(keep)) {
    rmSync(path.join(out, old));
    process.stdout.write(`  removed old backup ${old}\n`);
  }
}
