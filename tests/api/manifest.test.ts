import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { adventures, availability, bookings, participants, waivers } from "../../server/db/schema.ts";
import { startTimeLabel } from "../../server/domain/bookings/booking-emails.server.ts";
import type { Manifest } from "../../server/domain/dive-ops/manifest.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { parseStrictCsv } from "../helpers/csv.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

// A fixed clock: "today" in Sydney is TODAY, so past, present and future dates are certain.
const NOW = new Date("2031-03-10T01:00:00Z");
const TODAY = "2031-03-10";

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: () => NOW });
  token = await login(ctx);
  // Readiness asks for a waiver once one is published: publish one so every test knows the rule in force.
  await ctx.db
    .insert(waivers)
    .values({ version: 1, title: "Waiver", body: "I accept the risks." })
    .onConflictDoNothing();
});
afterAll(async () => {
  await ctx?.close();
});

const get = (path: string) => ctx.app.request(path, authed(token));
const post = (path: string, body: unknown) => ctx.app.request(path, authed(token, "POST", body));

/** A participant with everything a diving trip needs (ready once the waiver version is set). */
function readyDiver(bookingId: string, position: number, name: string) {
  return {
    bookingId,
    position,
    fullName: name,
    dateOfBirth: "1990-03-11",
    email: "",
    emergencyContactName: "Sam Lee",
    emergencyContactPhone: "0400 000 111",
    heightCm: 172,
    weightKg: 70,
    wetsuitSize: "M",
    finSize: "L",
    medicalAnswers: { secret_question_heart: false },
    medicalAnsweredAt: NOW,
    medicalNeedsClearance: false,
    waiverVersion: 1,
    waiverSignedName: name,
    waiverAcceptedAt: NOW,
  };
}

