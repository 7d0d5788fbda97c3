/**
 * A booking that moves to another date takes its gear hires with it, and the
 * new date's stock must have them: the customer's date change, the
 * operator's change and a weather move are refused with a 409 naming the item,
 * size and what is left, and nothing moves; with stock to spare the move goes
 * through and the gear counts on the new date. A change waiting for its
 * payment holds its gear on the new date as it holds the spots.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import * as reschedulePage from "../../app/routes/public/my-booking-reschedule.tsx";
import {
  availability,
  bookingChanges,
  bookingGear,
  bookings,
  gearItems,
  gearStock,
} from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { moveBookingFree } from "../../server/domain/bookings/reschedule-move.server.ts";
import { HttpError } from "../../server/errors.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition";
const UNIT = 10_000;

const routeFor: RouteFor = (method, path): ReturnType<RouteFor> => {
  const re = /^\/my-booking\/([^/]+)\/reschedule$/.exec(path);
  if (!re) return null;
  const get = method === "GET" || method === "HEAD";
  return { fn: (get ? reschedulePage.loader : reschedulePage.action) as RouteFn, params: { token: re[1] } };
};

const clock = testClock();
let t: TestContext;
let app: ReturnType<typeof appWithRoutes>;
let token: string;
let wetsuit: string;
let clients = 0;
let day = 0;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HOPS: "1", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  app = appWithRoutes(t.services, routeFor);
  token = await login(t);
  const [w] = await t.db.insert(gearItems).values({ name: "Wetsuit" }).returning();
  wetsuit = w.id;
  await t.db.insert(gearStock).values({ gearItemId: w.id, size: "M", quantity: 1 });
});
afterAll(() => t?.close());

const setStock = (quantity: number) =>
  t.db
    .update(gearStock)
    .set({ quantity })
    .where(and(eq(gearStock.gearItemId, wetsuit), eq(gearStock.size, "M")));

/** An open date of this test's own at the booking's price (or as given). */
async function openDate(priceCents = UNIT) {
  const [row] = await t.db
    .insert(availability)
    .values({
      adventureId: ADVENTURE,
      date: addDays(sydneyDate(clock.now()), 150 + ++day),
      availableSpots: 8,
      priceOverrideCents: priceCents,
    })
    .returning();
  return row.date;
}

/** A paid, confirmed booking of one holding its spot, hiring one medium wetsuit, and its private link. */
async function hirer(date: string, email: string) {
  const { booking } = await insertBooking(t.db, {
    adventureId: ADVENTURE,
    paid: true,
    holdSpots: true,
    groupSize: 1,
    unitPriceCents: UNIT,
    date,
    email,
  });
  await t.db
    .insert(bookingGear)
    .values({ bookingId: booking.id, gearItemId: wetsuit, size: "M", quantity: 1, participant: 1 });
  const link = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
  return { booking, link };
}

const dateOf = async (id: string) =>
  (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0].selectedDate;

const customerMove = (link: string, date: string, difference: number) =>
  app.request(`/my-booking/${link}/reschedule`, {
    method: "POST",
    headers: {
      Accept: "text/html,application/xhtml+xml",
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}`,
    },
    body: new URLSearchParams({ date, difference: String(difference) }).toString(),
  });

const operatorMove = (id: string, date: string) =>
  t.app.request(
    `/api/admin/bookings/${id}/change`,
    authed(token, "POST", {
      request_key: crypto.randomUUID(),
      date,
      group_size: 1,
      settlement: "none",
      expected_difference_cents: 0,
    }),
  );

describe("gear stock on a move", () => {
  it("refuses the customer's move to a date whose stock is hired out, naming the item, size and date", async () => {
    await setStock(1);
    const [from, to] = [await openDate(), await openDate()];
    const mover = await hirer(from, "gear-move-a@example.com");
    await hirer(to, "gear-move-b@example.com");
    const res = await customerMove(mover.link, to, 0);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      `Wetsuit M is all hired out on ${to}; choose another size or date.`,
    );
    expect(await dateOf(mover.booking.id)).toBe(from);

    // One more wetsuit in stock: the move goes through and the hire follows the booking.
    await setStock(2);
    expect((await customerMove(mover.link, to, 0)).status).toBe(303);
    expect(await dateOf(mover.booking.id)).toBe(to);
  });

  it("refuses the operator's change the same way, and says how many are left when some are", async () => {
    await setStock(2);
    const [from, to] = [await openDate(), await openDate()];
    const mover = await hirer(from, "gear-op-a@example.com");
    await t.db.insert(bookingGear).values({
      bookingId: mover.booking.id,
      gearItemId: wetsuit,
      size: "M",
      quantity: 1,
      participant: null,
    });
    await hirer(to, "gear-op-b@example.com");
    // "Check the change" names the shortfall before anything is held.
    const preview = await t.app.request(
      `/api/admin/bookings/${mover.booking.id}/change?${new URLSearchParams({ date: to, group_size: "1" })}`,
      authed(token),
    );
    expect(preview.status).toBe(409);
    expect(((await preview.json()) as { detail: string }).detail).toContain("Only 1 × Wetsuit M left");
    const res = await operatorMove(mover.booking.id, to);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      `Only 1 × Wetsuit M left on ${to}; this booking needs 2.`,
    );
    expect(await dateOf(mover.booking.id)).toBe(from);
    const spots = await t.db.select().from(availability).where(eq(availability.date, to));
    expect(spots[0].bookedSpots).toBe(1); // the refused change held nothing

    await setStock(3);
    expect((await operatorMove(mover.booking.id, to)).status).toBe(201);
    expect(await dateOf(mover.booking.id)).toBe(to);
  });

  it("refuses a weather move that the new date's stock cannot take", async () => {
    await setStock(1);
    const [from, to] = [await openDate(), await openDate()];
    const mover = await hirer(from, "gear-weather-a@example.com");
    await hirer(to, "gear-weather-b@example.com");
    const move = () =>
      t.db.transaction(async (tx) => {
        const [b] = await tx.select().from(bookings).where(eq(bookings.id, mover.booking.id)).for("update");
        return moveBookingFree(tx, {
          booking: b,
          target: { date: to },
          at: clock.now(),
          publicUrl: "http://x",
        });
      });
    const refused = await move().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(409);
    expect((refused as HttpError).message).toContain("Wetsuit M is all hired out");
    expect(await dateOf(mover.booking.id)).toBe(from);
    await setStock(2);
    expect((await move()).booking.selectedDate).toBe(to);
  });

  it("a change waiting for its payment holds its gear on the new date until it is released", async () => {
    await setStock(1);
    const [from, other] = [await openDate(), await openDate()];
    const dearer = await openDate(UNIT + 2_000);
    const payer = await hirer(from, "gear-hold-a@example.com");
    const second = await hirer(other, "gear-hold-b@example.com");
    // The dearer move goes to its checkout; the change holds the spot and the wetsuit.
    expect((await customerMove(payer.link, dearer, 2_000)).status).toBe(303);
    const [holding] = await t.db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.bookingId, payer.booking.id), eq(bookingChanges.status, "holding")));
    expect(holding.toDate).toBe(dearer);
    const res = await customerMove(second.link, dearer, 2_000);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toContain("Wetsuit M is all hired out");

    // The checkout is given up: the change is released and the wetsuit is free on that date again.
    await t.db.update(bookingChanges).set({ status: "released" }).where(eq(bookingChanges.id, holding.id));
    expect((await customerMove(second.link, dearer, 2_000)).status).toBe(303);
  });
});
