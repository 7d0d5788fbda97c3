/**
 * The trip emails on a fake clock: a reminder before the trip and a
 * thank-you after it, each queued exactly once however often and however
 * concurrently the job runs (two app instances on one database too), none
 * too late, none when switched off; their links open the booking. And the
 * admin API that edits, switches and previews the texts.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDateAU } from "../../app/lib/dates.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import {
  auditLog,
  type BookingStatus,
  bookingLinks,
  bookings,
  emailOutbox,
  emailTemplates,
} from "../../server/db/schema.ts";
import { seed } from "../../server/db/seed.server.ts";
import { bookingByToken } from "../../server/domain/bookings/booking-links.server.ts";
import { sendTripEmails, type TripEmailDeps } from "../../server/domain/messaging/trip-emails.server.ts";
import { BUILT_IN_TRIP_EMAILS } from "../../server/email/trip-templates.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentHtml, sentText } from "../helpers/outbox.ts";
import { createPgDatabase } from "../helpers/pg.ts";
import { createTestApp, createTestDatabase, type TestContext } from "../helpers/test-app.ts";

/** The fake clock: tests set it to the instant they need. */
let current = new Date("2031-01-01T02:00:00Z");
const now = () => new Date(current);
/** Noon (or 1 pm in daylight saving) in Sydney on a date. */
const sydneyNoon = (date: string) => new Date(`${date}T02:00:00Z`);

let t: TestContext;
/** Addresses the outbox delivered to (only when a test flushes it). */
const delivered: string[] = [];
beforeAll(async () => {
  t = await createTestApp(
    { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
    { now, mailer: { sendMail: async (m) => delivered.push(m.to) } },
  );
});

/** An admin API call, signed in at the fake clock's time (a session from another day would have expired). */
async function admin(path: string, method = "GET", body?: unknown) {
  return t.app.request(path, authed(await login(t), method, body));
}
afterAll(() => t.close());

let emails = 0;
/** A paid booking of the 3-hour Discover Scuba trip, confirmed at `confirmedOn` (Sydney noon). */
async function book(date: string, confirmedOn: string, status: BookingStatus = "confirmed") {
  const { booking } = await insertBooking(t.db, {
    date,
    paid: true,
    status,
    email: `trip-${++emails}@example.com`,
    firstName: "Ava",
  });
  await t.db
    .update(bookings)
    .set({ confirmedAt: sydneyNoon(confirmedOn) })
    .where(eq(bookings.id, booking.id));
  return booking;
}

/** The trip emails queued for these bookings, by kind. */
async function queued(ids: string[]) {
  const rows = await t.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.kind, "trip_%"))
    .then((all) => all.filter((r) => ids.some((id) => r.dedupeKey?.includes(id))));
  return {
    reminders: rows.filter((r) => r.kind === "trip_reminder"),
    thankYous: rows.filter((r) => r.kind === "trip_thank_you"),
  };
}

async function links(ids: string[], channel: "reminder" | "thank_you") {
  return t.db
    .select()
    .from(bookingLinks)
    .where(and(inArray(bookingLinks.bookingId, ids), eq(bookingLinks.channel, channel)));
}

const LINK = /https?:\/\/[^\s/]+\/my-booking\/([A-Za-z0-9_-]{43})(\/review)?/g;

