/**
 * A crew phone's queued trip-day actions through POST /api/admin/trip-day/actions,
 * on both databases: a queue sent twice applies once, goes through the one
 * check-in and the one roll call (a diver still out refuses "All aboard"),
 * two phones' taps follow the conflict rule, and a Crew member's action on a
 * departure they do not work is refused while the rest apply.
 */
import { randomUUID } from "node:crypto";
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
    .values(names.map((fullName, i) => ({ bookingId: booking.id, position: i + 1, fullName })))
    .returning();
  return { slot: booking.availabilityId as string, people };
}

type Answer = { id: string; status: string; outcome?: string; message?: string };
async function send(token: string, actions: unknown[]) {
  const res = await ctx.app.request("/api/admin/trip-day/actions", authed(token, "POST", { actions }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Answer[] }).results;
}
const tap = (minute: number, fields: Record<string, unknown>) => ({
  id: randomUUID(),
  at: `2031-07-01T00:${String(minute).padStart(2, "0")}:00.000Z`,
  ...fields,
});
const checkedIn = async (id: string) =>
  (await ctx.db.select().from(participants).where(eq(participants.id, id)))[0].checkedInAt;

describe("a phone's queued trip-day actions", () => {
  it("apply once, through the one check-in and roll call, each audited at the tap's time", async () => {
    const { slot, people } = await departure("2031-07-01", ["Ada Byrne", "Ben Ortiz"]);
    const [ada, ben] = people;
    const queue = [
      tap(1, { kind: "check_in", participant_id: ada.id }),
      tap(2, { kind: "check_in", participant_id: ben.id }),
      tap(10, { kind: "start_dive", departure_id: slot, dive: 1 }),
      tap(11, { kind: "out", departure_id: slot, dive: 1, participant_id: ada.id, buddy_id: ben.id }),
      tap(12, { kind: "out", departure_id: slot, dive: 1, participant_id: ben.id }),
      tap(50, { kind: "back", departure_id: slot, dive: 1, participant_id: ada.id }),
      tap(51, { kind: "all_aboard", departure_id: slot, dive: 1 }),
    ];
    const first = await send(owner, queue);
    expect(first.map((a) => a.outcome ?? a.status)).toEqual([
      "applied",
      "applied",
      "applied",
      "applied",
      "applied",
      "applied",
      "refused",
    ]);
    expect(first[6].message).toBe("Not everyone is aboard. Still in the water: Ben Ortiz.");
    // The reply was lost: the phone sends the same queue again; nothing applies twice.
    const again = await send(owner, queue.slice(0, 6));
    expect(again.map((a) => a.outcome)).toEqual([
      "applied",
      "applied",
      "applied",
      "applied",
      "applied",
      "applied",
    ]);
    expect((await checkedIn(ada.id))?.toISOString()).toBe(queue[0].at);

    const roll = await ctx.app.request(`/api/admin/departures/${slot}/roll-call`, authed(owner, "GET"));
    const { dives } = (await roll.json()) as {
      dives: { marks: { participant_id: string; back_at: string | null }[]; all_aboard_at: string | null }[];
    };
    expect(dives).toHaveLength(1);
    expect(dives[0].marks.find((m) => m.participant_id === ben.id)?.back_at).toBeNull();
    expect(dives[0].all_aboard_at).toBeNull();

    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, "device_action"));
    const mine = logged.filter((e) => queue.some((a) => a.id === e.entityId));
    expect(mine).toHaveLength(6);
    expect(mine.find((e) => e.entityId === queue[3].id)?.occurredAt.toISOString()).toBe(queue[3].at);
    const outs = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "diver_out"));
    expect(outs.filter((e) => JSON.stringify(e.changes).includes(ada.id))).toHaveLength(1);
  });

  it("settles two phones by the latest tap: an older tap arriving later is stale", async () => {
    const { people } = await departure("2031-07-02", ["Cleo Park"]);
    const [cleo] = people;
    const phoneA = [tap(1, { kind: "check_in", participant_id: cleo.id })];
    const phoneB = [
      tap(2, { kind: "check_in", participant_id: cleo.id }),
      tap(5, { kind: "undo_check_in", participant_id: cleo.id }),
    ];
    expect((await send(owner, phoneB)).map((a) => a.outcome)).toEqual(["applied", "applied"]);
    expect((await send(owner, phoneA)).map((a) => a.outcome)).toEqual(["stale"]);
    expect(await checkedIn(cleo.id)).toBeNull();
  });

  it("refuses a Crew member's action on a departure they do not work, and applies the rest", async () => {
    const mine = await departure("2031-07-03", ["Dee Quinn"]);
    const theirs = await departure("2031-07-03", ["Eli Rowe"], "guided-shore-dive");
    const { id, token } = await memberToken(ctx.db, "crew");
    await ctx.app.request(
      `/api/admin/departures/${mine.slot}/crew`,
      authed(owner, "PUT", { member: id, role: "divemaster" }),
    );
    const answers = await send(token, [
      tap(1, { kind: "check_in", participant_id: theirs.people[0].id }),
      tap(2, { kind: "check_in", participant_id: mine.people[0].id }),
      tap(3, { kind: "start_dive", departure_id: theirs.slot, dive: 1 }),
    ]);
    expect(answers.map((a) => a.outcome ?? a.status)).toEqual(["refused", "applied", "refused"]);
    expect(answers[0].message).toMatch(/^You are not on the crew of this departure/);
    expect(await checkedIn(theirs.people[0].id)).toBeNull();
    expect(await checkedIn(mine.people[0].id)).not.toBeNull();
  });

  it("names the field of a bad queue", async () => {
    const res = await ctx.app.request(
      "/api/admin/trip-day/actions",
      authed(owner, "POST", { actions: [{ id: "x", at: "now", kind: "check_in", participant_id: "p" }] }),
    );
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(errors).sort()).toEqual(["actions.0.at", "actions.0.id"]);
  });
});
