import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema.ts";
import { enqueueEmail } from "../../server/email/outbox.server.ts";
import { createOutboxSender, LEASE_MS, type Mailer } from "../../server/email/sender.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  // Start from an outbox with nothing due, so each test sees only its own rows.
  await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
});
afterAll(async () => {
  await t.close();
});

/** A mailer whose sends wait until the test lets them finish (or fail). */
function slowMailer() {
  const calls: { messageId?: string; finish: () => void; fail: (e: Error) => void }[] = [];
  const mailer: Mailer = {
    sendMail: (message) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ messageId: message.messageId, finish: resolve, fail: reject });
      }),
  };
  return { mailer, calls };
}

function sender(mailer: Mailer, now: () => Date) {
  return createOutboxSender({
    db: t.db,
    log: createLogger("silent"),
    from: "Tidewater <bookings@tidewater.test>",
    now,
    mailer,
  });
}

/** Waits for the sender to reach the mailer (a database round trip away), up to 10 s. */
async function until(check: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

async function rowOf(dedupeKey: string) {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, dedupeKey));
  return row;
}

describe("outbox claims across processes", () => {
  it("stamps a fresh claim token on every attempt and a stable Message-ID per email", async () => {
    const clock = testClock(new Date(Date.now() + 5_000));
    const a = slowMailer();
    await enqueueEmail(t.db, {
      kind: "test",
      to: "a@example.com",
      subject: "s",
      text: "t",
      dedupeKey: "tok",
    });
    const first = sender(a.mailer, clock.now).tick();
    await until(() => a.calls.length === 1);
    const claimed = await rowOf("tok");
    expect(claimed.claimToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.calls[0].messageId).toBe(`<${claimed.id}@tidewater.test>`);
    a.calls[0].fail(new Error("421 try later"));
    await first;
    clock.advance(60 * 60_000);
    const b = slowMailer();
    const second = sender(b.mailer, clock.now).tick();
    await until(() => b.calls.length === 1);
    const again = await rowOf("tok");
    expect(again.claimToken).not.toBe(claimed.claimToken);
    expect(b.calls[0].messageId).toBe(a.calls[0].messageId);
    b.calls[0].finish();
    expect(await second).toBe(1);
    expect(await rowOf("tok")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("an attempt whose lease ran out cannot overwrite the attempt that re-claimed the email", async () => {
    const clock = testClock(new Date(Date.now() + 5_000));
    await enqueueEmail(t.db, {
      kind: "test",
      to: "b@example.com",
      subject: "s",
      text: "t",
      dedupeKey: "lease",
    });
    // Process A claims the email and hangs on a slow SMTP server.
    const a = slowMailer();
    const tickA = sender(a.mailer, clock.now).tick();
    await until(() => a.calls.length === 1);
    // Not due for anyone else while A's lease lasts.
    const b = slowMailer();
    const early = sender(b.mailer, clock.now);
    expect(await early.tick()).toBe(0);
    expect(b.calls).toHaveLength(0);
    // A's lease expires; process B claims the email again and delivers it.
    clock.advance(LEASE_MS + 1);
    const tickB = sender(b.mailer, clock.now).tick();
    await until(() => b.calls.length === 1);
    b.calls[0].finish();
    expect(await tickB).toBe(1);
    const delivered = await rowOf("lease");
    expect(delivered).toMatchObject({ status: "sent", attempts: 1 });
    // A's late failure must not put the delivered email back in the queue (it would be sent again).
    a.calls[0].fail(new Error("connection reset"));
    expect(await tickA).toBe(0);
    const after = await rowOf("lease");
    expect(after).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(after.sentAt?.getTime()).toBe(delivered.sentAt?.getTime());
    clock.advance(24 * 60 * 60_000);
    const c = slowMailer();
    expect(await sender(c.mailer, clock.now).tick()).toBe(0);
    expect(c.calls).toHaveLength(0);
  });

  it("a late success does not count as this attempt's delivery once another attempt holds the email", async () => {
    const clock = testClock(new Date(Date.now() + 5_000));
    await enqueueEmail(t.db, {
      kind: "test",
      to: "c@example.com",
      subject: "s",
      text: "t",
      dedupeKey: "late",
    });
    const a = slowMailer();
    const tickA = sender(a.mailer, clock.now).tick();
    await until(() => a.calls.length === 1);
    clock.advance(LEASE_MS + 1);
    // B re-claims and its attempt fails: the email waits for its retry.
    const b = slowMailer();
    const tickB = sender(b.mailer, clock.now).tick();
    await until(() => b.calls.length === 1);
    b.calls[0].fail(new Error("451 greylisted"));
    await tickB;
    const retry = await rowOf("late");
    expect(retry).toMatchObject({ status: "pending", attempts: 1, lastError: "451 greylisted" });
    // A's stale success lands after B's record: B's record stands, A reports nothing sent.
    a.calls[0].finish();
    expect(await tickA).toBe(0);
    expect(await rowOf("late")).toMatchObject({
      status: "pending",
      attempts: 1,
      claimToken: retry.claimToken,
    });
  });
});
