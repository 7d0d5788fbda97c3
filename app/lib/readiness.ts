/**
 * Is each person of a booking ready to go on the trip? One rule for the
 * customer's manage page, the readiness emails, the bookings list, the
 * dashboard and the trip-day manifest.
 *
 * A participant is, in this order of what to fix first: details missing
 * (personal, emergency, gear, certification or medical answers the adventure
 * needs), waiver missing, medical clearance needed (a "yes" in the medical
 * questionnaire until the operator records a doctor's clearance),
 * certification to check (given but not yet checked by the operator), or ready.
 * A booking is ready when it has a complete participant for every person of
 * its group and each of them is ready.
 */

export const READINESS = [
  "details_missing",
  "waiver_missing",
  "medical_clearance_needed",
  "certification_to_check",
  "ready",
] as const;
export type Readiness = (typeof READINESS)[number];

export const READINESS_LABELS: Record<Readiness, string> = {
  details_missing: "Details missing",
  waiver_missing: "Waiver missing",
  medical_clearance_needed: "Medical clearance needed",
  certification_to_check: "Certification to check",
  ready: "Ready",
};

/** The adventure facts readiness depends on. */
export interface ReadinessAdventure {
  category: string;
  requiresCertification: boolean;
  minAge: number;
}

/** The participant facts readiness depends on (a subset of the participants row). */
export interface ReadinessParticipant {
  fullName: string;
  dateOfBirth: string | null;
  emergencyContactName: string;
  emergencyContactPhone: string;
  heightCm: number | null;
  weightKg: number | null;
  wetsuitSize: string;
  finSize: string;
  certAgency: string;
  certLevel: string;
  certNumber: string;
  lastDiveDate: string | null;
  certCheckedAt: Date | string | null;
  medicalAnsweredAt: Date | string | null;
  medicalNeedsClearance: boolean;
  medicalClearanceAt: Date | string | null;
  waiverVersion: number | null;
  /**
   * False for someone booked in a category without dive paperwork (an observer): details and the
   * waiver only, no gear, certification or medical questions. Absent: as the adventure asks.
   */
  needsDivePaperwork?: boolean;
}

/** Diving and dive-and-camp trips go in the water: gear sizes and the medical questionnaire apply. */
export function isDivingAdventure(adventure: Pick<ReadinessAdventure, "category">): boolean {
  return adventure.category !== "camping";
}

/** The youngest anyone dives with us, whatever an adventure's own minimum says (a safety floor). */
export const DIVING_MIN_AGE = 12;
/** The youngest on a camping-only trip (with a parent or guardian). */
export const CAMPING_MIN_AGE = 8;

/**
 * The youngest a participant may be on the trip date: the adventure's own
 * minimum, never below the floor of its activity (12 for anything with
 * diving, 8 for camping). The one minimum age: the adventure page shows it,
 * the participant forms (browser and server) enforce it.
 */
export function minimumAge(adventure: ReadinessAdventure): number {
  return Math.max(isDivingAdventure(adventure) ? DIVING_MIN_AGE : CAMPING_MIN_AGE, adventure.minAge);
}

/** Whole years between a date of birth and a day (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number);
  const [y, m, d] = day.split("-").map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The latest date of birth of someone at least `years` old on `day`: the
 * date input's limit, so the browser refuses a younger participant as the
 * server does (someone born on 29 February is a year older on 28 February).
 */
export function latestBirthDate(day: string, years: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const year = String(y - years).padStart(4, "0");
  const pad = (n: number) => String(n).padStart(2, "0");
  const leap = (n: number) => (n % 4 === 0 && n % 100 !== 0) || n % 400 === 0;
  const dayOfMonth = m === 2 && d === 29 && !leap(y - years) ? 28 : d;
  return `${year}-${pad(m)}-${pad(dayOfMonth)}`;
}

/** Under 18 on the trip date: a guardian accepts the waiver for them. */
export function isMinorOn(dateOfBirth: string, tripDate: string): boolean {
  return ageOn(dateOfBirth, tripDate) < 18;
}

/** The parts of a participant's details, as the customer fills them in. */
export const DETAIL_PARTS = ["personal", "emergency", "gear", "certification", "medical"] as const;
export type DetailPart = (typeof DETAIL_PARTS)[number];

export const DETAIL_PART_LABELS: Record<DetailPart, string> = {
  personal: "name and date of birth",
  emergency: "emergency contact",
  gear: "height, weight and gear sizes",
  certification: "certification and last dive",
  medical: "medical questionnaire",
};

const blank = (v: string | number | null) => v === null || v === "";

/**
 * Which parts of the details the adventure needs and the participant has not
 * given: gear and the medical questionnaire for anything with diving,
 * certification where the adventure requires it.
 */
export function missingParts(p: ReadinessParticipant, adventure: ReadinessAdventure): DetailPart[] {
  const paperwork = p.needsDivePaperwork !== false;
  const diving = paperwork && isDivingAdventure(adventure);
  const missing: DetailPart[] = [];
  if ([p.fullName, p.dateOfBirth].some(blank)) missing.push("personal");
  if ([p.emergencyContactName, p.emergencyContactPhone].some(blank)) missing.push("emergency");
  if (diving && [p.heightCm, p.weightKg, p.wetsuitSize, p.finSize].some(blank)) missing.push("gear");
  if (
    paperwork &&
    adventure.requiresCertification &&
    [p.certAgency, p.certLevel, p.certNumber, p.lastDiveDate].some(blank)
  )
    missing.push("certification");
  if (diving && !p.medicalAnsweredAt) missing.push("medical");
  return missing;
}

