/**
 * The cancellation policy as the operator sets it: tiers in hours counted to
 * the departure's start (Sydney), the one resolution of an adventure's
 * effective policy, the date-change cut-off, moved bookings' terms, the
 * booking cut-off and the refund drop a nearer date brings.
 */
import { describe, expect, it } from "vitest";
import { bookableDate, bookingCutoffText, noticeOf } from "../../app/lib/booking-window.ts";
import { sydneyInstant } from "../../app/lib/dates.ts";
import { departureAt, startMinutesOf } from "../../app/lib/departure.ts";
import {
  CANCELLATION_POLICY,
  type CancellationPolicy,
  DEFAULT_POLICY_RULES,
  effectivePolicy,
  type PolicyRules,
  policyProblem,
  rulesIssue,
} from "../../app/lib/policy.ts";
import {
  changeOpen,
  freeCancellationUntil,
  refundCents,
  refundPercent,
  termsDate,
} from "../../app/lib/policy-refund.ts";
import {
  adventurePolicyText,
  cancellationSummary,
  changeClosedText,
  changeWindowText,
  policyFaqText,
  policyRows,
  policySentence,
  withPolicyWords,
} from "../../app/lib/policy-words.ts";
import { refundDropText, rescheduleBlock, rescheduleBlockText } from "../../app/lib/reschedule.ts";

const ITINERARY = ["8:00 AM - Meet at the beach", "9:00 AM - First dive"];
const HOURS: PolicyRules = {
  tiers: [
    { daysBefore: 7, refundPercent: 100 },
    { hoursBefore: 48, refundPercent: 50 },
    { hoursBefore: 0, refundPercent: 0 },
  ],
  changeCutoff: null,
  movedKeepsOriginalTerms: false,
};
// A summer trip (AEDT, +11:00) starting 8:00 AM Sydney.
const TRIP = "2026-12-20";
const at = (iso: string) => new Date(iso);

describe("the departure's start", () => {
  it("is the itinerary's first time in Sydney, else the start of the trip's day", () => {
    expect(startMinutesOf(ITINERARY)).toBe(480);
    expect(startMinutesOf(["Arrive whenever suits"])).toBeNull();
    expect(departureAt(TRIP, 480).toISOString()).toBe("2026-12-19T21:00:00.000Z");
    expect(departureAt(TRIP, null).toISOString()).toBe("2026-12-19T13:00:00.000Z");
    // Winter: AEST, +10:00.
    expect(sydneyInstant("2026-07-10", 480).toISOString()).toBe("2026-07-09T22:00:00.000Z");
  });
});

