/**
 * A departure's roll call: its divers (the people of the bookings that go
 * ahead on it, with their emergency contact for the alarm) and each dive's
 * marks, kept with the departure as the trip's dive log. The writes are the
 * trip-day actions (trip-day-actions.server.ts).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Mark } from "../../../app/lib/roll-call.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  bookings,
  participants,
  rollCallDives,
  rollCallMarks,
} from "../../db/schema.ts";
import { notFound } from "../../errors.server.ts";
import { MANIFEST_STATUSES } from "./manifest.server.ts";

export interface RollCallDiver {
  id: string;
  full_name: string;
  booking_reference: string;
  checked_in: boolean;
  emergency_contact_name: string;
  emergency_contact_phone: string;
}

export interface RollCallDive {
  number: number;
  started_at: string;
  all_aboard_at: string | null;
  marks: Mark[];
}

export interface RollCall {
  departure: { id: string; date: string; start_time: string; title: string };
  divers: RollCallDiver[];
  dives: RollCallDive[];
}

/** The departure's people, in booking then position order: who the roll call counts. */
export async function departureDivers(db: DB, departureId: string): Promise<RollCallDiver[]> {
  const rows = await db
    .select({
      id: participants.id,
      fullName: participants.fullName,
      reference: bookings.reference,
      checkedInAt: participants.checkedInAt,
      contactName: participants.emergencyContactName,
      contactPhone: participants.emergencyContactPhone,
    })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(
      and(eq(bookings.availabilityId, departureId), inArray(bookings.bookingStatus, [...MANIFEST_STATUSES])),
    )
    .orderBy(asc(bookings.reference), asc(participants.position));
  return rows.map((r) => ({
    id: r.id,
    full_name: r.fullName || `Diver of ${r.reference}`,
    booking_reference: r.reference,
    checked_in: r.checkedInAt !== null,
    emergency_contact_name: r.contactName,
    emergency_contact_phone: r.contactPhone,
  }));
}

export async function loadRollCall(db: DB, departureId: string): Promise<RollCall> {
  const [departure] = await db
    .select({
      id: availability.id,
      date: availability.date,
      startTime: availability.startTime,
      title: adventures.title,
    })
    .from(availability)
    .innerJoin(adventures, eq(adventures.id, availability.adventureId))
    .where(eq(availability.id, departureId))
    .limit(1);
  if (!departure) throw notFound("Departure not found");
  const dives = await db
    .select()
    .from(rollCallDives)
    .where(eq(rollCallDives.availabilityId, departureId))
    .orderBy(asc(rollCallDives.diveNumber));
  const marks = dives.length
    ? await db
        .select()
        .from(rollCallMarks)
        .where(
          inArray(
            rollCallMarks.diveId,
            dives.map((d) => d.id),
          ),
        )
    : [];
  return {
    departure: {
      id: departure.id,
      date: departure.date,
      start_time: departure.startTime,
      title: departure.title,
    },
    divers: await departureDivers(db, departureId),
    dives: dives.map((d) => ({
      number: d.diveNumber,
      started_at: d.startedAt.toISOString(),
      all_aboard_at: d.allAboardAt?.toISOString() ?? null,
      marks: marks.filter((m) => m.diveId === d.id).map(markOf),
    })),
  };
}

export function markOf(m: typeof rollCallMarks.$inferSelect): Mark {
  return {
    participant_id: m.participantId,
    buddy_id: m.buddyId,
    out_at: m.outAt.toISOString(),
    back_at: m.backAt?.toISOString() ?? null,
  };
}