describe("the trip emails, day by day", () => {
  it("sends each reminder two days before and each thank-you the day after, exactly once", async () => {
    const trip = "2031-03-12";
    const early = await book(trip, "2031-03-01");
    const lateBooker = await book(trip, "2031-03-11"); // booked the day before: the confirmation just went
    const cancelled = await book(trip, "2031-03-01", "cancelled");
    const ids = [early.id, lateBooker.id, cancelled.id];
    const firstSeen: Record<string, string> = {};

    for (let day = "2031-03-01"; day <= "2031-03-25"; day = addDays(day, 1)) {
      // Early morning, noon and just before midnight in Sydney, twice each.
      for (const hour of ["T13:05:00Z", "T02:00:00Z", "T12:55:00Z"]) {
        current = hour === "T13:05:00Z" ? new Date(`${addDays(day, -1)}${hour}`) : new Date(`${day}${hour}`);
        await t.services.tripEmails.run();
        await t.services.tripEmails.run();
      }
      if (day === trip) {
        // The operator marks the trip done at the end of its day: a completed booking still gets its thank-you.
        await t.db.update(bookings).set({ bookingStatus: "completed" }).where(eq(bookings.id, early.id));
      }
      const { reminders, thankYous } = await queued(ids);
      for (const row of [...reminders, ...thankYous]) firstSeen[row.dedupeKey ?? ""] ??= day;
    }

    expect(firstSeen).toEqual({
      [`trip-reminder:${early.id}:${trip}`]: "2031-03-10",
      [`trip-thank-you:${early.id}`]: "2031-03-13",
      [`trip-thank-you:${lateBooker.id}`]: "2031-03-13",
    });
    const { reminders, thankYous } = await queued(ids);
    expect(reminders).toHaveLength(1);
    expect(thankYous).toHaveLength(2);
    // One link per email sent: runs that found the email queued minted none.
    expect(await links(ids, "reminder")).toHaveLength(1);
    expect(await links(ids, "thank_you")).toHaveLength(2);
  });

  it("puts the trip details, the WhatsApp number and links that open the booking in the emails", async () => {
    const trip = "2031-04-20";
    const booking = await book(trip, "2031-04-01");
    current = sydneyNoon("2031-04-18");
    await t.services.tripEmails.run();
    // What the reminder will send, read while it waits: unsent on the trip day, it is dropped with it.
    const [waiting] = (await queued([booking.id])).reminders;
    const reminderText = await sentText(t.db, waiting);
    const reminderHtml = await sentHtml(t.db, waiting);
    current = sydneyNoon("2031-04-21");
    await t.services.tripEmails.run();
    const { reminders, thankYous } = await queued([booking.id]);
    expect(reminders).toHaveLength(1);
    expect(thankYous).toHaveLength(1);

    const reminder = reminders[0];
    expect(reminder.toAddress).toBe(booking.customerEmail);
    expect(reminder.subject).toBe(`See you soon: Discover Scuba Diving on ${formatDateAU(trip, "full")}`);
    expect(reminder.textBody).toContain("Hi Ava,");
    expect(reminder.textBody).toContain("Shelly Beach picnic area at the end of Marine Parade");
    expect(reminder.textBody).toContain("- Reef-safe sunscreen");
    expect(reminder.textBody).toContain("Weather: we watch the forecast closely.");
    expect(reminder.textBody).toContain("+61 491 570 156 (https://wa.me/61491570156)");
    expect(reminder.textBody).toContain(`Booking reference: ${booking.reference}`);
    expect(reminder.htmlBody).toMatch(/<a href="https:\/\/wa\.me\/61491570156"[^>]*>\+61 491 570 156<\/a>/);

    const reminderLinks = [...reminderText.matchAll(LINK)];
    expect(reminderLinks).toHaveLength(1);
    expect((await bookingByToken(t.db, reminderLinks[0][1], now()))?.booking.id).toBe(booking.id);
    expect(reminderHtml).toContain(`href="${reminderLinks[0][0]}"`);

    const thanks = [...(await sentText(t.db, thankYous[0])).matchAll(LINK)];
    const review = thanks.find((m) => m[2] === "/review");
    const manage = thanks.find((m) => !m[2]);
    expect(review?.[1]).toBe(manage?.[1]);
    expect((await bookingByToken(t.db, review?.[1] ?? "", now()))?.booking.id).toBe(booking.id);
    // The reminder's link stays valid beside the thank-you's: each channel has its own.
    expect((await bookingByToken(t.db, reminderLinks[0][1], now()))?.booking.id).toBe(booking.id);
  });
});

