import { cpSync } from "node:fs";
import { inject } from "vitest";
import { createPgDatabase, tempDataDir } from "./server-process.ts";

/**
 * A temporary DATA_DIR holding a copy of the one the built server migrated and
 * seeded at the start of the run (tests/helpers/process-setup.ts): for process
 * tests that are not about a first start on an empty folder, which start as every
 * later start of a site does.
 */
export function seededDataDir(): ReturnType<typeof tempDataDir> {
  const data = tempDataDir();
  cpSync(inject("seededDataDir"), data.dir, { recursive: true });
  return data;
}

/**
 * A new PostgreSQL database copied from the one the built server migrated and seeded at
 * the start of the run (tests/helpers/process-setup.ts): for process tests on PostgreSQL
 * that are not about a first start.
 */
export function seededPgDatabase(): ReturnType<typeof createPgDatabase> {
  return createPgDatabase("tw_test", inject("seededPgTemplate"));
}
