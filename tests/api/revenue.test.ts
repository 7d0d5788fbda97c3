import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments } from "../../server/db/schema.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

// One revenue rule for both dashboards and the weekly chart: booking payments
// in AUD that were taken, net of refunds.
let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(() => ctx.close());

async function payment(p: {
  kind: "booking" | "custom";
  cents: number;
  status: string;
  refunded?: number;
  currency?: string;
}) {
  const booking = p.kind === "booking" ? (await insertBooking(ctx.db)).booking : null;
  const now = new Date();
  await ctx.db.insert(payments).values({
    provider: "test",
    sessionId: `cs_test_${randomBytes(12).toString("hex")}`,
    kind: p.kind,
    bookingId: booking?.id ?? null,
    unitAmountCents: p.cents,
    amountTotalCents: p.cents,
    currency: p.currency ?? "aud",
    status: p.status === "unpaid" ? "open" : "complete",
    paymentStatus: p.status,
    refundedCents: p.refunded ?? 0,
    expiresAt: new Date(now.getTime() + 30 * 60_000),
    paidAt: p.status === "unpaid" ? null : now,
  });
}

const get = async <T>(path: string): Promise<T> => {
  const res = await ctx.app.request(path, authed(token));
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe("revenue", () => {
  it("is the same figure on both dashboards and in the weekly chart", async () => {
    await payment({ kind: "booking", cents: 10_000, status: "paid" });
    await payment({ kind: "booking", cents: 20_000, status: "partially_refunded", refunded: 5_000 });
    await payment({ kind: "booking", cents: 3_000, status: "refunded", refunded: 3_000 });
    // Not revenue: another currency, a custom payment, a checkout never paid.
    await payment({ kind: "booking", cents: 7_000, status: "paid", currency: "usd" });
    await payment({ kind: "custom", cents: 9_000, status: "paid" });
    await payment({ kind: "booking", cents: 4_000, status: "unpaid" });

    const pro = await get<{ total_revenue: number; weekly: { revenue: number }[] }>(
      "/api/admin/analytics/dashboard",
    );
    const old = await get<{ booking_stats: { total_revenue: number; average_booking_value: number } }>(
      "/api/admin/dashboard/stats",
    );
    // 100 + (200 - 50) + (30 - 30) dollars, over three bookings.
    expect(pro.total_revenue).toBe(250);
    expect(old.booking_stats.total_revenue).toBe(250);
    expect(old.booking_stats.average_booking_value).toBe(83.33);
    expect(pro.weekly.at(-1)?.revenue).toBe(250);
    expect(pro.weekly.reduce((sum, w) => sum + w.revenue, 0)).toBe(250);
  });
});
