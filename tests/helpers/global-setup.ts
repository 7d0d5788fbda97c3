import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client.server.ts";
import { seed } from "../../server/db/seed.server.ts";
import { createPgDatabase } from "./pg.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated and seeded PostgreSQL database each test file's database is copied from. */
    pgTemplate: string;
  }
}

/**
 * Uncompressed: each test file restores it, and unpacking a gzip costs a quarter of a restore's CPU
 * (a few seconds over a run), while the file is only written once.
 */
export const SNAPSHOT = path.resolve(".cache/test-db-snapshot.tar");

/**
 * Migrates and seeds one database per run, which every API test file copies:
 * on the embedded database a snapshot (restored in ~0.4 s), on PostgreSQL a
 * template database (`create database ... template`), instead of migrating and
 * seeding again in every file.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === "postgres") {
    const template = await createPgDatabase("tw_template");
    const database = await openDatabase({ url: template.url });
    await seed(database.db);
    await database.close();
    project.provide("pgTemplate", template.name);
    return () => template.drop();
  }
  const database = await openDatabase({});
  await seed(database.db);
  const client = (database as unknown as { pglite: PGlite }).pglite;
  const blob = await client.dumpDataDir("none");
  mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  writeFileSync(SNAPSHOT, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}
