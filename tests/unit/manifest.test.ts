import { describe, expect, it } from "vitest";
import {
  assembleManifest,
  type ManifestBookingRow,
  type ManifestParticipantRow,
} from "../../server/domain/dive-ops/manifest.server.ts";
import { manifestCsv } from "../../server/domain/dive-ops/manifest-csv.server.ts";

const DATE = "2031-06-14";

function booking(overrides: Partial<ManifestBookingRow>): ManifestBookingRow {
  return {
    id: "b",
    reference: "TW-0000",
    bookingStatus: "confirmed",
    customerFirstName: "Mia",
    customerLastName: "Nguyen",
    customerPhone: "0412 345 678",
    customerEmail: "mia@example.com",
    groupSize: 1,
    specialRequirements: "",
    adventureId: "dive",
    adventureTitle: "Discover Scuba Diving",
    category: "scuba-diving",
    requiresCertification: false,
    minAge: 12,
    ...overrides,
  };
}

function person(overrides: Partial<ManifestParticipantRow>): ManifestParticipantRow {
  return {
    id: "p",
    bookingId: "b",
    position: 1,
    fullName: "Mia Nguyen",
    dateOfBirth: "2000-06-15",
    emergencyContactName: "Lan Nguyen",
    emergencyContactPhone: "0400 000 000",
    heightCm: 165,
    weightKg: 60,
    wetsuitSize: "S",
    finSize: "M",
    certAgency: "",
    certLevel: "",
    certNumber: "",
    lastDiveDate: null,
    certCheckedAt: null,
    medicalAnsweredAt: new Date("2031-06-01T00:00:00Z"),
    medicalNeedsClearance: false,
    medicalClearanceAt: null,
    waiverVersion: 1,
    checkedInAt: null,
    ...overrides,
  };
}

describe("assembleManifest", () => {
  it("groups bookings by adventure in the order given and people by position", () => {
    const rows = [
      booking({ id: "b1", reference: "TW-1", adventureId: "dive", groupSize: 2 }),
      booking({
        id: "b2",
        reference: "TW-2",
        adventureId: "camp",
        adventureTitle: "Camping",
        category: "camping",
      }),
      booking({ id: "b3", reference: "TW-3", adventureId: "dive", groupSize: 1 }),
    ];
    const people = [
      person({ id: "p12", bookingId: "b1", position: 2, fullName: "Second" }),
      person({ id: "p11", bookingId: "b1", position: 1, fullName: "First" }),
      person({ id: "p3", bookingId: "b3", checkedInAt: new Date("2031-06-14T22:00:00Z") }),
    ];
    const m = assembleManifest(DATE, DATE, rows, people, true);
    expect(m.adventures.map((a) => [a.adventure_id, a.bookings.map((b) => b.reference), a.people])).toEqual([
      ["dive", ["TW-1", "TW-3"], 3],
      ["camp", ["TW-2"], 1],
    ]);
    expect(m.adventures[0].bookings[0].participants.map((p) => p.full_name)).toEqual(["First", "Second"]);
    expect(m.adventures[1].diving).toBe(false);
    expect(m.adventures[1].bookings[0].missing_positions).toEqual([1]);
    expect(m.totals).toEqual({ bookings: 3, people: 4, ready: 3, not_ready: 1, checked_in: 1 });
  });

  it("says the age on the trip day and the medical status, never more", () => {
    const rows = [booking({ id: "b1", groupSize: 4 })];
    const people = [
      person({ id: "a", bookingId: "b1", position: 1, dateOfBirth: "2000-06-15" }),
      person({
        id: "b",
        bookingId: "b1",
        position: 2,
        dateOfBirth: "2000-06-14",
        medicalNeedsClearance: true,
      }),
      person({
        id: "c",
        bookingId: "b1",
        position: 3,
        medicalNeedsClearance: true,
        medicalClearanceAt: new Date("2031-06-10T00:00:00Z"),
      }),
      person({ id: "d", bookingId: "b1", position: 4, medicalAnsweredAt: null, dateOfBirth: null }),
    ];
    const [a, b, c, d] = assembleManifest(DATE, DATE, rows, people, true).adventures[0].bookings[0]
      .participants;
    expect([a.age, b.age, d.age]).toEqual([30, 31, null]);
    expect([a.medical, b.medical, c.medical, d.medical]).toEqual([
      "no_medical_issues",
      "clearance_needed",
      "clearance_received",
      "not_answered",
    ]);
    expect([a.readiness, b.readiness, c.readiness, d.readiness]).toEqual([
      "ready",
      "medical_clearance_needed",
      "ready",
      "details_missing",
    ]);
  });

  it("offers to complete the date only from the trip day on and while confirmed bookings remain", () => {
    const confirmed = [booking({ id: "b1" })];
    const completed = [booking({ id: "b1", bookingStatus: "completed" })];
    expect(assembleManifest(DATE, "2031-06-13", confirmed, [], true).can_complete).toBe(false);
    expect(assembleManifest(DATE, DATE, confirmed, [], true)).toMatchObject({
      can_complete: true,
      to_complete: 1,
    });
    expect(assembleManifest(DATE, "2031-07-01", confirmed, [], true).can_complete).toBe(true);
    expect(assembleManifest(DATE, DATE, completed, [], true)).toMatchObject({
      can_complete: false,
      to_complete: 0,
    });
  });

  it("leaves out a row past the group size, left from a larger group", () => {
    const rows = [booking({ id: "b1", groupSize: 1 })];
    const people = [
      person({ id: "one", bookingId: "b1" }),
      person({ id: "two", bookingId: "b1", position: 2 }),
    ];
    const [b] = assembleManifest(DATE, DATE, rows, people, true).adventures[0].bookings;
    expect(b.participants.map((p) => p.id)).toEqual(["one"]);
    expect(b.missing_positions).toEqual([]);
  });

  it("asks for no waiver before one is published", () => {
    const rows = [booking({ id: "b1" })];
    const unsigned = [person({ bookingId: "b1", waiverVersion: null })];
    expect(
      assembleManifest(DATE, DATE, rows, unsigned, true).adventures[0].bookings[0].readiness.status,
    ).toBe("waiver_missing");
    expect(
      assembleManifest(DATE, DATE, rows, unsigned, false).adventures[0].bookings[0].readiness.status,
    ).toBe("ready");
  });
});

describe("manifestCsv", () => {
  it("writes a record per person, the ones not entered included", () => {
    const m = assembleManifest(
      DATE,
      DATE,
      [booking({ id: "b1", reference: "TW-1", groupSize: 2, customerFirstName: "-Mia" })],
      [person({ bookingId: "b1" })],
      true,
    );
    const lines = manifestCsv(m).split("\r\n");
    expect(lines[0]).toMatch(/^date,adventure,reference,booking_status,customer_name,/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^2031-06-14,Discover Scuba Diving,TW-1,confirmed,'-Mia Nguyen,0412 345 678,/);
    expect(lines[1]).toContain(
      ",1,Mia Nguyen,30,ready,165,60,S,M,,,,,,Lan Nguyen,0400 000 000,no medical issues,no",
    );
    expect(lines[2]).toContain(",details missing,2,,,details missing");
    expect(lines[3]).toBe("");
  });
});
