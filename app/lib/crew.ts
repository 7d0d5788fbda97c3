/**
 * Crew on a departure: who the operator assigns (an instructor, a divemaster,
 * a skipper) and what the adventure needs of each. The adventure's need is a
 * ratio: one of that role for every so many guests (1 instructor per 4
 * students for a first dive, 1 guide per 8 certified divers; a skipper "per
 * 99" is one per boat). A departure nobody booked needs nobody, and each
 * person counts for the role they were assigned, so an instructor acting as
 * the guide is assigned as the divemaster.
 */
import { z } from "zod";

export const CREW_ROLES = ["instructor", "divemaster", "skipper"] as const;
export type CrewRole = (typeof CREW_ROLES)[number];

export const CREW_ROLE_LABELS: Record<CrewRole, string> = {
  instructor: "Instructor",
  divemaster: "Divemaster",
  skipper: "Skipper",
};

/** Guests per person of each role the adventure needs; a role left out is not needed. */
export type CrewNeeds = Partial<Record<CrewRole, number>>;

/** The largest ratio the form takes: more guests per person than a departure can hold. */
export const CREW_RATIO_MAX = 99;

/** A role's ratio: a whole number of guests per person, or null (not needed). */
const ratio = (label: string) =>
  z
    .number({ error: `${label} must be a number of guests` })
    .int(`${label} must be a whole number of guests`)
    .min(1, `${label} must be at least 1 guest`)
    .max(CREW_RATIO_MAX, `${label} must be at most ${CREW_RATIO_MAX} guests`)
    .nullable()
    .optional();

export const crewNeedsSchema = z.strictObject(
  {
    instructor: ratio("Guests per instructor"),
    divemaster: ratio("Guests per divemaster"),
    skipper: ratio("Guests per skipper"),
  },
  { error: "Crew needed must name instructor, divemaster or skipper only" },
);

/** The stored form of what the form sent: the roles with a ratio. */
export function toCrewNeeds(input: z.infer<typeof crewNeedsSchema>): CrewNeeds {
  const needs: CrewNeeds = {};
  for (const role of CREW_ROLES) {
    const value = input[role];
    if (typeof value === "number") needs[role] = value;
  }
  return needs;
}

export const crewAssignmentSchema = z.strictObject({
  /** A staff member's id, or "owner". */
  member: z
    .string({ error: "Member is required" })
    .min(1, "Member is required")
    .max(64, "Member is not valid"),
  role: z.enum(CREW_ROLES, { error: `Role must be one of: ${CREW_ROLES.join(", ")}` }),
});

/** How many of each role `guests` need: one per `ratio` guests, rounded up; none for no guests. */
export function crewNeeded(needs: CrewNeeds, guests: number): Partial<Record<CrewRole, number>> {
  const out: Partial<Record<CrewRole, number>> = {};
  if (guests <= 0) return out;
  for (const role of CREW_ROLES) {
    const per = needs[role];
    if (per) out[role] = Math.ceil(guests / per);
  }
  return out;
}

export interface CrewShort {
  role: CrewRole;
  missing: number;
}

/** The roles a departure is short of, with how many more it needs, in the order of CREW_ROLES. */
export function crewShortfall(needs: CrewNeeds, guests: number, assigned: readonly CrewRole[]): CrewShort[] {
  const needed = crewNeeded(needs, guests);
  const short: CrewShort[] = [];
  for (const role of CREW_ROLES) {
    const missing = (needed[role] ?? 0) - assigned.filter((r) => r === role).length;
    if (missing > 0) short.push({ role, missing });
  }
  return short;
}

/** "Short of staff: 1 instructor, 2 divemasters", or "" when nothing is missing. */
export function shortfallText(short: readonly CrewShort[]): string {
  if (short.length === 0) return "";
  const parts = short.map(({ role, missing }) => `${missing} ${role}${missing === 1 ? "" : "s"}`);
  return `Short of staff: ${parts.join(", ")}`;
}

/** "1 instructor per 4 guests, 1 skipper per 99 guests", or "" when the adventure needs no crew. */
export function needsText(needs: CrewNeeds): string {
  return CREW_ROLES.filter((r) => needs[r])
    .map((r) => `1 ${r} per ${needs[r]} guest${needs[r] === 1 ? "" : "s"}`)
    .join(", ");
}
