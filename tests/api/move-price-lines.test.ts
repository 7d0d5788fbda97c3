/**
 * A booking with price lines keeps them through a move: its extras and its
 * category prices are the adventure's, not the date's, so a move to a date of
 * the same price costs nothing (no refund of the extras), a dearer date costs
 * only the people's difference of the spec's booking and nothing for a booking
 * by category; and the operator cannot change the group of a booking with
 * lines (the lines would no longer say who was booked).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { type PriceLine, priceLine } from "../../app/lib/price-lines.ts";
import * as reschedulePage from "../../app/routes/public/my-booking-reschedule.tsx";
import { availability, bookingChanges, bookings, refunds } from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition";
const UNIT = 10_000;
const clock = testClock();
let t: TestContext;
let app: ReturnType<typeof appWithRoutes>;
let token: string;
let day = 0;
let clients = 0;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HOPS: "1", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  app = appWithRoutes(t.services, (method, path) => {
    const re = /^\/my-booking\/([^/]+)\/reschedule$/.exec(path);
    if (!re) return null;
    const fn = method === "GET" ? reschedulePage.loader : reschedulePage.action;
    return { fn: fn as RouteFn, params: { token: re[1] } };
  });
  token = await login(t);
});
afterAll(() => t?.close());

async function openDate(priceCents = UNIT) {
  const [row] = await t.db
    .insert(availability)
    .values({
      adventureId: ADVENTURE,
      date: addDays(sydneyDate(clock.now()), 200 + ++day),
      availableSpots: 8,
      priceOverrideCents: priceCents,
    })
    .returning();
  return row.date;
}

const extraLine = priceLine({
  kind: "extra",
  ref_id: "meal",
  label: "Meal pack",
  quantity: 2,
  unit_cents: 1_500,
});
const categoryLines = [
  priceLine({ kind: "category", ref_id: "adult", label: "Adult", quantity: 1, unit_cents: 12_000 }),
  priceLine({ kind: "category", ref_id: "child", label: "Child", quantity: 1, unit_cents: 7_000 }),
];

/** A paid booking of two on its own date, with these lines and the total they make, and its link. */
async function withLines(lines: PriceLine[], totalCents: number) {
  const { booking } = await insertBooking(t.db, {
    adventureId: ADVENTURE,
    paid: true,
    holdSpots: true,
    groupSize: 2,
    unitPriceCents: UNIT,
    date: await openDate(),
    email: `lines-${day}@example.com`,
  });
  await t.db
    .update(bookings)
    .set({ priceLines: lines, totalAmountCents: totalCents })
    .where(eq(bookings.id, booking.id));
  const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
  return { id: booking.id, link };
}

const move = (link: string, date: string, difference: number) =>
  app.request(
    `/my-booking/${link}/reschedule`,
    formPost(
      { date, difference: String(difference) },
      { "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` },
    ),
  );
const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

describe("a move keeps the booking's lines", () => {
  it("a same-price date refunds none of the extras, and the total stays", async () => {
    const b = await withLines([extraLine], 2 * UNIT + 3_000);
    const res = await move(b.link, await openDate(), 0);
    expect(res.status).toBe(303);
    expect((await row(b.id)).totalAmountCents).toBe(23_000);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, b.id))).toEqual([]);
  });

  it("a dearer date costs the people's difference with extras, and nothing for a booking by category", async () => {
    const dearer = await openDate(UNIT + 2_500);
    const extras = await withLines([extraLine], 2 * UNIT + 3_000);
    expect((await move(extras.link, dearer, 5_000)).status).toBe(303);
    const [change] = await t.db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.bookingId, extras.id), eq(bookingChanges.status, "holding")));
    expect(change.priceDifferenceCents).toBe(5_000);

    const byCategory = await withLines(categoryLines, 19_000);
    expect((await move(byCategory.link, dearer, 0)).status).toBe(303);
    expect(await row(byCategory.id)).toMatchObject({ selectedDate: dearer, totalAmountCents: 19_000 });
  });

  it("the operator may move a booking with lines but not change its group", async () => {
    const b = await withLines([extraLine], 2 * UNIT + 3_000);
    const to = await openDate();
    const change = (body: Record<string, unknown>) =>
      t.app.request(
        `/api/admin/bookings/${b.id}/change`,
        authed(token, "POST", { request_key: crypto.randomUUID(), settlement: "none", ...body }),
      );
    const refused = await change({ date: to, group_size: 3, expected_difference_cents: 0 });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: Record<string, string> }).errors.group_size).toMatch(
      /priced by category or with extras/,
    );
    const moved = await change({ date: to, group_size: 2, expected_difference_cents: 0 });
    expect(moved.status).toBe(201);
    expect(await row(b.id)).toMatchObject({ selectedDate: to, totalAmountCents: 23_000 });
  });
});