describe("downtime and late emails", () => {
  it("catches a missed reminder up the day before, and never sends it on or after the trip day", async () => {
    const tomorrow = await book("2031-05-10", "2031-05-01");
    const today = await book("2031-05-09", "2031-05-01");
    // Down since before both reminder days; the job first runs again at 23:59 on 9 May in Sydney.
    current = new Date("2031-05-09T13:59:00Z");
    await t.services.tripEmails.run();
    current = new Date("2031-05-09T14:00:00Z"); // midnight starting 10 May
    await t.services.tripEmails.run();
    current = sydneyNoon("2031-05-10");
    await t.services.tripEmails.run();
    expect((await queued([tomorrow.id])).reminders).toHaveLength(1);
    expect((await queued([today.id])).reminders).toHaveLength(0);
    expect(await links([today.id], "reminder")).toHaveLength(0);
  });

  it("sends a missed thank-you within a week of the trip, and not later", async () => {
    const withinWeek = await book("2031-06-01", "2031-05-20");
    const tooLate = await book("2031-05-20", "2031-05-10");
    current = sydneyNoon("2031-06-08");
    await t.services.tripEmails.run();
    expect((await queued([withinWeek.id])).thankYous).toHaveLength(1);
    expect((await queued([tooLate.id])).thankYous).toHaveLength(0);
    // Neither gets a reminder when the job first runs after the trip.
    expect((await queued([withinWeek.id, tooLate.id])).reminders).toHaveLength(0);
  });

  it("drops a queued reminder that is still unsent on the trip day, or after a cancellation or a date change", async () => {
    const stuck = await book("2031-07-10", "2031-07-01");
    const cancelledLater = await book("2031-07-20", "2031-07-01");
    const moved = await book("2031-07-21", "2031-07-01");
    current = sydneyNoon("2031-07-08");
    await t.services.tripEmails.run();
    current = sydneyNoon("2031-07-19");
    // Nothing flushes the outbox yet: the reminders wait there. The first trip's day has passed.
    expect((await t.services.tripEmails.run()).expired).toBe(1);
    expect((await queued([stuck.id])).reminders.map((r) => r.status)).toEqual(["failed"]);
    expect((await queued([cancelledLater.id, moved.id])).reminders.map((r) => r.status)).toEqual([
      "pending",
      "pending",
    ]);
    await t.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.id, cancelledLater.id));
    await t.db.update(bookings).set({ selectedDate: "2031-07-30" }).where(eq(bookings.id, moved.id));
    expect((await t.services.tripEmails.run()).expired).toBe(2);
    await t.services.outbox.flush();
    const after = await queued([stuck.id, cancelledLater.id, moved.id]);
    expect(after.reminders.map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
    for (const b of [stuck, cancelledLater, moved]) expect(delivered).not.toContain(b.customerEmail);

    // The moved trip is reminded again, for its new date.
    current = sydneyNoon("2031-07-28");
    await t.services.tripEmails.run();
    const again = await queued([moved.id]);
    expect(again.reminders.filter((r) => r.status === "pending").map((r) => r.dedupeKey)).toEqual([
      `trip-reminder:${moved.id}:2031-07-30`,
    ]);
  });
});

describe("many bookings", () => {
  it("reaches a due thank-you behind more than a page of bookings it must leave out", async () => {
    // 250 trips too long ago for a thank-you, all earlier in the date order than the one that is due.
    const old = Array.from({ length: 250 }, (_, i) => ({
      reference: `TW-OLD${String(i).padStart(4, "0")}`,
      adventureId: "dive-exhibition",
      adventureTitle: "Discover Scuba Diving",
      customerFirstName: "Old",
      customerEmail: `old-${i}@example.com`,
      groupSize: 1,
      selectedDate: "2032-01-02",
      unitPriceCents: 9500,
      totalAmountCents: 9500,
      bookingStatus: "confirmed" as const,
      confirmedAt: sydneyNoon("2031-12-20"),
    }));
    const inserted = await t.db.insert(bookings).values(old).returning({ id: bookings.id });
    const due = await book("2032-01-14", "2032-01-01");
    current = sydneyNoon("2032-01-15");
    expect((await t.services.tripEmails.run()).thankYous).toBe(1);
    expect((await queued([due.id])).thankYous).toHaveLength(1);
    expect((await queued(inserted.map((b) => b.id))).thankYous).toHaveLength(0);
  });
});

