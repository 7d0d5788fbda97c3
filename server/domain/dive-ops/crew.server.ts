/**
 * A departure's crew: assigning staff (or the owner) to a departure in a crew
 * role, what the adventure needs of each role, and which departures a crew
 * member works, for the crew's own view of the trip day (a Crew member sees and
 * changes only the departures they are assigned to; ADR 35).
 */
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import {
  type CrewNeeds,
  type CrewRole,
  type CrewShort,
  type crewAssignmentSchema,
  crewShortfall,
} from "../../../app/lib/crew.ts";
import { departureKey } from "../../../app/lib/departure.ts";
import type { DB } from "../../db/client.server.ts";
import {
  adventures,
  availability,
  bookings,
  departureCrew,
  participants,
  staffMembers,
} from "../../db/schema.ts";
import { badRequest, notFound } from "../../errors.server.ts";
import { OWNER_LABEL, recordAudit } from "../audit/audit.server.ts";

/** How an assignment names the owner, who signs in with the site's password and has no staff row. */
export const OWNER_MEMBER = "owner";

export interface CrewMember {
  member: string;
  name: string;
  role: CrewRole;
}

/** Who may be assigned: the owner and every active staff member, by name. */
export async function crewCandidates(db: DB): Promise<{ member: string; name: string }[]> {
  const rows = await db
    .select({ id: staffMembers.id, name: staffMembers.name, email: staffMembers.email })
    .from(staffMembers)
    .where(eq(staffMembers.status, "active"))
    .orderBy(staffMembers.name);
  return [
    { member: OWNER_MEMBER, name: OWNER_LABEL },
    ...rows.map((r) => ({ member: r.id, name: r.name || r.email })),
  ];
}

/** Each departure's crew (active members and the owner), by availability id. */
export async function crewOf(db: DB, availabilityIds: readonly string[]): Promise<Map<string, CrewMember[]>> {
  const out = new Map<string, CrewMember[]>();
  if (availabilityIds.length === 0) return out;
  const rows = await db
    .select({
      slot: departureCrew.availabilityId,
      member: departureCrew.member,
      role: departureCrew.crewRole,
      name: staffMembers.name,
      email: staffMembers.email,
      status: staffMembers.status,
    })
    .from(departureCrew)
    .leftJoin(staffMembers, eq(staffMembers.id, departureCrew.member))
    .where(inArray(departureCrew.availabilityId, [...availabilityIds]))
    .orderBy(departureCrew.createdAt);
  for (const r of rows) {
    const owner = r.member === OWNER_MEMBER;
    // A member no longer on the staff (or suspended) is not crew.
    if (!owner && r.status !== "active") continue;
    const list = out.get(r.slot) ?? [];
    list.push({ member: r.member, name: owner ? OWNER_LABEL : r.name || (r.email ?? ""), role: r.role });
    out.set(r.slot, list);
  }
  return out;
}

export interface DepartureCrew {
  availability_id: string;
  adventure_id: string;
  needs: CrewNeeds;
  crew: CrewMember[];
  /** Guests booked on the departure (spots taken). */
  guests: number;
  short: CrewShort[];
}

/** The departure with its crew, the adventure's needs and what it is short of. */
export async function loadDepartureCrew(db: DB, availabilityId: string): Promise<DepartureCrew> {
  const [row] = await db
    .select({ slot: availability, needs: adventures.crewNeeded })
    .from(availability)
    .innerJoin(adventures, eq(adventures.id, availability.adventureId))
    .where(eq(availability.id, availabilityId));
  if (!row) throw notFound("Departure not found");
  const crew = (await crewOf(db, [availabilityId])).get(availabilityId) ?? [];
  return {
    availability_id: availabilityId,
    adventure_id: row.slot.adventureId,
    needs: row.needs,
    crew,
    guests: row.slot.bookedSpots,
    short: crewShortfall(
      row.needs,
      row.slot.bookedSpots,
      crew.map((c) => c.role),
    ),
  };
}

type Assignment = ReturnType<typeof crewAssignmentSchema.parse>;

/** Assigns `member` to the departure in `role` (changing their role if already on it). */
export async function assignCrew(db: DB, availabilityId: string, input: Assignment): Promise<DepartureCrew> {
  const candidates = await crewCandidates(db);
  if (!candidates.some((c) => c.member === input.member)) {
    throw badRequest("member: Choose the owner or an active staff member", {
      member: "Choose the owner or an active staff member",
    });
  }
  await db.transaction(async (tx) => {
    const [slot] = await tx
      .select({ id: availability.id })
      .from(availability)
      .where(eq(availability.id, availabilityId));
    if (!slot) throw notFound("Departure not found");
    const [before] = await tx
      .select()
      .from(departureCrew)
      .where(and(eq(departureCrew.availabilityId, availabilityId), eq(departureCrew.member, input.member)))
      .for("update");
    const [after] = await tx
      .insert(departureCrew)
      .values({ availabilityId, member: input.member, crewRole: input.role })
      .onConflictDoUpdate({
        target: [departureCrew.availabilityId, departureCrew.member],
        set: { crewRole: input.role },
      })
      .returning();
    await recordAudit(tx, {
      action: before ? "update" : "create",
      entity: "departure_crew",
      entityId: after.id,
      before: before
        ? { availability_id: availabilityId, member: before.member, role: before.crewRole }
        : null,
      after: { availability_id: availabilityId, member: after.member, role: after.crewRole },
    });
  });
  return loadDepartureCrew(db, availabilityId);
}

