/**
 * The trip email job as deployed: two production processes on one PostgreSQL
 * database both run it as they start (the catch-up after downtime), at the
 * same moment, and again after a restart. Each reminder and thank-you is
 * queued once, with one link each.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { seededPgDatabase } from "../helpers/seeded-data-dir.ts";
import { type createPgDatabase, startServer } from "../helpers/server-process.ts";

let database: Awaited<ReturnType<typeof createPgDatabase>>;
let sql: pg.Pool;
const env = () => ({ DATABASE_URL: database.url, PAYMENTS: "test", PUBLIC_URL: "http://localhost:3999" });

/** Started: its signal handlers are in place before it says so, so a SIGTERM from here stops it cleanly. */
async function start() {
  const server = await startServer(env());
  await server.waitForLine("is running at");
  return server;
}

beforeAll(async () => {
  if (process.env.SKIP_PG === "1") return;
  database = await seededPgDatabase();
  // A copy of the seeded database: with no bookings yet the first start's job queues nothing.
  const first = await start();
  expect(await first.stop()).toBe(0);
  sql = new pg.Pool({ connectionString: database.url });
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await database?.drop();
});

/** A confirmed booking of the day trip on `date`, confirmed a week before now. */
async function insertBooking(date: string): Promise<string> {
  const id = randomUUID();
  await sql.query(
    `insert into bookings (id, reference, adventure_id, adventure_title, customer_first_name, customer_email,
       group_size, selected_date, unit_price_cents, total_amount_cents, booking_status, confirmed_at)
     values ($1, $2, 'dive-exhibition', 'Discover Scuba Diving', 'Ava', $3, 2, $4, 9500, 19000, 'confirmed',
       now() - interval '7 days')`,
    [id, `TW-${id.slice(0, 8).toUpperCase()}`, `ava-${id.slice(0, 8)}@example.com`, date],
  );
  return id;
}

describe("two processes on PostgreSQL", () => {
  it.skipIf(process.env.SKIP_PG === "1")(
    "PostgreSQL: both processes catch up at start, and each trip email is queued once",
    async () => {
      const today = sydneyDate();
      // A trip two days ahead gets its reminder, yesterday's trip its thank-you (still due if
      // the Sydney day turns meanwhile: the day before a trip and a week after it catch up).
      const upcoming = await Promise.all([1, 2, 3].map(() => insertBooking(addDays(today, 2))));
      const past = await Promise.all([1, 2, 3].map(() => insertBooking(addDays(today, -1))));

      for (let restart = 0; restart < 2; restart++) {
        const servers = await Promise.all([start(), start()]);
        // A clean stop waits for the job in progress: after it, both processes' runs are done.
        expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0]);
        for (const s of servers) {
          expect(s.output.join("\n")).not.toContain("trip email could not be queued");
          expect(s.output.join("\n")).not.toContain("readiness email could not be queued");
        }
      }

      const { rows } = await sql.query<{ kind: string; dedupe_key: string }>(
        "select kind, dedupe_key from email_outbox where kind like 'trip_%' order by dedupe_key",
      );
      expect(rows.map((r) => r.dedupe_key).sort()).toEqual(
        [
          ...upcoming.map((id) => `trip-reminder:${id}:${addDays(today, 2)}`),
          ...past.map((id) => `trip-thank-you:${id}`),
        ].sort(),
      );
      // The upcoming trips' groups have given no details: each also gets its second readiness request, once.
      const requests = await sql.query<{ dedupe_key: string }>(
        "select dedupe_key from email_outbox where kind = 'readiness_request'",
      );
      expect(requests.rows.map((r) => r.dedupe_key).sort()).toEqual(
        upcoming.map((id) => `readiness:${id}:${addDays(today, 2)}:second`).sort(),
      );
      const links = await sql.query<{ booking_id: string; channel: string }>(
        "select booking_id, channel from booking_links order by booking_id",
      );
      expect(links.rows.map((l) => `${l.booking_id}:${l.channel}`).sort()).toEqual(
        [
          ...upcoming.map((id) => `${id}:reminder`),
          ...upcoming.map((id) => `${id}:readiness`),
          ...past.map((id) => `${id}:thank_you`),
        ].sort(),
      );
    },
  );
});
