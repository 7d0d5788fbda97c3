/**
 * GET /api/adventures/:id/gear-left?date=: what is left of each gear size of
 * the adventure's extras on a date, counted as the stock check counts (hires
 * of bookings holding spots on that date, across adventures); numbers only,
 * never stored by a cache; a bad date is a 400 naming `date`, an unknown
 * adventure a 404.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adventureExtras, availability, bookings, gearItems, gearStock } from "../../server/db/schema.ts";
import { bookingPayload, createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

const A = "dive-exhibition";

let t: TestContext;
let date: string;
let wetsuit: string;
let extraId: string;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HOPS: "1" });
  const dates = (await (await t.app.request(`/api/adventures/${A}/dates`)).json()) as {
    date: string;
    spots_left: number;
  }[];
  date = dates.filter((d) => d.spots_left >= 4).map((d) => d.date)[0];
  expect(date).toBeDefined();
  await t.db.update(availability).set({ availableSpots: 20 }).where(eq(availability.date, date));
  const [w] = await t.db.insert(gearItems).values({ name: "Wetsuit" }).returning();
  wetsuit = w.id;
  await t.db.insert(gearStock).values([
    { gearItemId: w.id, size: "M", quantity: 3 },
    { gearItemId: w.id, size: "L", quantity: 1 },
  ]);
  const [x] = await t.db
    .insert(adventureExtras)
    .values({ adventureId: A, name: "Wetsuit hire", priceCents: 2000, per: "person", gearItemIds: [w.id] })
    .returning();
  extraId = x.id;
});
afterAll(() => t?.close());

const left = async (q: string, id = A) => t.app.request(`/api/adventures/${id}/gear-left${q}`);

describe("gear left on a date", () => {
  it("counts every stocked size before any hire, and is never cached", async () => {
    const res = await left(`?date=${date}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual({ date, left: { [wetsuit]: { M: 3, L: 1 } } });
  });

  it("takes away the hires of a booking holding spots on the date, and gives them back when it lets go", async () => {
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          selected_date: date,
          group_size: 2,
          customer_email: "left@example.com",
          extras: [{ extra_id: extraId, quantity: 2, sizes: { [wetsuit]: ["M", "L"] } }],
        }),
        { "X-Forwarded-For": "198.51.100.7" },
      ),
    );
    expect(res.status).toBe(201);
    const { booking_id } = (await res.json()) as { booking_id: string };
    const body = (await (await left(`?date=${date}`)).json()) as {
      left: Record<string, Record<string, number>>;
    };
    expect(body.left[wetsuit]).toEqual({ M: 2, L: 0 });
    // The answer says nothing of who hired them.
    expect(JSON.stringify(body)).not.toContain("left@example.com");

    await t.db.update(bookings).set({ holdsSpots: false }).where(eq(bookings.id, booking_id));
    const after = (await (await left(`?date=${date}`)).json()) as {
      left: Record<string, Record<string, number>>;
    };
    expect(after.left[wetsuit]).toEqual({ M: 3, L: 1 });
  });

  it("answers an adventure without gear with nothing", async () => {
    const res = await left(`?date=${date}`, "guided-shore-dive");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { left: object }).left).toEqual({});
  });

  it("refuses a missing or impossible date naming the field, and an unknown adventure", async () => {
    for (const q of ["", "?date=", "?date=2026-02-30", "?date=tomorrow"]) {
      const res = await left(q);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors).toHaveProperty("date");
    }
    expect((await left(`?date=${date}`, "no-such-adventure")).status).toBe(404);
  });
});
