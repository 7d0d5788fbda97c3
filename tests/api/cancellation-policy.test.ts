/**
 * One cancellation policy: the words a customer reads on an adventure are
 * made from the tiers the refund is worked out with, so the operator cannot
 * publish a policy the refund does not follow, and a cancellation gives back
 * what the shown words promise.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { formatMoney } from "../../app/lib/money.ts";
import { emailOutbox, refunds } from "../../server/db/schema.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

// Noon in Sydney: the days before the trip cannot change under the test.
const clock = testClock(new Date("2030-03-12T01:00:00Z"));
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  token = await login(ctx);
});
afterAll(() => ctx?.close());

/** The adventure as the public pages get it. */
async function shownAdventure(id: string) {
  const res = await ctx.app.request("/api/adventures-pro");
  const list = (await res.json()) as { id: string; cancellation_policy: string }[];
  const found = list.find((a) => a.id === id);
  if (!found) throw new Error(`${id} is not listed`);
  return found;
}

/**
 * The refund share the shown words give for cancelling `days` days before the
 * trip, read the way a customer reads "7 or more days before, full refund;
 * 3-6 days, 50% refund; 0-2 days, no refund".
 */
function promisedPercent(words: string, days: number): number {
  const clauses = [
    ...words.matchAll(/(\d+)(?:-(\d+)| or more)? days?[^,;]*, (full refund|no refund|(\d+)% refund)/g),
  ];
  expect(clauses.length, `no tiers in "${words}"`).toBeGreaterThan(0);
  for (const [, from, to, refund, percent] of clauses) {
    const covers = to === undefined ? days >= Number(from) : days >= Number(from) && days <= Number(to);
    if (covers) return refund === "full refund" ? 100 : refund === "no refund" ? 0 : Number(percent);
  }
  throw new Error(`"${words}" says nothing about ${days} days before`);
}

describe("the cancellation policy customers read is the one refunds follow", () => {
  it("an adventure shows the policy's own words, whatever text the operator sends", async () => {
    const before = await shownAdventure("guided-shore-dive");
    const res = await ctx.app.request(
      "/api/admin/adventures-pro/guided-shore-dive",
      authed(token, "PUT", {
        title: "Guided Shore Dive",
        slug: "guided-shore-dive",
        base_price: 95,
        cancellation_policy: "Full refund up to the day before your trip.",
      }),
    );
    expect(res.status).toBe(200);
    const after = await shownAdventure("guided-shore-dive");
    expect(after.cancellation_policy).not.toContain("day before your trip");
    expect(after.cancellation_policy).toBe(before.cancellation_policy);
    expect(promisedPercent(after.cancellation_policy, 1)).toBe(0);
  });

  it.each([10, 4, 1])(
    "cancelling %d days before the trip refunds what the shown words promise",
    async (days) => {
      const { cancellation_policy: words } = await shownAdventure("dive-exhibition");
      const { booking } = await insertBooking(ctx.db, {
        paid: true,
        holdSpots: true,
        groupSize: 2,
        unitPriceCents: 12_000,
        date: addDays(sydneyDate(clock.now()), days),
        email: `policy-${days}@example.com`,
      });
      const res = await ctx.app.request(
        `/api/admin/bookings/${booking.id}/status`,
        authed(token, "PUT", { status: "cancelled" }),
      );
      expect(res.status).toBe(200);
      const expected = (24_000 * promisedPercent(words, days)) / 100;
      expect(((await res.json()) as { refund_amount: number }).refund_amount * 100).toBe(expected);
      const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
      expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(expected);
      // The customer's email says the same: the refund on its way, or that none applies.
      const [mail] = await ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.bookingId, booking.id), eq(emailOutbox.kind, "booking_cancelled")));
      expect((await sentText(ctx.db, mail)).split("\n")[3]).toBe(
        expected > 0
          ? `A refund of ${formatMoney(expected, "aud", true)} is on its way to your card; it usually shows within 5-10 business days.`
          : "Under our cancellation policy no refund applies to this booking.",
      );
    },
  );
});
