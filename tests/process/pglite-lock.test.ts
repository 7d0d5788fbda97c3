import { realpathSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { seededDataDir } from "../helpers/seeded-data-dir.ts";
import { startServer } from "../helpers/server-process.ts";

describe("the embedded database folder is locked to one process", () => {
  const data = seededDataDir();
  afterAll(() => data.remove());

  it("a second process refuses with a clear message and the first keeps serving; after kill -9 a new one starts", async () => {
    const first = await startServer({ DATA_DIR: data.dir });
    try {
      const folder = path.join(realpathSync(data.dir), "db");
      const second = startServer({ DATA_DIR: data.dir });
      const refusal = await second.then(
        async (started) => {
          await started.stop("SIGKILL");
          return "started";
        },
        (error: Error) => error.message,
      );
      expect(refusal).toMatch(/server exited with 1 before listening/);
      expect(refusal).toContain(
        `The database folder ${folder} is in use by another process (process ${first.child.pid})`,
      );
      expect(refusal).toContain("set DATABASE_URL to use PostgreSQL");

      const health = await fetch(`${first.url}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      // No clean shutdown: the lock file stays behind, naming a process that is gone.
      await first.stop("SIGKILL");
    }

    const next = await startServer({ DATA_DIR: data.dir });
    expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
    expect(await next.stop("SIGTERM")).toBe(0);
  });
});
