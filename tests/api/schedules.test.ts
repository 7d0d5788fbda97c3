/**
 * Recurring schedules through the admin API: a preview that changes nothing,
 * a save in one transaction that creates the dates (capacity from the
 * adventure unless given), edits and deletions that never touch a date with
 * bookings without listing it, every bad input a 4xx naming the field, and
 * two saves racing over the same dates never making a second row.
 */
import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availability, schedules, waitlistEntries } from "../../server/db/schema.ts";
import type { SchedulePlan } from "../../server/domain/bookings/schedules.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

// Sydney's Saturday 1 December 2029, 9 am: "today" for every call.
const clock = testClock(new Date("2029-11-30T22:00:00Z"));
const TODAY = "2029-12-01";
// Group size 1 to 3 (the seed): a schedule without spots offers 3.
const ADVENTURE = "guided-shore-dive";
const OTHER = "night-dive-experience";

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  token = await login(t);
});
afterAll(() => t.close());

/** The answers' fields these tests read. */
interface Answer {
  errors?: Record<string, string>;
  available_spots?: number;
  plan: SchedulePlan;
  result: SchedulePlan;
  schedule: { id: string };
  schedules: unknown[];
}

const call = async (method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, authed(token, method, body));
  return { status: res.status, body: (await res.json()) as Answer };
};

const rowsOf = (adventureId: string, from = TODAY) =>
  t.db
    .select()
    .from(availability)
    .where(and(eq(availability.adventureId, adventureId), gte(availability.date, from)))
    .orderBy(asc(availability.date));

const weekend = (more: Record<string, unknown> = {}) => ({
  adventure_id: ADVENTURE,
  weekdays: [6, 0],
  from: "2029-12-01",
  to: "2029-12-31",
  exceptions: ["2029-12-22"],
  ...more,
});

