import { afterAll, describe, expect, it } from "vitest";
import { sendMethod } from "../helpers/http-raw.ts";
import { startServer, tempDataDir } from "../helpers/server-process.ts";

describe("the production server process", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it("starts on an empty data folder, answers /healthz, turns away methods its pages do not serve, and exits cleanly on SIGTERM", async () => {
    const server = await startServer({ DATA_DIR: data.dir });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    // Each page's methods come from the build's route modules: the contact page takes its form's POST.
    for (const [method, path, status, allow] of [
      ["TRACE", "/", 405, "GET, HEAD, OPTIONS"],
      ["POST", "/", 405, "GET, HEAD, OPTIONS"],
      ["PUT", "/contact", 405, "GET, HEAD, POST, OPTIONS"],
      ["OPTIONS", "/contact", 204, "GET, HEAD, POST, OPTIONS"],
    ] as const) {
      const res = await sendMethod(`${server.url}${path}`, method);
      expect([res.status, res.headers.allow], `${method} ${path}`).toEqual([status, allow]);
    }
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  });
});
