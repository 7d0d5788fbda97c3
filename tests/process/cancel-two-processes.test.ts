/**
 * Two app processes on one PostgreSQL database, both talking to Stripe (the
 * local fake, which counts every refund it makes): ten parallel cancels of one
 * paid booking, sent to both processes at once, refund the policy amount once.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { type FakeStripe, startFakeStripe } from "../helpers/fake-stripe.ts";
import { seededPgDatabase } from "../helpers/seeded-data-dir.ts";
import { type createPgDatabase, type ServerProcess, startServer } from "../helpers/server-process.ts";

const N = 10;
let fake: FakeStripe;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  database = await seededPgDatabase();
  const env = {
    DATABASE_URL: database.url,
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
    STRIPE_API_BASE: fake.url,
    PUBLIC_URL: "http://localhost:3999",
  };
  // One after the other, on a copy of the seeded database.
  servers.push(await startServer(env));
  servers.push(await startServer(env));
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
  await fake?.close();
});

const json = (method: string, body: unknown, token?: string): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

describe("two processes, one database", () => {
  it(`${N} parallel cancels across both processes refund once`, async () => {
    const [a, b] = servers;
    // 4 days out: the policy refunds half, so a second refund would still fit in the payment.
    const date = addDays(sydneyDate(), 4);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      "insert into availability (id, adventure_id, date, available_spots) values (gen_random_uuid()::text, 'dive-exhibition', $1, 8) on conflict do nothing",
      [date],
    );
    await client.end();

    const created = await fetch(
      `${a.url}/api/bookings`,
      json("POST", {
        adventure_id: "dive-exhibition",
        customer_first_name: "Mia",
        customer_last_name: "Nguyen",
        customer_email: "two-processes@example.com",
        customer_phone: "0400 111 222",
        group_size: 2,
        selected_date: date,
      }),
    );
    expect(created.status).toBe(201);
    const { session_id, booking_id } = (await created.json()) as { session_id: string; booking_id: string };
    const session = fake.complete(session_id);
    const status = (await (await fetch(`${b.url}/api/payments/v1/checkout/status/${session_id}`)).json()) as {
      booking_status: string;
      amount_total_cents: number;
    };
    expect(status.booking_status).toBe("confirmed");

    const login = await fetch(
      `${a.url}/api/admin/login`,
      json("POST", { password: "process-test-password" }),
    );
    const { token } = (await login.json()) as { token: string };
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        fetch(
          `${(i % 2 ? b : a).url}/api/admin/bookings/${booking_id}/status`,
          json("PUT", { status: "cancelled" }, token),
        ),
      ),
    );
    const codes = results.map((r) => r.status);
    const made = fake.refunds.filter((r) => r.payment_intent === session.payment_intent);
    expect(made.map((r) => r.amount)).toEqual([status.amount_total_cents / 2]);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - 1);
  });
});
