/**
 * Revenue with extras: a paid booking's extras are in every revenue figure the
 * console shows (they are in its total) and shown as their own part where the
 * figure is split: the dashboard's revenue, each promo code's revenue beside
 * its uses, and the bookings CSV (a column once any adventure sells extras).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adventureExtras, availability, bookings } from "../../server/db/schema.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { parseStrictCsv } from "../helpers/csv.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition";
const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Extra Payer" };
let t: TestContext;
let owner: string;
let date: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" });
  owner = await login(t);
  date = await firstOpenDate(t.app, ADVENTURE, 4);
  await t.db
    .update(availability)
    .set({ availableSpots: 20 })
    .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, date)));
});
afterAll(() => t?.close());

const admin = (path: string, method = "GET", body?: unknown) =>
  t.app.request(path, authed(owner, method, body));

interface Dashboard {
  total_revenue: number;
  extras_revenue: number;
}
interface Code {
  code: string;
  uses: number;
  revenue_cents: number;
  extras_cents: number;
  discount_cents: number;
}

async function csv() {
  const res = await admin(`/api/admin/bookings/export.csv?q=revenue-extras`);
  expect(res.status).toBe(200);
  const [head, ...rows] = parseStrictCsv(await res.text());
  return { head, rows: rows.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i]]))) };
}

describe("revenue with extras", () => {
  it("counts a paid booking's extras in the dashboard, its promo code's figures and the CSV, each as its own part", async () => {
    // Before any extra exists the CSV is the file it was.
    expect((await csv()).head).not.toContain("extras_amount");
    const before = (await (await admin("/api/admin/analytics/dashboard")).json()) as Dashboard;

    const [meal] = await t.db
      .insert(adventureExtras)
      .values({ adventureId: ADVENTURE, name: "Meal pack", priceCents: 1_500, per: "person" })
      .returning();
    expect(
      (await admin("/api/admin/promo-codes", "POST", { code: "EXTRAS10", kind: "percent", percent: 10 }))
        .status,
    ).toBe(201);
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          adventure_id: ADVENTURE,
          selected_date: date,
          group_size: 2,
          customer_email: "revenue-extras@example.com",
          extras: [{ extra_id: meal.id }],
          promo_code: "EXTRAS10",
        }),
        { "X-Forwarded-For": "198.51.100.77" },
      ),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { booking_id: string; session_id: string };
    const paid = await t.app.request(
      `/api/payments/v1/test-checkout/${created.session_id}/pay`,
      jsonRequest("POST", PAY, { "X-Forwarded-For": "198.51.100.78" }),
    );
    expect(paid.status).toBe(200);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b.bookingStatus).toBe("confirmed");

    // The dashboard: the whole total is revenue, and the meal packs are its extras part.
    const after = (await (await admin("/api/admin/analytics/dashboard")).json()) as Dashboard;
    expect(Math.round((after.total_revenue - before.total_revenue) * 100)).toBe(b.totalAmountCents);
    expect(Math.round((after.extras_revenue - before.extras_revenue) * 100)).toBe(3_000);

    // The promo code: its use, the revenue of its booking and, of that, the extras.
    const { promo_codes } = (await (await admin("/api/admin/promo-codes")).json()) as { promo_codes: Code[] };
    expect(promo_codes.find((c) => c.code === "EXTRAS10")).toMatchObject({
      uses: 1,
      revenue_cents: b.totalAmountCents,
      extras_cents: 3_000,
      discount_cents: b.promoDiscountCents,
    });

    // The CSV: the extras column follows the promo columns.
    const [row] = (await csv()).rows;
    expect(row).toMatchObject({
      reference: b.reference,
      total_amount: (b.totalAmountCents / 100).toFixed(2),
      promo_code: "EXTRAS10",
      extras_amount: "30.00",
    });
  });
});
