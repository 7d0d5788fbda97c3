/**
 * The readiness rule (app/lib/readiness.ts) and the participant schema
 * (app/lib/participants.ts): ages on the trip date, minors and their
 * guardian, what each kind of adventure asks, and the order of what to fix.
 */
import { describe, expect, it } from "vitest";
import { MEDICAL_QUESTION_IDS, needsClearance } from "../../app/lib/medical.ts";
import { participantSchema, sameName, waiverSigner } from "../../app/lib/participants.ts";
import {
  ageOn,
  bookingReadiness,
  GROUP_READINESS_LABELS,
  groupIssues,
  groupPersonReadiness,
  groupReadiness,
  isMinorOn,
  latestBirthDate,
  minimumAge,
  missingParts,
  participantIssues,
  participantReadiness,
  type ReadinessAdventure,
  type ReadinessParticipant,
  stillNeededText,
} from "../../app/lib/readiness.ts";
import { limitFor } from "../../server/security/public-limits.server.ts";

const discover: ReadinessAdventure = { category: "scuba-diving", requiresCertification: false, minAge: 12 };
const certified: ReadinessAdventure = { category: "scuba-diving", requiresCertification: true, minAge: 12 };
const camping: ReadinessAdventure = { category: "camping", requiresCertification: false, minAge: 8 };

const person = (over: Partial<ReadinessParticipant> = {}): ReadinessParticipant => ({
  fullName: "Ana Diaz",
  dateOfBirth: "1990-01-01",
  emergencyContactName: "Jo",
  emergencyContactPhone: "0400 000 000",
  heightCm: 170,
  weightKg: 70,
  wetsuitSize: "M",
  finSize: "M",
  certAgency: "PADI",
  certLevel: "Open Water Diver",
  certNumber: "123",
  lastDiveDate: "2030-01-01",
  certCheckedAt: "2030-02-01T00:00:00Z",
  medicalAnsweredAt: "2030-02-01T00:00:00Z",
  medicalNeedsClearance: false,
  medicalClearanceAt: null,
  waiverVersion: 1,
  ...over,
});

describe("ages", () => {
  it("counts whole years up to the day, birthdays on 29 February included", () => {
    expect(ageOn("2000-06-15", "2030-06-14")).toBe(29);
    expect(ageOn("2000-06-15", "2030-06-15")).toBe(30);
    expect(ageOn("2000-02-29", "2030-02-28")).toBe(29);
    expect(ageOn("2000-02-29", "2030-03-01")).toBe(30);
  });
  it("is a minor until the 18th birthday on the trip date", () => {
    expect(isMinorOn("2012-05-10", "2030-05-09")).toBe(true);
    expect(isMinorOn("2012-05-10", "2030-05-10")).toBe(false);
  });
  it("asks 12 for diving, 8 for camping, or the adventure's own higher minimum", () => {
    expect(minimumAge(discover)).toBe(12);
    expect(minimumAge(camping)).toBe(8);
    expect(minimumAge({ ...camping, minAge: 5 })).toBe(8);
    expect(minimumAge({ ...certified, minAge: 15 })).toBe(15);
    expect(minimumAge({ category: "combined", requiresCertification: false, minAge: 8 })).toBe(12);
  });
  it("gives the date input the latest birth date the age rule accepts, leap days included", () => {
    expect(latestBirthDate("2031-03-03", 12)).toBe("2019-03-03");
    expect(latestBirthDate("2032-02-29", 12)).toBe("2020-02-29");
    expect(latestBirthDate("2032-02-29", 13)).toBe("2019-02-28");
    const nextDay = (d: string) =>
      new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const trip of ["2031-01-01", "2031-02-28", "2032-02-29", "2032-03-01", "2031-12-31"]) {
      for (const years of [8, 12, 13, 18]) {
        const latest = latestBirthDate(trip, years);
        expect(ageOn(latest, trip), `${trip}, ${years}`).toBe(years);
        expect(ageOn(nextDay(latest), trip), `${trip}, ${years}, a day younger`).toBe(years - 1);
      }
    }
  });
});

