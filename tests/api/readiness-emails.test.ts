/**
 * The readiness requests on a fake clock: five days before the trip and two
 * days before if still not ready, each once (also when runs overlap), caught
 * up after downtime, never on the trip day, none once the customer has
 * nothing left to give; the link opens the booking.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, formatDateAU } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import { bookingLinks, bookings, emailOutbox, participants } from "../../server/db/schema.ts";
import { bookingByToken } from "../../server/domain/bookings/booking-links.server.ts";
import { readinessEmailDue } from "../../server/domain/messaging/readiness-emails.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let current = new Date("2031-01-01T02:00:00Z");
const now = () => new Date(current);
const sydneyNoon = (date: string) => new Date(`${date}T02:00:00Z`);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now });
});
afterAll(() => t.close());

const admin = async (path: string, method = "GET", body?: unknown) =>
  t.app.request(path, authed(await login(t), method, body));

let n = 0;
async function book(date: string, confirmedOn: string, groupSize = 1, adventureId = "dive-exhibition") {
  const { booking } = await insertBooking(t.db, {
    adventureId,
    date,
    groupSize,
    paid: true,
    email: `ready-${++n}@example.com`,
    firstName: "Noa",
  });
  await t.db
    .update(bookings)
    .set({ confirmedAt: sydneyNoon(confirmedOn) })
    .where(eq(bookings.id, booking.id));
  return booking;
}

async function requests(bookingId: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(
      and(eq(emailOutbox.kind, "readiness_request"), like(emailOutbox.dedupeKey, `readiness:${bookingId}:%`)),
    )
    .orderBy(emailOutbox.dedupeKey);
}

/** The current waiver accepted for the booking's people: from the page in real life, here straight in the rows. */
async function acceptWaivers(bookingId: string) {
  await t.db
    .update(participants)
    .set({ waiverVersion: sql`(select max(version) from waivers)` })
    .where(eq(participants.bookingId, bookingId));
}

/** Everything the customer can give for a one-person discover dive (the waiver is accepted on the page). */
const complete = {
  full_name: "Noa Reef",
  date_of_birth: "1991-01-01",
  emergency_contact_name: "Kai Reef",
  emergency_contact_phone: "0400 222 333",
  height_cm: 168,
  weight_kg: 60,
  wetsuit_size: "S",
  fin_size: "S",
  medical_answers: Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false])),
};

describe("readinessEmailDue", () => {
  const trip = { tripDate: "2031-02-20", confirmedAt: sydneyNoon("2031-01-05") };
  it("answers the first stage from five days before, the second from two days before, none on the trip day", () => {
    const due = (day: string) => readinessEmailDue(sydneyNoon(day), trip);
    expect(
      ["2031-02-14", "2031-02-15", "2031-02-17", "2031-02-18", "2031-02-19", "2031-02-20"].map(due),
    ).toEqual([null, "first", "first", "second", "second", null]);
    // Booked four days before: no first request (its window began before), the second as usual.
    const late = { ...trip, confirmedAt: sydneyNoon("2031-02-16") };
    expect(readinessEmailDue(sydneyNoon("2031-02-17"), late)).toBeNull();
    expect(readinessEmailDue(sydneyNoon("2031-02-18"), late)).toBe("second");
    // Confirmed on the first stage's own day: that day's confirmation is its request.
    const onTheDay = { ...trip, confirmedAt: sydneyNoon("2031-02-15") };
    expect(readinessEmailDue(sydneyNoon("2031-02-15"), onTheDay)).toBeNull();
    // A booking with no confirmation time (made before it was recorded) is asked as usual.
    expect(readinessEmailDue(sydneyNoon("2031-02-15"), { ...trip, confirmedAt: null })).toBe("first");
  });
});

