/**
 * Caps hold across processes: two app processes on one PostgreSQL database,
 * twenty bookings at once split between them.
 * - A promo code capped at 3 is used exactly 3 times; the others are refused
 *   naming promo_code.
 * - Each booking hires a medium wetsuit on its own departure of one date (so no
 *   spot hold orders them): exactly the 6 the shop owns are hired; the others
 *   are refused with a 409 naming the size.
 * - Fifty payments at once, split between them, each confirm a booking and
 *   issue its invoice: the invoice numbers run on with no gap and no repeat
 *   (the document number row is taken in each confirming transaction).
 * The races share the two servers: each start migrates or opens the database,
 * the costliest part of a process test.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { seededPgDatabase } from "../helpers/seeded-data-dir.ts";
import { type createPgDatabase, type ServerProcess, startServer } from "../helpers/server-process.ts";

const N = 20;
const PAYERS = 50;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await seededPgDatabase();
  const env = {
    DATABASE_URL: database.url,
    PUBLIC_URL: "http://localhost:3999",
    TRUST_PROXY_HOPS: "1",
    PAYMENTS: "test",
  };
  // One after the other, on a copy of the seeded database.
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

describe("caps across two processes", () => {
  it(`${N} parallel bookings across both processes use a code capped at 3 exactly 3 times`, async () => {
    const [a, b] = servers;
    // A date of its own for each booking: the bookings race on the code, not on a departure's spots.
    const dates = Array.from({ length: N }, (_, i) => addDays(sydneyDate(), 40 + i));
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    for (const date of dates) {
      await sql.query(
        `insert into availability (id, adventure_id, date, available_spots, booked_spots)
         values ($1, 'dive-exhibition', $2, 8, 0)
         on conflict (adventure_id, date, start_time) do update set available_spots = 8, booked_spots = 0, is_available = true`,
        [randomUUID(), date],
      );
    }

    const login = await fetch(`${a.url}/api/admin/login`, json({ password: "process-test-password" }));
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(
      `${b.url}/api/admin/promo-codes`,
      json(
        { code: "TWOPROC3", kind: "percent", percent: 10, max_uses: 3 },
        { Authorization: `Bearer ${token}` },
      ),
    );
    expect(created.status).toBe(201);

    const responses = await Promise.all(
      dates.map((date, i) =>
        fetch(
          `${(i % 2 ? b : a).url}/api/bookings`,
          json(
            {
              adventure_id: "dive-exhibition",
              selected_date: date,
              group_size: 1,
              customer_first_name: "Visitor",
              customer_last_name: `Number ${i}`,
              customer_email: `promo-race-${i}@example.com`,
              customer_phone: "+61 400 000 000",
              promo_code: "TWOPROC3",
            },
            { "X-Forwarded-For": `10.0.1.${i + 1}` },
          ),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    for (const r of responses.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(((await r.json()) as { errors?: Record<string, string> }).errors?.promo_code).toBe(
        "This promo code has been used up",
      );
    }
    const used = await sql.query(
      "select count(*)::int as n from bookings b join promo_codes p on p.id = b.promo_code_id where p.code = 'TWOPROC3'",
    );
    await sql.end();
    expect(used.rows[0].n).toBe(3);
  });

  it(`${N} parallel gear hires across two processes never pass the stock of a size`, async () => {
    const [a, b] = servers;
    // Far from the promo race's dates: its bookings name no start time, and a date with several departures asks for one.
    const date = addDays(sydneyDate(), 75);
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

  it(`${PAYERS} parallel payments across two processes issue invoice numbers in sequence, none missed or repeated`, async () => {
    const [a, b] = servers;
    // Dates of their own, five payers on each: the race is on the document number, not on spots.
    const dates = Array.from({ length: PAYERS / 5 }, (_, i) => addDays(sydneyDate(), 100 + i));
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    for (const date of dates) {
      await sql.query(
        `insert into availability (id, adventure_id, date, available_spots, booked_spots)
         values ($1, 'dive-exhibition', $2, 8, 0)
         on conflict (adventure_id, date, start_time) do update set available_spots = 8, booked_spots = 0, is_available = true`,
        [randomUUID(), date],
      );
    }
    const sessions: string[] = [];
    for (let i = 0; i < PAYERS; i++) {
      const res = await fetch(
        `${(i % 2 ? b : a).url}/api/bookings`,
        json(
          {
            adventure_id: "dive-exhibition",
            selected_date: dates[i % dates.length],
            group_size: 1,
            customer_first_name: "Payer",
            customer_last_name: `Number ${i}`,
            customer_email: `invoice-race-${i}@example.com`,
            customer_phone: "+61 400 000 000",
          },
          { "X-Forwarded-For": `10.0.3.${i + 1}` },
        ),
      );
      expect(res.status).toBe(201);
      sessions.push(((await res.json()) as { session_id: string }).session_id);
    }

    const paid = await Promise.all(
      sessions.map((session, i) =>
        fetch(
          `${(i % 2 ? a : b).url}/api/payments/v1/test-checkout/${session}/pay`,
          json(
            { card_number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: `Payer ${i}` },
            { "X-Forwarded-For": `10.0.4.${i + 1}` },
          ),
        ),
      ),
    );
    expect(paid.map((r) => r.status)).toEqual(sessions.map(() => 200));

    const ours = await sql.query(
      `select i.number from invoices i join bookings b on b.id = i.booking_id
       where b.customer_email like 'invoice-race-%' and i.kind = 'invoice' order by i.number`,
    );
    const all = await sql.query("select number from invoices order by number");
    const [next] = (await sql.query("select next from document_numbers where series = 'invoice'")).rows;
    await sql.end();
    const numbers = ours.rows.map((r) => Number(r.number));
    expect(numbers).toHaveLength(PAYERS);
    expect(new Set(numbers).size).toBe(PAYERS);
    // Every number the site has issued, in order, steps by one: no gap anywhere, ours included.
    const issued = all.rows.map((r) => Number(r.number));
    expect(issued).toEqual(issued.map((_, i) => issued[0] + i));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
    expect(Number(next.next)).toBe(issued[issued.length - 1] + 1);
  }, 120_000);
});
