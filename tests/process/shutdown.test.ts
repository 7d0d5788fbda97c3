import { Agent, get } from "node:http";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.server.ts";
import { bookings } from "../../server/db/schema.ts";
import { postInTwoParts } from "../helpers/http-raw.ts";
import { seededDataDir } from "../helpers/seeded-data-dir.ts";
import { startServer } from "../helpers/server-process.ts";

/** The pace of a client's requests (not a wait for anything). */
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves once the server has read the headers and first half of every one of
 * `requests`, so they are in flight on the server, not queued on the way to it.
 * A server reads its connections in the order it accepted them, and accepts them
 * in the order they arrived: a request on a new connection, sent after all of
 * theirs were on the wire, is answered only after theirs have been read.
 */
async function heldByServer(url: string, requests: { sent: Promise<void> }[]): Promise<void> {
  await Promise.all(requests.map((r) => r.sent));
  const status = await new Promise<number>((resolve) => {
    get(`${url}/healthz`, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    }).on("error", () => resolve(0));
  });
  expect(status).toBe(200);
}

/**
 * A client that keeps one keep-alive connection busy (a request every 50 ms)
 * until a request fails; answers how many succeeded. A draining server must
 * tell it to close the connection rather than wait for it to fall idle.
 */
async function busyKeepAlive(url: string, limitMs: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const until = Date.now() + limitMs;
  let ok = 0;
  try {
    while (Date.now() < until) {
      const status = await new Promise<number>((resolve) => {
        const req = get(`${url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", () => resolve(0));
      });
      if (status !== 200) break;
      ok++;
      await pause(50);
    }
  } finally {
    agent.destroy();
  }
  return ok;
}

describe("SIGTERM drains requests in flight", () => {
  const data = seededDataDir();
  afterAll(() => data.remove());

  it("answers every request already received, refuses new connections, closes idle ones, exits 0, and keeps every booking it acknowledged", async () => {
    const server = await startServer({ DATA_DIR: data.dir });
    const dates = (await (await fetch(`${server.url}/api/adventures/dive-exhibition/dates`)).json()) as {
      date: string;
      available: boolean;
    }[];
    const open = dates.filter((d) => d.available).map((d) => d.date);
    // An idle keep-alive connection and a busy one, neither of which may hold the shutdown up.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const busy = busyKeepAlive(server.url, 12_000);

    const inFlight = Array.from({ length: 12 }, (_, i) =>
      postInTwoParts(`${server.url}/api/bookings`, {
        adventure_id: "dive-exhibition",
        customer_first_name: "Drain",
        customer_last_name: `Test${i}`,
        customer_email: `drain${i}@example.com`,
        customer_phone: "",
        group_size: 1,
        selected_date: open[i % open.length],
        special_requirements: "",
        host_url: server.url,
      }),
    );
    // The server has the headers and half of each body: the requests are in flight.
    await heldByServer(server.url, inFlight);
    const signalled = Date.now();
    const exited = server.stop("SIGTERM");
    // The server logs this, then stops listening, with nothing in between that could let a connection in.
    await server.waitForLine('"msg":"shutting down"');
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    for (const r of inFlight) r.finish();

    const answers = await Promise.all(inFlight.map((r) => r.answer));
    for (const a of answers) {
      expect(a.error).toBeUndefined();
      expect(a.status === 201 || (a.status >= 400 && a.status < 500)).toBe(true);
      expect(() => JSON.parse(a.body)).not.toThrow();
    }
    expect(await exited).toBe(0);
    expect(await busy).toBeGreaterThan(0);
    // Well within the drain limit: nothing waited on the idle connection.
    expect(Date.now() - signalled).toBeLessThan(7_000);
    expect(server.output.some((l) => l.includes("requests still running after the drain time"))).toBe(false);

    const acknowledged = answers
      .filter((a) => a.status === 201)
      .map((a) => (JSON.parse(a.body) as { booking_id: string }).booking_id);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Restart on the same folder, then read the stored bookings.
    const again = await startServer({ DATA_DIR: data.dir });
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    expect(await again.stop("SIGTERM")).toBe(0);
    const database = await openDatabase({ dataDir: path.join(data.dir, "db"), migrate: false });
    try {
      const stored = await database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(inArray(bookings.id, acknowledged));
      expect(stored.map((b) => b.id).sort()).toEqual([...acknowledged].sort());
    } finally {
      await database.close();
    }
  });

  it("a client that never finishes its request holds the shutdown up only for the drain time, and the database still closes cleanly", async () => {
    const server = await startServer({ DATA_DIR: data.dir });
    const stalled = postInTwoParts(`${server.url}/api/contact`, {
      first_name: "Stalled",
      last_name: "Client",
      email: "stalled@example.com",
      phone: "",
      adventure_type: "general",
      message: "This body never arrives in full.",
    });
    await heldByServer(server.url, [stalled]);
    const signalled = Date.now();
    expect(await server.stop("SIGTERM")).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(7_900);
    expect(took).toBeLessThan(9_500);
    expect((await stalled.answer).status).toBe(0);
    expect(server.output.some((l) => l.includes("requests still running after the drain time"))).toBe(true);
    expect(server.output.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  });
});
