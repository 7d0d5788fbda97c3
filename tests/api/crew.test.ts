/**
 * A departure's crew through the API: the adventure's needs, assigning and
 * removing crew, the shortfall on Trips and the manifest, and a Crew member
 * limited to the departures they work (trips, manifest, check-in, completing).
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, participants } from "../../server/db/schema.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { memberToken } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;
const DATE = "2031-05-10";
const DIVE = "dive-exhibition";
const SHORE = "guided-shore-dive";

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
});
afterAll(() => ctx.close());

const call = (token: string, path: string, method = "GET", body?: unknown) =>
  ctx.app.request(path, authed(token, method, body));

async function departure(adventureId: string, date: string, guests: number) {
  const { booking } = await insertBooking(ctx.db, {
    adventureId,
    date,
    groupSize: guests,
    paid: true,
    holdSpots: true,
  });
  const [p] = await ctx.db
    .insert(participants)
    .values({ bookingId: booking.id, position: 1, fullName: `Diver of ${booking.reference}` })
    .returning();
  return { booking, participant: p, slot: booking.availabilityId as string };
}

type Trips = {
  days: {
    date: string;
    departures: {
      availability_id: string;
      crew: { member: string; role: string }[];
      crew_short: { role: string; missing: number }[];
    }[];
  }[];
  yours: { availability_id: string; role: string }[];
};

describe("crew needs and assignments", () => {
  it("warns of a shortfall until the crew the ratio needs is assigned", async () => {
    const { slot } = await departure(DIVE, "2031-05-03", 3);
    await insertBooking(ctx.db, {
      adventureId: DIVE,
      date: "2031-05-03",
      groupSize: 2,
      paid: true,
      holdSpots: true,
    });
    const needs = await call(owner, `/api/admin/adventures/${DIVE}/crew-needs`, "PUT", {
      instructor: 4,
      skipper: 99,
    });
    expect(needs.status).toBe(200);
    // An operator's staffing is not the public's business.
    for (const path of [`/api/adventures/${DIVE}`, "/api/adventures", "/api/adventures-pro"]) {
      expect(await (await ctx.app.request(path)).text()).not.toMatch(/crew_?need/i);
    }
    // The adventure editor reads the same needs from the console's list.
    const listed = (await (await call(owner, "/api/admin/adventures-pro")).json()) as {
      id: string;
      crew_needs: unknown;
    }[];
    expect(listed.find((a) => a.id === DIVE)?.crew_needs).toEqual({ instructor: 4, skipper: 99 });

    const shortOf = async () => {
      const body = (await (await call(owner, "/api/admin/trips?from=2031-05-03")).json()) as Trips;
      return body.days[0].departures.find((d) => d.availability_id === slot)?.crew_short;
    };
    // Five guests: two instructors (one per four) and a skipper.
    expect(await shortOf()).toEqual([
      { role: "instructor", missing: 2 },
      { role: "skipper", missing: 1 },
    ]);
    const { id: crewId } = await memberToken(ctx.db, "crew");
    expect(
      (
        await call(owner, `/api/admin/departures/${slot}/crew`, "PUT", {
          member: "owner",
          role: "instructor",
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(owner, `/api/admin/departures/${slot}/crew`, "PUT", { member: crewId, role: "skipper" }))
        .status,
    ).toBe(200);
    expect(await shortOf()).toEqual([{ role: "instructor", missing: 1 }]);

    const answer = (await (await call(owner, `/api/admin/departures/${slot}/crew`)).json()) as {
      crew: { member: string; name: string; role: string }[];
      candidates: { member: string }[];
      guests: number;
    };
    expect(answer.guests).toBe(5);
    expect(answer.crew).toEqual([
      { member: "owner", name: "Owner", role: "instructor" },
      { member: crewId, name: "Test crew", role: "skipper" },
    ]);
    expect(answer.candidates.map((c) => c.member)).toContain(crewId);

    // Changing a role is one assignment; removing takes the person off.
    await call(owner, `/api/admin/departures/${slot}/crew`, "PUT", { member: crewId, role: "instructor" });
    expect(await shortOf()).toEqual([{ role: "skipper", missing: 1 }]);
    expect((await call(owner, `/api/admin/departures/${slot}/crew/${crewId}`, "DELETE")).status).toBe(200);
    expect(await shortOf()).toEqual([
      { role: "instructor", missing: 1 },
      { role: "skipper", missing: 1 },
    ]);

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "departure_crew"))
      .orderBy(asc(auditLog.recordedAt));
    expect(entries.map((e) => e.action)).toEqual(["create", "create", "update", "delete"]);
    const [needsEntry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "adventure"), eq(auditLog.entityId, DIVE)));
    expect(needsEntry.changes).toEqual({
      crew_needed: { before: {}, after: { instructor: 4, skipper: 99 } },
    });
    await call(owner, `/api/admin/adventures/${DIVE}/crew-needs`, "PUT", {});
  });

  it("refuses a bad assignment or ratio with a 4xx naming the field", async () => {
    const { slot } = await departure(DIVE, "2031-05-04", 1);
    const refused = async (path: string, body: unknown, status = 400) => {
      const res = await call(owner, path, "PUT", body);
      expect(res.status).toBe(status);
      return ((await res.json()) as { errors?: Record<string, string> }).errors ?? {};
    };
    expect(
      Object.keys(await refused(`/api/admin/departures/${slot}/crew`, { member: "owner", role: "cook" })),
    ).toEqual(["role"]);
    expect(
      Object.keys(await refused(`/api/admin/departures/${slot}/crew`, { member: "nobody", role: "skipper" })),
    ).toEqual(["member"]);
    await refused("/api/admin/departures/no-such-departure/crew", { member: "owner", role: "skipper" }, 404);
    expect(Object.keys(await refused(`/api/admin/adventures/${DIVE}/crew-needs`, { instructor: 0 }))).toEqual(
      ["instructor"],
    );
    expect(await refused(`/api/admin/adventures/${DIVE}/crew-needs`, { cook: 2 })).toBeTruthy();
    await refused("/api/admin/adventures/no-such-adventure/crew-needs", { instructor: 4 }, 404);
  });
});

describe("a Crew member", () => {
  it("sees, checks in and completes only the departures they work", async () => {
    const mine = await departure(DIVE, DATE, 2);
    const other = await departure(SHORE, DATE, 2);
    const { id, token } = await memberToken(ctx.db, "crew");
    await call(owner, `/api/admin/departures/${mine.slot}/crew`, "PUT", { member: id, role: "divemaster" });

    const trips = (await (await call(token, `/api/admin/trips?from=${DATE}`)).json()) as Trips;
    expect(trips.days[0].departures.map((d) => d.availability_id)).toEqual([mine.slot]);
    expect(trips.yours).toEqual([
      expect.objectContaining({ availability_id: mine.slot, role: "divemaster" }),
    ]);
    // The owner sees both, and their own trips (none) apart.
    const all = (await (await call(owner, `/api/admin/trips?from=${DATE}`)).json()) as Trips;
    expect(all.days[0].departures.map((d) => d.availability_id).sort()).toEqual(
      [mine.slot, other.slot].sort(),
    );

    type M = {
      adventures: { adventure_id: string; bookings: { id: string }[]; crew: { member: string }[] }[];
      totals: { bookings: number };
    };
    const manifest = (await (await call(token, `/api/admin/manifest?date=${DATE}`)).json()) as M;
    expect(manifest.adventures.map((a) => a.adventure_id)).toEqual([DIVE]);
    expect(manifest.totals.bookings).toBe(1);
    expect(manifest.adventures[0].crew.map((m) => m.member)).toEqual([id]);
    // Opened without a date, the manifest goes to their next trip.
    const next = (await (await call(token, "/api/admin/manifest")).json()) as { date: string };
    expect(next.date <= DATE).toBe(true);

    const checkIn = (p: { id: string }) =>
      call(token, `/api/admin/participants/${p.id}/check-in`, "POST", { checked_in: true });
    expect((await checkIn(mine.participant)).status).toBe(200);
    const refused = await checkIn(other.participant);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(
      /not on the crew of this departure/,
    );
    const cert = await call(
      token,
      `/api/admin/participants/${other.participant.id}/certification-checked`,
      "POST",
    );
    expect(cert.status).toBe(403);
  });

  it("marking a past date completed completes only their departures", async () => {
    const past = "2020-02-02";
    const mine = await departure(DIVE, past, 1);
    const other = await departure(SHORE, past, 1);
    const { id, token } = await memberToken(ctx.db, "crew");
    await call(owner, `/api/admin/departures/${mine.slot}/crew`, "PUT", { member: id, role: "instructor" });
    const res = await call(token, "/api/admin/manifest/complete", "POST", { date: past });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { completed: number }).completed).toBe(1);
    const status = async (bookingId: string) =>
      (await (await call(owner, `/api/admin/bookings/${bookingId}`)).json()) as {
        booking: { booking_status: string };
      };
    expect((await status(mine.booking.id)).booking.booking_status).toBe("completed");
    expect((await status(other.booking.id)).booking.booking_status).toBe("confirmed");
  });
});

describe("a Crew member and the downloads", () => {
  it("is refused every CSV download the router serves, naming the permission", async () => {
    const { token } = await memberToken(ctx.db, "crew");
    const downloads = [
      ...new Set(
        ctx.app.routes
          .filter((r) => r.method === "GET" && r.path.startsWith("/api/admin/") && r.path.endsWith(".csv"))
          .map((r) => r.path),
      ),
    ];
    // The bookings and manifest exports and the audit log's CSV, at least.
    expect(downloads.length).toBeGreaterThanOrEqual(3);
    for (const path of downloads) {
      const res = await call(token, path);
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { detail: string }).detail, path).toMatch(/Crew/);
    }
  });
});
