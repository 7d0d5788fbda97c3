import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPgDatabase, startServer } from "./server-process.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR the built server has migrated and seeded once, which process tests copy. */
    seededDataDir: string;
    /** A PostgreSQL database the built server has migrated and seeded once (a template to copy). */
    seededPgTemplate: string;
  }
}

/**
 * Starts the production build once on an empty DATA_DIR and stops it cleanly: every
 * process test that is not about a first start copies that folder instead of paying
 * for a new embedded database (about half of a first start's time) again. The same
 * once on PostgreSQL: tests there copy the seeded database (`create database ...
 * template`) instead of migrating and seeding a new one; the first start on an empty
 * PostgreSQL database stays proven by the tests that make one (config, backup).
 */
export default async function setup(project: TestProject) {
  const pgTemplate = process.env.SKIP_PG === "1" ? null : await seedPgTemplate();
  if (pgTemplate) project.provide("seededPgTemplate", pgTemplate.name);
  const dir = mkdtempSync(path.join(tmpdir(), "tw-proc-seeded-"));
  const server = await startServer({ DATA_DIR: dir });
  const code = await server.stop("SIGTERM");
  if (code !== 0) throw new Error(`the seeding start exited with ${code}:\n${server.output.join("\n")}`);
  // Copied once more so a test's copy never races the stopped server's last writes.
  const frozen = `${dir}-copy`;
  cpSync(dir, frozen, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  project.provide("seededDataDir", frozen);
  return async () => {
    rmSync(frozen, { recursive: true, force: true });
    await pgTemplate?.drop();
  };
}

async function seedPgTemplate() {
  const template = await createPgDatabase("tw_proc_template");
  const dir = mkdtempSync(path.join(tmpdir(), "tw-proc-pg-"));
  try {
    const server = await startServer({ DATABASE_URL: template.url, DATA_DIR: dir, PAYMENTS: "test" });
    const code = await server.stop("SIGTERM");
    if (code !== 0) throw new Error(`the seeding start exited with ${code}:\n${server.output.join("\n")}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}
