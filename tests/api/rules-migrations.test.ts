/**
 * The migrations that put the shared rules in the database move the rows
 * already there: an adventure stored above the group-size maximum keeps the
 * range it was already shown and booked with (clamped), an adventure priced
 * in "AUD" is stored in the one currency form, and the per-adventure policy
 * text is gone (the one policy's words replace it).
 */
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CURRENCY } from "../../app/lib/currency.ts";
import { groupSizeRange, MAX_GROUP_SIZE } from "../../app/lib/group-size.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { adventures } from "../../server/db/schema.ts";
import { MIGRATIONS, migrateFolder, migrationsBefore } from "../helpers/migrations.ts";
import { createPgDatabase } from "../helpers/pg.ts";

const FIRST_RULE = /_shared_rules$/;

let database: Database;
let dropPg: (() => Promise<void>) | undefined;
const folders: string[] = [];
const keep = (dir: string) => {
  folders.push(dir);
  return dir;
};

const migrate = (folder: string) => migrateFolder(database, folder);

/** An adventure row as the version before could hold it. */
const legacyAdventure = (id: string, min: number, max: number, currency: string) =>
  database.db.execute(
    sql`insert into adventures (id, slug, title, group_size_min, group_size_max, currency, cancellation_policy)
        values (${id}, ${id}, ${id}, ${min}, ${max}, ${currency}, 'No refunds, ever.')`,
  );

beforeAll(async () => {
  if (process.env.TEST_DB === "postgres") {
    const pg = await createPgDatabase();
    dropPg = pg.drop;
    database = await openDatabase({ url: pg.url, migrate: false });
  } else {
    database = await openDatabase({ migrate: false });
  }
  await migrate(keep(migrationsBefore(FIRST_RULE)));
  await legacyAdventure("wide-open", 1, 8, "AUD");
  await legacyAdventure("big-groups", 6, 10, "usd");
  await legacyAdventure("pairs", 2, 2, "Eur");
  await migrate(MIGRATIONS);
});

afterAll(async () => {
  await database?.close();
  await dropPg?.();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function row(id: string) {
  const [found] = await database.db.select().from(adventures).where(eq(adventures.id, id));
  return found;
}

describe("the shared rules' migrations", () => {
  it("clamp a stored group range to the maximum, as the pages already showed and booked it", async () => {
    for (const [id, before] of [
      ["wide-open", { group_size_min: 1, group_size_max: 8 }],
      ["big-groups", { group_size_min: 6, group_size_max: 10 }],
      ["pairs", { group_size_min: 2, group_size_max: 2 }],
    ] as const) {
      const after = await row(id);
      expect({ min: after.groupSizeMin, max: after.groupSizeMax }, id).toEqual(groupSizeRange(before));
      expect(after.groupSizeMax).toBeLessThanOrEqual(MAX_GROUP_SIZE);
    }
  });

  it("store every adventure's currency in the one lower-case form", async () => {
    expect((await row("wide-open")).currency).toBe(DEFAULT_CURRENCY);
    expect((await row("big-groups")).currency).toBe("usd");
    expect((await row("pairs")).currency).toBe("eur");
  });

  it("drop the per-adventure policy text the refund never followed", async () => {
    const columns = (await database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'adventures'`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(columns.rows.map((c) => c.column_name)).not.toContain("cancellation_policy");
  });
});
