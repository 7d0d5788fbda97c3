import { afterAll, describe, expect, it } from "vitest";
import { startServer, tempDataDir } from "../helpers/server-process.ts";

describe("the production server process", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it("starts on an empty data folder, answers /healthz, and exits cleanly on SIGTERM", async () => {
    const server = await startServer({ DATA_DIR: data.dir });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  });
});
