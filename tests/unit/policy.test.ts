import { afterEach, describe, expect, it, vi } from "vitest";
import { addDays } from "../../app/lib/dates.ts";
import { CANCELLATION_POLICY, type CancellationPolicy, policyProblem } from "../../app/lib/policy.ts";
import { freeCancellationUntil, refundCents, refundPercent } from "../../app/lib/policy-refund.ts";
import {
  adventurePolicyText,
  cancellationSummary,
  changeWindowText,
  noRefundWindowText,
  policyFaqText,
  policyHtmlList,
  policyRows,
  policyRule,
  policySentence,
} from "../../app/lib/policy-words.ts";

const at = (iso: string) => new Date(iso);

/** An instant at the given Sydney wall-clock time, with its UTC offset spelled out. */
const sydney = (local: string, offset: "+10:00" | "+11:00") => new Date(`${local}${offset}`);

describe("refundPercent by Sydney calendar days before the trip", () => {
  // 2026-07-20 is in winter (AEST, UTC+10), away from any DST change.
  const trip = "2026-07-20";
  it.each([
    [30, 100],
    [8, 100],
    [7, 100],
    [6, 50],
    [5, 50],
    [4, 50],
    [3, 50],
    [2, 0],
    [1, 0],
    [0, 0],
    [-1, 0],
    [-30, 0],
  ])("%d days before -> %d%%", (days, percent) => {
    const day = addDays(trip, -days);
    // Both ends of that Sydney day give the same answer.
    expect(refundPercent(trip, sydney(`${day}T00:00:00`, "+10:00"))).toBe(percent);
    expect(refundPercent(trip, sydney(`${day}T23:59:59`, "+10:00"))).toBe(percent);
  });

  it("counts Sydney days, not UTC days", () => {
    // 7 days before in Sydney is 13 July; 14:00 UTC on 12 July is already 00:00 on 13 July in Sydney.
    expect(refundPercent(trip, at("2026-07-12T13:59:59Z"))).toBe(100); // 12 July 23:59 Sydney: 8 days
    expect(refundPercent(trip, at("2026-07-13T13:59:59Z"))).toBe(100); // 13 July 23:59 Sydney: 7 days
    expect(refundPercent(trip, at("2026-07-13T14:00:00Z"))).toBe(50); // 14 July 00:00 Sydney: 6 days
    // 3 days before ends at 23:59:59 on 17 July Sydney = 13:59:59 UTC.
    expect(refundPercent(trip, at("2026-07-17T13:59:59Z"))).toBe(50);
    expect(refundPercent(trip, at("2026-07-17T14:00:00Z"))).toBe(0);
  });

  describe("around the end of daylight saving (Sunday 5 April 2026, 3 am AEDT -> 2 am AEST)", () => {
    it("7 days before falls on the switch day: a 25-hour day, all of it still a full refund", () => {
      const t = "2026-04-12";
      expect(freeCancellationUntil(t)).toBe("2026-04-05");
      expect(refundPercent(t, at("2026-04-04T12:59:59Z"))).toBe(100); // Sat 4 Apr 23:59:59 AEDT: 8 days
      expect(refundPercent(t, at("2026-04-04T13:00:00Z"))).toBe(100); // Sun 5 Apr 00:00 AEDT: 7 days
      expect(refundPercent(t, at("2026-04-04T15:59:59Z"))).toBe(100); // 02:59:59 AEDT
      expect(refundPercent(t, at("2026-04-04T16:00:00Z"))).toBe(100); // 02:00:00 AEST (repeated hour)
      expect(refundPercent(t, at("2026-04-05T13:00:00Z"))).toBe(100); // 23:00 AEST, 24 h after midnight
      expect(refundPercent(t, at("2026-04-05T13:59:59Z"))).toBe(100); // Sun 5 Apr 23:59:59 AEST
      expect(refundPercent(t, at("2026-04-05T14:00:00Z"))).toBe(50); // Mon 6 Apr 00:00 AEST: 6 days
    });

    it("a trip on the switch day: 3 days before ends at AEDT midnight", () => {
      const t = "2026-04-05";
      expect(refundPercent(t, sydney("2026-04-02T23:59:59", "+11:00"))).toBe(50);
      expect(refundPercent(t, sydney("2026-04-03T00:00:00", "+11:00"))).toBe(0);
      expect(refundPercent(t, sydney("2026-03-29T23:59:59", "+11:00"))).toBe(100);
      expect(refundPercent(t, sydney("2026-03-30T00:00:00", "+11:00"))).toBe(50);
    });

    it("a trip after the switch, cancelled before it: the lost hour does not shift the deadline", () => {
      const t = "2026-04-08"; // 3 days before = Sun 5 April
      expect(refundPercent(t, sydney("2026-04-05T23:59:59", "+10:00"))).toBe(50);
      expect(refundPercent(t, sydney("2026-04-06T00:00:00", "+10:00"))).toBe(0);
      expect(refundPercent(t, sydney("2026-04-01T00:00:00", "+11:00"))).toBe(100); // 7 days
      expect(refundPercent(t, sydney("2026-04-01T23:59:59", "+11:00"))).toBe(100);
      expect(refundPercent(t, sydney("2026-04-02T00:00:00", "+11:00"))).toBe(50);
    });
  });

  describe("around the start of daylight saving (Sunday 4 October 2026, 2 am AEST -> 3 am AEDT)", () => {
    it("7 days before falls on the switch day: a 23-hour day, all of it still a full refund", () => {
      const t = "2026-10-11";
      expect(freeCancellationUntil(t)).toBe("2026-10-04");
      expect(refundPercent(t, at("2026-10-03T13:59:59Z"))).toBe(100); // Sat 3 Oct 23:59:59 AEST: 8 days
      expect(refundPercent(t, at("2026-10-03T14:00:00Z"))).toBe(100); // Sun 4 Oct 00:00 AEST: 7 days
      expect(refundPercent(t, at("2026-10-03T16:00:00Z"))).toBe(100); // 03:00 AEDT
      expect(refundPercent(t, at("2026-10-04T12:59:59Z"))).toBe(100); // Sun 4 Oct 23:59:59 AEDT
      expect(refundPercent(t, at("2026-10-04T13:00:00Z"))).toBe(50); // Mon 5 Oct 00:00 AEDT: 6 days
      expect(refundPercent(t, at("2026-10-04T13:30:00Z"))).toBe(50); // only 23.5 h after that midnight
    });

    it("a trip on the switch day", () => {
      const t = "2026-10-04";
      expect(refundPercent(t, sydney("2026-10-01T23:59:59", "+10:00"))).toBe(50); // 3 days
      expect(refundPercent(t, sydney("2026-10-02T00:00:00", "+10:00"))).toBe(0); // 2 days
      expect(refundPercent(t, sydney("2026-09-27T23:59:59", "+10:00"))).toBe(100); // 7 days
      expect(refundPercent(t, sydney("2026-09-28T00:00:00", "+10:00"))).toBe(50); // 6 days
      expect(refundPercent(t, sydney("2026-10-04T01:59:59", "+10:00"))).toBe(0);
      expect(refundPercent(t, sydney("2026-10-04T03:00:00", "+11:00"))).toBe(0);
    });

    it("a trip after the switch, cancelled before it", () => {
      const t = "2026-10-07"; // 3 days before = Sun 4 October
      expect(refundPercent(t, sydney("2026-10-04T23:59:59", "+11:00"))).toBe(50);
      expect(refundPercent(t, sydney("2026-10-05T00:00:00", "+11:00"))).toBe(0);
      expect(refundPercent(t, sydney("2026-09-30T00:00:00", "+10:00"))).toBe(100); // 7 days
      expect(refundPercent(t, sydney("2026-09-30T23:59:59", "+10:00"))).toBe(100);
      expect(refundPercent(t, sydney("2026-10-01T00:00:00", "+10:00"))).toBe(50);
    });
  });

  it("the full-refund deadline is the end of freeCancellationUntil's Sydney day, across the year", () => {
    // Every trip date of 2026 (both DST changes included): last second of the
    // free day is 100%, the first second of the next day is 50%.
    for (let d = "2026-01-01"; d <= "2026-12-31"; d = addDays(d, 1)) {
      // The default policy has a full-refund tier, so there is always a deadline.
      const free = freeCancellationUntil(d) as string;
      const next = addDays(free, 1);
      const endOfFree = lastInstantOfSydneyDay(free);
      expect(refundPercent(d, endOfFree), `${d} at end of ${free}`).toBe(100);
      expect(refundPercent(d, new Date(endOfFree.getTime() + 1000)), `${d} at start of ${next}`).toBe(50);
    }
  });

  describe("defaults and server time zone", () => {
    const original = process.env.TZ;
    afterEach(() => {
      vi.useRealTimers();
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it("uses the current instant by default", () => {
      vi.useFakeTimers();
      vi.setSystemTime(at("2026-04-05T13:59:59Z")); // Sun 5 Apr 23:59:59 AEST
      expect(refundPercent("2026-04-12")).toBe(100);
      expect(refundCents(39500, "2026-04-12")).toBe(39500);
      vi.setSystemTime(at("2026-04-05T14:00:00Z"));
      expect(refundPercent("2026-04-12")).toBe(50);
      expect(refundCents(39500, "2026-04-12")).toBe(19750);
    });

    it.each(["UTC", "America/New_York", "Asia/Kolkata"])("gives the same answers with TZ=%s", (tz) => {
      process.env.TZ = tz;
      expect(refundPercent("2026-04-12", at("2026-04-05T13:59:59Z"))).toBe(100);
      expect(refundPercent("2026-04-12", at("2026-04-05T14:00:00Z"))).toBe(50);
      expect(refundPercent("2026-10-11", at("2026-10-04T12:59:59Z"))).toBe(100);
      expect(refundPercent("2026-10-11", at("2026-10-04T13:00:00Z"))).toBe(50);
      expect(freeCancellationUntil("2026-10-11")).toBe("2026-10-04");
      expect(freeCancellationUntil("2026-04-12")).toBe("2026-04-05");
    });
  });
});

describe("refundCents", () => {
  const trip = "2026-07-20";
  const early = sydney("2026-07-01T12:00:00", "+10:00");
  const middle = sydney("2026-07-15T12:00:00", "+10:00");
  const late = sydney("2026-07-19T12:00:00", "+10:00");

  it("gives the full amount, half, or nothing", () => {
    expect(refundCents(39500, trip, early)).toBe(39500);
    expect(refundCents(39500, trip, middle)).toBe(19750);
    expect(refundCents(39500, trip, late)).toBe(0);
  });

  it("rounds half a cent down and always gives whole cents", () => {
    expect(refundCents(9999, trip, middle)).toBe(4999);
    expect(refundCents(1, trip, middle)).toBe(0);
    for (const paid of [1, 3, 95, 13_501, 158_000, 999_999]) {
      const r = refundCents(paid, trip, middle);
      expect(Number.isInteger(r)).toBe(true);
      expect(r).toBeLessThanOrEqual(paid / 2);
      expect(paid / 2 - r).toBeLessThan(1);
    }
  });

  it("refunds nothing of nothing", () => {
    expect(refundCents(0, trip, early)).toBe(0);
  });
});

describe("freeCancellationUntil", () => {
  it.each([
    ["2026-07-20", "2026-07-13"],
    ["2026-03-03", "2026-02-24"],
    ["2028-03-05", "2028-02-27"],
    ["2026-03-05", "2026-02-26"],
    ["2027-01-03", "2026-12-27"],
    ["2026-04-12", "2026-04-05"],
    ["2026-10-11", "2026-10-04"],
  ])("trip %s -> %s", (trip, until) => {
    expect(freeCancellationUntil(trip)).toBe(until);
  });
});

describe("the policy's words are made from its tiers", () => {
  it("the default tiers read as the spec words the policy", () => {
    expect(policyProblem(CANCELLATION_POLICY)).toBeNull();
    // public-site.md, business rules: "Cancellation policy: 7 or more days before, full refund;
    // 3-6 days, 50% refund; 0-2 days, no refund (the FAQ words it as within 48 hours non-refundable)".
    expect(policyRule()).toBe(
      "7 or more days before, full refund; 3-6 days, 50% refund; 0-2 days, no refund",
    );
    expect(policyFaqText()).toBe(
      "Cancel 7 or more days before your trip for a full refund. Cancellations 3-6 days before receive a 50% refund, and cancellations 0-2 days before (within 48 hours) are non-refundable.",
    );
    expect(adventurePolicyText()).toBe(
      "7 or more days before, full refund; 3-6 days, 50% refund; 0-2 days, no refund. Weather cancellations give a full refund or a free reschedule.",
    );
    expect(policySentence()).toBe(
      "Full refund 7 or more days before the trip, 50% 3-6 days before, no refund within 48 hours",
    );
    expect(policyRows().map((r) => [r.when, r.refund])).toEqual([
      ["7 or more days before", "Full refund"],
      ["3-6 days before", "50% refund"],
      ["0-2 days before (within 48 hours)", "No refund"],
    ]);
    expect(policyHtmlList()).toBe(
      "<ul><li>7 or more days before: full refund.</li><li>3-6 days before: 50% refund.</li><li>0-2 days before (within 48 hours): no refund.</li></ul>",
    );
    expect(changeWindowText()).toBe("until 48 hours before the trip");
    expect(noRefundWindowText()).toBe("the trip is within 48 hours");
    const trip = "2026-07-20";
    expect(cancellationSummary(trip, sydney("2026-07-10T12:00:00", "+10:00"))).toBe(
      "Free cancellation until Mon, 13 July 2026",
    );
    expect(cancellationSummary(trip, sydney("2026-07-15T12:00:00", "+10:00"))).toBe(
      "50% refund if cancelled by Fri, 17 July 2026; no refund within 48 hours of the trip",
    );
    expect(cancellationSummary(trip, sydney("2026-07-19T12:00:00", "+10:00"))).toBe(
      "Non-refundable: the trip is within 48 hours (weather cancellations are always refunded)",
    );
  });

  // Another policy an operator might choose: both the refund and every sentence move with it.
  const stricter: CancellationPolicy = [
    { daysBefore: 14, refundPercent: 100 },
    { daysBefore: 5, refundPercent: 25 },
    { daysBefore: 0, refundPercent: 0 },
  ];

  it("changing the tiers changes the refund and the words together", () => {
    expect(policyProblem(stricter)).toBeNull();
    const trip = "2026-07-20";
    const daysBefore = (days: number) => sydney(`${addDays(trip, -days)}T12:00:00`, "+10:00");
    expect(refundPercent(trip, daysBefore(10))).toBe(100);
    expect(refundPercent(trip, daysBefore(10), stricter)).toBe(25);
    expect(refundCents(20_000, trip, daysBefore(10), stricter)).toBe(5_000);
    expect(refundPercent(trip, daysBefore(4), stricter)).toBe(0);
    expect(freeCancellationUntil(trip, stricter)).toBe("2026-07-06");

    expect(policyRule(stricter)).toBe(
      "14 or more days before, full refund; 5-13 days, 25% refund; 0-4 days, no refund",
    );
    expect(policySentence(stricter)).toBe(
      "Full refund 14 or more days before the trip, 25% 5-13 days before, no refund within 96 hours",
    );
    expect(policyRows(stricter).map((r) => r.when)).toEqual([
      "14 or more days before",
      "5-13 days before",
      "0-4 days before (within 96 hours)",
    ]);
    expect(changeWindowText(stricter)).toBe("until 96 hours before the trip");
    expect(cancellationSummary(trip, daysBefore(10), stricter)).toBe(
      "25% refund if cancelled by Wed, 15 July 2026; no refund within 96 hours of the trip",
    );
    expect(cancellationSummary(trip, daysBefore(20), stricter)).toBe(
      "Free cancellation until Mon, 6 July 2026",
    );
  });

  it.each([
    ["the default", CANCELLATION_POLICY],
    ["a stricter one", stricter],
    [
      "one that refunds on the trip day",
      [
        { daysBefore: 2, refundPercent: 100 },
        { daysBefore: 1, refundPercent: 75 },
        { daysBefore: 0, refundPercent: 10 },
      ],
    ],
  ] as const)("for %s, the table's row for every day says what that day refunds", (_, policy) => {
    const trip = "2026-07-20";
    const rows = policyRows(policy);
    for (let days = 0; days <= 30; days++) {
      const at = sydney(`${addDays(trip, -days)}T12:00:00`, "+10:00");
      const row = rows.find((r) => {
        const m = /^(\d+)(?:-(\d+)| or more)? days? before/.exec(r.when);
        if (!m) throw new Error(`unreadable row ${r.when}`);
        const from = Number(m[1]);
        const to = m[2] === undefined ? (r.when.includes("or more") ? Infinity : from) : Number(m[2]);
        return days >= from && days <= to;
      });
      const percent = refundPercent(trip, at, policy);
      const words = percent === 100 ? "Full refund" : percent === 0 ? "No refund" : `${percent}% refund`;
      expect(row?.refund, `${days} days before`).toBe(words);
    }
  });

  it("refuses tiers that cannot be a policy", () => {
    expect(policyProblem([])).toMatch(/at least one tier/);
    expect(policyProblem([{ daysBefore: 3, refundPercent: 100 }])).toMatch(/trip day/);
    expect(
      policyProblem([
        { daysBefore: 3, refundPercent: 50 },
        { daysBefore: 7, refundPercent: 100 },
        { daysBefore: 0, refundPercent: 0 },
      ]),
    ).toMatch(/most days before/);
    expect(
      policyProblem([
        { daysBefore: 7, refundPercent: 50 },
        { daysBefore: 0, refundPercent: 100 },
      ]),
    ).toMatch(/never gets more back/);
    expect(policyProblem([{ daysBefore: 0, refundPercent: 120 }])).toMatch(/0 to 100/);
  });
});

/** 23:59:59 Sydney time on the given calendar day, found without assuming the UTC offset. */
function lastInstantOfSydneyDay(day: string): Date {
  for (const offset of ["+11:00", "+10:00"]) {
    const candidate = new Date(`${day}T23:59:59${offset}`);
    const wall = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Australia/Sydney",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    }).format(candidate);
    if (wall === `${day}, 23:59:59`) return candidate;
  }
  throw new Error(`no 23:59:59 found on ${day}`);
}