describe("tiers in hours", () => {
  const policy = effectivePolicy(HOURS, null, ITINERARY);

  it("count to the start time: 48 hours before 8:00 AM is 8:00 AM two days before", () => {
    expect(refundPercent(TRIP, at("2026-12-17T21:00:00+11:00"), policy)).toBe(50);
    expect(refundPercent(TRIP, at("2026-12-18T08:00:00+11:00"), policy)).toBe(50);
    expect(refundPercent(TRIP, at("2026-12-18T08:00:01+11:00"), policy)).toBe(0);
    expect(refundCents(20_001, TRIP, at("2026-12-10T12:00:00+11:00"), policy)).toBe(20_001);
    expect(refundCents(20_001, TRIP, at("2026-12-16T12:00:00+11:00"), policy)).toBe(10_000);
  });

  it("give the last free-cancellation day from the full refund's own tier", () => {
    // 24 hours before 8:00 AM on the 20th ends at 7:59:59.999 AM on the 19th.
    const fullInHours = effectivePolicy(
      {
        ...HOURS,
        tiers: [
          { hoursBefore: 24, refundPercent: 100 },
          { hoursBefore: 0, refundPercent: 0 },
        ],
      },
      null,
      ITINERARY,
    );
    expect(freeCancellationUntil(TRIP, fullInHours)).toBe("2026-12-19");
    // 8 hours before 8:00 AM is midnight: the last free moment is the end of the 19th.
    const toMidnight = {
      ...fullInHours,
      tiers: [{ hoursBefore: 8, refundPercent: 100 }, ...fullInHours.tiers.slice(1)],
    };
    expect(freeCancellationUntil(TRIP, toMidnight)).toBe("2026-12-19");
    // No tier refunds in full: no free-cancellation day.
    const noFullRefund: CancellationPolicy = [
      { daysBefore: 7, refundPercent: 50 },
      { daysBefore: 0, refundPercent: 0 },
    ];
    expect(policyProblem(noFullRefund)).toBeNull();
    expect(freeCancellationUntil(TRIP, noFullRefund)).toBeNull();
  });

  it("without a start time count to the start of the trip's day", () => {
    const midnight = effectivePolicy(HOURS, null, []);
    expect(refundPercent(TRIP, at("2026-12-18T00:00:00+11:00"), midnight)).toBe(50);
    expect(refundPercent(TRIP, at("2026-12-18T00:00:01+11:00"), midnight)).toBe(0);
  });

  it("are worded from the same tiers", () => {
    expect(adventurePolicyText(policy)).toBe(
      "7 or more days before, full refund; 48 hours to 7 days, 50% refund; less than 48 hours, no refund. Weather cancellations give a full refund or a free reschedule.",
    );
    expect(policySentence(policy)).toBe(
      "Full refund 7 or more days before the trip, 50% 48 hours to 7 days before, no refund within 48 hours",
    );
    expect(policyRows(policy).map((r) => r.when)).toEqual([
      "7 or more days before",
      "48 hours to 7 days before",
      "less than 48 hours before",
    ]);
    expect(policyFaqText(policy)).toBe(
      "Cancel 7 or more days before your trip for a full refund. Cancellations 48 hours to 7 days before receive a 50% refund, and cancellations less than 48 hours before are non-refundable.",
    );
    expect(changeWindowText(policy)).toBe("until 48 hours before the trip");
    expect(cancellationSummary(TRIP, at("2026-12-16T12:00:00+11:00"), policy)).toBe(
      "50% refund if cancelled by 8:00 am, Fri, 18 Dec 2026; no refund within 48 hours of the trip",
    );
  });
});

describe("the effective policy of an adventure", () => {
  it("with nothing set is the built-in policy, word for word", () => {
    const p = effectivePolicy(null, null, ITINERARY);
    expect(p.tiers).toBe(CANCELLATION_POLICY);
    expect(adventurePolicyText(p)).toBe(adventurePolicyText());
    expect(policySentence(p)).toBe(
      "Full refund 7 or more days before the trip, 50% 3-6 days before, no refund within 48 hours",
    );
    expect(changeWindowText(p)).toBe("until 48 hours before the trip");
  });

  it("takes the site's rules, and an adventure's override part by part over them", () => {
    const site = { ...HOURS, movedKeepsOriginalTerms: true };
    const own = [
      { daysBefore: 1, refundPercent: 100 },
      { daysBefore: 0, refundPercent: 0 },
    ];
    expect(effectivePolicy(site, null).tiers).toBe(HOURS.tiers);
    const p = effectivePolicy(site, { tiers: own, changeCutoff: { hoursBefore: 12 } }, ITINERARY);
    expect(p.tiers).toBe(own);
    expect(p.changeCutoff).toEqual({ hoursBefore: 12 });
    expect(p.movedKeepsOriginalTerms).toBe(true);
    expect(p.startMinutes).toBe(480);
  });
});

describe("the rules' checks name the field", () => {
  it.each([
    [{ tiers: [{ hoursBefore: 0, refundPercent: 101 }] }, "tiers.0.refundPercent"],
    [{ tiers: [{ refundPercent: 0 }] }, "tiers.0"],
    [
      {
        tiers: [
          { hoursBefore: 48, refundPercent: 100 },
          { daysBefore: 3, refundPercent: 0 },
        ],
      },
      "tiers.1",
    ],
    [{ changeCutoff: { daysBefore: 1, hoursBefore: 2 } }, "changeCutoff"],
    [{ changeCutoff: { daysBefore: 400 } }, "changeCutoff.daysBefore"],
  ])("%j: %s", (rules, path) => {
    expect(rulesIssue(rules as Partial<PolicyRules>)?.path).toBe(path);
  });

  it("the defaults pass", () => {
    expect(rulesIssue(DEFAULT_POLICY_RULES)).toBeNull();
    expect(rulesIssue(HOURS)).toBeNull();
  });
});

