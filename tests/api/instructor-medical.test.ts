/**
 * "Instructors may see medical answers" (ADR 36): off, no Crew member reads
 * an answer; on, a Crew member reads the answers of the departures they
 * instruct, never of a departure they work in another role, and a skipper or
 * divemaster never. The Owner's switch is validated and audited.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import { auditLog, participants } from "../../server/db/schema.ts";
import {
  instructorMedicalAnswers,
  setInstructorsSeeMedical,
} from "../../server/domain/dive-ops/instructor-medical.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { memberToken } from "../helpers/staff.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let owner: string;
const DATE = "2031-06-14";

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(ctx);
});
afterAll(() => ctx.close());

const call = (token: string, path: string, method = "GET", body?: unknown) =>
  ctx.app.request(path, authed(token, method, body));

const ANSWERS = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id, i) => [id, i === 0]));

async function departure(adventureId: string) {
  const { booking } = await insertBooking(ctx.db, {
    adventureId,
    date: DATE,
    groupSize: 1,
    paid: true,
    holdSpots: true,
  });
  const [p] = await ctx.db
    .insert(participants)
    .values({
      bookingId: booking.id,
      position: 1,
      fullName: `Diver of ${booking.reference}`,
      medicalAnswers: ANSWERS,
      medicalAnsweredAt: new Date(),
      medicalNeedsClearance: true,
    })
    .returning();
  return { participant: p, slot: booking.availabilityId as string };
}

type Manifest = {
  adventures: { bookings: { participants: { id: string; medical_answers?: unknown }[] }[] }[];
};
const answersIn = async (token: string) => {
  const res = await call(token, `/api/admin/manifest?date=${DATE}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as Manifest;
  const people = body.adventures.flatMap((a) => a.bookings.flatMap((b) => b.participants));
  return new Map(people.map((p) => [p.id, "medical_answers" in p ? p.medical_answers : "status only"]));
};

describe("instructors and medical answers", () => {
  it("shows the answers only to the instructor of the departure, and only when the Owner allows it", async () => {
    const mine = await departure("dive-exhibition");
    const other = await departure("guided-shore-dive");
    const instructor = await memberToken(ctx.db, "crew");
    const skipper = await memberToken(ctx.db, "crew");
    const assign = (slot: string, member: string, role: string) =>
      call(owner, `/api/admin/departures/${slot}/crew`, "PUT", { member, role });
    expect((await assign(mine.slot, instructor.id, "instructor")).status).toBe(200);
    expect((await assign(other.slot, instructor.id, "divemaster")).status).toBe(200);
    expect((await assign(mine.slot, skipper.id, "skipper")).status).toBe(200);

    // Off by default: status only, for everyone on the crew.
    const settings = (await (await call(owner, "/api/admin/settings")).json()) as Record<string, unknown>;
    expect(settings.instructors_see_medical).toBe(false);
    expect(await answersIn(instructor.token)).toEqual(
      new Map([
        [mine.participant.id, "status only"],
        [other.participant.id, "status only"],
      ]),
    );

    const bad = await call(owner, "/api/admin/settings", "PUT", { instructors_see_medical: "yes" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/instructors_see_medical/);
    // Only the Owner holds the switch.
    expect(
      (await call(instructor.token, "/api/admin/settings", "PUT", { instructors_see_medical: true })).status,
    ).toBe(403);

    const on = await call(owner, "/api/admin/settings", "PUT", { instructors_see_medical: true });
    expect(on.status).toBe(200);
    expect(((await on.json()) as Record<string, unknown>).instructors_see_medical).toBe(true);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "instructors_see_medical")));
    expect(entry).toMatchObject({
      actorLabel: "Owner",
      action: "update",
      changes: { instructors_see_medical: { before: false, after: true } },
    });

    // On: the departure they instruct, not the one they work as divemaster; a skipper never.
    expect(await answersIn(instructor.token)).toEqual(
      new Map<string, unknown>([
        [mine.participant.id, ANSWERS],
        [other.participant.id, "status only"],
      ]),
    );
    expect(await answersIn(skipper.token)).toEqual(new Map([[mine.participant.id, "status only"]]));
    // The printed manifest and the operators' manifest keep the status (their answers are on the booking).
    expect(await answersIn(owner)).toEqual(
      new Map([
        [mine.participant.id, "status only"],
        [other.participant.id, "status only"],
      ]),
    );
  });
});

describe("the answers an instructor may read", () => {
  it("come only from groups with a crew that names them as instructor", async () => {
    const { participant } = await departure("guided-shore-dive");
    await setInstructorsSeeMedical(ctx.db, true);
    const groups = [{ participantIds: [participant.id] }, { crew: [], participantIds: [participant.id] }];
    expect(await instructorMedicalAnswers(ctx.db, "staff-1", groups)).toEqual(new Map());
    const instructed = [
      { crew: [{ member: "staff-1", role: "instructor" }], participantIds: [participant.id] },
    ];
    expect(await instructorMedicalAnswers(ctx.db, "staff-1", instructed as never)).toEqual(
      new Map([[participant.id, ANSWERS]]),
    );
    // Back to the default the other test starts from.
    await setInstructorsSeeMedical(ctx.db, false);
  });
});
