/**
 * `npm run restore -- <backup.tar.gz> [--force]`
 *
 * Restores a backup made by `npm run backup` into the configured database
 * (DATABASE_URL or DATA_DIR) and DATA_DIR/uploads. The database must be empty
 * (a new one is migrated first); --force replaces everything in a database
 * that already holds data. Stop the site while restoring.
 */
import { parseArgs } from "node:util";
import { RestoreRefused, restoreBackup } from "../server/db/backup.server.ts";
import { openForScript } from "./db-script.ts";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  process.stderr.write("Usage: npm run restore -- <backup.tar.gz> [--force]\n");
  process.exit(2);
}

const { database, env } = await openForScript();
try {
  const manifest = await restoreBackup({
    db: database.db,
    dataDir: env.DATA_DIR,
    file: positionals[0],
    force: values.force,
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  process.stdout.write(
    `Restored ${positionals[0]} (made ${manifest.createdAt})\n  ${rows} rows, ${manifest.uploads.files} uploaded files\n`,
  );
  if (manifest.unsendableEmails > 0) {
    process.stdout.write(
      `  ${manifest.unsendableEmails} unsent email(s) carried private links or voucher codes, which backups never keep:\n` +
        "  they are marked failed, not sent. Send those customers a new link (the booking page offers one) or a new voucher code (Admin, Vouchers).\n",
    );
  }
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  process.stderr.write(`Restore refused: ${error.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
