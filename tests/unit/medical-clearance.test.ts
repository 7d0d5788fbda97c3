/**
 * The rules of a doctor's clearance that need no server: which detected
 * types a clearance may be, how a received file is described, what the
 * operator's record and undo require, and that readiness waits for a
 * clearance again once it is undone.
 */
import { describe, expect, it } from "vitest";
import { clearanceRecordSchema, clearanceUndoSchema } from "../../app/lib/admin-forms/clearance.ts";
import { CLEARANCE_FILE_ACCEPT, clearanceFileAccepted, clearanceFileText } from "../../app/lib/medical.ts";
import {
  participantIssues,
  type ReadinessAdventure,
  type ReadinessParticipant,
} from "../../app/lib/readiness.ts";

describe("the clearance file", () => {
  it("takes PDF and JPEG, PNG, WebP or HEIC pictures only", () => {
    for (const mime of [
      "application/pdf",
      "image/jpeg",
      "image/png",
      "image/webp",
      "image/heic",
      "image/heif",
    ]) {
      expect(clearanceFileAccepted(mime), mime).toBe(true);
    }
    for (const mime of [
      "image/gif",
      "image/avif",
      "image/svg+xml",
      "text/html",
      "video/mp4",
      "application/zip",
    ]) {
      expect(clearanceFileAccepted(mime), mime).toBe(false);
    }
    expect(CLEARANCE_FILE_ACCEPT).toContain("application/pdf");
  });

  it("is described by kind and size, never by its name", () => {
    expect(clearanceFileText("application/pdf", 120 * 1024)).toBe("PDF, 120 KB");
    expect(clearanceFileText("image/webp", 300)).toBe("picture, 1 KB");
    expect(clearanceFileText("image/webp", 2.5 * 1024 * 1024)).toBe("picture, 2.5 MB");
  });
});

describe("the operator's record", () => {
  const valid = { recorded_by: "Sam", doctor: "Dr Rhee", cleared_on: "2031-02-01" };

  it("needs who records it, the doctor and the date on the clearance; the note is optional", () => {
    expect(clearanceRecordSchema.parse(valid)).toEqual({ ...valid, note: "" });
    const missing = clearanceRecordSchema.safeParse({ note: "x" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path[0]).sort()).toEqual([
      "cleared_on",
      "doctor",
      "recorded_by",
    ]);
    expect(clearanceRecordSchema.safeParse({ ...valid, cleared_on: "1/2/2031" }).success).toBe(false);
    expect(clearanceRecordSchema.safeParse({ ...valid, note: "x".repeat(1001) }).success).toBe(false);
  });

  it("takes a request key of letters, digits and dashes only", () => {
    expect(
      clearanceRecordSchema.parse({ ...valid, request_key: crypto.randomUUID() }).request_key,
    ).toBeTruthy();
    expect(clearanceRecordSchema.safeParse({ ...valid, request_key: "short" }).success).toBe(false);
    expect(
      clearanceUndoSchema.safeParse({ recorded_by: "Sam", request_key: "a b c d e f g h" }).success,
    ).toBe(false);
  });

  it("undo needs who undoes it", () => {
    expect(clearanceUndoSchema.safeParse({ note: "wrong letter" }).success).toBe(false);
    expect(clearanceUndoSchema.parse({ recorded_by: "Sam" })).toEqual({ recorded_by: "Sam", note: "" });
  });
});

describe("readiness after an undo", () => {
  const diver: ReadinessParticipant = {
    fullName: "Clara Diver",
    dateOfBirth: "1990-01-01",
    emergencyContactName: "Jo",
    emergencyContactPhone: "0400 000 000",
    heightCm: 170,
    weightKg: 70,
    wetsuitSize: "M",
    finSize: "M",
    certAgency: "",
    certLevel: "",
    certNumber: "",
    certCheckedAt: null,
    lastDiveDate: null,
    medicalAnsweredAt: "2031-01-01",
    medicalNeedsClearance: true,
    medicalClearanceAt: "2031-01-02",
    waiverVersion: 1,
  };
  const dive: ReadinessAdventure = { category: "scuba-diving", requiresCertification: false, minAge: 12 };

  it("is not ready again once the clearance is undone", () => {
    expect(participantIssues(diver, dive, true)).not.toContain("medical_clearance_needed");
    const undone = { ...diver, medicalClearanceAt: null };
    expect(participantIssues(undone, dive, true)).toContain("medical_clearance_needed");
  });
});
