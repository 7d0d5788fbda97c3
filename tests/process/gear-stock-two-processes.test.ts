/**
 * Gear stock holds across processes: twenty bookings at once, sent to two app
 * processes on one PostgreSQL database, each hiring a medium wetsuit on its own
 * departure of one date (so no spot hold orders them), hire exactly the 6 the
 * shop owns; the others are refused with a 409 naming the size.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { createPgDatabase, type ServerProcess, startServer } from "../helpers/server-process.ts";

const N = 20;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createPgDatabase();
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: "http://localhost:3999",
    TRUST_PROXY_HOPS: "1",
    PAYMENTS: "test",
  };
  // One after the other: the first migrates and seeds, the second finds it done.
  servers.push(await startServer(env));
  servers.push(await startServer(env));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
});

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

it(`${N} parallel gear hires across two processes never pass the stock of a size`, async () => {
  const [a, b] = servers;
  const date = addDays(sydneyDate(), 45);
  const times = Array.from(
    { length: N },
    (_, i) => `${String(6 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
  );
  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  for (const time of times) {
    await sql.query(
      `insert into availability (id, adventure_id, date, start_time, available_spots, booked_spots)
       values ($1, 'dive-exhibition', $2, $3, 8, 0)
       on conflict (adventure_id, date, start_time) do update set available_spots = 8, booked_spots = 0, is_available = true`,
      [randomUUID(), date, time],
    );
  }
  const item = randomUUID();
  const extra = randomUUID();
  await sql.query("insert into gear_items (id, name) values ($1, 'Wetsuit')", [item]);
  await sql.query("insert into gear_stock (gear_item_id, size, quantity) values ($1, 'M', 6)", [item]);
  await sql.query(
    `insert into adventure_extras (id, adventure_id, name, price_cents, per, gear_item_ids)
     values ($1, 'dive-exhibition', 'Wetsuit hire', 2000, 'person', $2::jsonb)`,
    [extra, JSON.stringify([item])],
  );

  const responses = await Promise.all(
    times.map((time, i) =>
      fetch(
        `${(i % 2 ? b : a).url}/api/bookings`,
        json(
          {
            adventure_id: "dive-exhibition",
            selected_date: date,
            start_time: time,
            group_size: 1,
            customer_first_name: "Visitor",
            customer_last_name: `Number ${i}`,
            customer_email: `gear-race-${i}@example.com`,
            customer_phone: "+61 400 000 000",
            extras: [{ extra_id: extra, sizes: { [item]: ["M"] } }],
          },
          { "X-Forwarded-For": `10.0.2.${i + 1}` },
        ),
      ),
    ),
  );
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(6);
  expect(statuses.filter((s) => s === 409)).toHaveLength(N - 6);
  const hired = await sql.query("select count(*)::int as n from booking_gear where gear_item_id = $1", [
    item,
  ]);
  await sql.end();
  expect(hired.rows[0].n).toBe(6);
});
