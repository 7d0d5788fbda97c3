/**
 * The migration that gives emails their booking fills it in for the emails
 * already queued whose dedupe key names a booking, and for no other.
 */
import { rmSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { emailOutbox } from "../../server/db/schema.ts";
import { MIGRATIONS, migrateFolder, migrationsBefore } from "../helpers/migrations.ts";
import { createPgDatabase } from "../helpers/pg.ts";

let database: Database;
let dropPg: (() => Promise<void>) | undefined;
let before = "";

beforeAll(async () => {
  if (process.env.TEST_DB === "postgres") {
    const pg = await createPgDatabase();
    dropPg = pg.drop;
    database = await openDatabase({ url: pg.url, migrate: false });
  } else {
    database = await openDatabase({ migrate: false });
  }
  before = migrationsBefore(/_operator_bookings_email_log$/);
  await migrateFolder(database, before);
  const run = (q: ReturnType<typeof sql>) => database.db.execute(q);
  await run(sql`insert into adventures (id, slug, title) values ('trip', 'trip', 'Trip')`);
  await run(sql`insert into bookings (id, reference, adventure_id, adventure_title, customer_first_name, customer_email,
    group_size, selected_date, unit_price_cents, total_amount_cents)
    values ('b1', 'TW-OLD1', 'trip', 'Trip', 'Ann', 'ann@example.com', 1, '2026-12-05', 100, 100)`);
  const email = (id: string, key: string | null) =>
    run(sql`insert into email_outbox (id, kind, to_address, subject, text_body, dedupe_key)
      values (${id}, 'x', 'ann@example.com', 's', 't', ${key})`);
  await email("confirmation", "booking_confirmation:b1");
  await email("cancelled", "booking_cancelled_notice:b1");
  await email("other-booking", "booking_notice:gone");
  await email("newsletter", "newsletter:c1:s1");
  await email("no-key", null);
  await migrateFolder(database, MIGRATIONS);
});

afterAll(async () => {
  await database?.close();
  await dropPg?.();
  rmSync(before, { recursive: true, force: true });
});

it("links the emails already queued to the booking their dedupe key names", async () => {
  const of = async (id: string) =>
    (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0].bookingId;
  expect(await of("confirmation")).toBe("b1");
  expect(await of("cancelled")).toBe("b1");
  expect(await of("other-booking")).toBeNull();
  expect(await of("newsletter")).toBeNull();
  expect(await of("no-key")).toBeNull();
});
