import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, deviceActions, participants, rollCallMarks } from "../../server/db/schema.ts";
import type { RollCall } from "../../server/domain/dive-ops/roll-call.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

const NOW = new Date("2031-05-10T01:00:00Z");
const DATE = "2031-05-10";
const min = (m: number) => new Date(NOW.getTime() - 120 * 60_000 + m * 60_000).toISOString();

let ctx: TestContext;
let token: string;
let departureId: string;
let divers: { id: string; fullName: string }[];

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: () => NOW });
  token = await login(ctx);
  divers = [];
  for (const names of [
    ["Ana Ruiz", "Ben Ho", "Cy Dunn"],
    ["Dee Moss", "Eli Park", "Fay Lin"],
  ]) {
    const { booking } = await insertBooking(ctx.db, {
      date: DATE,
      groupSize: 3,
      paid: true,
      holdSpots: true,
    });
    departureId = booking.availabilityId as string;
    const rows = await ctx.db
      .insert(participants)
      .values(
        names.map((fullName, i) => ({
          bookingId: booking.id,
          position: i + 1,
          fullName,
          emergencyContactName: `${fullName} contact`,
          emergencyContactPhone: `0400 000 00${divers.length + i}`,
        })),
      )
      .returning({ id: participants.id, fullName: participants.fullName });
    divers.push(...rows);
  }
});
afterAll(async () => {
  await ctx?.close();
});

type Result = { id: string; status: "ok" | "refused"; outcome?: string; code?: number; message?: string };
async function send(...actions: Record<string, unknown>[]): Promise<Result[]> {
  const res = await ctx.app.request("/api/admin/trip-day/actions", authed(token, "POST", { actions }));
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Result[] }).results;
}
const act = (kind: string, at: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  kind,
  at,
  ...extra,
});
const rollCall = async () =>
  (await (
    await ctx.app.request(`/api/admin/departures/${departureId}/roll-call`, authed(token))
  ).json()) as RollCall;

describe("trip-day actions: applied once, conflicts by the written rule", () => {
  it("applies the same action id once, answering the same result again", async () => {
    const a = act("check_in", min(1), { participant_id: divers[0].id });
    const [first] = await send(a);
    const [again] = await send(a);
    expect(first).toMatchObject({ status: "ok", outcome: "applied" });
    expect(again).toEqual(first);
    const rows = await ctx.db.select().from(deviceActions).where(eq(deviceActions.id, a.id));
    expect(rows).toHaveLength(1);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "check_in"), eq(auditLog.entityId, divers[0].id)));
    expect(entries).toHaveLength(1);
    expect(entries[0].occurredAt.toISOString()).toBe(min(1));
  });

  it("two phones checking in the same diver: one check-in at the earliest time, both answered OK", async () => {
    const phoneA = act("check_in", min(5), { participant_id: divers[1].id });
    const phoneB = act("check_in", min(3), { participant_id: divers[1].id });
    const [a] = await send(phoneA);
    const [b] = await send(phoneB);
    expect(a).toMatchObject({ status: "ok", outcome: "applied" });
    expect(b).toMatchObject({ status: "ok", outcome: "applied" });
    const [late] = await send(act("check_in", min(7), { participant_id: divers[1].id }));
    expect(late).toMatchObject({ status: "ok", outcome: "no_op" });
    const [p] = await ctx.db.select().from(participants).where(eq(participants.id, divers[1].id));
    expect(p.checkedInAt?.toISOString()).toBe(min(3));
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, divers[1].id));
    expect(entries.map((e) => e.occurredAt.toISOString()).sort()).toEqual([min(3), min(5), min(7)]);
  });

  it("check-in against undo: the later original time wins", async () => {
    const id = divers[2].id;
    await send(act("check_in", min(10), { participant_id: id }));
    const [staleUndo] = await send(act("undo_check_in", min(9), { participant_id: id }));
    expect(staleUndo.outcome).toBe("no_op");
    const [undo] = await send(act("undo_check_in", min(11), { participant_id: id }));
    expect(undo.outcome).toBe("applied");
    const [p] = await ctx.db.select().from(participants).where(eq(participants.id, id));
    expect(p.checkedInAt).toBeNull();
  });

  it("refuses a bad action naming its field, and a time far from now", async () => {
    const res = await ctx.app.request(
      "/api/admin/trip-day/actions",
      authed(token, "POST", { actions: [{ id: "x", kind: "check_in", at: min(1), participant_id: "p" }] }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("id");
    const future = await ctx.app.request(
      "/api/admin/trip-day/actions",
      authed(token, "POST", { actions: [act("check_in", "2031-06-01T00:00:00Z", { participant_id: "p" })] }),
    );
    expect(future.status).toBe(400);
    expect(JSON.stringify(await future.json())).toContain("actions.0.at");
  });
});

describe("roll call", () => {
  it("counts divers out and back, refuses all aboard naming who is out, and keeps the dive log", async () => {
    const dive = { departure_id: departureId, dive: 1 };
    const outs = divers.map((d, i) =>
      act("out", min(20), { ...dive, participant_id: d.id, buddy_id: divers[i % 2 ? i - 1 : i + 1].id }),
    );
    const results = await send(...outs);
    expect(results.every((r) => r.status === "ok" && r.outcome === "applied")).toBe(true);
    await send(...divers.slice(1).map((d) => act("back", min(60), { ...dive, participant_id: d.id })));

    const [refused] = await send(act("all_aboard", min(61), dive));
    expect(refused).toMatchObject({ status: "refused", code: 409 });
    expect(refused.message).toContain("Ana Ruiz is still in the water");

    const call = await rollCall();
    const missing = call.divers.find((d) => d.id === divers[0].id);
    expect(missing).toMatchObject({
      emergency_contact_name: "Ana Ruiz contact",
      emergency_contact_phone: "0400 000 000",
    });
    const mark = call.dives[0].marks.find((m) => m.participant_id === divers[0].id);
    expect(mark).toMatchObject({ buddy_id: divers[1].id, out_at: min(20), back_at: null });
    expect(call.dives[0]).toMatchObject({ number: 1, started_at: min(20), all_aboard_at: null });

    const back = act("back", min(70), { ...dive, participant_id: divers[0].id });
    await send(back);
    const [aboard] = await send(act("all_aboard", min(71), dive));
    expect(aboard).toMatchObject({ status: "ok", outcome: "applied" });
    expect((await rollCall()).dives[0].all_aboard_at).toBe(min(71));

    const [late] = await send(act("out", min(80), { ...dive, participant_id: divers[0].id }));
    expect(late).toMatchObject({ status: "refused", code: 409 });
    expect(late.message).toContain("next dive");

    const marks = await ctx.db
      .select()
      .from(rollCallMarks)
      .where(inArray(rollCallMarks.participantId, [divers[0].id]));
    expect(marks).toHaveLength(1);
    const entry = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "all_aboard"));
    expect(entry.map((e) => e.occurredAt.toISOString())).toEqual([min(71)]);
  });

  it("answers 404 for an unknown departure and a refusal for a diver not on it", async () => {
    expect((await ctx.app.request("/api/admin/departures/nope/roll-call", authed(token))).status).toBe(404);
    const [r] = await send(
      act("out", min(20), { departure_id: departureId, dive: 2, participant_id: "nobody" }),
    );
    expect(r).toMatchObject({ status: "refused", code: 404 });
  });
});
