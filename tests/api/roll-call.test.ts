/**
 * The roll call through the API, on both databases: a dive started, divers
 * out and back, "All aboard" refused while anyone is in the water (naming
 * them), repeats and two phones tapping at once counted once, the dive log
 * kept, every tap in the audit log, and a Crew member only on their departures.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, participants } from "../../server/db/schema.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { memberToken } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
});
afterAll(() => ctx.close());

type Roll = {
  divers: { participant_id: string; name: string }[];
  dives: {
    dive_number: number;
    all_aboard_at: string | null;
    marks: {
      participant_id: string;
      out_at: string | null;
      back_at: string | null;
      buddy_id: string | null;
    }[];
  }[];
};

/** A departure on `date` with a group of `names`, each a participant. */
async function departure(date: string, names: string[], adventureId = "dive-exhibition") {
  const { booking } = await insertBooking(ctx.db, {
    adventureId,
    date,
    groupSize: names.length,
    paid: true,
    holdSpots: true,
  });
  const people = await ctx.db
    .insert(participants)
    .values(
      names.map((fullName, i) => ({
        bookingId: booking.id,
        position: i + 1,
        fullName,
        emergencyContactName: "Sam Lee",
        emergencyContactPhone: "0400 000 111",
      })),
    )
    .returning();
  return { slot: booking.availabilityId as string, people };
}

const call = (token: string, path: string, body?: unknown) =>
  ctx.app.request(path, authed(token, body === undefined && !path.includes("/dives") ? "GET" : "POST", body));

describe("a dive's roll call", () => {
  it("counts divers out and back, and refuses All aboard while anyone is in the water", async () => {
    const { slot, people } = await departure("2031-06-01", ["Ada Byrne", "Ben Ortiz", "Cleo Park"]);
    const [ada, ben] = people;
    const base = `/api/admin/departures/${slot}/roll-call`;
    expect((await call(owner, `${base}/dives`)).status).toBe(201);
    const mark = (p: { id: string }, action: string, buddy?: string) =>
      call(owner, `${base}/dives/1/marks`, { participant_id: p.id, action, buddy_id: buddy ?? null });
    expect((await mark(ada, "out", ben.id)).status).toBe(200);
    expect((await mark(ben, "out", ada.id)).status).toBe(200);
    // A second tap on a diver already in the water changes nothing.
    const again = (await (await mark(ada, "out")).json()) as Roll;
    expect(again.dives[0].marks.find((m) => m.participant_id === ada.id)?.buddy_id).toBe(ben.id);
    expect((await mark(ada, "back")).status).toBe(200);

    const refused = await call(owner, `${base}/dives/1/all-aboard`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      "Not everyone is aboard. Still in the water: Ben Ortiz.",
    );
    // A new dive cannot start while this one has someone out.
    expect((await call(owner, `${base}/dives`)).status).toBe(409);

    expect((await mark(ben, "back")).status).toBe(200);
    const done = await call(owner, `${base}/dives/1/all-aboard`);
    expect(done.status).toBe(200);
    const log = (await done.json()) as Roll;
    expect(log.dives[0].all_aboard_at).not.toBeNull();
    expect(log.dives[0].marks.every((m) => m.out_at && m.back_at)).toBe(true);
    // The dive is over: no more taps on it; the next dive starts with everyone aboard.
    expect((await mark(ada, "out")).status).toBe(409);
    const second = (await (await call(owner, `${base}/dives`)).json()) as Roll;
    expect(second.dives.map((d) => d.dive_number)).toEqual([1, 2]);

    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, "roll_call"));
    expect(entries.map((e) => e.action).sort()).toEqual(
      ["start_dive", "diver_out", "diver_out", "diver_back", "diver_back", "all_aboard", "start_dive"].sort(),
    );
  });

  it("counts a diver once when two phones tap them in at the same moment", async () => {
    const { slot, people } = await departure("2031-06-02", ["Dee Quinn", "Eli Rowe"]);
    const base = `/api/admin/departures/${slot}/roll-call`;
    await call(owner, `${base}/dives`);
    const taps = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(owner, `${base}/dives/1/marks`, { participant_id: people[0].id, action: "out" }),
      ),
    );
    expect(taps.map((t) => t.status)).toEqual([200, 200, 200, 200]);
    const roll = (await (await call(owner, base)).json()) as Roll;
    expect(roll.dives[0].marks).toHaveLength(1);
    const outs = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "diver_out"));
    expect(outs.filter((e) => JSON.stringify(e.changes).includes(people[0].id))).toHaveLength(1);
  });

  it("refuses what is not a diver, a buddy who is not another diver, and a dive that is not a number", async () => {
    const { slot, people } = await departure("2031-06-03", ["Fay Sun", "Gus Tan"]);
    const other = await departure("2031-06-03", ["Hal Uma"], "guided-shore-dive");
    const base = `/api/admin/departures/${slot}/roll-call`;
    await call(owner, `${base}/dives`);
    const field = async (res: Response) => {
      expect(res.status).toBe(400);
      return Object.keys(((await res.json()) as { errors: Record<string, string> }).errors);
    };
    expect(
      await field(
        await call(owner, `${base}/dives/1/marks`, { participant_id: other.people[0].id, action: "out" }),
      ),
    ).toEqual(["participant_id"]);
    expect(
      await field(
        await call(owner, `${base}/dives/1/marks`, {
          participant_id: people[0].id,
          action: "out",
          buddy_id: people[0].id,
        }),
      ),
    ).toEqual(["buddy_id"]);
    expect(
      await field(
        await call(owner, `${base}/dives/x/marks`, { participant_id: people[0].id, action: "out" }),
      ),
    ).toEqual(["dive"]);
    expect((await call(owner, `${base}/dives/7/all-aboard`)).status).toBe(404);
    expect((await call(owner, "/api/admin/departures/nope/roll-call")).status).toBe(404);
  });

  it("is a Crew member's only on the departures they work", async () => {
    const mine = await departure("2031-06-04", ["Ivy Vale"]);
    const theirs = await departure("2031-06-04", ["Jo Wu"], "guided-shore-dive");
    const { id, token } = await memberToken(ctx.db, "crew");
    await ctx.app.request(
      `/api/admin/departures/${mine.slot}/crew`,
      authed(owner, "PUT", { member: id, role: "divemaster" }),
    );
    expect((await call(token, `/api/admin/departures/${mine.slot}/roll-call`)).status).toBe(200);
    expect((await call(token, `/api/admin/departures/${mine.slot}/roll-call/dives`)).status).toBe(201);
    expect((await call(token, `/api/admin/departures/${theirs.slot}/roll-call`)).status).toBe(403);
    expect((await call(token, `/api/admin/departures/${theirs.slot}/roll-call/dives`)).status).toBe(403);
  });
});
