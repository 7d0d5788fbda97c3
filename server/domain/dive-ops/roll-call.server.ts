/**
 * The roll call of each dive of a departure (app/lib/roll-call.ts holds the
 * rule): the crew starts a dive, taps each diver out and back in, and records
 * "All aboard", which is refused while anyone is still in the water. Each
 * dive's marks are kept with the trip. Every write runs in one transaction
 * with the dive row locked, so two crew phones tapping at once never lose a
 * mark, and is in the audit log.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { applies, diverState, type RollCallAction } from "../../../app/lib/roll-call.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  bookings,
  participants,
  rollCallMarks,
  rollCalls,
} from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { crewKey } from "./crew.server.ts";
import { MANIFEST_STATUSES } from "./manifest.server.ts";

export interface RollCallDiver {
  participant_id: string;
  name: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  checked_in: boolean;
}

export interface RollCallMark {
  participant_id: string;
  buddy_id: string | null;
  out_at: string | null;
  back_at: string | null;
}

export interface RollCallDive {
  dive_number: number;
  started_at: string;
  all_aboard_at: string | null;
  marks: RollCallMark[];
}

export interface RollCall {
  availability_id: string;
  adventure_title: string;
  date: string;
  start_time: string;
  /** The departure as a crew key (dive-ops/crew), for the Crew member's scope. */
  key: string;
  divers: RollCallDiver[];
  dives: RollCallDive[];
}

async function departureOf(db: DB, availabilityId: string) {
  const [row] = await db
    .select({ slot: availability, title: adventures.title })
    .from(availability)
    .innerJoin(adventures, eq(adventures.id, availability.adventureId))
    .where(eq(availability.id, availabilityId));
  if (!row) throw notFound("Departure not found");
  return row;
}

/** The departure's crew key, or null when there is no such departure. */
export async function departureKeyOf(db: DB, availabilityId: string): Promise<string | null> {
  const [slot] = await db.select().from(availability).where(eq(availability.id, availabilityId));
  return slot ? crewKey(slot.adventureId, slot.date, slot.startTime) : null;
}

