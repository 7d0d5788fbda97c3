import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededPgDatabase } from "../helpers/seeded-data-dir.ts";
import {
  type createPgDatabase,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "../helpers/server-process.ts";

/**
 * The public limits as deployed: two production processes on one PostgreSQL
 * database, real sockets (the client is the connection's address), the
 * default limits.
 */
describe("public rate limits across processes", () => {
  let pg: Awaited<ReturnType<typeof createPgDatabase>>;
  const data = tempDataDir();
  let servers: ServerProcess[] = [];

  beforeAll(async () => {
    pg = await seededPgDatabase();
    const env = { DATABASE_URL: pg.url, DATA_DIR: data.dir, RATE_LIMIT_FACTOR: "1", PAYMENTS: "test" };
    // One after the other, on a copy of the seeded database.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  });
  afterAll(async () => {
    for (const s of servers) await s.stop("SIGTERM");
    servers = [];
    data.remove();
    await pg?.drop();
  });

  it("two processes share one counter per client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${servers[i % 2].url}/api/newsletter/subscribe`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `shared.${i}@example.com` }),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(((await res.json()) as { detail: string }).detail).toMatch(
          /^Too many requests from your connection\. Please wait \d+ minutes? and try again\.$/,
        );
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("a no-JavaScript contact post over the limit gets the page with the sentence, not the form's action", async () => {
    const form = new URLSearchParams({
      first_name: "Nora",
      last_name: "Script",
      email: "nora@example.com",
      phone: "",
      adventure_type: "general",
      message: "Hello from a browser without JavaScript",
    }).toString();
    const post = (server: ServerProcess) =>
      fetch(`${server.url}/contact`, {
        method: "POST",
        redirect: "manual",
        headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      });
    for (let i = 0; i < 5; i++) expect((await post(servers[i % 2])).status).toBe(200);
    const refused = await post(servers[1]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(html).toMatch(/Too many requests from your connection\. Please wait \d+ minutes? and try again\./);
    expect(html).toContain('<a href="/contact"');
  });
});
