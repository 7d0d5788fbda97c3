import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { Agent, get } from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sendMethod } from "../helpers/http-raw.ts";
import { startServer, tempDataDir } from "../helpers/server-process.ts";

/** Every folder and file under `dir` (and `dir` itself) whose mode lets anyone but the owner in. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const at = path.join(entry.parentPath, entry.name);
    const stats = lstatSync(at);
    if (!stats.isSymbolicLink() && stats.mode & 0o077) {
      open.push(`${path.relative(dir, at)} ${(stats.mode & 0o777).toString(8)}`);
    }
  }
  if (lstatSync(dir).mode & 0o077) open.push(". (the folder itself)");
  return open;
}

/** The Keep-Alive header of an answer to a client that pools its connections. */
function keepAliveAdvertised(url: string): Promise<string | string[] | undefined> {
  const agent = new Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.resume();
      res.on("end", () => {
        agent.destroy();
        resolve(res.headers["keep-alive"]);
      });
    }).on("error", reject);
  });
}

describe("the production server process", () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it("starts on an empty data folder (made private, the database too), answers /healthz, turns away methods its pages do not serve, and exits cleanly on SIGTERM", async () => {
    // The folder as an older version left it: open to others. The start makes it private, and the
    // database it creates (PGlite writes 0666 files in 0755 folders) is private too, open and closed.
    chmodSync(data.dir, 0o755);
    mkdirSync(path.join(data.dir, "uploads"));
    chmodSync(path.join(data.dir, "uploads"), 0o755);
    writeFileSync(path.join(data.dir, "uploads", "old-photo.webp"), "bytes");
    chmodSync(path.join(data.dir, "uploads", "old-photo.webp"), 0o666);

    const server = await startServer({ DATA_DIR: data.dir });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    // A pooled connection is kept past the 60 s a pooling client or proxy keeps one, so the
    // client closes first and never sends a request on a socket the server is closing.
    expect(await keepAliveAdvertised(`${server.url}/healthz`)).toBe("timeout=65");
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
    expect(server.output.some((line) => line.includes("made private to this user"))).toBe(true);
    expect(readdirSync(path.join(data.dir, "db")).length).toBeGreaterThan(0);
    expect(openToOthers(data.dir)).toEqual([]);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(server.output.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
    expect(openToOthers(data.dir)).toEqual([]);
  });
});