/** Everyone going on the departure: the participants of its bookings going ahead, in booking order. */
async function diversOf(db: DB, slot: typeof availability.$inferSelect): Promise<RollCallDiver[]> {
  const rows = await db
    .select({
      id: participants.id,
      name: participants.fullName,
      contactName: participants.emergencyContactName,
      contactPhone: participants.emergencyContactPhone,
      checkedInAt: participants.checkedInAt,
    })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(
      and(
        eq(bookings.adventureId, slot.adventureId),
        eq(bookings.selectedDate, slot.date),
        eq(bookings.startTime, slot.startTime),
        inArray(bookings.bookingStatus, [...MANIFEST_STATUSES]),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(participants.position));
  return rows.map((r) => ({
    participant_id: r.id,
    name: r.name,
    emergency_contact_name: r.contactName,
    emergency_contact_phone: r.contactPhone,
    checked_in: r.checkedInAt !== null,
  }));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The departure's divers and every dive's roll call so far. */
export async function loadRollCall(db: DB, availabilityId: string): Promise<RollCall> {
  const { slot, title } = await departureOf(db, availabilityId);
  const [divers, dives] = await Promise.all([
    diversOf(db, slot),
    db
      .select()
      .from(rollCalls)
      .where(eq(rollCalls.availabilityId, availabilityId))
      .orderBy(asc(rollCalls.diveNumber)),
  ]);
  const marks = dives.length
    ? await db
        .select()
        .from(rollCallMarks)
        .where(
          inArray(
            rollCallMarks.rollCallId,
            dives.map((d) => d.id),
          ),
        )
    : [];
  return {
    availability_id: availabilityId,
    adventure_title: title,
    date: slot.date,
    start_time: slot.startTime,
    key: crewKey(slot.adventureId, slot.date, slot.startTime),
    divers,
    dives: dives.map((d) => ({
      dive_number: d.diveNumber,
      started_at: d.startedAt.toISOString(),
      all_aboard_at: iso(d.allAboardAt),
      marks: marks
        .filter((m) => m.rollCallId === d.id)
        .map((m) => ({
          participant_id: m.participantId,
          buddy_id: m.buddyId,
          out_at: iso(m.outAt),
          back_at: iso(m.backAt),
        })),
    })),
  };
}

/** Starts the next dive; refused while the last one has anyone in the water. */
export async function startDive(db: DB, availabilityId: string, at: Date): Promise<RollCall> {
  await departureOf(db, availabilityId);
  await db.transaction(async (tx) => {
    // The departure's row orders two phones starting a dive at once.
    await tx
      .select({ id: availability.id })
      .from(availability)
      .where(eq(availability.id, availabilityId))
      .for("update");
    const [last] = await tx
      .select()
      .from(rollCalls)
      .where(eq(rollCalls.availabilityId, availabilityId))
      .orderBy(desc(rollCalls.diveNumber))
      .limit(1);
    if (last && !last.allAboardAt) {
      throw conflict(`Dive ${last.diveNumber} is not over: record All aboard first.`);
    }
    const [dive] = await tx
      .insert(rollCalls)
      .values({ availabilityId, diveNumber: (last?.diveNumber ?? 0) + 1, startedAt: at })
      .returning();
    await recordAudit(tx, {
      action: "start_dive",
      entity: "roll_call",
      entityId: dive.id,
      after: { availability_id: availabilityId, dive_number: dive.diveNumber, started_at: at },
    });
  });
  return loadRollCall(db, availabilityId);
}

/** The dive row, locked for this transaction; refused when it is over. */
async function openDive(tx: DB, availabilityId: string, diveNumber: number) {
  const [dive] = await tx
    .select()
    .from(rollCalls)
    .where(and(eq(rollCalls.availabilityId, availabilityId), eq(rollCalls.diveNumber, diveNumber)))
    .for("update");
  if (!dive) throw notFound("Dive not found");
  if (dive.allAboardAt) throw conflict(`Dive ${diveNumber} is over: everyone was aboard.`);
  return dive;
}

const field = (name: string, message: string) => badRequest(`${name}: ${message}`, { [name]: message });

/**
 * A diver counted out or back in (with their buddy, when given). A tap that
 * does not apply (out twice, back when not out) changes nothing and is not an
 * error: a second phone or a second tap.
 */
export async function markDiver(
  db: DB,
  availabilityId: string,
  diveNumber: number,
  input: { participant_id: string; action: RollCallAction; buddy_id?: string | null },
  at: Date,
): Promise<RollCall> {
  const { slot } = await departureOf(db, availabilityId);
  const ids = new Set((await diversOf(db, slot)).map((d) => d.participant_id));
  if (!ids.has(input.participant_id)) throw field("participant_id", "is not a diver of this departure");
  if (input.buddy_id && (!ids.has(input.buddy_id) || input.buddy_id === input.participant_id)) {
    throw field("buddy_id", "must be another diver of this departure");
  }
  await db.transaction(async (tx) => {
    const dive = await openDive(tx, availabilityId, diveNumber);
    const [before] = await tx
      .select()
      .from(rollCallMarks)
      .where(
        and(eq(rollCallMarks.rollCallId, dive.id), eq(rollCallMarks.participantId, input.participant_id)),
      );
    const state = diverState(before ? { out_at: iso(before.outAt), back_at: iso(before.backAt) } : undefined);
    if (!applies(input.action, state)) return;
    const values =
      input.action === "out"
        ? { outAt: at, backAt: null, buddyId: input.buddy_id ?? before?.buddyId ?? null }
        : { backAt: at };
    const [after] = await tx
      .insert(rollCallMarks)
      .values({ rollCallId: dive.id, participantId: input.participant_id, ...values })
      .onConflictDoUpdate({ target: [rollCallMarks.rollCallId, rollCallMarks.participantId], set: values })
      .returning();
    await recordAudit(tx, {
      action: input.action === "out" ? "diver_out" : "diver_back",
      entity: "roll_call",
      entityId: dive.id,
      before: before
        ? { participant_id: before.participantId, out_at: before.outAt, back_at: before.backAt }
        : null,
      after: {
        participant_id: after.participantId,
        out_at: after.outAt,
        back_at: after.backAt,
        buddy_id: after.buddyId,
      },
    });
  });
  return loadRollCall(db, availabilityId);
}

/** Ends the dive with everyone aboard; refused (409, naming them) while anyone is in the water. */
export async function allAboard(
  db: DB,
  availabilityId: string,
  diveNumber: number,
  at: Date,
): Promise<RollCall> {
  const { slot } = await departureOf(db, availabilityId);
  const names = new Map((await diversOf(db, slot)).map((d) => [d.participant_id, d.name]));
  await db.transaction(async (tx) => {
    const dive = await openDive(tx, availabilityId, diveNumber);
    const marks = await tx.select().from(rollCallMarks).where(eq(rollCallMarks.rollCallId, dive.id));
    const out = marks.filter((m) => m.outAt && !m.backAt);
    if (out.length) {
      const who = out.map((m) => names.get(m.participantId) || "a diver").join(", ");
      throw conflict(`Not everyone is aboard. Still in the water: ${who}.`);
    }
    await tx.update(rollCalls).set({ allAboardAt: at }).where(eq(rollCalls.id, dive.id));
    await recordAudit(tx, {
      action: "all_aboard",
      entity: "roll_call",
      entityId: dive.id,
      before: { all_aboard_at: null },
      after: { all_aboard_at: at, divers_back: marks.length },
    });
  });
  return loadRollCall(db, availabilityId);
}
