/**
 * `npx node scripts/bench-admin.ts`: how fast the admin bookings list
 * (GET /api/bookings) answers with 100,000 bookings. Each run builds the
 * real app in this process on a database of its own (removed afterwards),
 * seeds the bookings with batch inserts, logs in, and times a bounded number
 * of in-process requests per view: the default view, a status filter, a
 * search and a deep page. Prints p50/p95 per view.
 *
 * BENCH_DB=pglite|postgres|both (default both), BENCH_BOOKINGS (default
 * 100000), BENCH_REQUESTS per view (default 40); TEST_DATABASE_URL names the
 * PostgreSQL server (default: local, trust auth).
 */
import { type Database, openDatabase } from "../server/db/client.server.ts";
import { type BookingStatus, bookings, payments } from "../server/db/schema.ts";
import { seed } from "../server/db/seed.server.ts";
import { benchApp, openScratchPostgres } from "./bench-lib.ts";

const TOTAL = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const REQUESTS = Math.min(500, Number(process.env.BENCH_REQUESTS ?? 40));
const WARMUP = 5;
const BATCH = 1000;
const PASSWORD = "bench-admin-password";

const FIRST = [
  "Mia",
  "Oliver",
  "Charlotte",
  "Jack",
  "Amelia",
  "Noah",
  "Isla",
  "Leo",
  "Ava",
  "William",
  "Grace",
  "Henry",
];
const LAST = [
  "Nguyen",
  "Smith",
  "Jones",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Martin",
  "Lee",
  "Walker",
  "Harris",
];
const ADVENTURES = [
  ["dive-exhibition", "Discover Scuba Diving"],
  ["guided-shore-dive", "Guided Shore Dive"],
  ["night-dive-experience", "Night Dive Experience"],
  ["camping-diving-2day", "2-Day Dive & Camp Weekend"],
] as const;
const STATUSES: BookingStatus[] = [
  "confirmed",
  "confirmed",
  "completed",
  "completed",
  "cancelled",
  "pending_payment",
];

async function openBenchDatabase(kind: "pglite" | "postgres"): Promise<Database> {
  if (kind === "pglite") return openDatabase({});
  return openScratchPostgres("tw_bench_admin");
}

/** 100k bookings over two years, each paid one with its payment row; batch inserts. */
async function seedBookings(database: Database): Promise<void> {
  const { db } = database;
  const start = Date.now() - 2 * 365 * 86_400_000;
  const step = (2 * 365 * 86_400_000) / TOTAL;
  for (let offset = 0; offset < TOTAL; offset += BATCH) {
    const rows: (typeof bookings.$inferInsert)[] = [];
    const count = Math.min(BATCH, TOTAL - offset);
    for (let i = 0; i < count; i++) {
      const n = offset + i;
      const [adventureId, title] = ADVENTURES[n % ADVENTURES.length];
      const first = FIRST[n % FIRST.length];
      const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
      const created = new Date(start + n * step);
      const status = STATUSES[n % STATUSES.length];
      const groupSize = 1 + (n % 4);
      rows.push({
        id: `bk_${n.toString(36).padStart(6, "0")}`,
        reference: `TW-${n.toString(36).toUpperCase().padStart(6, "0")}`,
        adventureId,
        adventureTitle: title,
        customerFirstName: first,
        customerLastName: last,
        customerEmail: `${first}.${last}.${n}@example.com`.toLowerCase(),
        customerPhone: "0400 000 000",
        groupSize,
        selectedDate: new Date(created.getTime() + 14 * 86_400_000).toISOString().slice(0, 10),
        unitPriceCents: 13_500,
        totalAmountCents: 13_500 * groupSize,
        bookingStatus: status,
        checkoutSessionId: `cs_bench_${n}`,
        createdAt: created,
      });
    }
    await db.insert(bookings).values(rows);
    const paid = rows.filter((r) => r.bookingStatus === "confirmed" || r.bookingStatus === "completed");
    await db.insert(payments).values(
      paid.map((r) => ({
        provider: "test" as const,
        sessionId: r.checkoutSessionId as string,
        kind: "booking" as const,
        bookingId: r.id,
        unitAmountCents: r.unitPriceCents,
        quantity: r.groupSize,
        amountTotalCents: r.totalAmountCents,
        status: "complete",
        paymentStatus: "paid",
        expiresAt: r.createdAt as Date,
        paidAt: r.createdAt as Date,
      })),
    );
  }
}

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

async function run(kind: "pglite" | "postgres") {
  const database = await openBenchDatabase(kind);
  try {
    await seed(database.db);
    const t0 = performance.now();
    await seedBookings(database);
    const seedMs = performance.now() - t0;
    if (kind === "postgres") await database.db.execute("analyze");

    const { app, stop } = benchApp(database, {
      NODE_ENV: "test",
      PORT: "0",
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "silent",
    });
    const login = await app.request("/api/admin/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };

    const views = [
      ["default view (page 1)", "/api/bookings"],
      ["status filter (confirmed)", "/api/bookings?status=confirmed"],
      ["search (name, 'walker')", "/api/bookings?q=walker"],
      ["search (reference)", `/api/bookings?q=TW-${(TOTAL - 7).toString(36).toUpperCase().padStart(6, "0")}`],
      ["deep page (page 3000)", "/api/bookings?page=3000"],
    ] as const;

    const results: { view: string; p50: number; p95: number; total: number }[] = [];
    for (const [view, path] of views) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < WARMUP + REQUESTS; i++) {
        const started = performance.now();
        const res = await app.request(path, { headers });
        const body = (await res.json()) as { total: number };
        const ms = performance.now() - started;
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        total = body.total;
        if (i >= WARMUP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      results.push({ view, p50: percentile(times, 50), p95: percentile(times, 95), total });
    }

    console.log(
      `\n${kind}: ${TOTAL.toLocaleString("en-AU")} bookings seeded in ${(seedMs / 1000).toFixed(1)} s; ${REQUESTS} requests per view (after ${WARMUP} warm-up)`,
    );
    console.log(
      `${"view".padEnd(30)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"matches".padStart(9)}`,
    );
    for (const r of results) {
      console.log(
        `${r.view.padEnd(30)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${String(r.total).padStart(9)}`,
      );
    }
    await stop();
  } finally {
    await database.close();
  }
}

const which = process.env.BENCH_DB ?? "both";
if (which === "pglite" || which === "both") await run("pglite");
if (which === "postgres" || which === "both") await run("postgres");
