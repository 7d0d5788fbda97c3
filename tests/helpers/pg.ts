/** PostgreSQL databases that tests create for themselves and drop afterwards. */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A new PostgreSQL database, empty or a copy of `template` (a database nobody is
 * connected to); drop() removes it.
 */
export async function createPgDatabase(
  prefix = "tw_test",
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      // Let the callers' own disconnects land first: forcing them makes a closing
      // client receive "terminating connection", an uncaught error in the test.
      for (let i = 0; i < 20; i++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
