/**
 * The cancellation policy the operator sets: the site's rules in the
 * settings, an adventure's override, the booking cut-off in hours. Bad input
 * is a 400 naming the field; an edit changes the refund and the words
 * together, on cached public pages too; nothing set keeps the built-in policy.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { DEFAULT_POLICY_RULES } from "../../app/lib/policy.ts";
import { policyFaqText } from "../../app/lib/policy-words.ts";
import { availability, bookingChanges, refunds } from "../../server/db/schema.ts";
import { bookingByToken, mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { rescheduleOffer } from "../../server/domain/bookings/reschedule-offer.server.ts";
import { listFaqGroups } from "../../server/domain/content/faqs.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  bookingPayload,
  createTestApp,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

// Noon in Sydney (AEDT): the days before a trip cannot change under the test.
const clock = testClock(new Date("2030-03-12T01:00:00Z"));
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  token = await login(ctx);
});
afterAll(() => ctx?.close());

const putSettings = (body: unknown) => ctx.app.request("/api/admin/settings", authed(token, "PUT", body));

async function shown(id: string) {
  const res = await ctx.app.request("/api/adventures-pro");
  const list = (await res.json()) as { id: string; cancellation_policy: string }[];
  const found = list.find((a) => a.id === id);
  if (!found) throw new Error(`${id} is not listed`);
  return found.cancellation_policy;
}

async function cancelAt(days: number, adventureId = "dive-exhibition") {
  const { booking } = await insertBooking(ctx.db, {
    adventureId,
    paid: true,
    holdSpots: true,
    groupSize: 2,
    unitPriceCents: 10_000,
    date: addDays(sydneyDate(clock.now()), days),
    email: `edited-${days}-${adventureId}@example.com`,
  });
  const res = await ctx.app.request(
    `/api/admin/bookings/${booking.id}/status`,
    authed(token, "PUT", { status: "cancelled" }),
  );
  expect(res.status).toBe(200);
  const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
  return rows.reduce((sum, r) => sum + r.amountCents, 0);
}

const STRICTER = {
  tiers: [
    { daysBefore: 10, refundPercent: 100 },
    { hoursBefore: 72, refundPercent: 25 },
    { hoursBefore: 0, refundPercent: 0 },
  ],
  changeCutoff: { hoursBefore: 96 },
  movedKeepsOriginalTerms: false,
};

describe("the site's cancellation policy in the settings", () => {
  it("with nothing set, is the built-in policy", async () => {
    const res = await ctx.app.request("/api/admin/settings", authed(token));
    const body = (await res.json()) as { policy: unknown; policy_is_default: boolean };
    expect(body.policy).toEqual(DEFAULT_POLICY_RULES);
    expect(body.policy_is_default).toBe(true);
    expect(await shown("dive-exhibition")).toContain(
      "7 or more days before, full refund; 3-6 days, 50% refund",
    );
  });

  it.each([
    [{ tiers: [{ daysBefore: 0, refundPercent: 120 }] }, "policy.tiers.0.refundPercent"],
    [
      {
        tiers: [
          { daysBefore: 5, hoursBefore: 3, refundPercent: 50 },
          { daysBefore: 0, refundPercent: 0 },
        ],
      },
      "policy.tiers.0",
    ],
    [
      {
        tiers: [
          { daysBefore: 2, refundPercent: 100 },
          { daysBefore: 5, refundPercent: 0 },
        ],
      },
      "policy.tiers.1",
    ],
    [
      {
        tiers: [
          { daysBefore: 7, refundPercent: 10 },
          { daysBefore: 0, refundPercent: 50 },
        ],
      },
      "policy.tiers.1.refundPercent",
    ],
    [
      {
        tiers: [
          { hoursBefore: 1.5, refundPercent: 100 },
          { hoursBefore: 0, refundPercent: 0 },
        ],
      },
      "policy.tiers.0.hoursBefore",
    ],
    [{ tiers: [{ daysBefore: 3, refundPercent: 100 }] }, "policy.tiers.0"],
    [{ tiers: [] }, "policy.tiers"],
    [{ tiers: "all of it" }, "policy.tiers"],
    [{ changeCutoff: { hoursBefore: -1 } }, "policy.changeCutoff.hoursBefore"],
    [{ movedKeepsOriginalTerms: "yes" }, "policy.movedKeepsOriginalTerms"],
  ])("refuses %j with a 400 naming %s", async (change, field) => {
    const res = await putSettings({ policy: { ...DEFAULT_POLICY_RULES, ...change } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toContain(field);
  });

  it("an edit changes the refund, the adventure's words, the cancellation page and the FAQ together", async () => {
    // Read first (the public list is cached), so the edit must reach a cached answer.
    expect(await shown("dive-exhibition")).toContain("3-6 days");
    expect(await cancelAt(8)).toBe(20_000);

    const res = await putSettings({ policy: STRICTER });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { policy_is_default: boolean }).policy_is_default).toBe(false);

    expect(await shown("dive-exhibition")).toBe(
      "10 or more days before, full refund; 72 hours to 10 days, 25% refund; less than 72 hours, no refund. Weather cancellations give a full refund or a free reschedule.",
    );
    // 8 days before: the second tier now, a quarter back.
    expect(await cancelAt(8)).toBe(5_000);
    // The trip starts at 8:00 AM; at noon three days before, 68 hours remain: nothing back.
    expect(await cancelAt(3)).toBe(0);
    expect(await cancelAt(11)).toBe(20_000);

    // The seeded FAQ names the policy by its marker: read, it is the new policy's words.
    const answers = (await listFaqGroups(ctx.db)).flatMap((g) => g.items.map((i) => i.answer));
    expect(answers.some((a) => a.includes(policyFaqText(STRICTER)))).toBe(true);
    expect(answers.some((a) => a.includes("3-6 days before"))).toBe(false);
  });

  it("an adventure's own override wins for that adventure only, and bad overrides name the field", async () => {
    const adventure = await ctx.app.request("/api/admin/adventures-pro", authed(token));
    const list = (await adventure.json()) as Record<string, unknown>[];
    const shore = list.find((a) => a.id === "guided-shore-dive");
    if (!shore) throw new Error("no guided-shore-dive");
    const {
      id: _id,
      created_at: _c,
      updated_at: _u,
      view_count: _v,
      cancellation_policy: _p,
      ...fields
    } = shore;
    const bad = await ctx.app.request(
      "/api/admin/adventures-pro/guided-shore-dive",
      authed(token, "PUT", { ...fields, policy_override: { tiers: [{ daysBefore: 0, refundPercent: -5 }] } }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { errors: Record<string, string> }).errors)).toContain(
      "policy_override.tiers.0.refundPercent",
    );
    const badCutoff = await ctx.app.request(
      "/api/admin/adventures-pro/guided-shore-dive",
      authed(token, "PUT", { ...fields, booking_cutoff_hours: -3 }),
    );
    expect(badCutoff.status).toBe(400);
    expect(Object.keys(((await badCutoff.json()) as { errors: Record<string, string> }).errors)).toContain(
      "booking_cutoff_hours",
    );

    const ok = await ctx.app.request(
      "/api/admin/adventures-pro/guided-shore-dive",
      authed(token, "PUT", {
        ...fields,
        policy_override: {
          tiers: [
            { daysBefore: 1, refundPercent: 100 },
            { daysBefore: 0, refundPercent: 0 },
          ],
        },
      }),
    );
    expect(ok.status).toBe(200);
    expect(await shown("guided-shore-dive")).toMatch(
      /^1 or more days before, full refund; 0 days, no refund\./,
    );
    expect(await shown("dive-exhibition")).toMatch(/^10 or more days before/);
    expect(await cancelAt(2, "guided-shore-dive")).toBe(20_000);

    // An update without the field keeps the override.
    const again = await ctx.app.request(
      "/api/admin/adventures-pro/guided-shore-dive",
      authed(token, "PUT", { ...fields, policy_override: undefined }),
    );
    expect(again.status).toBe(200);
    expect(await shown("guided-shore-dive")).toMatch(/^1 or more days before/);
  });

  it("back to the built-in default with null", async () => {
    const res = await putSettings({ policy: null });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { policy: unknown; policy_is_default: boolean };
    expect(body.policy).toEqual(DEFAULT_POLICY_RULES);
    expect(body.policy_is_default).toBe(true);
    expect(await cancelAt(8)).toBe(20_000);
  });
});

describe("the booking cut-off in hours", () => {
  it("the date list and the API's create booking refuse a departure inside it, the same way", async () => {
    const tomorrow = addDays(sydneyDate(clock.now()), 1);
    await ctx.db
      .insert(availability)
      .values({ adventureId: "dive-exhibition", date: tomorrow, availableSpots: 4 })
      .onConflictDoNothing();
    const list = await ctx.app.request("/api/admin/adventures-pro", authed(token));
    const found = ((await list.json()) as Record<string, unknown>[]).find((a) => a.id === "dive-exhibition");
    if (!found) throw new Error("no dive-exhibition");
    const {
      id: _id,
      created_at: _c,
      updated_at: _u,
      view_count: _v,
      cancellation_policy: _p,
      ...fields
    } = found;
    const setCutoff = async (hours: number | null) => {
      const res = await ctx.app.request(
        "/api/admin/adventures-pro/dive-exhibition",
        authed(token, "PUT", { ...fields, advance_booking_days: 1, booking_cutoff_hours: hours }),
      );
      expect(res.status).toBe(200);
    };
    const offered = async () => {
      const res = await ctx.app.request("/api/adventures/dive-exhibition/dates");
      return ((await res.json()) as { date: string }[]).some((d) => d.date === tomorrow);
    };
    const book = () =>
      ctx.app.request(
        "/api/bookings",
        jsonRequest(
          "POST",
          bookingPayload({ selected_date: tomorrow, customer_email: "cutoff@example.com" }),
        ),
      );

    // Noon today, the trip starts at 8:00 AM tomorrow: 20 hours ahead.
    await setCutoff(24);
    expect(await offered()).toBe(false);
    const refused = await book();
    expect(refused.status).toBe(400);
    expect(Object.keys(((await refused.json()) as { errors: Record<string, string> }).errors)).toEqual([
      "selected_date",
    ]);

    await setCutoff(18);
    expect(await offered()).toBe(true);
    expect((await book()).status).toBe(201);
  });
});

describe("moving a booking under the policy", () => {
  const setPolicy = async (policy: unknown) => expect((await putSettings({ policy })).status).toBe(200);

  it("a nearer date says, in money, the refund a cancellation would lose; kept terms lose none", async () => {
    const near = addDays(sydneyDate(clock.now()), 4);
    await ctx.db
      .insert(availability)
      .values({ adventureId: "dive-exhibition", date: near, availableSpots: 8 })
      .onConflictDoNothing();
    const { booking } = await insertBooking(ctx.db, {
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: 10_000,
      date: addDays(sydneyDate(clock.now()), 20),
      email: "nearer@example.com",
    });
    const token = await ctx.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
    const optionFor = async () => {
      const linked = await bookingByToken(ctx.db, token, clock.now());
      if (!linked) throw new Error("no live link");
      const offer = await rescheduleOffer(ctx.db, linked, clock.now());
      if (!offer.offered) throw new Error(offer.reason);
      const option = offer.options.find((o) => o.date === near);
      if (!option) throw new Error(`${near} is not offered`);
      return option;
    };

    await setPolicy(null);
    const option = await optionFor();
    // 20 days out: all of $200 back; 4 days out: half of the new date's total.
    const after = Math.floor((option.totalCents * 50) / 100);
    expect(option.refundDropText).toBe(
      `Your refund if you cancel drops from $200.00 to $${(after / 100).toFixed(2)}`,
    );

    await setPolicy({ ...DEFAULT_POLICY_RULES, movedKeepsOriginalTerms: true });
    expect((await optionFor()).refundDropText).toBeNull();
    await setPolicy(null);
  });

  it("a moved booking's refund counts from its first date when the policy keeps its terms", async () => {
    const moved = async (email: string) => {
      const { booking } = await insertBooking(ctx.db, {
        paid: true,
        holdSpots: true,
        groupSize: 2,
        unitPriceCents: 10_000,
        date: addDays(sydneyDate(clock.now()), 20),
        email,
      });
      // First booked for 4 days from now, then moved out to 20.
      await ctx.db.insert(bookingChanges).values({
        bookingId: booking.id,
        fromDate: addDays(sydneyDate(clock.now()), 4),
        toDate: booking.selectedDate,
        groupSize: 2,
        status: "done",
      });
      const res = await ctx.app.request(
        `/api/admin/bookings/${booking.id}/status`,
        authed(token, "PUT", { status: "cancelled" }),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { refund_amount: number }).refund_amount;
    };
    expect(await moved("moved-new-terms@example.com")).toBe(200);
    await setPolicy({ ...DEFAULT_POLICY_RULES, movedKeepsOriginalTerms: true });
    expect(await moved("moved-kept-terms@example.com")).toBe(100);
    await setPolicy(null);
  });
});

describe("the terms a booking was confirmed under", () => {
  it("stay its terms after the operator edits the policy; bookings confirmed later get the new ones", async () => {
    expect((await putSettings({ policy: null })).status).toBe(200);
    let n = 0;
    const bookCash = async () => {
      n += 1;
      const payload = bookingPayload({
        adventure_id: "dive-exhibition",
        selected_date: addDays(sydneyDate(clock.now()), 8),
        group_size: 2,
        customer_email: `kept-terms-${n}@example.com`,
        payment: "cash",
        open_date: true,
      });
      delete payload.host_url;
      const res = await ctx.app.request("/api/admin/bookings", authed(token, "POST", payload));
      expect(res.status).toBe(201);
      return ((await res.json()) as { booking_id: string }).booking_id;
    };
    const cancel = async (id: string) => {
      const res = await ctx.app.request(
        `/api/admin/bookings/${id}/status`,
        authed(token, "PUT", { status: "cancelled" }),
      );
      expect(res.status).toBe(200);
      const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, id));
      return rows.reduce((sum, r) => sum + r.amountCents, 0);
    };

    const before = await bookCash(); // told: 7 or more days before, a full refund
    expect((await putSettings({ policy: STRICTER })).status).toBe(200);
    const after = await bookCash(); // told: 72 hours to 10 days, a quarter back
    expect(await cancel(before)).toBe(19_000);
    expect(await cancel(after)).toBe(4_750);
    expect((await putSettings({ policy: null })).status).toBe(200);
  });
});