describe("the readiness requests", () => {
  it("asks five days before and again two days before while something is missing, each once", async () => {
    const trip = "2031-03-20";
    const booking = await book(trip, "2031-03-01", 2);
    // The text the second request will send, read while it waits (an unsent request is dropped on
    // the trip day, and its live text with it).
    let secondText = "";
    for (let day = "2031-03-10"; day <= "2031-03-22"; day = addDays(day, 1)) {
      current = sydneyNoon(day);
      await Promise.all([t.services.tripEmails.run(), t.services.tripEmails.run()]);
      await t.services.tripEmails.run();
      const waiting = (await requests(booking.id)).find((r) => r.dedupeKey?.endsWith(":second"));
      if (waiting && !secondText) secondText = await sentText(t.db, waiting);
    }
    const rows = await requests(booking.id);
    expect(rows.map((r) => r.dedupeKey)).toEqual([
      `readiness:${booking.id}:${trip}:first`,
      `readiness:${booking.id}:${trip}:second`,
    ]);
    const [first, second] = rows;
    expect(first.toAddress).toBe(booking.customerEmail);
    expect(first.subject).toBe(`Details needed for Discover Scuba Diving on ${formatDateAU(trip, "full")}`);
    const date = formatDateAU(trip, "full");
    const body = (text: string, opening: string) =>
      [
        "Hi Noa,",
        "",
        opening,
        "",
        "- Person 1: Add their details",
        "- Person 2: Add their details",
        "",
        "Please fill it in on your booking's private page (each person has their own form):",
        // The link, or the marker that replaces it once the email is sent.
        expect.stringMatching(/\/my-booking\/[A-Za-z0-9_-]{43}$|^\[link removed after sending\]$/),
        "",
        "Keep this email to yourself: anyone with the link can see and change this booking. Any earlier details link no longer works.",
        `Booking reference: ${booking.reference}`,
        "",
        expect.any(String),
      ].map((line, i) => expect(text.split("\n")[i]).toEqual(line));
    body(
      await sentText(t.db, first),
      `Your trip is coming up. Before we can take everyone out on ${date}, we still need:`,
    );
    body(
      secondText,
      "Your trip is in two days, and we still need the following before we can take everyone out:",
    );
    expect(second.subject).toBe(`Still needed before Discover Scuba Diving on ${date}`);
    // Each request carries a fresh link that opens the booking; one link per email.
    const token = /\/my-booking\/([A-Za-z0-9_-]{43})/.exec(secondText)?.[1] ?? "";
    expect((await bookingByToken(t.db, token, now()))?.booking.id).toBe(booking.id);
    const links = await t.db
      .select()
      .from(bookingLinks)
      .where(and(eq(bookingLinks.bookingId, booking.id), eq(bookingLinks.channel, "readiness")));
    expect(links).toHaveLength(2);
  });

  it("sends no second request once the customer has given everything", async () => {
    const trip = "2031-04-20";
    const ready = await book(trip, "2031-04-01");
    current = sydneyNoon(addDays(trip, -5));
    await t.services.tripEmails.run();
    expect(await requests(ready.id)).toHaveLength(1);
    await admin(`/api/admin/bookings/${ready.id}/participants/1`, "PUT", complete);
    await acceptWaivers(ready.id);
    current = sydneyNoon(addDays(trip, -2));
    await t.services.tripEmails.run();
    expect(await requests(ready.id)).toHaveLength(1);
  });

  it("catches up after downtime, and drops a request still unsent on the trip day", async () => {
    const caughtUp = await book("2031-05-20", "2031-05-01");
    const stuck = await book("2031-05-18", "2031-05-01");
    // Down until three days before the first trip: its first request goes then (the second trip is already at its second).
    current = sydneyNoon("2031-05-17");
    await t.services.tripEmails.run();
    expect((await requests(caughtUp.id)).map((r) => r.dedupeKey?.split(":")[3])).toEqual(["first"]);
    expect((await requests(stuck.id)).map((r) => r.dedupeKey?.split(":")[3])).toEqual(["second"]);
    // SMTP stays down; on the trip day the request is dropped rather than sent late.
    current = sydneyNoon("2031-05-18");
    const result = await t.services.tripEmails.run();
    expect(result.readinessExpired).toBeGreaterThanOrEqual(1);
    expect((await requests(stuck.id)).map((r) => [r.status, r.lastError])).toEqual([
      ["failed", "not sent: the trip day had come, or the booking was cancelled or moved"],
    ]);
  });

  it("sends nothing for cancelled bookings", async () => {
    const cancelled = await book("2031-06-20", "2031-06-01");
    await t.db.update(bookings).set({ bookingStatus: "cancelled" }).where(eq(bookings.id, cancelled.id));
    current = sydneyNoon("2031-06-15");
    await t.services.tripEmails.run();
    expect(await requests(cancelled.id)).toHaveLength(0);
  });

  it("lists only the people who still have something to give, and counts what it queued", async () => {
    const trip = "2031-07-20";
    const booking = await book(trip, "2031-07-01", 2);
    await admin(`/api/admin/bookings/${booking.id}/participants/1`, "PUT", complete);
    await acceptWaivers(booking.id);
    current = sydneyNoon(addDays(trip, -5));
    expect((await t.services.tripEmails.run()).readinessRequests).toBe(1);
    const [request] = await requests(booking.id);
    const text = await sentText(t.db, request);
    expect(text).toContain("- Person 2: Add their details");
    expect(text).not.toContain("Noa Reef");
  });

  it("asks a booking confirmed after the first stage's day only at the second", async () => {
    const trip = "2031-08-20";
    const late = await book(trip, addDays(trip, -4));
    for (const day of [-4, -3]) {
      current = sydneyNoon(addDays(trip, day));
      await t.services.tripEmails.run();
    }
    expect(await requests(late.id)).toEqual([]);
    current = sydneyNoon(addDays(trip, -2));
    await t.services.tripEmails.run();
    expect((await requests(late.id)).map((r) => r.dedupeKey?.split(":")[3])).toEqual(["second"]);
  });

  it("sends nothing when only the operator's own check of a certification is left", async () => {
    const trip = "2031-09-20";
    const diver = await book(trip, "2031-09-01", 1, "guided-shore-dive");
    const saved = await admin(`/api/admin/bookings/${diver.id}/participants/1`, "PUT", {
      ...complete,
      cert_agency: "PADI",
      cert_level: "Open Water Diver",
      cert_number: "1234ABC",
      last_dive_date: "2030-11-20",
    });
    expect(saved.status).toBe(200);
    await acceptWaivers(diver.id);
    const state = await admin(`/api/admin/bookings/${diver.id}/participants`);
    expect(((await state.json()) as { readiness: { issues: string[] } }).readiness.issues).toEqual([
      "certification_to_check",
    ]);
    current = sydneyNoon(addDays(trip, -5));
    await t.services.tripEmails.run();
    expect(await requests(diver.id)).toEqual([]);
  });
});