async function manifestOf(date: string): Promise<Manifest> {
  const res = await get(`/api/admin/manifest?date=${date}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Manifest;
}

describe("access and input", () => {
  it("requires the admin token for every manifest route", async () => {
    expect((await ctx.app.request(`/api/admin/manifest?date=${TODAY}`)).status).toBe(401);
    expect((await ctx.app.request(`/api/admin/manifest.csv?date=${TODAY}`)).status).toBe(401);
    expect((await ctx.app.request("/api/admin/manifest/not-ready")).status).toBe(401);
    expect(
      (await ctx.app.request("/api/admin/manifest/complete", jsonRequest("POST", { date: TODAY }))).status,
    ).toBe(401);
    expect(
      (await ctx.app.request("/api/admin/participants/x/check-in", jsonRequest("POST", { checked_in: true })))
        .status,
    ).toBe(401);
  });

  it("refuses a date that is not a real YYYY-MM-DD, naming date", async () => {
    for (const bad of ["2031-02-30", "10-03-2031", "today", "2031-3-1"]) {
      for (const path of ["/api/admin/manifest", "/api/admin/manifest.csv"]) {
        const res = await get(`${path}?date=${encodeURIComponent(bad)}`);
        expect(res.status, `${path} ${bad}`).toBe(400);
        const body = (await res.json()) as { errors: Record<string, string> };
        expect(Object.keys(body.errors)).toEqual(["date"]);
      }
    }
    const res = await post("/api/admin/manifest/complete", { date: "2031-13-01" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors.date).toBeTruthy();
  });

  it("opens without a date on today in Sydney, or on the next day with a trip when today has none", async () => {
    // An app of its own: which days have trips is this test's to decide.
    const own = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: () => NOW });
    try {
      const token = await login(own);
      const opened = async () => {
        const res = await own.app.request("/api/admin/manifest", authed(token));
        expect(res.status).toBe(200);
        return (await res.json()) as Manifest;
      };
      expect(await opened()).toMatchObject({ date: TODAY, today: sydneyDate(NOW) });
      await insertBooking(own.db, { date: "2031-03-14", paid: true, firstName: "Later" });
      await insertBooking(own.db, { date: "2031-03-12", status: "cancelled", firstName: "Off" });
      await insertBooking(own.db, { date: "2031-03-09", paid: true, firstName: "Before" });
      expect(await opened()).toMatchObject({ date: "2031-03-14", today: TODAY });
      await insertBooking(own.db, { date: TODAY, paid: true, firstName: "Today" });
      expect((await opened()).date).toBe(TODAY);
    } finally {
      await own.close();
    }
  });
});

describe("GET /api/admin/manifest", () => {
  it("lists the date's going-ahead bookings by adventure with each person's readiness, never medical answers", async () => {
    const date = "2031-04-01";
    const { booking: beginners } = await insertBooking(ctx.db, {
      date,
      groupSize: 2,
      paid: true,
      firstName: "Ada",
      lastName: "Byrne",
      phone: "0411 222 333",
      specialRequirements: "Vegetarian lunch",
    });
    const { booking: certified } = await insertBooking(ctx.db, {
      date,
      adventureId: "guided-shore-dive",
      adventureTitle: "Guided Shore Dive",
      groupSize: 1,
      paid: true,
      firstName: "Ben",
    });
    // Not on the sheet: cancelled, unpaid, another date.
    await insertBooking(ctx.db, { date, status: "cancelled", firstName: "Cancelled" });
    await insertBooking(ctx.db, { date, status: "pending_payment", firstName: "Unpaid" });
    await insertBooking(ctx.db, { date: addDays(date, 1), paid: true, firstName: "Tomorrow" });

    await ctx.db.insert(participants).values(readyDiver(beginners.id, 1, "Ada Byrne"));
    await ctx.db.insert(participants).values({
      ...readyDiver(certified.id, 1, "Ben Ortiz"),
      dateOfBirth: "1980-04-02",
      certAgency: "PADI",
      certLevel: "Advanced Open Water",
      certNumber: "AOW-123",
      lastDiveDate: "2031-01-20",
      medicalAnswers: { secret_question_heart: true },
      medicalNeedsClearance: true,
    });

    const manifest = await manifestOf(date);
    expect(JSON.stringify(manifest)).not.toContain("secret_question_heart");
    expect(manifest.adventures.map((a) => a.adventure_id)).toEqual(
      expect.arrayContaining(["dive-exhibition", "guided-shore-dive"]),
    );
    expect(manifest.adventures).toHaveLength(2);
    const all = manifest.adventures.flatMap((a) => a.bookings.map((b) => b.reference));
    expect(all.sort()).toEqual([beginners.reference, certified.reference].sort());

    const dive = manifest.adventures.find((a) => a.adventure_id === "dive-exhibition");
    // When and where the group meets, from the adventure (its itinerary's first time).
    const [seeded] = await ctx.db.select().from(adventures).where(eq(adventures.id, "dive-exhibition"));
    expect(dive).toMatchObject({
      meeting_point: seeded.meetingPoint,
      start_time: startTimeLabel(seeded.itinerary),
    });
    expect(dive?.start_time).toMatch(/^\d{1,2}:\d{2} [ap]m$/);
    const b1 = dive?.bookings[0];
    expect(b1).toMatchObject({
      reference: beginners.reference,
      customer_name: "Ada Byrne",
      customer_phone: "0411 222 333",
      special_requirements: "Vegetarian lunch",
      missing_positions: [2],
      readiness: { status: "details_missing", participantsMissing: 1 },
    });
    expect(b1?.participants).toHaveLength(1);
    expect(b1?.participants[0]).toMatchObject({
      full_name: "Ada Byrne",
      age: 41,
      readiness: "ready",
      height_cm: 172,
      wetsuit_size: "M",
      emergency_contact_phone: "0400 000 111",
      medical: "no_medical_issues",
      checked_in: false,
    });

    const shore = manifest.adventures.find((a) => a.adventure_id === "guided-shore-dive");
    expect(shore?.requires_certification).toBe(true);
    expect(shore?.bookings[0].participants[0]).toMatchObject({
      full_name: "Ben Ortiz",
      age: 50,
      readiness: "medical_clearance_needed",
      issues: ["medical_clearance_needed", "certification_to_check"],
      cert_agency: "PADI",
      cert_number: "AOW-123",
      cert_checked: false,
      medical: "clearance_needed",
    });
    expect(manifest.totals).toEqual({ bookings: 2, people: 3, ready: 1, not_ready: 2, checked_in: 0 });
    // A date ahead: nothing to complete yet.
    expect(manifest.can_complete).toBe(false);
  });

  it("answers an empty manifest for a date without bookings", async () => {
    const manifest = await manifestOf("2031-05-17");
    expect(manifest.adventures).toEqual([]);
    expect(manifest.totals).toEqual({ bookings: 0, people: 0, ready: 0, not_ready: 0, checked_in: 0 });
  });
});

describe("POST /api/admin/participants/:id/check-in", () => {
  it("checks in and out, idempotently, keeping the first check-in time", async () => {
    const date = "2031-04-02";
    const { booking } = await insertBooking(ctx.db, { date, groupSize: 1, paid: true });
    const [p] = await ctx.db
      .insert(participants)
      .values(readyDiver(booking.id, 1, "Cleo Park"))
      .returning();

    const first = await post(`/api/admin/participants/${p.id}/check-in`, { checked_in: true });
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as { participant: { checked_in: boolean; checked_in_at: string } };
    expect(firstBody.participant.checked_in).toBe(true);
    expect(firstBody.participant.checked_in_at).toBe(NOW.toISOString());

    const again = await post(`/api/admin/participants/${p.id}/check-in`, { checked_in: true });
    expect(again.status).toBe(200);
    expect(((await again.json()) as typeof firstBody).participant.checked_in_at).toBe(NOW.toISOString());
    expect((await manifestOf(date)).totals.checked_in).toBe(1);

    for (let i = 0; i < 2; i++) {
      const out = await post(`/api/admin/participants/${p.id}/check-in`, { checked_in: false });
      expect(out.status).toBe(200);
      expect(((await out.json()) as { participant: { checked_in: boolean } }).participant.checked_in).toBe(
        false,
      );
    }
    const [row] = await ctx.db.select().from(participants).where(eq(participants.id, p.id));
    expect(row.checkedInAt).toBeNull();
    expect((await manifestOf(date)).totals.checked_in).toBe(0);
  });

  it("answers 400 naming checked_in, 404 for an unknown participant, 409 for a cancelled booking", async () => {
    const { booking } = await insertBooking(ctx.db, {
      date: "2031-04-03",
      groupSize: 1,
      status: "cancelled",
    });
    const [p] = await ctx.db
      .insert(participants)
      .values(readyDiver(booking.id, 1, "Dan Cho"))
      .returning();

    const bad = await post(`/api/admin/participants/${p.id}/check-in`, { checked_in: "yes" });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string> }).errors)).toEqual([
      "checked_in",
    ]);
    expect((await post("/api/admin/participants/no-such-id/check-in", { checked_in: true })).status).toBe(
      404,
    );
    expect((await post(`/api/admin/participants/${p.id}/check-in`, { checked_in: true })).status).toBe(409);
  });
});

describe("POST /api/admin/manifest/complete", () => {
  it("completes the date's confirmed bookings from the trip day on, once", async () => {
    const date = TODAY;
    const { booking: a } = await insertBooking(ctx.db, { date, paid: true });
    const { booking: b } = await insertBooking(ctx.db, {
      date,
      paid: true,
      adventureId: "guided-shore-dive",
    });
    const { booking: unpaid } = await insertBooking(ctx.db, { date, status: "pending_payment" });
    const { booking: cancelled } = await insertBooking(ctx.db, { date, status: "cancelled" });

    const before = await manifestOf(date);
    expect(before.can_complete).toBe(true);
    expect(before.to_complete).toBeGreaterThanOrEqual(2);

    const res = await post("/api/admin/manifest/complete", { date });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { completed: number; date: string };
    expect(body.date).toBe(date);
    expect(body.completed).toBe(before.to_complete);

    const status = async (id: string) =>
      (await ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0].bookingStatus;
    expect(await status(a.id)).toBe("completed");
    expect(await status(b.id)).toBe("completed");
    expect(await status(unpaid.id)).toBe("pending_payment");
    expect(await status(cancelled.id)).toBe("cancelled");

    const again = await post("/api/admin/manifest/complete", { date });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { completed: number }).completed).toBe(0);

    // Completed trips stay on the sheet.
    const after = await manifestOf(date);
    expect(after.totals.bookings).toBe(before.totals.bookings);
    expect(after.can_complete).toBe(false);
  });

  it("completes a past date and refuses a future one, naming date", async () => {
    const past = addDays(TODAY, -3);
    const { booking } = await insertBooking(ctx.db, { date: past, paid: true });
    const res = await post("/api/admin/manifest/complete", { date: past });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { completed: number }).completed).toBe(1);
    expect((await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id)))[0].bookingStatus).toBe(
      "completed",
    );

    const future = addDays(TODAY, 1);
    const { booking: ahead } = await insertBooking(ctx.db, { date: future, paid: true });
    const early = await post("/api/admin/manifest/complete", { date: future });
    expect(early.status).toBe(400);
    expect(Object.keys(((await early.json()) as { errors: Record<string, string> }).errors)).toEqual([
      "date",
    ]);
    expect((await ctx.db.select().from(bookings).where(eq(bookings.id, ahead.id)))[0].bookingStatus).toBe(
      "confirmed",
    );
  });

  it("completes each booking once when the operator's taps race", async () => {
    const date = addDays(TODAY, -5);
    for (let i = 0; i < 3; i++) await insertBooking(ctx.db, { date, paid: true });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post("/api/admin/manifest/complete", { date })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const counts = await Promise.all(
      answers.map(async (a) => ((await a.json()) as { completed: number }).completed),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
  });
});

describe("GET /api/admin/manifest.csv", () => {
  it("is an attachment with one RFC 4180 record per person, every one as wide as the header", async () => {
    const date = "2031-04-04";
    const { booking } = await insertBooking(ctx.db, {
      date,
      groupSize: 2,
      paid: true,
      firstName: '=HYPERLINK("http://x")',
      lastName: "Evans",
      phone: "+61 400 111 222",
      specialRequirements: 'Allergic to "nuts", shellfish\nBrings own mask',
    });
    await ctx.db.insert(participants).values({
      ...readyDiver(booking.id, 1, "+Eve, Evans"),
      emergencyContactPhone: "+61 2 9000 1234",
      medicalAnswers: { secret_question_heart: true },
      medicalNeedsClearance: true,
      medicalClearanceAt: NOW,
    });

    const res = await get(`/api/admin/manifest.csv?date=${date}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="manifest-${date}.csv"`);
    // ignoreBOM keeps the byte-order mark that tells spreadsheets the file is UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith("\uFEFFdate,adventure,reference,")).toBe(true);
    expect(text).not.toContain("secret_question_heart");
    // A strict reader refuses a record shorter or longer than the header.
    const [header, ...records] = parseStrictCsv(text);
    expect(header).toHaveLength(27);
    // Two people: the first entered, the second not yet.
    expect(records).toHaveLength(2);
    const [first, second] = records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    expect(first).toMatchObject({
      reference: booking.reference,
      booking_status: "confirmed",
      customer_name: '\'=HYPERLINK("http://x") Evans',
      customer_phone: "+61 400 111 222",
      special_requirements: 'Allergic to "nuts", shellfish\nBrings own mask',
      position: "1",
      participant_name: "'+Eve, Evans",
      age: "41",
      readiness: "ready",
      height_cm: "172",
      weight_kg: "70",
      wetsuit_size: "M",
      fin_size: "L",
      emergency_contact_phone: "+61 2 9000 1234",
      medical: "clearance received",
      checked_in: "no",
    });
    expect(second).toMatchObject({
      reference: booking.reference,
      customer_phone: "+61 400 111 222",
      position: "2",
      participant_name: "",
      readiness: "details missing",
      emergency_contact_phone: "",
      checked_in: "",
    });
  });
});

describe("a date with two departures", () => {
  it("shows a group per departure, headed with its time, in time order; the CSV adds departure_time last", async () => {
    const date = "2031-04-12";
    const slots = await ctx.db
      .insert(availability)
      .values(
        ["13:00", "08:00"].map((startTime) => ({
          adventureId: "dive-exhibition",
          date,
          startTime,
          availableSpots: 6,
          bookedSpots: 2,
        })),
      )
      .returning();
    for (const [startTime, name] of [
      ["13:00", "Afternoon"],
      ["08:00", "Morning"],
    ]) {
      const { booking } = await insertBooking(ctx.db, { date, groupSize: 2, paid: true, lastName: name });
      await ctx.db
        .update(bookings)
        .set({ startTime, availabilityId: slots.find((s) => s.startTime === startTime)?.id })
        .where(eq(bookings.id, booking.id));
    }

    const m = await manifestOf(date);
    expect(
      m.adventures.map((g) => [g.adventure_id, g.departure_time, g.start_time, g.bookings[0].customer_name]),
    ).toEqual([
      ["dive-exhibition", "08:00", "8:00 am", expect.stringMatching(/Morning$/)],
      ["dive-exhibition", "13:00", "1:00 pm", expect.stringMatching(/Afternoon$/)],
    ]);
    expect(m.totals).toMatchObject({ bookings: 2, people: 4 });

    const res = await get(`/api/admin/manifest.csv?date=${date}`);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    const [header, ...records] = parseStrictCsv(text);
    // The spec's columns first and unchanged; the departure's time last.
    expect(header).toHaveLength(28);
    expect(header.slice(0, 3)).toEqual(["date", "adventure", "reference"]);
    expect(header.at(-1)).toBe("departure_time");
    expect(records.map((r) => r.at(-1))).toEqual(["08:00", "08:00", "13:00", "13:00"]);
  });

  it("a date without departure times keeps the CSV's columns as they are", async () => {
    const date = "2031-04-19";
    await insertBooking(ctx.db, { date, groupSize: 1, paid: true });
    expect((await manifestOf(date)).adventures[0].departure_time).toBe("");
    const res = await get(`/api/admin/manifest.csv?date=${date}`);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    const [header] = parseStrictCsv(text);
    expect(header).toHaveLength(27);
    expect(header).not.toContain("departure_time");
  });
});

describe("GET /api/admin/manifest/not-ready", () => {
  it("lists the next 14 days' confirmed bookings that are not ready, soonest first", async () => {
    const soon = addDays(TODAY, 2);
    const { booking: missing } = await insertBooking(ctx.db, { date: soon, groupSize: 1, paid: true });
    const { booking: ready } = await insertBooking(ctx.db, { date: soon, groupSize: 1, paid: true });
    await ctx.db.insert(participants).values(readyDiver(ready.id, 1, "Fay Ready"));
    const { booking: later } = await insertBooking(ctx.db, {
      date: addDays(TODAY, 13),
      groupSize: 1,
      paid: true,
    });
    const { booking: beyond } = await insertBooking(ctx.db, {
      date: addDays(TODAY, 14),
      groupSize: 1,
      paid: true,
    });
    const { booking: unpaid } = await insertBooking(ctx.db, { date: soon, groupSize: 1 });

    const res = await get("/api/admin/manifest/not-ready");
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      from: string;
      to: string;
      bookings: { id: string; date: string; reference: string; readiness: { issues: string[] } }[];
    };
    expect(body.from).toBe(TODAY);
    expect(body.to).toBe(addDays(TODAY, 13));
    const ids = body.bookings.map((b) => b.id);
    expect(ids).toContain(missing.id);
    expect(ids).toContain(later.id);
    expect(ids).not.toContain(ready.id);
    expect(ids).not.toContain(beyond.id);
    expect(ids).not.toContain(unpaid.id);
    expect(ids.indexOf(missing.id)).toBeLessThan(ids.indexOf(later.id));
    expect(body.bookings.find((b) => b.id === missing.id)?.readiness.issues).toEqual(["details_missing"]);
    const dates = body.bookings.map((b) => b.date);
    expect([...dates].sort()).toEqual(dates);
  });
});