/** Takes `member` off the departure's crew (a no-op when they were not on it). */
export async function removeCrew(db: DB, availabilityId: string, member: string): Promise<DepartureCrew> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(departureCrew)
      .where(and(eq(departureCrew.availabilityId, availabilityId), eq(departureCrew.member, member)))
      .returning();
    if (gone) {
      await recordAudit(tx, {
        action: "delete",
        entity: "departure_crew",
        entityId: gone.id,
        before: { availability_id: availabilityId, member: gone.member, role: gone.crewRole },
      });
    }
  });
  return loadDepartureCrew(db, availabilityId);
}

/** Sets what an adventure needs of each crew role. */
export async function setCrewNeeds(db: DB, adventureId: string, needs: CrewNeeds): Promise<CrewNeeds> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ needs: adventures.crewNeeded })
      .from(adventures)
      .where(eq(adventures.id, adventureId))
      .for("update");
    if (!before) throw notFound("Adventure not found");
    await tx.update(adventures).set({ crewNeeded: needs }).where(eq(adventures.id, adventureId));
    await recordAudit(tx, {
      action: "update",
      entity: "adventure",
      entityId: adventureId,
      before: { crew_needed: before.needs },
      after: { crew_needed: needs },
    });
    return needs;
  });
}

/** One departure of one adventure, as a manifest row or a booking names it. */
export const crewKey = (adventureId: string, date: string, startTime: string) =>
  `${adventureId} ${departureKey(date, startTime)}`;

/**
 * The departures a member works, as departure keys (adventure, date, start
 * time; app/lib/departure.ts) and availability ids: what a Crew member's
 * trips, manifest and check-in are limited to.
 */
export async function assignedDepartures(
  db: DB,
  member: string,
): Promise<{ ids: Set<string>; keys: Set<string> }> {
  const rows = await db
    .select({
      id: availability.id,
      adventureId: availability.adventureId,
      date: availability.date,
      startTime: availability.startTime,
    })
    .from(departureCrew)
    .innerJoin(availability, eq(availability.id, departureCrew.availabilityId))
    .where(eq(departureCrew.member, member));
  return {
    ids: new Set(rows.map((r) => r.id)),
    keys: new Set(rows.map((r) => crewKey(r.adventureId, r.date, r.startTime))),
  };
}

/** The departure (crew key) of each booking, by booking id. */
export async function bookingDepartures(db: DB, bookingIds: readonly string[]): Promise<Map<string, string>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bookings.id,
      adventureId: bookings.adventureId,
      date: bookings.selectedDate,
      startTime: bookings.startTime,
    })
    .from(bookings)
    .where(inArray(bookings.id, [...bookingIds]));
  return new Map(rows.map((r) => [r.id, crewKey(r.adventureId, r.date, r.startTime)]));
}

/** The departure (crew key) of a participant's booking, or null when there is no such participant. */
export async function participantDeparture(db: DB, participantId: string): Promise<string | null> {
  const [row] = await db
    .select({ adventureId: bookings.adventureId, date: bookings.selectedDate, startTime: bookings.startTime })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .where(eq(participants.id, participantId));
  return row ? crewKey(row.adventureId, row.date, row.startTime) : null;
}

export interface UpcomingCrewTrip {
  availability_id: string;
  date: string;
  start_time: string;
  adventure_title: string;
  role: CrewRole;
}

/** The departures `member` works from `from` on, soonest first (at most `limit`). */
export async function upcomingCrewTrips(
  db: DB,
  member: string,
  from: string,
  limit = 10,
): Promise<UpcomingCrewTrip[]> {
  const rows = await db
    .select({
      id: availability.id,
      date: availability.date,
      startTime: availability.startTime,
      title: adventures.title,
      role: departureCrew.crewRole,
    })
    .from(departureCrew)
    .innerJoin(availability, eq(availability.id, departureCrew.availabilityId))
    .innerJoin(adventures, eq(adventures.id, availability.adventureId))
    .where(and(eq(departureCrew.member, member), gte(availability.date, from)))
    .orderBy(asc(availability.date), asc(availability.startTime), asc(adventures.title))
    .limit(limit);
  return rows.map((r) => ({
    availability_id: r.id,
    date: r.date,
    start_time: r.startTime,
    adventure_title: r.title,
    role: r.role,
  }));
}

export interface DepartureCrewSummary {
  availability_id: string;
  crew: CrewMember[];
  crew_short: CrewShort[];
}

/** Each departure of `date` with its crew and shortfall, by crew key (for the manifest's groups). */
export async function crewOfDate(db: DB, date: string): Promise<Map<string, DepartureCrewSummary>> {
  const slots = await db
    .select({ slot: availability, needs: adventures.crewNeeded })
    .from(availability)
    .innerJoin(adventures, eq(adventures.id, availability.adventureId))
    .where(eq(availability.date, date));
  const crews = await crewOf(
    db,
    slots.map(({ slot }) => slot.id),
  );
  return new Map(
    slots.map(({ slot, needs }) => {
      const crew = crews.get(slot.id) ?? [];
      const summary: DepartureCrewSummary = {
        availability_id: slot.id,
        crew,
        crew_short: crewShortfall(
          needs,
          slot.bookedSpots,
          crew.map((m) => m.role),
        ),
      };
      return [crewKey(slot.adventureId, slot.date, slot.startTime), summary];
    }),
  );
}