describe("schedules", () => {
  it("previews without writing, then saves the dates with the adventure's largest group", async () => {
    // The one-date form's row on a date the schedule names: skipped and reported.
    const one = await call("POST", "/api/admin/availability", {
      adventure_id: ADVENTURE,
      date: "2029-12-08",
      available_spots: 2,
    });
    expect(one.status).toBe(201);

    const preview = await call("POST", "/api/admin/schedules/preview", weekend());
    expect(preview.status).toBe(200);
    expect(preview.body.available_spots).toBe(3);
    expect(preview.body.plan.create).toEqual([
      "2029-12-01",
      "2029-12-02",
      "2029-12-09",
      "2029-12-15",
      "2029-12-16",
      "2029-12-23",
      "2029-12-29",
      "2029-12-30",
    ]);
    expect(preview.body.plan.excepted).toEqual(["2029-12-22"]);
    expect(preview.body.plan.left).toEqual([{ date: "2029-12-08", reason: "exists", booked_spots: 0 }]);
    expect((await rowsOf(ADVENTURE)).length).toBe(1);
    expect(await t.db.select().from(schedules)).toEqual([]);

    const saved = await call("POST", "/api/admin/schedules", weekend());
    expect(saved.status).toBe(201);
    expect(saved.body.result.create).toEqual(preview.body.plan.create);
    expect(saved.body.schedule).toMatchObject({
      available_spots: 3,
      weekdays: [0, 6],
      exceptions: ["2029-12-22"],
    });
    const rows = await rowsOf(ADVENTURE);
    expect(rows.map((r) => r.date)).toEqual([...preview.body.plan.create, "2029-12-08"].sort());
    for (const r of rows) {
      if (r.date === "2029-12-08") expect(r).toMatchObject({ scheduleId: null, availableSpots: 2 });
      else
        expect(r).toMatchObject({ scheduleId: saved.body.schedule.id, availableSpots: 3, isAvailable: true });
    }

    // The public date list offers them at once.
    const pub = await t.app.request(`/api/adventures/${ADVENTURE}/dates`);
    const dates = ((await pub.json()) as { date: string }[]).map((d) => d.date);
    expect(dates).toContain("2029-12-15");
    expect(dates).not.toContain("2029-12-22");

    const list = await call("GET", "/api/admin/schedules");
    expect(list.body.schedules).toEqual([
      expect.objectContaining({ id: saved.body.schedule.id, upcoming_dates: 8, booked_dates: 0 }),
    ]);
  });

  it("an edit leaves dates with bookings as they are and lists them; spots never go below booked", async () => {
    const [schedule] = await t.db.select().from(schedules).where(eq(schedules.adventureId, ADVENTURE));
    await insertBooking(t.db, { adventureId: ADVENTURE, date: "2029-12-15", groupSize: 2, holdSpots: true });
    await insertBooking(t.db, { adventureId: ADVENTURE, date: "2029-12-30", groupSize: 1, holdSpots: true });
    const before = await rowsOf(ADVENTURE);
    const booked15 = before.find((r) => r.date === "2029-12-15");

    // Saturdays only, 1 spot: the Sundays go, the Saturdays change, the booked ones stay.
    const edit = weekend({ weekdays: [6], available_spots: 1, notes: "Sunrise start" });
    const path = `/api/admin/schedules/${schedule.id}`;
    const preview = await call("POST", `${path}/preview`, edit);
    expect(preview.status).toBe(200);
    expect(preview.body.plan).toMatchObject({
      create: [],
      change: ["2029-12-01", "2029-12-29"],
      remove: ["2029-12-02", "2029-12-09", "2029-12-16", "2029-12-23"],
      left: [
        { date: "2029-12-08", reason: "exists", booked_spots: 0 },
        { date: "2029-12-15", reason: "booked", booked_spots: 2, would: "change" },
        { date: "2029-12-30", reason: "booked", booked_spots: 1, would: "remove" },
      ],
    });
    expect(await rowsOf(ADVENTURE)).toEqual(before);

    const saved = await call("PUT", path, edit);
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({
      change: preview.body.plan.change,
      remove: preview.body.plan.remove,
    });
    expect(saved.body.result.left).toEqual(preview.body.plan.left);
    const after = await rowsOf(ADVENTURE);
    expect(after.map((r) => r.date)).toEqual([
      "2029-12-01",
      "2029-12-08",
      "2029-12-15",
      "2029-12-29",
      "2029-12-30",
    ]);
    expect(after.find((r) => r.date === "2029-12-15")).toEqual(booked15);
    expect(after.find((r) => r.date === "2029-12-29")).toMatchObject({
      availableSpots: 1,
      notes: "Sunrise start",
    });
    for (const r of after) expect(r.availableSpots).toBeGreaterThanOrEqual(r.bookedSpots);
  });

  it("a booking landing between the plan and the write keeps its date (the write's own condition)", async () => {
    const [schedule] = await t.db.select().from(schedules).where(eq(schedules.adventureId, ADVENTURE));
    const path = `/api/admin/schedules/${schedule.id}`;
    const edit = weekend({ weekdays: [6], available_spots: 2 });
    const preview = await call("POST", `${path}/preview`, edit);
    expect(preview.body.plan.change).toContain("2029-12-29");
    await insertBooking(t.db, { adventureId: ADVENTURE, date: "2029-12-29", groupSize: 1, holdSpots: true });
    const saved = await call("PUT", path, edit);
    expect(saved.body.result.change).not.toContain("2029-12-29");
    expect(saved.body.result.left).toContainEqual({
      date: "2029-12-29",
      reason: "booked",
      booked_spots: 1,
      would: "change",
    });
  });

  it("deleting a schedule previews, removes its open dates and keeps booked ones, unlinked", async () => {
    const [schedule] = await t.db.select().from(schedules).where(eq(schedules.adventureId, ADVENTURE));
    const path = `/api/admin/schedules/${schedule.id}`;
    const preview = await call("GET", `${path}/delete-preview`);
    expect(preview.status).toBe(200);
    expect(preview.body.plan.remove).toEqual(["2029-12-01"]);
    expect(preview.body.plan.left.map((l: { date: string }) => l.date)).toEqual([
      "2029-12-15",
      "2029-12-29",
      "2029-12-30",
    ]);
    const deleted = await call("DELETE", path);
    expect(deleted.status).toBe(200);
    expect(deleted.body.result.remove).toEqual(["2029-12-01"]);
    const after = await rowsOf(ADVENTURE);
    expect(after.map((r) => r.date)).toEqual(["2029-12-08", "2029-12-15", "2029-12-29", "2029-12-30"]);
    expect(after.every((r) => r.scheduleId === null)).toBe(true);
    expect((await call("GET", path)).status).toBe(404);
    expect((await call("DELETE", path)).status).toBe(404);
  });

  it("refuses every bad input with a 4xx naming the field", async () => {
    const cases: [unknown, string][] = [
      [weekend({ weekdays: [] }), "weekdays"],
      [weekend({ weekdays: [8] }), "weekdays"],
      [weekend({ weekdays: "sat" }), "weekdays"],
      [weekend({ from: "2029-11-30" }), "from"],
      [weekend({ from: "not a date" }), "from"],
      [weekend({ to: "2029-11-01" }), "to"],
      [weekend({ to: "2031-01-05" }), "to"],
      [weekend({ available_spots: 0 }), "available_spots"],
      [weekend({ available_spots: 2.5 }), "available_spots"],
      [weekend({ price_override: -1 }), "price_override"],
      [weekend({ exceptions: ["2030-06-01"] }), "exceptions"],
      [weekend({ exceptions: "2029-12-22" }), "exceptions"],
      [weekend({ notes: "x".repeat(1001) }), "notes"],
      [weekend({ adventure_id: "" }), "adventure_id"],
      [weekend({ start_times: ["1pm"] }), "start_times"],
      [weekend({ start_times: ["13:00", "13:00"] }), "start_times"],
      [weekend({ start_times: "13:00" }), "start_times"],
      [weekend({ adventure_id: "no-such-adventure" }), "adventure_id"],
    ];
    for (const [body, field] of cases) {
      for (const path of ["/api/admin/schedules/preview", "/api/admin/schedules"]) {
        const res = await call("POST", path, body);
        expect(res.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(Object.keys(res.body.errors ?? {}).map((k) => k.split(".")[0])).toContain(field);
      }
    }
    const created = await call(
      "POST",
      "/api/admin/schedules",
      weekend({ adventure_id: OTHER, to: "2029-12-02", exceptions: [] }),
    );
    expect(created.status).toBe(201);
    const path = `/api/admin/schedules/${created.body.schedule.id}`;
    const moved = await call("PUT", path, weekend({ to: "2029-12-02", exceptions: [] }));
    expect(moved.status).toBe(400);
    expect(moved.body.errors).toHaveProperty("adventure_id");
    const missing = await call("PUT", "/api/admin/schedules/nope", weekend());
    expect(missing.status).toBe(404);
    const wrongType = await t.app.request("/api/admin/schedules", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/plain" },
      body: "{}",
    });
    expect(wrongType.status).toBe(415);
    const anonymous = await t.app.request("/api/admin/schedules", jsonRequest("POST", weekend()));
    expect(anonymous.status).toBe(401);
    expect(await t.db.select().from(availability).where(isNotNull(availability.scheduleId))).toHaveLength(2);
  });

  it("two saves racing over the same dates never make a second row", async () => {
    const pattern = {
      adventure_id: ADVENTURE,
      weekdays: [1, 2, 3, 4, 5],
      from: "2030-01-07",
      to: "2030-02-01",
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call("POST", "/api/admin/schedules", pattern)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    const created = answers.flatMap((a) => a.body.result.create as string[]);
    const rows = await rowsOf(ADVENTURE, "2030-01-07");
    // Every weekday of the range exactly once, each made by one save; the others list it as existing.
    expect(rows.length).toBe(20);
    expect(new Set(rows.map((r) => r.date)).size).toBe(20);
    expect(created.sort()).toEqual(rows.map((r) => r.date));
    for (const a of answers) expect(a.body.result.create.length + a.body.result.left.length).toBe(20);
  });
});

describe("schedules with start times", () => {
  // Saturdays 2 and 9 March 2030, a morning and an afternoon dive.
  const twice = (more: Record<string, unknown> = {}) => ({
    adventure_id: OTHER,
    weekdays: [6],
    from: "2030-03-01",
    to: "2030-03-10",
    start_times: ["13:00", "08:00"],
    ...more,
  });
  const march = () => rowsOf(OTHER, "2030-03-01");

  it("makes one row per date and time, and lists the departures", async () => {
    const preview = await call("POST", "/api/admin/schedules/preview", twice());
    expect(preview.status).toBe(200);
    expect(preview.body.plan.create).toEqual([
      "2030-03-02T08:00",
      "2030-03-02T13:00",
      "2030-03-09T08:00",
      "2030-03-09T13:00",
    ]);
    const saved = await call("POST", "/api/admin/schedules", twice());
    expect(saved.status).toBe(201);
    expect(saved.body.result.create).toEqual(preview.body.plan.create);
    expect(saved.body.schedule).toMatchObject({ start_times: ["08:00", "13:00"] });
    const rows = await march();
    expect(rows.map((r) => [r.date, r.startTime])).toEqual([
      ["2030-03-02", "08:00"],
      ["2030-03-02", "13:00"],
      ["2030-03-09", "08:00"],
      ["2030-03-09", "13:00"],
    ]);
    // The public date list offers both departures of a date.
    const pub = await t.app.request(`/api/adventures/${OTHER}/dates`);
    const dates = (await pub.json()) as { date: string; departures?: { start_time: string }[] }[];
    expect(dates.find((d) => d.date === "2030-03-02")?.departures?.map((d) => d.start_time)).toEqual([
      "08:00",
      "13:00",
    ]);
  });

  it("dropping 13:00 removes the open 13:00 departure and leaves the booked one, listed", async () => {
    const [schedule] = await t.db
      .select()
      .from(schedules)
      .where(eq(schedules.startTimes, ["08:00", "13:00"]));
    const booked = (await march()).find((r) => r.date === "2030-03-02" && r.startTime === "13:00");
    await t.db
      .update(availability)
      .set({ bookedSpots: 2 })
      .where(eq(availability.id, booked?.id ?? ""));
    const path = `/api/admin/schedules/${schedule.id}`;
    const edit = twice({ start_times: ["08:00"] });
    const preview = await call("POST", `${path}/preview`, edit);
    expect(preview.body.plan).toMatchObject({
      create: [],
      change: [],
      remove: ["2030-03-09T13:00"],
      unchanged: ["2030-03-02T08:00", "2030-03-09T08:00"],
      left: [{ date: "2030-03-02", start_time: "13:00", reason: "booked", booked_spots: 2, would: "remove" }],
    });
    const saved = await call("PUT", path, edit);
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ remove: ["2030-03-09T13:00"], left: preview.body.plan.left });
    expect((await march()).map((r) => [r.date, r.startTime, r.bookedSpots])).toEqual([
      ["2030-03-02", "08:00", 0],
      ["2030-03-02", "13:00", 2],
      ["2030-03-09", "08:00", 0],
    ]);
  });

  it("people waiting for a date hear of its new departures", async () => {
    const date = "2030-03-23";
    await t.db
      .insert(waitlistEntries)
      .values({ adventureId: OTHER, date, email: "wait@example.com", groupSize: 1 });
    const saved = await call("POST", "/api/admin/schedules", twice({ from: date, to: date }));
    expect(saved.body.result.create).toEqual([`${date}T08:00`, `${date}T13:00`]);
    const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.date, date));
    expect(entry.status).toBe("offered");
  });

  it("two saves racing over the same departures never make a second row", async () => {
    const pattern = twice({ from: "2030-04-01", to: "2030-04-14", weekdays: [1, 2, 3] });
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call("POST", "/api/admin/schedules", pattern)),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const rows = await rowsOf(OTHER, "2030-04-01");
    expect(rows.length).toBe(12);
    expect(answers.flatMap((a) => a.body.result.create).sort()).toEqual(
      rows.map((r) => `${r.date}T${r.startTime}`),
    );
  });
});
