/**
 * The periodic trip job's parts (trip emails, readiness requests, medical
 * erasure, forgetting unconfirmed sign-ups) fail apart: one part that fails
 * keeps none of the others from running, and the run still fails with what
 * went wrong, so the runner logs it. Each part's own rules are proven in its
 * own file (trip-emails, readiness-emails, medical-data, newsletter-signup).
 */
import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema.ts";
import { runTripJobs } from "../../server/domain/jobs/trip-jobs.server.ts";
import { insertBooking } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

/** Noon in Sydney on 10 March 2031: a trip on the 12th is due its reminder. */
const now = () => new Date("2031-03-10T02:00:00Z");

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { now });
});
afterAll(() => t.close());

const deps = (clock: () => Date = now) => ({
  db: t.db,
  env: t.services.env,
  log: t.services.log,
  now: clock,
});

it("runs every part when one fails, then fails with that part's error", async () => {
  const { booking } = await insertBooking(t.db, {
    date: "2031-03-12",
    paid: true,
    email: "jobs@example.com",
  });
  // The newsletter's tables are gone: forgetting unconfirmed sign-ups fails, and it runs last.
  await t.db.execute(sql`drop table newsletter_confirm_links, newsletter_subscribers cascade`);

  const failed = await runTripJobs(deps()).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failed).toBeInstanceOf(Error);
  expect(failed).not.toBeInstanceOf(AggregateError);
  expect(String((failed as Error).message) + String((failed as Error).cause ?? "")).toMatch(
    /newsletter_confirm_links/,
  );
  // The trip emails ran before it all the same.
  const reminders = await t.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.kind, "trip_reminder"))
    .then((rows) => rows.filter((r) => r.dedupeKey?.includes(booking.id)));
  expect(reminders).toHaveLength(1);
  expect(reminders[0].toAddress).toBe("jobs@example.com");
});

it("fails with every part's error when several fail", async () => {
  const broken = () => {
    throw new Error("clock unavailable");
  };
  const failed = await runTripJobs(deps(broken)).then(
    () => null,
    (error: unknown) => error,
  );
  expect(failed).toBeInstanceOf(AggregateError);
  expect((failed as AggregateError).message).toBe("trip jobs failed");
  // Each of the four parts reads the clock.
  expect((failed as AggregateError).errors).toHaveLength(4);
});
