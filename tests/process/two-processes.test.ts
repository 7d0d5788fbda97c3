/**
 * Two app processes on one PostgreSQL database behave as one: capacity, money
 * and email hold across processes, not only within one.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { type FakeStripe, startFakeStripe } from "../helpers/fake-stripe.ts";
import { seededPgDatabase } from "../helpers/seeded-data-dir.ts";
import {
  type createPgDatabase,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "../helpers/server-process.ts";
import { header, type SmtpSink, startSmtpSink } from "../helpers/smtp.ts";
import { waitUntil } from "../helpers/wait.ts";

const ADMIN_PASSWORD = "process-test-password";
let fake: FakeStripe;
let sink: SmtpSink;
let database: Awaited<ReturnType<typeof createPgDatabase>>;
let sql: pg.Pool;
let a: ServerProcess;
let b: ServerProcess;
let data: ReturnType<typeof tempDataDir>;
let dayOffset = 60;

/** A weekday far enough ahead for a full refund, opened with `spots` spots (the seed opens weekends only). */
async function openDate(spots: number): Promise<string> {
  let date = addDays(sydneyDate(), dayOffset);
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1);
  dayOffset += 7;
  await sql.query(
    `insert into availability (id, adventure_id, date, available_spots, booked_spots)
     values ($1, 'dive-exhibition', $2, $3, 0)
     on conflict (adventure_id, date, start_time) do update set available_spots = $3, booked_spots = 0`,
    [randomUUID(), date, spots],
  );
  return date;
}

/** One visitor: a distinct client address (behind one trusted proxy) and email. */
function visitor(i: number) {
  return {
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    email: `visitor-${i}-${randomUUID().slice(0, 8)}@example.com`,
  };
}