describe("participant readiness", () => {
  it("is ready with everything, and names the first thing to fix otherwise", () => {
    expect(participantReadiness(person(), certified, true)).toBe("ready");
    expect(
      participantIssues(person({ emergencyContactPhone: "", waiverVersion: null }), certified, true),
    ).toEqual(["details_missing", "waiver_missing"]);
    expect(participantReadiness(person({ medicalNeedsClearance: true }), certified, true)).toBe(
      "medical_clearance_needed",
    );
    expect(
      participantReadiness(
        person({ medicalNeedsClearance: true, medicalClearanceAt: "2030-03-01" }),
        certified,
        true,
      ),
    ).toBe("ready");
    expect(participantReadiness(person({ certCheckedAt: null }), certified, true)).toBe(
      "certification_to_check",
    );
  });
  it("asks gear and the questionnaire only for diving, certification only where required", () => {
    const bare = person({
      heightCm: null,
      wetsuitSize: "",
      certAgency: "",
      certLevel: "",
      certNumber: "",
      lastDiveDate: null,
      certCheckedAt: null,
      medicalAnsweredAt: null,
    });
    expect(missingParts(bare, camping)).toEqual([]);
    expect(missingParts(bare, discover)).toEqual(["gear", "medical"]);
    expect(missingParts(bare, certified)).toEqual(["gear", "certification", "medical"]);
    expect(participantReadiness(bare, camping, true)).toBe("ready");
    // No number given: nothing to check yet (the certification is missing instead).
    expect(participantIssues(bare, certified, true)).toEqual(["details_missing"]);
  });
  it("does not ask for a waiver while none is published", () => {
    expect(participantReadiness(person({ waiverVersion: null }), discover, false)).toBe("ready");
    expect(participantReadiness(person({ waiverVersion: null }), discover, true)).toBe("waiver_missing");
  });
});

describe("booking readiness", () => {
  it("is details missing while a person of the group has no participant, and the union of issues otherwise", () => {
    expect(bookingReadiness(2, [person()], certified, true)).toEqual({
      status: "details_missing",
      issues: ["details_missing"],
      participantsMissing: 1,
    });
    const group = [person({ medicalNeedsClearance: true }), person({ certCheckedAt: null })];
    expect(bookingReadiness(2, group, certified, true)).toEqual({
      status: "medical_clearance_needed",
      issues: ["medical_clearance_needed", "certification_to_check"],
      participantsMissing: 0,
    });
    expect(bookingReadiness(1, [person()], certified, true).status).toBe("ready");
  });
});

describe("the participant schema", () => {
  const context = { adventure: certified, tripDate: "2031-06-15", today: "2031-05-01" };
  const parse = (body: Record<string, unknown>, ctx = context) =>
    participantSchema(ctx).safeParse({ full_name: "Ana Diaz", ...body });
  const fields = (body: Record<string, unknown>, ctx = context) => {
    const r = parse(body, ctx);
    return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
  };

  it("accepts form text and JSON numbers alike, and empty optional fields as not given", () => {
    const r = parse({ height_cm: "170", weight_kg: 70, date_of_birth: "", email: "", last_dive_date: null });
    expect(r.success && r.data).toMatchObject({
      height_cm: 170,
      weight_kg: 70,
      date_of_birth: null,
      email: "",
    });
  });
  it("applies the minimum age on the trip date", () => {
    expect(fields({ date_of_birth: "2019-06-15" })).toEqual([]);
    expect(fields({ date_of_birth: "2019-06-16" })).toEqual(["date_of_birth"]);
    const camp = { ...context, adventure: camping };
    expect(fields({ date_of_birth: "2023-06-15" }, camp)).toEqual([]);
    expect(fields({ date_of_birth: "2023-06-16" }, camp)).toEqual(["date_of_birth"]);
  });
  it("keeps height and weight in the table's ranges", () => {
    expect(fields({ height_cm: 50, weight_kg: 250 })).toEqual([]);
    expect(fields({ height_cm: 49, weight_kg: 251 })).toEqual(["height_cm", "weight_kg"]);
  });
  it("takes certification only where required and answers only for diving", () => {
    const answers = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false]));
    expect(
      fields({ cert_number: "1", medical_answers: answers }, { ...context, adventure: discover }),
    ).toEqual(["cert_number"]);
    expect(fields({ medical_answers: answers }, { ...context, adventure: camping })).toEqual([
      "medical_answers",
    ]);
    expect(fields({ medical_answers: { ...answers, [MEDICAL_QUESTION_IDS[0]]: undefined } })).toEqual([
      `medical_answers.${MEDICAL_QUESTION_IDS[0]}`,
    ]);
  });
  it("needs a clearance for any yes", () => {
    const no = Object.fromEntries(MEDICAL_QUESTION_IDS.map((id) => [id, false]));
    expect(needsClearance(no)).toBe(false);
    expect(needsClearance({ ...no, [MEDICAL_QUESTION_IDS.at(-1) ?? ""]: true })).toBe(true);
  });
});