describe("switching an email off", () => {
  it("sends none while off; switched on again, only what its window still allows", async () => {
    const a = await book("2031-08-10", "2031-08-01");
    const b = await book("2031-08-20", "2031-08-01");
    try {
      for (const kind of ["reminder", "thank_you"] as const) {
        const res = await admin("/api/admin/email-templates", "PUT", {
          kind,
          ...BUILT_IN_TRIP_EMAILS[kind],
          enabled: false,
        });
        expect(res.status).toBe(200);
      }
      for (let day = "2031-08-07"; day <= "2031-08-19"; day = addDays(day, 1)) {
        current = sydneyNoon(day);
        await t.services.tripEmails.run();
      }
      expect(await queued([a.id, b.id])).toEqual({ reminders: [], thankYous: [] });
      expect(await links([a.id, b.id], "reminder")).toHaveLength(0);

      // On again on 19 August: b's reminder (trip tomorrow) and a's thank-you (trip nine days ago: too late).
      for (const kind of ["reminder", "thank_you"] as const) {
        await admin("/api/admin/email-templates", "PUT", {
          kind,
          ...BUILT_IN_TRIP_EMAILS[kind],
          enabled: true,
        });
      }
      await t.services.tripEmails.run();
      const after = await queued([a.id, b.id]);
      expect(after.reminders.map((r) => r.dedupeKey)).toEqual([`trip-reminder:${b.id}:2031-08-20`]);
      expect(after.thankYous).toHaveLength(0);
    } finally {
      await t.db.delete(emailTemplates);
    }
  });

  it("sends the operator's own text once saved", async () => {
    const booking = await book("2031-09-10", "2031-09-01");
    try {
      const res = await admin("/api/admin/email-templates", "PUT", {
        kind: "reminder",
        subject: "{first_name}, {adventure} is nearly here",
        body: "Meet at {meeting_point} at {start_time}.\n\nBring <your> smile & {what_to_bring}\n\n{manage_link}",
        enabled: true,
      });
      expect(res.status).toBe(200);
      current = sydneyNoon("2031-09-08");
      await t.services.tripEmails.run();
      const [row] = (await queued([booking.id])).reminders;
      expect(row.subject).toBe("Ava, Discover Scuba Diving is nearly here");
      expect(row.textBody).toMatch(/^Meet at Shelly Beach picnic area/);
      expect(row.htmlBody).toContain("Bring &lt;your&gt; smile &amp; - Swimmers");
    } finally {
      await t.db.delete(emailTemplates);
    }
  });
});

describe("the admin API for the texts", () => {
  it("lists both emails with their built-in texts while none is saved", async () => {
    const res = await admin("/api/admin/email-templates");
    expect(res.status).toBe(200);
    const { templates } = (await res.json()) as {
      templates: {
        kind: string;
        subject: string;
        enabled: boolean;
        customised: boolean;
        placeholders: string[];
      }[];
    };
    expect(templates.map((x) => [x.kind, x.enabled, x.customised, x.subject])).toEqual([
      ["reminder", true, false, BUILT_IN_TRIP_EMAILS.reminder.subject],
      ["thank_you", true, false, BUILT_IN_TRIP_EMAILS.thank_you.subject],
    ]);
    expect(templates[0].placeholders).not.toContain("review_link");
    expect(templates[1].placeholders).toContain("review_link");
  });

  it("answers 401 without the admin token", async () => {
    expect((await t.app.request("/api/admin/email-templates")).status).toBe(401);
    const preview = await t.app.request("/api/admin/email-templates/preview", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "reminder", subject: "x", body: "y" }),
    });
    expect(preview.status).toBe(401);
  });

  it.each([
    [
      { kind: "reminder", subject: "Hi", body: "Review: {review_link}", enabled: true },
      "body",
      /\{review_link\}/,
    ],
    [{ kind: "thank_you", subject: "Hi {name}", body: "x", enabled: true }, "subject", /\{name\}/],
    [{ kind: "newsletter", subject: "Hi", body: "x", enabled: true }, "kind", /reminder, thank_you/],
    [{ kind: "reminder", subject: "", body: "x", enabled: true }, "subject", /required/],
    [{ kind: "reminder", subject: "Hi", body: "x", enabled: "yes" }, "enabled", /true or false/],
  ])("refuses %j with a 400 naming %s", async (payload, field, message) => {
    const res = await admin("/api/admin/email-templates", "PUT", payload);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field]).toMatch(message);
    expect(await t.db.select().from(emailTemplates)).toHaveLength(0);
  });

  it("saves and reads back a text and its switch", async () => {
    try {
      const text = {
        kind: "thank_you",
        subject: "Thanks, {first_name}",
        body: "Review: {review_link}",
        enabled: false,
      };
      const put = await admin("/api/admin/email-templates", "PUT", text);
      expect(put.status).toBe(200);
      expect(await put.json()).toMatchObject({ template: { ...text, customised: true } });
      const res = await admin("/api/admin/email-templates");
      const { templates } = (await res.json()) as { templates: Record<string, unknown>[] };
      expect(templates[1]).toMatchObject({ ...text, customised: true });
      expect(templates[0]).toMatchObject({ kind: "reminder", enabled: true, customised: false });
      // The log: the first save creates the text, the next records what it changed.
      await admin("/api/admin/email-templates", "PUT", { ...text, enabled: true });
      const entries = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "email_template"), eq(auditLog.entityId, "thank_you")))
        .orderBy(auditLog.recordedAt);
      // This test's two saves are the last (earlier tests of this file save texts too).
      expect(entries.slice(-2).map((e) => [e.action, e.changes])).toEqual([
        [
          "create",
          {
            subject: { before: null, after: "Thanks, {first_name}" },
            body: { before: null, after: "Review: {review_link}" },
            enabled: { before: null, after: false },
          },
        ],
        ["update", { enabled: { before: false, after: true } }],
      ]);
    } finally {
      await t.db.delete(emailTemplates);
    }
  });

  it("previews unsaved text with sample data, escaped, and names an unknown placeholder", async () => {
    current = sydneyNoon("2031-10-01");
    const res = await admin("/api/admin/email-templates/preview", "POST", {
      kind: "thank_you",
      subject: "Thanks {first_name} <3",
      body: "Hope you loved {adventure} on {date}! <b>Review</b>: {review_link}",
    });
    expect(res.status).toBe(200);
    const preview = (await res.json()) as { subject: string; text: string; html: string };
    expect(preview.subject).toBe("Thanks Alex <3");
    expect(preview.text).toContain(
      `Hope you loved Discover Scuba Diving on ${formatDateAU("2031-10-03", "full")}!`,
    );
    expect(preview.text).toContain("/my-booking/your-private-link/review");
    expect(preview.html).toContain("&lt;b&gt;Review&lt;/b&gt;");

    const bad = await admin("/api/admin/email-templates/preview", "POST", {
      kind: "reminder",
      subject: "Hi",
      body: "{review_link}",
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toHaveProperty("body");
  });
});

