/**
 * Extras and gear hire through POST /api/bookings: without `extras` the answer
 * and the booking are the spec's; a gear set per person adds its line to the
 * total and one hire per person and item; a required extra is added by the
 * server; a bad choice is a 400 naming extras; the stock of a size holds
 * across adventures and under 20 parallel bookings (on PostgreSQL on separate
 * connections), refused with a 409 naming the item and size; a released hold
 * returns its gear.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packingText } from "../../app/lib/extras.ts";
import {
  adventureExtras,
  adventures,
  availability,
  bookingGear,
  bookings,
  gearItems,
  gearStock,
} from "../../server/db/schema.ts";
import { createSession } from "../../server/domain/access/auth.server.ts";
import { cancelPendingBooking } from "../../server/domain/bookings/holds.server.ts";
import type { Manifest } from "../../server/domain/dive-ops/manifest.server.ts";
import { authed } from "../helpers/admin.ts";
import { bookingPayload, createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

const A = "dive-exhibition";

let t: TestContext;
let date: string;
let setId: string;
let wetsuit: string;
let others: string[] = [];
const hireOn = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HOPS: "1" });

  const open = async (id: string) =>
    (
      (await (await t.app.request(`/api/adventures/${id}/dates`)).json()) as {
        date: string;
        spots_left: number;
      }[]
    )
      .filter((d) => d.spots_left >= 4)
      .map((d) => d.date);

  date = (await open(A))[0];
  expect(date).toBeDefined();
  await t.db.update(availability).set({ availableSpots: 20 }).where(eq(availability.date, date));
  const [w] = await t.db.insert(gearItems).values({ name: "Wetsuit" }).returning();
  const [f] = await t.db.insert(gearItems).values({ name: "Fins" }).returning();
  wetsuit = w.id;
  await t.db.insert(gearStock).values([
    { gearItemId: w.id, size: "M", quantity: 6 },
    { gearItemId: w.id, size: "L", quantity: 2 },
    { gearItemId: f.id, size: "M", quantity: 50 },
  ]);
  const [set] = await t.db
    .insert(adventureExtras)
    .values({
      adventureId: A,
      name: "Full gear set",
      priceCents: 4500,
      per: "person",
      gearItemIds: [w.id, f.id],
    })
    .returning();
  setId = set.id;
  finsId = f.id;
  // Every bookable adventure runs that day, each selling wetsuit hire: racing bookings then
  // hold different departures, so nothing but the stock lock orders them.
  const all = await t.db.select().from(adventures).where(eq(adventures.isActive, true));
  others = all.filter((a) => a.bookingEnabled && a.id !== A).map((a) => a.id);
  for (const id of others) {
    await t.db
      .update(adventures)
      .set({ groupSizeMin: 1, advanceBookingDays: 0, bookingCutoffHours: null })
      .where(eq(adventures.id, id));
    await t.db
      .insert(availability)
      .values({ adventureId: id, date, availableSpots: 20 })
      .onConflictDoNothing();
    const [x] = await t.db
      .insert(adventureExtras)
      .values({ adventureId: id, name: "Wetsuit hire", priceCents: 2000, per: "person", gearItemIds: [w.id] })
      .returning();
    hireOn.set(id, x.id);
  }
});
afterAll(() => t?.close());

let n = 0;
function book(over: Record<string, unknown> = {}, d = date) {
  n += 1;
  return t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({ selected_date: d, group_size: 2, customer_email: `g${n}@example.com`, ...over }),
      { "X-Forwarded-For": `198.51.100.${n}` },
    ),
  );
}
const sets = (wet: string[], fins = wet.map(() => "M")) => [
  { extra_id: setId, sizes: { [wetsuit]: wet, ...finsOf(fins) } },
];
let finsId = "";
const finsOf = (fins: string[]) => ({ [finsId]: fins });

describe("extras on a booking", () => {
  it("adds a gear set per person as a line, with one hire per person and item", async () => {
    const plain = await book();
    expect(plain.status).toBe(201);
    const plainBody = (await plain.json()) as { booking_id: string; amount_due_cents: number };
    const [p] = await t.db.select().from(bookings).where(eq(bookings.id, plainBody.booking_id));
    expect(p.priceLines).toEqual([]);

    const res = await book({ extras: sets(["M", "L"]) });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { booking_id: string; amount_due_cents: number };
    expect(body.amount_due_cents).toBe(plainBody.amount_due_cents + 2 * 4500);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, body.booking_id));
    expect(b.priceLines).toEqual([
      {
        kind: "extra",
        ref_id: setId,
        label: "Full gear set",
        quantity: 2,
        unit_cents: 4500,
        total_cents: 9000,
      },
    ]);
    const hires = await t.db.select().from(bookingGear).where(eq(bookingGear.bookingId, b.id));
    expect(hires.map((h) => `${h.participant}:${h.size}`).sort()).toEqual(["1:M", "1:M", "2:L", "2:M"]);
    await cancelPendingBooking(t.db, b.id, { at: new Date(), publicUrl: "http://x" }, "expired");
    await cancelPendingBooking(t.db, p.id, { at: new Date(), publicUrl: "http://x" }, "expired");
  });

  it("refuses a bad choice with a 400 naming extras", async () => {
    for (const extras of [
      [{ extra_id: "nope" }],
      sets(["M"]),
      sets(["M", "XXL"]),
      [{ extra_id: setId, quantity: 3, sizes: {} }],
      "not a list",
    ]) {
      const res = await book({ extras });
      expect(res.status).toBe(400);
      const errors = ((await res.json()) as { errors?: Record<string, string> }).errors ?? {};
      expect(Object.keys(errors).some((k) => k.startsWith("extras"))).toBe(true);
    }
  });

  it("adds a required extra the customer did not choose", async () => {
    const [meal] = await t.db
      .insert(adventureExtras)
      .values({ adventureId: A, name: "Meal pack", priceCents: 2000, per: "booking", required: true })
      .returning();
    const res = await book({ extras: sets(["M", "M"]) });
    expect(res.status).toBe(201);
    const { booking_id } = (await res.json()) as { booking_id: string };
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking_id));
    expect(b.priceLines.map((l) => `${l.label}×${l.quantity}`).sort()).toEqual([
      "Full gear set×2",
      "Meal pack×1",
    ]);
    await cancelPendingBooking(t.db, b.id, { at: new Date(), publicUrl: "http://x" }, "expired");
    await t.db.delete(adventureExtras).where(eq(adventureExtras.id, meal.id));
  });
});

describe("the manifest's packing list", () => {
  it("lists the gear hired for a departure by item and size; a departure without hires has no list", async () => {
    // Another date than the stock race's, so this booking's hires never count there.
    const [later] = (
      (await (await t.app.request(`/api/adventures/${A}/dates`)).json()) as {
        date: string;
        spots_left: number;
      }[]
    ).filter((d) => d.date !== date && d.spots_left >= 2);
    const res = await book({ extras: sets(["M", "L"]) }, later.date);
    expect(res.status).toBe(201);
    const { booking_id } = (await res.json()) as { booking_id: string };
    // On the manifest once confirmed, as a paid booking would be.
    await t.db.update(bookings).set({ bookingStatus: "confirmed" }).where(eq(bookings.id, booking_id));
    const session = await createSession(t.db, new Date(), { userAgent: "test", address: "127.0.0.1" });
    const read = async (d: string) => {
      const answer = await t.app.request(`/api/admin/manifest?date=${d}`, authed(session.token));
      expect(answer.status).toBe(200);
      return (await answer.json()) as Manifest;
    };
    const group = (await read(later.date)).adventures.find((a) => a.adventure_id === A);
    expect(group?.gear).toEqual([
      { name: "Fins", size: "M", quantity: 2 },
      { name: "Wetsuit", size: "L", quantity: 1 },
      { name: "Wetsuit", size: "M", quantity: 1 },
    ]);
    expect(packingText(group?.gear ?? [])).toBe("Fins M ×2, Wetsuit L ×1, Wetsuit M ×1");
    // The booking's extras as booked, for the crew to bring (a meal pack, the sets themselves).
    const mine = group?.bookings.find((b) => b.id === booking_id);
    expect(mine?.extras).toContainEqual({ label: "Full gear set", quantity: 2 });
    const other = (await read(later.date)).adventures.filter((a) => a.adventure_id !== A);
    expect(other.every((a) => !("gear" in a))).toBe(true);
  });
});

describe("gear stock on a date", () => {
  it("20 parallel bookings across adventures never hire more than the 6 medium wetsuits", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const id = others[i % others.length];
        return book({
          adventure_id: id,
          group_size: 1,
          extras: [{ extra_id: hireOn.get(id), sizes: { [wetsuit]: ["M"] } }],
        });
      }),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 409)).toHaveLength(14);
    const refused = responses.find((r) => r.status === 409) as Response;
    expect(JSON.stringify(await refused.json())).toContain("Wetsuit M is all hired out");
    // An expired hold gives its wetsuit back: one more booking fits, then none.
    const [held] = await t.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(bookingGear, eq(bookingGear.bookingId, bookings.id))
      .where(and(eq(bookings.selectedDate, date), eq(bookings.holdsSpots, true)))
      .limit(1);
    await cancelPendingBooking(t.db, held.id, { at: new Date(), publicUrl: "http://x" }, "expired");
    expect((await book({ group_size: 1, extras: sets(["M"]) })).status).toBe(201);
    const over = await book({ group_size: 2, extras: sets(["L", "M"]) });
    expect(over.status).toBe(409);
    expect(JSON.stringify(await over.json())).toContain("Wetsuit M");
  });
});