describe("who signs the waiver", () => {
  const adult = { fullName: "Ana Diaz", dateOfBirth: "1990-01-01" };
  const minor = { fullName: "Tia Diaz", dateOfBirth: "2015-01-01" };
  it("lets an adult sign with their own name, typed loosely", () => {
    expect(sameName(" ana   DIAZ ", "Ana Diaz")).toBe(true);
    expect(waiverSigner(adult, "2031-01-01", { name: "ana diaz", guardianName: "" })).toMatchObject({
      ok: true,
    });
    expect(waiverSigner(adult, "2031-01-01", { name: "Someone", guardianName: "" })).toMatchObject({
      ok: false,
      field: "waiver_name",
    });
  });
  it("asks a guardian, not the minor, for a participant under 18 on the trip date", () => {
    expect(waiverSigner(minor, "2031-01-01", { name: "Tia Diaz", guardianName: "" })).toMatchObject({
      ok: false,
      field: "waiver_guardian_name",
    });
    expect(waiverSigner(minor, "2031-01-01", { name: "", guardianName: "tia diaz" })).toMatchObject({
      ok: false,
    });
    expect(waiverSigner(minor, "2031-01-01", { name: "", guardianName: "Rosa Diaz" })).toEqual({
      ok: true,
      signedName: "Rosa Diaz",
      guardianName: "Rosa Diaz",
    });
    // Eighteen on the day: signs for themself.
    expect(waiverSigner(minor, "2033-01-01", { name: "Tia Diaz", guardianName: "" })).toMatchObject({
      ok: true,
    });
  });
  it("needs the date of birth first", () => {
    expect(
      waiverSigner({ ...adult, dateOfBirth: null }, "2031-01-01", { name: "Ana Diaz", guardianName: "" }),
    ).toMatchObject({
      ok: false,
      field: "date_of_birth",
    });
  });
});

describe("the participant form's post budget", () => {
  it("has its own, wider than one page form's, for a group's people and corrections", () => {
    expect(limitFor("POST", "/my-booking/tok/participants/2")?.name).toBe("participants");
    expect(limitFor("POST", "/my-booking/tok/participants/2.data")?.name).toBe("participants");
    expect(limitFor("POST", "/my-booking/tok")?.name).toBe("booking-link");
    // A participant's own link posts the same form.
    expect(limitFor("POST", "/my-details/tok")?.name).toBe("participants");
    expect(limitFor("POST", "/my-details/tok.data")?.name).toBe("participants");
  });
});

describe("what the group may see", () => {
  const clearance = person({ medicalNeedsClearance: true });
  const toCheck = person({ certCheckedAt: null });

  it("reads the operator's checks alike, as waiting for the operator, whichever it is", () => {
    const withClearance = bookingReadiness(2, [person(), clearance], discover, true);
    const withCheck = bookingReadiness(2, [person(), toCheck], certified, true);
    expect(withClearance.status).toBe("medical_clearance_needed");
    expect(groupReadiness(withClearance.status)).toBe("waiting_for_operator");
    expect(groupReadiness(withCheck.status)).toBe("waiting_for_operator");
    expect(GROUP_READINESS_LABELS.waiting_for_operator).toBe("Waiting for the operator");
    expect(groupIssues(withClearance.issues)).toEqual([]);
  });

  it("shows a person as complete, not which of them the operator is waiting for", () => {
    const booking = bookingReadiness(2, [person(), clearance], discover, true).status;
    const states = [person(), clearance].map((p) =>
      groupPersonReadiness(participantReadiness(p, discover, true), booking),
    );
    expect(states).toEqual(["complete", "complete"]);
    // Ready only once the whole booking is.
    expect(groupPersonReadiness("ready", "ready")).toBe("ready");
  });

  it("keeps what the group itself has to give, first to fix first", () => {
    const lacking = person({ waiverVersion: null, medicalNeedsClearance: true });
    expect(participantIssues(lacking, discover, true)).toEqual([
      "waiver_missing",
      "medical_clearance_needed",
    ]);
    expect(groupIssues(participantIssues(lacking, discover, true))).toEqual(["waiver_missing"]);
    expect(groupPersonReadiness("details_missing", "details_missing")).toBe("details_missing");
    expect(groupReadiness(bookingReadiness(2, [lacking], discover, true).status)).toBe("details_missing");
  });
});

describe("what the group still has to give, in words", () => {
  const dive = { category: "diving" };
  const camp = { category: "camping" };
  const none = { participantsMissing: 0 };
  it("names a diver's details with the medical questions, and the waiver", () => {
    expect(stillNeededText({ ...none, issues: ["details_missing", "waiver_missing"] }, dive, true)).toBe(
      "each diver's details and medical questions, and the waiver",
    );
    expect(stillNeededText({ ...none, issues: ["details_missing"] }, camp, true)).toBe(
      "each person's details",
    );
    expect(stillNeededText({ ...none, issues: ["waiver_missing"] }, dive, true)).toBe(
      "the waiver for each person",
    );
  });
  it("asks a group that has given nothing yet for the waiver too, once one is published", () => {
    const fresh = bookingReadiness(
      2,
      [],
      { category: "diving", requiresCertification: false, minAge: 12 },
      true,
    );
    expect(stillNeededText(fresh, dive, true)).toBe(
      "each diver's details and medical questions, and the waiver",
    );
    expect(stillNeededText(fresh, dive, false)).toBe("each diver's details and medical questions");
  });
  it("is nothing when only the operator's checks are left, or nothing at all", () => {
    const issues = ["medical_clearance_needed", "certification_to_check"] as const;
    expect(stillNeededText({ ...none, issues: [...issues] }, dive, true)).toBeNull();
    expect(stillNeededText({ ...none, issues: [] }, dive, true)).toBeNull();
  });
});
