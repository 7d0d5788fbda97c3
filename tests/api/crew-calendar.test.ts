/**
 * The calendar's availability answer and a departure's crew: `crew_short`
 * appears only on a departure short of the crew its adventure needs, and an
 * adventure that needs no crew answers exactly as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { memberToken } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;
const DIVE = "dive-exhibition";
const SHORE = "guided-shore-dive";

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
});
afterAll(() => ctx.close());

const call = (path: string, method = "GET", body?: unknown) =>
  ctx.app.request(path, authed(owner, method, body));

type Dates = { dates: { id: string; date: string; crew_short?: { role: string; missing: number }[] }[] };
const calendar = async (adventureId: string) =>
  (await (await call(`/api/admin/availability/${adventureId}`)).json()) as Dates;

describe("the calendar's crew shortfall", () => {
  it("names the roles a booked departure lacks, and drops them once the crew is assigned", async () => {
    // Five guests in two bookings (a booking holds at most four).
    const { booking } = await insertBooking(ctx.db, {
      adventureId: DIVE,
      date: "2031-06-07",
      groupSize: 3,
      paid: true,
      holdSpots: true,
    });
    await insertBooking(ctx.db, {
      adventureId: DIVE,
      date: "2031-06-07",
      groupSize: 2,
      paid: true,
      holdSpots: true,
    });
    const slot = booking.availabilityId as string;
    expect((await call(`/api/admin/adventures/${DIVE}/crew-needs`, "PUT", { instructor: 4 })).status).toBe(
      200,
    );

    const short = async () => (await calendar(DIVE)).dates.find((d) => d.id === slot)?.crew_short;
    // Five guests at one instructor per four: two.
    expect(await short()).toEqual([{ role: "instructor", missing: 2 }]);
    await call(`/api/admin/departures/${slot}/crew`, "PUT", { member: "owner", role: "instructor" });
    expect(await short()).toEqual([{ role: "instructor", missing: 1 }]);
    // A skipper does not stand in for the second instructor.
    const { id: skipper } = await memberToken(ctx.db, "crew");
    await call(`/api/admin/departures/${slot}/crew`, "PUT", { member: skipper, role: "skipper" });
    expect(await short()).toEqual([{ role: "instructor", missing: 1 }]);
    // One instructor per five guests: the owner alone is enough.
    expect((await call(`/api/admin/adventures/${DIVE}/crew-needs`, "PUT", { instructor: 5 })).status).toBe(
      200,
    );
    expect(await short()).toBeUndefined();
  });

  it("leaves an unbooked departure and an adventure with no needs as they were", async () => {
    expect((await call(`/api/admin/adventures/${DIVE}/crew-needs`, "PUT", { instructor: 1 })).status).toBe(
      200,
    );
    const created = await call("/api/admin/availability", "POST", {
      adventure_id: DIVE,
      date: "2031-06-14",
      available_spots: 6,
    });
    expect(created.status).toBeLessThan(300);
    const unbooked = (await calendar(DIVE)).dates.find((d) => d.date === "2031-06-14");
    expect(unbooked).toBeDefined();
    expect(unbooked).not.toHaveProperty("crew_short");

    await insertBooking(ctx.db, {
      adventureId: SHORE,
      date: "2031-06-21",
      groupSize: 4,
      paid: true,
      holdSpots: true,
    });
    const body = await calendar(SHORE);
    expect(body.dates.length).toBeGreaterThan(0);
    for (const d of body.dates) expect(d).not.toHaveProperty("crew_short");
  });
});
