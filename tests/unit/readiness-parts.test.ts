import { describe, expect, it } from "vitest";
import { groupReadiness, missingParts, type ReadinessParticipant } from "../../app/lib/readiness.ts";

const complete: ReadinessParticipant = {
  fullName: "Ruby Diver",
  dateOfBirth: "1990-01-01",
  emergencyContactName: "Sam",
  emergencyContactPhone: "0400 000 000",
  heightCm: 170,
  weightKg: 70,
  wetsuitSize: "M",
  finSize: "M",
  certAgency: "PADI",
  certLevel: "Open Water",
  certNumber: "123",
  lastDiveDate: "2026-01-01",
  certCheckedAt: null,
  medicalAnsweredAt: "2026-11-01",
  medicalNeedsClearance: false,
  medicalClearanceAt: null,
  waiverVersion: 1,
};
const dive = { category: "diving", requiresCertification: true, minAge: 12 };

// Each missing field on its own is enough to mark its part of the details as still needed.
describe("the parts of the details still missing", () => {
  it("is nothing for complete details", () => {
    expect(missingParts(complete, dive)).toEqual([]);
  });
  it("names the personal part when only the date of birth is missing", () => {
    expect(missingParts({ ...complete, dateOfBirth: null }, dive)).toEqual(["personal"]);
    expect(missingParts({ ...complete, fullName: "" }, dive)).toEqual(["personal"]);
  });
  it("names the emergency part when only the phone is missing", () => {
    expect(missingParts({ ...complete, emergencyContactPhone: "" }, dive)).toEqual(["emergency"]);
  });
  it("names the certification part when only one certification field is missing", () => {
    expect(missingParts({ ...complete, certNumber: "" }, dive)).toEqual(["certification"]);
    expect(missingParts({ ...complete, lastDiveDate: null }, dive)).toEqual(["certification"]);
  });
});

describe("the booking's state as the group sees it", () => {
  it("is ready when the booking is, and the operator's checks read alike", () => {
    expect(groupReadiness("ready")).toBe("ready");
    expect(groupReadiness("medical_clearance_needed")).toBe("waiting_for_operator");
    expect(groupReadiness("certification_to_check")).toBe("waiting_for_operator");
    expect(groupReadiness("waiver_missing")).toBe("waiver_missing");
  });
});
