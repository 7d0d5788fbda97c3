/**
 * Nothing acknowledged is lost when the process is killed at any moment: a
 * stream of bookings and contact messages runs against the production server,
 * which is killed with SIGKILL at a random moment (after a random number of
 * acknowledged writes, with more in flight), restarted on the same data,
 * and killed again. At the end every request that got a 2xx answer is stored,
 * and the spots held add up to the bookings that hold them.
 */
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.server.ts";
import { availability, bookings, contactMessages } from "../../server/db/schema.ts";
import { postJson } from "../helpers/http-raw.ts";
import { seededDataDir, seededPgDatabase } from "../helpers/seeded-data-dir.ts";
import { type ServerProcess, startServer, tempDataDir } from "../helpers/server-process.ts";
import { waitUntil } from "../helpers/wait.ts";

/** Kills per database; CRASH_ROUNDS runs a longer series by hand. */
const ROUNDS = Math.min(100, Math.max(1, Number(process.env.CRASH_ROUNDS ?? 2)));
const WORKERS = 6;

interface Acknowledged {
  bookings: string[];
  messages: string[];
}

/** Sends bookings and messages from WORKERS clients until the server stops answering. */
/** Every seeded adventure: group size 2 is allowed on each (their limits are 1-2 up to 2-4). */
const ADVENTURES = [
  "dive-exhibition",
  "guided-shore-dive",
  "dive-trip-shore",
  "night-dive-experience",
  "scooter-dive-adventure",
  "underwater-treasure-hunt",
  "camping-diving-2day",
  "camping-diving-1night",
  "camping-only-2day",
];

type Slot = { adventure: string; date: string };

async function stream(
  server: ServerProcess,
  slots: Slot[],
  ack: Acknowledged,
  round: number,
): Promise<number> {
  let sent = 0;
  const worker = async (w: number) => {
    for (let i = 0; ; i++) {
      sent++;
      const tag = `r${round}w${w}n${i}`;
      const booking = i % 2 === 0;
      const slot = slots[(w * 7 + i * 3 + round) % slots.length];
      const answer = booking
        ? await postJson(`${server.url}/api/bookings`, {
            adventure_id: slot.adventure,
            customer_first_name: "Crash",
            customer_last_name: tag,
            customer_email: `${tag}@example.com`,
            customer_phone: "",
            group_size: 2,
            selected_date: slot.date,
            special_requirements: "",
            host_url: server.url,
          })
        : await postJson(`${server.url}/api/contact`, {
            first_name: "Crash",
            last_name: tag,
            email: `${tag}@example.com`,
            phone: "",
            adventure_type: "general",
            message: `Message ${tag}`,
          });
      if (answer.status === 0) return;
      if (answer.status >= 200 && answer.status < 300) {
        const body = JSON.parse(answer.body) as { booking_id?: string; id?: string };
        if (booking) ack.bookings.push(body.booking_id as string);
        else ack.messages.push(body.id as string);
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return sent;
}

async function openSlots(url: string): Promise<Slot[]> {
  const slots: Slot[] = [];
  for (const adventure of ADVENTURES) {
    const res = await fetch(`${url}/api/adventures/${adventure}/dates`);
    const dates = (await res.json()) as { date: string; available: boolean }[];
    for (const d of dates) if (d.available) slots.push({ adventure, date: d.date });
  }
  return slots;
}

async function crashRounds(env: Record<string, string>): Promise<{ ack: Acknowledged; kills: number[] }> {
  const ack: Acknowledged = { bookings: [], messages: [] };
  const kills: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // From round 2 on, this is the restart after a kill -9.
    const server = await startServer(env);
    const slots = await openSlots(server.url);
    // The moment is counted in writes acknowledged this round, not in time: on a slow
    // machine a time could pass before the first write, and the kill would cut nothing.
    const killAfter = 1 + Math.floor(Math.random() * 60);
    kills.push(killAfter);
    const before = ack.bookings.length + ack.messages.length;
    const running = stream(server, slots, ack, round);
    await waitUntil(
      `${killAfter} acknowledged writes in round ${round}`,
      () => ack.bookings.length + ack.messages.length - before >= killAfter,
      { timeoutMs: 30_000, intervalMs: 1 },
    );
    expect(await server.stop("SIGKILL")).toBe(null);
    await running;
  }
  // The last restart: it must come up on the data the last kill left.
  const last = await startServer(env);
  expect((await fetch(`${last.url}/healthz`)).status).toBe(200);
  expect(await last.stop("SIGTERM")).toBe(0);
  return { ack, kills };
}

async function expectAllStored(
  open: () => ReturnType<typeof openDatabase>,
  ack: Acknowledged,
  kills: number[],
) {
  const database = await open();
  try {
    const { db } = database;
    const storedBookings = ack.bookings.length
      ? await db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.id, ack.bookings))
      : [];
    const storedMessages = ack.messages.length
      ? await db
          .select({ id: contactMessages.id })
          .from(contactMessages)
          .where(inArray(contactMessages.id, ack.messages))
      : [];
    const context = `kills after ${kills.join(", ")} acknowledged writes`;
    expect(ack.bookings.length + ack.messages.length, context).toBeGreaterThan(0);
    expect(storedBookings.length, context).toBe(ack.bookings.length);
    expect(storedMessages.length, context).toBe(ack.messages.length);
    // Every transaction is whole: each held spot belongs to a booking that holds it.
    const [{ booked, held }] = await db
      .select({
        booked: sql<number>`(select coalesce(sum(${availability.bookedSpots}), 0)::int from ${availability})`,
        held: sql<number>`(select coalesce(sum(${bookings.groupSize}), 0)::int from ${bookings} where ${bookings.holdsSpots})`,
      })
      .from(sql`(select 1) as one`);
    expect(booked, context).toBe(held);
    process.stdout.write(
      `crash safety (${database.kind}): ${ROUNDS} kills (${context}); ${ack.bookings.length} bookings and ${ack.messages.length} messages acknowledged, all stored\n`,
    );
  } finally {
    await database.close();
  }
}

describe("kill -9 at a random moment loses nothing acknowledged", () => {
  const data = seededDataDir();
  afterAll(() => data.remove());

  it("on the embedded database", async () => {
    const { ack, kills } = await crashRounds({ DATA_DIR: data.dir });
    await expectAllStored(
      () => openDatabase({ dataDir: path.join(data.dir, "db"), migrate: false }),
      ack,
      kills,
    );
  });

  it("on PostgreSQL", async () => {
    const pg = await seededPgDatabase();
    const uploads = tempDataDir();
    try {
      const { ack, kills } = await crashRounds({
        DATABASE_URL: pg.url,
        DATA_DIR: uploads.dir,
        PAYMENTS: "test",
      });
      await expectAllStored(() => openDatabase({ url: pg.url, migrate: false }), ack, kills);
    } finally {
      uploads.remove();
      await pg.drop();
    }
  });
});
