/**
 * Saving one participant, called on the test database: which bookings may change and in whose
 * words they refuse, the position's range, a person's own link saving only their own row and
 * never their email, a new email ending their links (case and spaces aside), a certification
 * checked again only when it changes, the audit entry and the clearance voided by new answers,
 * and the waiver accepted only when a name is typed and the version is the newest.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { MEDICAL_QUESTION_IDS } from "../../app/lib/medical.ts";
import {
  auditLog,
  type BookingStatus,
  bookingLinks,
  medicalClearanceEvents,
  participants,
  waivers,
} from "../../server/db/schema.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { saveParticipant } from "../../server/domain/dive-ops/participant-save.server.ts";
import { HttpError } from "../../server/errors.server.ts";
import { insertBooking, OWNER } from "../helpers/admin.ts";
import { readyDiverDetails } from "../helpers/participant-details.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

let t: TestContext;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t?.close());

const oneYes = { ...Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false])), lungs: true };

/** A ready, certified adult diver, as the forms post one. */
function diver(name: string, extra: Record<string, unknown> = {}) {
  return readyDiverDetails(name, {
    cert_agency: "PADI",
    cert_level: "Open Water Diver",
    cert_number: "1234ABC",
    last_dive_date: addDays(sydneyDate(clock.now()), -30),
    ...extra,
  });
}

async function booking(groupSize = 2, status?: BookingStatus) {
  const date = addDays(sydneyDate(clock.now()), 40);
  return (
    await insertBooking(t.db, { adventureId: "guided-shore-dive", groupSize, date, paid: true, status })
  ).booking;
}

const save = (
  bookingId: string,
  position: number,
  body: unknown,
  options?: Parameters<typeof saveParticipant>[5],
) => saveParticipant(t.db, bookingId, position, body, clock.now(), options);

async function refusal(p: Promise<unknown>) {
  const error = await p.catch((e: unknown) => e);
  if (!(error instanceof HttpError)) throw error;
  return { status: error.status, message: error.message, errors: error.errors };
}

const newestWaiver = async () => Math.max(...(await t.db.select().from(waivers)).map((w) => w.version));

describe("which bookings take a participant", () => {
  it("refuses a cancelled, a completed and an unpaid booking, each in its own words", async () => {
    const words: [BookingStatus, string][] = [
      ["cancelled", "This booking is cancelled: its participants can no longer be changed."],
      ["completed", "This booking is completed: its participants can no longer be changed."],
      ["pending_payment", "This booking is not paid yet: participants are added once it is confirmed."],
    ];
    for (const [status, message] of words) {
      const b = await booking(2, status);
      expect(await refusal(save(b.id, 1, diver("Ann Lee")))).toMatchObject({ status: 409, message });
    }
  });

  it("takes positions from 1 to the group's size, and says so for a group of one", async () => {
    const one = await booking(1);
    expect(await refusal(save(one.id, 2, diver("Ann Lee")))).toEqual({
      status: 400,
      message: "position: Must be 1 for a group of one",
      errors: { position: "Must be 1 for a group of one" },
    });
    const three = await booking(3);
    for (const position of [0, 4, 1.5]) {
      expect(await refusal(save(three.id, position, diver("Ann Lee")))).toEqual({
        status: 400,
        message: "position: Must be from 1 to 3",
        errors: { position: "Must be from 1 to 3" },
      });
    }
    expect((await save(three.id, 3, diver("Ann Lee"))).position).toBe(3);
  });
});

describe("a person's own link", () => {
  it("saves only the row it was sent for, and keeps the email the group gave", async () => {
    const b = await booking(2);
    const first = await save(b.id, 1, diver("Ann Lee", { email: "ann@example.com" }));
    await save(b.id, 2, diver("Bo Lee"));
    // Another person's row, and a place with nobody saved yet: the same 404.
    for (const position of [2, 1]) {
      const otherId = position === 2 ? first.id : "00000000-0000-4000-8000-000000000000";
      expect(await refusal(save(b.id, position, diver("Ann Lee"), { ownLinkOf: otherId }))).toMatchObject({
        status: 404,
        message: "Participant not found",
      });
    }
    const empty = await booking(2);
    expect(await refusal(save(empty.id, 1, diver("Cy Lee"), { ownLinkOf: first.id }))).toMatchObject({
      status: 404,
      message: "Participant not found",
    });
    const own = await save(b.id, 1, diver("Ann Lee-Smith", { email: "new@example.com" }), {
      ownLinkOf: first.id,
    });
    expect(own).toMatchObject({ fullName: "Ann Lee-Smith", email: "ann@example.com" });
  });

  it("is ended by a new email, but not by the same one typed with other case or spaces", async () => {
    const b = await booking(2);
    const person = await save(b.id, 1, diver("Ann Lee", { email: "Ann@Example.com" }));
    await t.db.transaction((tx) => mintBookingLink(tx, b.id, "participant", clock.now(), person.id));
    const live = async () =>
      (
        await t.db
          .select()
          .from(bookingLinks)
          .where(and(eq(bookingLinks.participantId, person.id)))
      ).filter((l) => l.revokedAt === null).length;
    await save(b.id, 1, diver("Ann Lee", { email: "  ann@example.COM " }));
    expect(await live()).toBe(1);
    await save(b.id, 1, diver("Ann Lee", { email: "ann.lee@example.com" }));
    expect(await live()).toBe(0);
  });
});