/** What a participant still lacks, first to fix first; empty when ready. */
export function participantIssues(
  p: ReadinessParticipant,
  adventure: ReadinessAdventure,
  waiverRequired: boolean,
): Exclude<Readiness, "ready">[] {
  const issues: Exclude<Readiness, "ready">[] = [];
  if (missingParts(p, adventure).length > 0) issues.push("details_missing");
  if (waiverRequired && p.waiverVersion === null) issues.push("waiver_missing");
  if (p.medicalNeedsClearance && !p.medicalClearanceAt) issues.push("medical_clearance_needed");
  if (adventure.requiresCertification && p.certNumber !== "" && !p.certCheckedAt) {
    issues.push("certification_to_check");
  }
  return issues;
}

/** A participant's state: the first thing it lacks, or ready. */
export function participantReadiness(
  p: ReadinessParticipant,
  adventure: ReadinessAdventure,
  waiverRequired: boolean,
): Readiness {
  return participantIssues(p, adventure, waiverRequired)[0] ?? "ready";
}

export interface BookingReadiness {
  status: Readiness;
  /** Every distinct thing missing across the group, in READINESS order. */
  issues: Exclude<Readiness, "ready">[];
  /** Participants still to add (group size minus rows). */
  participantsMissing: number;
}

/**
 * A booking's readiness: details missing while any person of the group has no
 * participant yet, otherwise the union of its participants' issues.
 * `waiverRequired` is false only while the operator has published no waiver.
 */
export function bookingReadiness(
  groupSize: number,
  people: readonly ReadinessParticipant[],
  adventure: ReadinessAdventure,
  waiverRequired: boolean,
): BookingReadiness {
  const participantsMissing = Math.max(0, groupSize - people.length);
  const found = new Set<Readiness>(participantsMissing > 0 ? ["details_missing"] : []);
  for (const p of people)
    for (const issue of participantIssues(p, adventure, waiverRequired)) found.add(issue);
  const issues = READINESS.filter((r): r is Exclude<Readiness, "ready"> => r !== "ready" && found.has(r));
  return { status: issues[0] ?? "ready", issues, participantsMissing };
}

/**
 * What the group may see of the rule above. The booking's page and the lead
 * booker's emails are shared by the group, and a doctor's clearance is one
 * person's health information: only the operator (and the person, on their
 * own link) learns it. So the group sees what a person still has to give
 * (details, the waiver) and nothing of what the operator checks: a medical
 * clearance and a certification check read alike, as "waiting for the
 * operator" on the booking and "complete" on the person, whose row turns
 * "ready" only when the whole booking is. Which person, and why, stays out.
 */
export const GROUP_READINESS = [
  "details_missing",
  "waiver_missing",
  "waiting_for_operator",
  "ready",
] as const;
export type GroupReadiness = (typeof GROUP_READINESS)[number];
export type GroupPersonReadiness = "details_missing" | "waiver_missing" | "complete" | "ready";

export const GROUP_READINESS_LABELS: Record<GroupReadiness | GroupPersonReadiness, string> = {
  details_missing: READINESS_LABELS.details_missing,
  waiver_missing: READINESS_LABELS.waiver_missing,
  waiting_for_operator: "Waiting for the operator",
  complete: "Complete",
  ready: READINESS_LABELS.ready,
};

/** What the group needs to give, of one state: details and the waiver; the rest is the operator's. */
const groupGives = (status: Readiness): status is "details_missing" | "waiver_missing" =>
  status === "details_missing" || status === "waiver_missing";

/** The booking's state as the group sees it. */
export function groupReadiness(status: Readiness): GroupReadiness {
  return groupGives(status) || status === "ready" ? status : "waiting_for_operator";
}

/** One person's state as the group sees it, given the booking's. */
export function groupPersonReadiness(status: Readiness, booking: Readiness): GroupPersonReadiness {
  if (groupGives(status)) return status;
  return booking === "ready" ? "ready" : "complete";
}

/** The issues the group may be told about (what someone in it still has to give). */
export function groupIssues(issues: readonly Exclude<Readiness, "ready">[]) {
  return issues.filter(groupGives);
}

/**
 * What the group still has to give before the trip, in the customer's words
 * (the success page and the confirmation lead with it), or null when nothing:
 * the group's issues of the rule above, with the medical questions part of a
 * diver's details. A person with no details yet still has the waiver to
 * accept too, when one is published (`waiverRequired`).
 */
export function stillNeededText(
  readiness: Pick<BookingReadiness, "issues" | "participantsMissing">,
  adventure: Pick<ReadinessAdventure, "category">,
  waiverRequired: boolean,
): string | null {
  const issues: Exclude<Readiness, "ready">[] = groupIssues(readiness.issues);
  if (readiness.participantsMissing > 0 && waiverRequired) issues.push("waiver_missing");
  const diving = isDivingAdventure(adventure);
  const parts: string[] = [];
  if (issues.includes("details_missing"))
    parts.push(diving ? "each diver's details and medical questions" : "each person's details");
  if (issues.includes("waiver_missing"))
    parts.push(parts.length ? "the waiver" : "the waiver for each person");
  return parts.length ? parts.join(", and ") : null;
}
