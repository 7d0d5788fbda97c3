/**
 * `npm run bench:bookings`: how many bookings per second the server sustains, on the
 * embedded database and on PostgreSQL. Each run builds the real app in this
 * process on a database of its own (removed afterwards), with enough dates
 * and spots that no request is refused, and drives POST /api/bookings over
 * loopback with autocannon for a bounded time.
 *
 * Each request comes from its own client address (X-Forwarded-For behind one
 * trusted proxy), as real bookings do: the public rate limits stay on and
 * their cost is part of what is measured, but no request is refused by them.
 *
 * BENCH_SECONDS (default 8) and BENCH_CONNECTIONS (default 10) tune a run;
 * TEST_DATABASE_URL names the PostgreSQL server (default: local, trust auth).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { addDays, sydneyDate } from "../app/lib/dates.ts";
import { type Database, openDatabase } from "../server/db/client.server.ts";
import { adventures, availability, bookings } from "../server/db/schema.ts";
import { seed } from "../server/db/seed.server.ts";
import { benchApp, openScratchPostgres, PG_ADMIN_URL, postgresReachable } from "./bench-lib.ts";

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  "2xx": number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

const SECONDS = Math.min(60, Math.max(2, Number(process.env.BENCH_SECONDS ?? 8)));
const CONNECTIONS = Math.min(50, Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 10)));
const TRIPS = 4;
const DAYS = 360;
const SPOTS = 20;

interface Row {
  database: string;
  seconds: number;
  bookings: number;
  perSecond: number;
  p50: number;
  p97_5: number;
  p99: number;
  refused: number;
  consistent: string;
}

async function openFor(
  kind: "pglite" | "postgres",
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "tw-bench-"));
    const database = await openDatabase({ dataDir: path.join(dir, "db") });
    return {
      database,
      cleanup: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const database = await openScratchPostgres("tw_bench");
  return { database, cleanup: () => database.close() };
}

/** Bench-only trips with a year of dates at full capacity: spots never run out. */
async function prepare(database: Database): Promise<{ adventureId: string; date: string }[]> {
  const { db } = database;
  await seed(db);
  const [template] = await db.select().from(adventures).where(eq(adventures.id, "dive-exhibition"));
  const first = addDays(sydneyDate(), 2);
  const slots: { adventureId: string; date: string }[] = [];
  for (let t = 0; t < TRIPS; t++) {
    const id = `bench-trip-${t}`;
    await db
      .insert(adventures)
      .values({ ...template, id, slug: id, title: `Bench trip ${t}`, groupSizeMax: 4 });
    const rows = Array.from({ length: DAYS }, (_, d) => ({
      adventureId: id,
      date: addDays(first, d),
      availableSpots: SPOTS,
    }));
    await db.insert(availability).values(rows);
    for (const r of rows) slots.push({ adventureId: id, date: r.date });
  }
  return slots;
}

async function run(kind: "pglite" | "postgres"): Promise<Row> {
  const { database, cleanup } = await openFor(kind);
  const server = createServer();
  try {
    const slots = await prepare(database);
    const { app, stop } = benchApp(database, {
      NODE_ENV: "production",
      PORT: "0",
      LOG_LEVEL: "silent",
      SEED: "off",
      TRUST_PROXY_HOPS: "1",
    });
    server.on("request", getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    // Round-robin over the slots: a slot is full only after TRIPS * DAYS * SPOTS requests.
    let i = 0;
    const body = () => {
      const slot = slots[i++ % slots.length];
      return JSON.stringify({
        adventure_id: slot.adventureId,
        customer_first_name: "Bench",
        customer_last_name: "Runner",
        customer_email: `bench${i}@example.com`,
        customer_phone: "",
        group_size: 1,
        selected_date: slot.date,
        special_requirements: "",
        host_url: `http://127.0.0.1:${port}`,
      });
    };
    // A distinct client per request (10.0.0.0/8 holds 16 million).
    let client = 0;
    const nextClient = () => {
      client++;
      return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
    };
    const options = (seconds: number) => ({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          method: "POST",
          path: "/api/bookings",
          headers: { "content-type": "application/json" },
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            headers: { ...(req.headers as Record<string, string>), "x-forwarded-for": nextClient() },
            body: body(),
          }),
        },
      ],
    });
    await autocannon(options(1)); // warm-up: JIT, connection pools, caches
    const result = await autocannon(options(SECONDS));

    // Capacity is never exceeded and every held spot belongs to a booking.
    const [{ over }] = await database.db
      .select({ over: sql<number>`count(*)::int` })
      .from(availability)
      .where(sql`${availability.bookedSpots} > ${availability.availableSpots}`);
    // One statement, one snapshot: requests still in flight when autocannon stops
    // commit between two separate reads and would look like a mismatch.
    const [{ booked, held }] = await database.db
      .select({
        booked: sql<number>`(select coalesce(sum(${availability.bookedSpots}), 0)::int from ${availability})`,
        held: sql<number>`(select coalesce(sum(${bookings.groupSize}), 0)::int from ${bookings} where ${bookings.holdsSpots})`,
      })
      .from(sql`(select 1) as one`);
    await stop();
    const ok = result["2xx"];
    return {
      database: kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL",
      seconds: result.duration,
      bookings: ok,
      perSecond: ok / result.duration,
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      refused: result.non2xx + result.errors + result.timeouts,
      consistent: over === 0 && booked === held ? "yes" : `NO (over=${over}, booked=${booked}, held=${held})`,
    };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await cleanup();
  }
}

const rows: Row[] = [];
process.stdout.write(
  `POST /api/bookings, ${CONNECTIONS} connections, ${SECONDS} s per database, test checkout\n`,
);
rows.push(await run("pglite"));
if (await postgresReachable()) rows.push(await run("postgres"));
else process.stdout.write(`PostgreSQL not reachable at ${new URL(PG_ADMIN_URL).host}: skipped\n`);

const header = [
  "database",
  "seconds",
  "bookings",
  "bookings/s",
  "p50 ms",
  "p97.5 ms",
  "p99 ms",
  "refused",
  "consistent",
];
const table = rows.map((r) => [
  r.database,
  r.seconds.toFixed(1),
  String(r.bookings),
  r.perSecond.toFixed(1),
  String(r.p50),
  String(r.p97_5),
  String(r.p99),
  String(r.refused),
  r.consistent,
]);
const widths = header.map((h, c) => Math.max(h.length, ...table.map((r) => r[c].length)));
const line = (cells: string[]) => `| ${cells.map((v, c) => v.padEnd(widths[c])).join(" | ")} |`;
process.stdout.write(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|\n`);
for (const r of table) process.stdout.write(`${line(r)}\n`);
process.exit(rows.every((r) => r.consistent === "yes" && r.refused === 0) ? 0 : 1);