describe("what a save changes", () => {
  it("asks for the certification to be checked again only when agency, level or number changes", async () => {
    const b = await booking(1);
    const person = await save(b.id, 1, diver("Ann Lee"));
    const checked = async () =>
      (await t.db.select().from(participants).where(eq(participants.id, person.id)))[0].certCheckedAt;
    const check = () =>
      t.db.update(participants).set({ certCheckedAt: clock.now() }).where(eq(participants.id, person.id));
    await check();
    await save(b.id, 1, diver("Ann Lee", { weight_kg: 70 }));
    expect(await checked()).not.toBeNull();
    // Each save changes one more field of the certification, keeping those changed before it.
    let cert = {};
    for (const change of [
      { cert_agency: "SSI" },
      { cert_level: "Advanced Open Water Diver" },
      { cert_number: "99X" },
    ]) {
      cert = { ...cert, ...change };
      await check();
      await save(b.id, 1, diver("Ann Lee", cert));
      expect(await checked()).toBeNull();
    }
  });

  it("is audited as a create, then an update, of the participant", async () => {
    const b = await booking(1);
    const person = await withActor(OWNER, () => save(b.id, 1, diver("Ann Lee")));
    await withActor(OWNER, () => save(b.id, 1, diver("Ann Lee", { weight_kg: 71 })));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, person.id));
    expect(audit.map((a) => [a.action, a.entity, a.bookingId]).sort()).toEqual([
      ["create", "participant", b.id],
      ["update", "participant", b.id],
    ]);
  });

  it("of one person twice at once ends as one create and one update, under the booking's lock", async () => {
    const b = await booking(1);
    const saves = await withActor(OWNER, () =>
      Promise.all([save(b.id, 1, diver("Ann Lee")), save(b.id, 1, diver("Ann Lee", { weight_kg: 71 }))]),
    );
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, saves[0].id));
    expect(audit.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  it("notes in the history that new answers voided a recorded clearance", async () => {
    const b = await booking(1);
    const person = await save(b.id, 1, diver("Ann Lee", { medical_answers: oneYes }));
    await t.db
      .update(participants)
      .set({ medicalClearanceAt: clock.now() })
      .where(eq(participants.id, person.id));
    await save(b.id, 1, diver("Ann Lee", { medical_answers: { ...oneYes, heart: true } }));
    const events = await t.db
      .select()
      .from(medicalClearanceEvents)
      .where(eq(medicalClearanceEvents.participantId, person.id));
    expect(events.map((e) => [e.kind, e.note])).toEqual([["voided", "New medical answers"]]);
  });
});

describe("the waiver on a save", () => {
  it("is not accepted without a typed name, whether the fields are absent, null or blank", async () => {
    const b = await booking(1);
    const version = await newestWaiver();
    for (const waiver of [
      undefined,
      null,
      { waiver_version: version, waiver_name: "   ", waiver_guardian_name: "" },
    ]) {
      const saved = await save(b.id, 1, diver("Ann Lee"), { waiver });
      expect(saved.waiverAcceptedAt).toBeNull();
    }
    const signed = await save(b.id, 1, diver("Ann Lee"), {
      waiver: { waiver_version: version, waiver_name: " Ann Lee ", waiver_guardian_name: "" },
      clientAddress: "203.0.113.5",
    });
    expect(signed).toMatchObject({ waiverVersion: version, waiverClientAddress: "203.0.113.5" });
    expect(signed.waiverAcceptedAt).toEqual(clock.now());
  });

  it("refuses an old version, a missing birth date and a site with no waiver, naming the field", async () => {
    const b = await booking(1);
    const version = await newestWaiver();
    const stale = await refusal(
      save(b.id, 1, diver("Ann Lee"), {
        waiver: { waiver_version: version - 1 || 99, waiver_name: "Ann Lee" },
      }),
    );
    expect(stale).toEqual({
      status: 409,
      message: "waiver_version: The waiver has changed since the page was opened; read it again",
      errors: { waiver_version: "The waiver has changed since the page was opened; read it again" },
    });
    const noBirth = await refusal(
      save(b.id, 1, diver("Ann Lee", { date_of_birth: "" }), {
        waiver: { waiver_version: version, waiver_name: "Ann Lee" },
      }),
    );
    expect(noBirth).toMatchObject({
      status: 400,
      message: "date_of_birth: Date of birth is needed before the waiver can be accepted",
    });
    let none: Awaited<ReturnType<typeof refusal>> | undefined;
    await t.db
      .transaction(async (tx) => {
        // As on a site whose operator never published one (acceptances name a version, so they go first).
        await tx.update(participants).set({ waiverVersion: null });
        await tx.delete(waivers);
        none = await refusal(
          saveParticipant(tx, b.id, 1, diver("Ann Lee"), clock.now(), {
            waiver: { waiver_version: version, waiver_name: "Ann Lee" },
          }),
        );
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || !/rollback/i.test(e.message)) throw e;
      });
    expect(none).toMatchObject({ status: 409, message: "There is no waiver to accept." });
  });
});
