/**
 * One voucher, ten bookings at once (on PostgreSQL really in parallel, on
 * separate connections): its balance never goes below zero, every cent that
 * left it is one redeem row, no booking redeems twice, and each booking's
 * voucher part is exactly its redeem row.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { availability, bookings, voucherEntries, vouchers } from "../../server/db/schema.ts";
import { issueVoucher } from "../../server/domain/vouchers/vouchers.server.ts";
import { bookingPayload, createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

const N = 10;
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** N open dates across the catalogue, each with room for a group of one. */
async function openDates(n: number) {
  const rows = await t.db
    .select({ adventureId: availability.adventureId, date: availability.date })
    .from(availability)
    .where(and(eq(availability.isAvailable, true), gte(availability.date, addDays(sydneyDate(), 10))))
    .orderBy(asc(availability.date));
  const picked = rows.filter((r) => r.adventureId === "dive-exhibition").slice(0, n);
  if (picked.length < n) throw new Error("not enough open dates");
  return picked;
}

describe("parallel redemption", () => {
  it(`${N} bookings with one voucher: never below zero, one redeem per booking`, async () => {
    const dates = await openDates(N);
    // Two and a half bookings' worth: some are paid in full, one in part, the rest are refused.
    const price = await priceOf(dates[0].date);
    const initial = Math.round(price * 2.5);
    const v = await issueVoucher(t.db, {
      amountCents: initial,
      currency: "aud",
      source: "operator",
      at: new Date(),
    });

    const responses = await Promise.all(
      dates.map((d, i) =>
        t.app.request(
          "/api/bookings",
          jsonRequest(
            "POST",
            bookingPayload({
              adventure_id: d.adventureId,
              selected_date: d.date,
              group_size: 1,
              customer_email: `race${i}@example.com`,
              voucher_code: v.code,
            }),
          ),
        ),
      ),
    );
    const results = await Promise.all(
      responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
    );
    // Every answer is a booking or the voucher's own refusal; never a fault.
    for (const r of results) {
      if (r.status === 201) continue;
      expect(r.status).toBe(400);
      expect((r.body.errors as Record<string, string>).voucher_code).toBe("This voucher has no balance left");
    }
    const won = results.filter((r) => r.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(3);

    const [after] = await t.db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(after.balanceCents).toBeGreaterThanOrEqual(0);
    const redeems = await t.db
      .select()
      .from(voucherEntries)
      .where(and(eq(voucherEntries.voucherId, v.id), eq(voucherEntries.kind, "redeem")));
    const taken = redeems.reduce((sum, e) => sum - e.amountCents, 0);
    expect(taken).toBe(initial - after.balanceCents);
    expect(after.balanceCents).toBe(0);
    const perBooking = new Set(redeems.map((e) => e.bookingId));
    expect(perBooking.size).toBe(redeems.length);
    expect(redeems).toHaveLength(won.length);

    for (const r of won) {
      const [b] = await t.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, r.body.booking_id as string));
      const own = redeems.find((e) => e.bookingId === b.id);
      expect(b.voucherCents).toBe(-(own?.amountCents ?? 0));
      expect(r.body.voucher_cents).toBe(b.voucherCents);
    }
    // Whatever the order, the ledger's running balances step down one redemption at a time.
    const balances = redeems.map((e) => e.balanceAfterCents).sort((a, b) => b - a);
    let running = initial;
    for (const [i, e] of [...redeems].sort((a, b) => b.balanceAfterCents - a.balanceAfterCents).entries()) {
      running += e.amountCents;
      expect(balances[i]).toBe(running);
    }
  });
});

/** The price of a group of one on the date (from the public date list). */
async function priceOf(date: string): Promise<number> {
  const res = await t.app.request("/api/adventures/dive-exhibition/dates");
  const list = (await res.json()) as { date: string; price: number }[];
  const found = list.find((d) => d.date === date);
  if (!found) throw new Error("date not listed");
  return Math.round(found.price * 100);
}
