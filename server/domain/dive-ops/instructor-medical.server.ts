/**
 * Instructors and the medical answers (ADR 37). Crew see a participant's
 * medical STATUS only; when the Owner turns on "Instructors may see medical
 * answers" (a setting, off by default), a Crew member assigned as the
 * INSTRUCTOR of a departure also gets the answers of that departure's
 * participants in their manifest. Never another departure's, never as a
 * divemaster or skipper: the answers are read here, on the server, for
 * exactly those participants, and reach nobody else's answer.
 */
import { inArray } from "drizzle-orm";
import type { MedicalAnswers } from "../../../app/lib/medical.ts";
import type { DB } from "../../db/client.server.ts";
import { participants } from "../../db/schema.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { getSetting, setSetting } from "../content/settings.server.ts";
import type { CrewMember } from "./crew.server.ts";

const KEY = "instructors_see_medical";

/** Whether instructors may see their participants' medical answers (off unless the Owner turned it on). */
export async function instructorsSeeMedical(db: DB): Promise<boolean> {
  return (await getSetting<boolean>(db, KEY)) === true;
}

/** The Owner's switch, recorded in the audit log with the value before and after. */
export async function setInstructorsSeeMedical(db: DB, on: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await instructorsSeeMedical(tx);
    await setSetting(tx, KEY, on);
    await recordAudit(tx, {
      action: "update",
      entity: "settings",
      entityId: KEY,
      before: { instructors_see_medical: before },
      after: { instructors_see_medical: on },
    });
  });
}

/** One departure's group as the manifest answers it: its crew and its participants' ids. */
export interface InstructedGroup {
  crew?: readonly CrewMember[];
  participantIds: readonly string[];
}

/**
 * The medical answers `staffId` may read, by participant id: those of the
 * groups they instruct, when the setting is on; none otherwise.
 */
export async function instructorMedicalAnswers(
  db: DB,
  staffId: string,
  groups: readonly InstructedGroup[],
): Promise<Map<string, MedicalAnswers | null>> {
  const ids = groups
    .filter((g) => g.crew?.some((m) => m.member === staffId && m.role === "instructor"))
    .flatMap((g) => g.participantIds);
  if (ids.length === 0 || !(await instructorsSeeMedical(db))) return new Map();
  const rows = await db
    .select({ id: participants.id, answers: participants.medicalAnswers })
    .from(participants)
    .where(inArray(participants.id, ids));
  return new Map(rows.map((r) => [r.id, r.answers]));
}