async function book(server: ServerProcess, i: number, date: string, groupSize: number) {
  const who = visitor(i);
  const res = await fetch(`${server.url}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": who.address },
    body: JSON.stringify({
      adventure_id: "dive-exhibition",
      selected_date: date,
      group_size: groupSize,
      customer_first_name: "Visitor",
      customer_last_name: `Number ${i}`,
      customer_email: who.email,
      customer_phone: "+61 400 000 000",
    }),
  });
  return {
    status: res.status,
    body: (await res.json()) as { booking_id?: string; session_id?: string; detail?: string },
  };
}

/** The customer pays at Stripe; the return page's status check (on either process) records it. */
async function pay(server: ServerProcess, sessionId: string, i: number) {
  fake.complete(sessionId);
  const res = await fetch(`${server.url}/api/payments/v1/checkout/status/${sessionId}`, {
    headers: { "X-Forwarded-For": visitor(i).address },
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { payment_status: string }).payment_status).toBe("paid");
}

describe.skipIf(process.env.SKIP_PG === "1")("two app processes on one PostgreSQL", () => {
  beforeAll(async () => {
    data = tempDataDir();
    [fake, sink, database] = await Promise.all([startFakeStripe(), startSmtpSink(), seededPgDatabase()]);
    sql = new pg.Pool({ connectionString: database.url, max: 4 });
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: data.dir,
      PUBLIC_URL: "http://localhost:4100",
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: "whsec_two_processes",
      STRIPE_API_BASE: fake.url,
      SMTP_URL: sink.url,
      MAIL_FROM: "Tidewater <bookings@tidewater.test>",
      OUTBOX_POLL_MS: "100",
      TRUST_PROXY_HOPS: "1",
      // Limits are the subject of other tests; here every attempt must reach the booking logic.
      RATE_LIMIT_FACTOR: "1000",
      MAX_OPEN_CHECKOUTS: "1000",
      LOG_LEVEL: "info",
    };
    // One after the other, on a copy of the seeded database.
    a = await startServer(env);
    b = await startServer(env);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await sql?.end();
    await database?.drop();
    await Promise.all([fake?.close(), sink?.close()]);
    data?.remove();
  });

  // 300 at once: far more than the 6 spots. The two pools (10 connections each) serve them within
  // their 5 s wait on a quiet machine; what a loaded one cannot is answered 503 "try again" by design.
  it("300 parallel booking attempts for 6 spots, across both processes, never book more than 6", async () => {
    const date = await openDate(6);
    // Groups of 1 and 2: a 2 may be refused while a 1 still fits.
    const size = (i: number) => 1 + (i % 3 === 0 ? 1 : 0);
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 300 }, (_, i) => book(i % 2 === 0 ? a : b, i, date, size(i))),
    );
    const elapsed = Date.now() - started;
    const statuses = new Map<number, number>();
    for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    console.info(`300 booking attempts in ${elapsed} ms:`, Object.fromEntries(statuses));
    // Every refusal is the "no spots" answer, or the database-busy 503 that asks to try again (a
    // pool that could not serve within its wait on a loaded machine); never an error.
    expect(results.every((r) => [201, 400, 409, 503].includes(r.status))).toBe(true);
    const refused = results.filter((r) => r.status === 400 || r.status === 409);
    expect(refused.every((r) => /fully booked|left on/.test(JSON.stringify(r.body)))).toBe(true);

    const {
      rows: [slot],
    } = await sql.query(
      "select available_spots, booked_spots from availability where adventure_id = 'dive-exhibition' and date = $1",
      [date],
    );
    const {
      rows: [held],
    } = await sql.query(
      "select coalesce(sum(group_size), 0)::int as spots, count(*)::int as n from bookings where adventure_id = 'dive-exhibition' and selected_date = $1 and holds_spots",
      [date],
    );
    expect(slot.available_spots).toBe(6);
    expect(slot.booked_spots).toBe(6);
    expect(held.spots).toBe(6);
    // Every accepted attempt holds spots; every other was refused.
    expect(held.n).toBe(statuses.get(201));
    // What the accepted answers add up to is exactly what the date holds.
    const accepted = results.reduce((sum, r, i) => sum + (r.status === 201 ? size(i) : 0), 0);
    expect(accepted).toBe(6);
  });

  it("10 parallel cancels of one paid booking, across both processes, give exactly one refund", async () => {
    const date = await openDate(4);
    const booked = await book(a, 9000, date, 2);
    expect(booked.status).toBe(201);
    const sessionId = booked.body.session_id as string;
    await pay(b, sessionId, 9000);
    const intent = fake.sessions.get(sessionId)?.payment_intent;
    expect(intent).toBeTruthy();

    const login = await fetch(`${a.url}/api/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.10" },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${(i % 2 === 0 ? a : b).url}/api/admin/bookings/${booked.body.booking_id}/status`, {
          method: "PUT",
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${token}`,
            "X-Forwarded-For": "192.0.2.10",
          },
          body: JSON.stringify({ status: "cancelled" }),
        }).then((r) => r.status),
      ),
    );
    expect(responses.every((s) => s < 500)).toBe(true);
    expect(responses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    const refunds = fake.refunds.filter((r) => r.payment_intent === intent);
    expect(refunds).toHaveLength(1);
    const {
      rows: [row],
    } = await sql.query("select booking_status, holds_spots from bookings where id = $1", [
      booked.body.booking_id,
    ]);
    expect(row).toEqual({ booking_status: "cancelled", holds_spots: false });
  });

  // Last: it stops both processes.
  it("each outbox email is delivered exactly once while both processes send", async () => {
    const date = await openDate(8);
    const before = sink.messages.length;
    for (let i = 0; i < 8; i++) {
      const booked = await book(i % 2 === 0 ? a : b, 5000 + i, date, 1);
      expect(booked.status).toBe(201);
      await pay(i % 2 === 0 ? b : a, booked.body.session_id as string, 5000 + i);
    }
    // Every email written (confirmation, operator notice) is sent by one of the processes.
    await waitUntil(
      "every outbox email to be sent",
      async () => {
        const { rows } = await sql.query(
          "select count(*)::int as n from email_outbox where status = 'pending'",
        );
        return rows[0].n === 0;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    // A stop lets the send in progress finish before the process exits: once both have
    // stopped, no second delivery of any email can still be on its way.
    expect(await Promise.all([a.stop("SIGTERM"), b.stop("SIGTERM")])).toEqual([0, 0]);
    const { rows: sent } = await sql.query<{ id: string }>(
      "select id from email_outbox where status = 'sent'",
    );
    expect(sent.length).toBeGreaterThanOrEqual(16);
    const ids = sink.messages.map((m) => header(m.raw, "Message-ID"));
    const counts = new Map<string, number>();
    for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    const repeated = [...counts].filter(([, n]) => n > 1);
    expect(repeated).toEqual([]);
    // One message per sent outbox row, each with its row's Message-ID.
    expect(sink.messages.length - before).toBeGreaterThanOrEqual(16);
    for (const { id } of sent) expect(counts.get(`<${id}@tidewater.test>`)).toBe(1);
    expect(sink.messages.length).toBe(sent.length);
  });
});
