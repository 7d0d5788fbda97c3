/** The trips view: a day's and a week's departures with their bookings, readiness and weather. */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availability, bookings, weatherCancellations } from "../../server/db/schema.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(t);
});
afterAll(() => t.close());

type Departure = {
  adventure_id: string;
  start_time: string;
  available_spots: number;
  booked_spots: number;
  is_available: boolean;
  called_off: boolean;
  bookings: number;
  people: number;
  ready: number;
  not_ready: number;
  free_spots: number;
};
const trips = async (query: string) => {
  const res = await t.app.request(`/api/admin/trips?${query}`, authed(token));
  return { res, body: (await res.json()) as { days: { date: string; departures: Departure[] }[] } };
};

describe("GET /api/admin/trips", () => {
  it("gives each departure of a day its bookings, people, readiness and whether it runs", async () => {
    const date = "2031-03-08";
    await insertBooking(t.db, { date, groupSize: 2, status: "confirmed", holdSpots: true });
    await insertBooking(t.db, { date, groupSize: 1, status: "completed", holdSpots: true });
    // Holds spots but is no trip yet; a cancelled booking is none either.
    await insertBooking(t.db, { date, groupSize: 1, status: "pending_payment", holdSpots: true });
    await insertBooking(t.db, { date, groupSize: 3, status: "cancelled" });
    await insertBooking(t.db, {
      date,
      adventureId: "guided-shore-dive",
      groupSize: 1,
      status: "confirmed",
      holdSpots: true,
    });
    await t.db
      .update(availability)
      .set({ isAvailable: false })
      .where(and(eq(availability.adventureId, "guided-shore-dive"), eq(availability.date, date)));
    await t.db.insert(weatherCancellations).values({
      date,
      adventureId: "guided-shore-dive",
      defaultChoice: "credit",
      respondBy: new Date("2031-03-07T00:00:00Z"),
    });

    const { res, body } = await trips(`from=${date}`);
    expect(res.status).toBe(200);
    expect(body.days).toHaveLength(1);
    const byId = Object.fromEntries(body.days[0].departures.map((d) => [d.adventure_id, d]));
    expect(byId["dive-exhibition"]).toMatchObject({
      booked_spots: 4,
      bookings: 2,
      people: 3,
      ready: 0,
      not_ready: 2,
      is_available: true,
      called_off: false,
    });
    expect(byId["guided-shore-dive"]).toMatchObject({ bookings: 1, is_available: false, called_off: true });
  });

  it("gives a week as seven days, empty ones included", async () => {
    await insertBooking(t.db, { date: "2031-05-14", status: "confirmed", holdSpots: true });
    const { body } = await trips("from=2031-05-10&days=7");
    expect(body.days.map((d) => d.date)).toEqual([
      "2031-05-10",
      "2031-05-11",
      "2031-05-12",
      "2031-05-13",
      "2031-05-14",
      "2031-05-15",
      "2031-05-16",
    ]);
    expect(body.days[4].departures).toHaveLength(1);
    expect(body.days[0].departures).toHaveLength(0);
  });

  it("names a bad date or span, and needs the admin token", async () => {
    const bad = await t.app.request("/api/admin/trips?from=2031-02-30&days=3", authed(token));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/^from: /);
    const span = await t.app.request("/api/admin/trips?days=30", authed(token));
    expect(((await span.json()) as { errors: Record<string, string> }).errors).toEqual({
      days: "Use 1 or 7",
    });
    expect((await t.app.request("/api/admin/trips")).status).toBe(401);
  });

  it("lists a date's departures in time order, each with its start time and its own bookings", async () => {
    const date = "2031-06-07";
    const slots = await t.db
      .insert(availability)
      .values(
        ["13:00", "08:00"].map((startTime) => ({
          adventureId: "dive-exhibition",
          date,
          startTime,
          availableSpots: 6,
          bookedSpots: startTime === "13:00" ? 3 : 0,
        })),
      )
      .returning();
    const afternoon = slots.find((s) => s.startTime === "13:00");
    const { booking } = await insertBooking(t.db, { date, groupSize: 3, status: "confirmed" });
    await t.db
      .update(bookings)
      .set({ startTime: "13:00", availabilityId: afternoon?.id })
      .where(eq(bookings.id, booking.id));

    const { body } = await trips(`from=${date}`);
    expect(body.days[0].departures).toMatchObject([
      { adventure_id: "dive-exhibition", start_time: "08:00", bookings: 0, people: 0, free_spots: 6 },
      { adventure_id: "dive-exhibition", start_time: "13:00", bookings: 1, people: 3, free_spots: 3 },
    ]);
  });
});
