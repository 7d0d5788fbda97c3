import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availability, bookings, emailOutbox } from "../../server/db/schema.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Race Test" };

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("concurrent bookings", () => {
  it("N=12 parallel requests for a date with K=3 free spots never hold more than 3", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition");
    const where = and(eq(availability.adventureId, "dive-exhibition"), eq(availability.date, date));
    await t.db.update(availability).set({ availableSpots: 3, bookedSpots: 0 }).where(where);

    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.request(
          "/api/bookings",
          jsonRequest(
            "POST",
            bookingPayload({
              selected_date: date,
              group_size: 1,
              customer_email: `racer${i}@example.com`,
            }),
          ),
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    const [row] = await t.db.select().from(availability).where(where);
    expect(row.bookedSpots).toBe(3);
    const [{ held }] = await t.db
      .select({ held: sql<number>`coalesce(sum(${bookings.groupSize}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.availabilityId, row.id), eq(bookings.holdsSpots, true)));
    expect(held).toBe(3);
  });

  it("mixed group sizes racing for 3 spots never exceed them", async () => {
    const date = await firstOpenDate(t.app, "underwater-treasure-hunt");
    const where = and(eq(availability.adventureId, "underwater-treasure-hunt"), eq(availability.date, date));
    await t.db.update(availability).set({ availableSpots: 3, bookedSpots: 0 }).where(where);
    const size = (i: number) => (i % 3) + 1;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.request(
          "/api/bookings",
          jsonRequest(
            "POST",
            bookingPayload({
              adventure_id: "underwater-treasure-hunt",
              selected_date: date,
              group_size: size(i),
              customer_email: `mixed${i}@example.com`,
            }),
          ),
        ),
      ),
    );
    const results = await Promise.all(
      responses.map(async (r, i) => ({ status: r.status, size: size(i), body: await r.text() })),
    );
    // Every answer is a booking or the "no room" refusal, never an error.
    const won = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toMatch(/fully booked|left on/);
    }
    // Whichever request is served first finds 3 free spots and fits (every size is 1-3).
    expect(won.length).toBeGreaterThan(0);
    const booked = won.reduce((n, r) => n + r.size, 0);
    expect(booked).toBeLessThanOrEqual(3);
    // Free spots only shrink, so every refused group is larger than what is left at the end.
    for (const r of refused) expect(r.size).toBeGreaterThan(3 - booked);
    const [row] = await t.db.select().from(availability).where(where);
    expect(row.bookedSpots).toBe(booked);
    const [{ held }] = await t.db
      .select({ held: sql<number>`coalesce(sum(${bookings.groupSize}), 0)::int` })
      .from(bookings)
      .where(and(eq(bookings.availabilityId, row.id), eq(bookings.holdsSpots, true)));
    expect(held).toBe(booked);
  });

  it("racing status checks around a payment confirm once and queue one confirmation", async () => {
    const date = await firstOpenDate(t.app, "guided-shore-dive");
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ adventure_id: "guided-shore-dive", selected_date: date, group_size: 1 }),
      ),
    );
    const created = (await res.json()) as { session_id: string; booking_id: string };
    const check = () => t.app.request(`/api/payments/v1/checkout/status/${created.session_id}`);
    const results = await Promise.all([
      check(),
      check(),
      t.app.request(`/api/payments/v1/test-checkout/${created.session_id}/pay`, jsonRequest("POST", PAY)),
      check(),
      t.app.request(`/api/payments/v1/test-checkout/${created.session_id}/pay`, jsonRequest("POST", PAY)),
      check(),
      check(),
    ]);
    expect(results.every((r) => r.status === 200)).toBe(true);
    await Promise.all(Array.from({ length: 6 }, check));
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(booking.bookingStatus).toBe("confirmed");
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking_confirmation:${created.booking_id}`));
    expect(mails).toHaveLength(1);
    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking_notice:${created.booking_id}`));
    expect(notices).toHaveLength(1);
  });
});