describe("two app instances on one database", () => {
  let first: Database;
  let second: Database;
  let drop = async () => {};
  beforeAll(async () => {
    if (process.env.TEST_DB === "postgres") {
      // Two connection pools, as two app processes would have.
      const pg = await createPgDatabase();
      first = await openDatabase({ url: pg.url });
      await seed(first.db);
      second = await openDatabase({ url: pg.url, migrate: false });
      drop = pg.drop;
    } else {
      // The embedded database serves one process: both instances share it.
      first = await createTestDatabase();
      second = first;
    }
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
    await drop();
  });

  it("queue each reminder and thank-you exactly once when their jobs run at the same time", async () => {
    const env = parseEnv({ NODE_ENV: "test", PORT: "3999" });
    const log = createLogger("silent");
    let at = sydneyNoon("2031-11-08");
    const deps = (database: Database): TripEmailDeps => ({ db: database.db, env, log, now: () => at });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { booking } = await insertBooking(first.db, {
        date: i < 3 ? "2031-11-10" : "2031-11-07",
        paid: true,
        email: `pair-${i}@example.com`,
      });
      await first.db
        .update(bookings)
        .set({ confirmedAt: sydneyNoon("2031-11-01") })
        .where(eq(bookings.id, booking.id));
      ids.push(booking.id);
    }
    const runs = async () => {
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => sendTripEmails(deps(i % 2 ? second : first))),
      );
      return results.reduce((n, r) => n + r.reminders + r.thankYous, 0);
    };
    let sent = 0;
    for (let round = 0; round < 5; round++) sent += await runs();
    at = sydneyNoon("2031-11-09");
    for (let round = 0; round < 3; round++) sent += await runs();
    expect(sent).toBe(6);

    const rows = await first.db.select().from(emailOutbox).where(like(emailOutbox.kind, "trip_%"));
    const keys = rows.map((r) => r.dedupeKey).sort();
    expect(keys).toEqual(
      [
        ...ids.slice(0, 3).map((id) => `trip-reminder:${id}:2031-11-10`),
        ...ids.slice(3).map((id) => `trip-thank-you:${id}`),
      ].sort(),
    );
    // Every losing run rolled its link back: one link per email.
    const minted = await first.db.select().from(bookingLinks).where(inArray(bookingLinks.bookingId, ids));
    expect(minted.map((l) => l.bookingId).sort()).toEqual([...ids].sort());
  });
});
