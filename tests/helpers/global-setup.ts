import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "../../server/db/client.server.ts";
import { seed } from "../../server/db/seed.server.ts";

export const SNAPSHOT = path.resolve(".cache/test-db-snapshot.tar.gz");

/**
 * Migrates and seeds one embedded database, then saves it as a snapshot: each
 * API test file starts from its own copy in ~0.5 s instead of migrating again.
 */
export default async function setup() {
  if (process.env.TEST_DB === "postgres") return;
  const database = await openDatabase({});
  await seed(database.db);
  const client = (database as unknown as { pglite: PGlite }).pglite;
  const blob = await client.dumpDataDir("gzip");
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}