describe("the date-change cut-off", () => {
  it("derived: while a cancellation still refunds something (today's rule)", () => {
    const p = effectivePolicy(null, null, ITINERARY);
    expect(changeOpen(TRIP, at("2026-12-17T23:59:59+11:00"), p)).toBe(true);
    expect(changeOpen(TRIP, at("2026-12-18T00:00:00+11:00"), p)).toBe(false);
  });

  it("set: closes that many hours before the start, and says so", () => {
    const p = effectivePolicy({ ...HOURS, changeCutoff: { hoursBefore: 72 } }, null, ITINERARY);
    expect(changeOpen(TRIP, at("2026-12-17T08:00:00+11:00"), p)).toBe(true);
    expect(changeOpen(TRIP, at("2026-12-17T08:00:01+11:00"), p)).toBe(false);
    expect(changeWindowText(p)).toBe("until 72 hours before the trip");
    expect(changeClosedText(p)).toBe("the trip is within 72 hours");
    const booking = { status: "confirmed", paid: true, date: TRIP, changePending: false };
    expect(rescheduleBlock(booking, at("2026-12-17T09:00:00+11:00"), p)).toBe("no_refund_window");
    expect(rescheduleBlockText("no_refund_window", p)).toMatch(
      /^The trip is within 72 hours \(Sydney time\)/,
    );
  });
});

describe("a moved booking's terms", () => {
  it("count from the new date, or from the first date when the policy keeps them", () => {
    expect(termsDate("2026-12-20", "2026-12-10", DEFAULT_POLICY_RULES)).toBe("2026-12-20");
    expect(
      termsDate("2026-12-20", "2026-12-10", { ...DEFAULT_POLICY_RULES, movedKeepsOriginalTerms: true }),
    ).toBe("2026-12-10");
    expect(termsDate("2026-12-20", null, { ...DEFAULT_POLICY_RULES, movedKeepsOriginalTerms: true })).toBe(
      "2026-12-20",
    );
  });

  it("a nearer date that lowers the share says the drop in money", () => {
    expect(refundDropText({ percent: 100, cents: 20_000 }, { percent: 50, cents: 10_000 }, "aud")).toBe(
      "Your refund if you cancel drops from $200.00 to $100.00",
    );
    // A cheaper date at the same share: the difference is refunded now, nothing is lost.
    expect(
      refundDropText({ percent: 100, cents: 20_000 }, { percent: 100, cents: 15_000 }, "aud"),
    ).toBeNull();
  });
});

describe("the booking cut-off in hours", () => {
  const notice = noticeOf({ advanceBookingDays: 1, bookingCutoffHours: 18, itinerary: ITINERARY });

  it("closes a date that many hours before its start, beside the days' notice", () => {
    // Tomorrow 8:00 AM: open until 2:00 PM today.
    expect(bookableDate(TRIP, at("2026-12-19T14:00:00+11:00"), notice)).toBe(true);
    expect(bookableDate(TRIP, at("2026-12-19T14:00:01+11:00"), notice)).toBe(false);
    // The days' notice still holds: not today.
    expect(bookableDate(TRIP, at("2026-12-20T00:00:00+11:00"), { ...notice, bookingCutoffHours: null })).toBe(
      false,
    );
    expect(bookableDate(TRIP, at("2026-12-19T23:00:00+11:00"), { ...notice, bookingCutoffHours: null })).toBe(
      true,
    );
    expect(bookingCutoffText(18)).toBe("Bookings close 18 hours before the departure.");
    expect(bookingCutoffText(null)).toBeNull();
  });
});

describe("stored text names the policy by marker", () => {
  it("is filled in from the policy it is read with", () => {
    const p = effectivePolicy(HOURS, null);
    expect(withPolicyWords("{cancellation_policy} More text.", p)).toBe(`${policyFaqText(p)} More text.`);
    expect(withPolicyWords("<p>{cancellation_tiers}</p>")).toContain("<li>3-6 days before: 50% refund.</li>");
    expect(withPolicyWords("No marker here.")).toBe("No marker here.");
  });
});
