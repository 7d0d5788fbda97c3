/**
 * The console's booking form for an adventure with price categories and
 * extras: GET booking-options answers both (operators only); a phone booking
 * with counts per category and a gear extra is priced by the server (the
 * lines, never a client total) and hires its sizes; a missing size is a 400
 * naming extras; a size out of stock is a 409 naming extras.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { availability, bookingGear, bookings } from "../../server/db/schema.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { bookingPayload, createTestApp, firstOpenDate, type TestContext } from "../helpers/test-app.ts";

const A = "dive-exhibition";
let t: TestContext;
let owner: string;
let date: string;
const ids: Record<string, string> = {};
let extraId: string;
let wetsuit: string;

type Options = {
  categories: { id: string; name: string }[];
  extras: { id: string; name: string; gear: { id: string; sizes: string[] }[] }[];
};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(t);
  date = await firstOpenDate(t.app, A, 4);
  await t.db
    .update(availability)
    .set({ availableSpots: 20 })
    .where(and(eq(availability.adventureId, A), eq(availability.date, date)));
  const cats = await t.app.request(
    `/api/admin/adventures/${A}/price-categories`,
    authed(owner, "PUT", {
      categories: [
        { name: "Adult", price: 150, age_min: 16 },
        { name: "Child", price: 90, age_min: 8, age_max: 15 },
      ],
    }),
  );
  for (const c of ((await cats.json()) as Options).categories) ids[c.name] = c.id;
  const gear = await t.app.request(
    "/api/admin/gear",
    authed(owner, "POST", {
      name: "Wetsuit",
      stock: [
        { size: "S", quantity: 1 },
        { size: "M", quantity: 5 },
      ],
    }),
  );
  wetsuit = ((await gear.json()) as { gear_item: { id: string } }).gear_item.id;
  const extra = await t.app.request(
    `/api/admin/adventures/${A}/extras`,
    authed(owner, "POST", {
      name: "Wetsuit hire",
      price_cents: 2000,
      per: "person",
      gear_item_ids: [wetsuit],
    }),
  );
  extraId = ((await extra.json()) as { extra: { id: string } }).extra.id;
});
afterAll(() => t?.close());

const phone = (over: Record<string, unknown>) => {
  const payload = bookingPayload({ selected_date: date, payment: "cash", ...over });
  delete payload.host_url;
  return t.app.request("/api/admin/bookings", authed(owner, "POST", payload));
};

it("answers the adventure's categories and extras with their sizes, to operators only", async () => {
  const res = await t.app.request(`/api/admin/adventures/${A}/booking-options`, authed(owner, "GET"));
  expect(res.status).toBe(200);
  const body = (await res.json()) as Options;
  expect(body.categories.map((c) => c.name)).toEqual(["Adult", "Child"]);
  expect(body.extras).toEqual([
    expect.objectContaining({
      id: extraId,
      name: "Wetsuit hire",
      gear: [{ id: wetsuit, name: "Wetsuit", sizes: ["M", "S"] }],
    }),
  ]);
  const anon = await t.app.request(`/api/admin/adventures/${A}/booking-options`);
  expect(anon.status).toBe(401);
});

it("books counts per category with a gear extra, priced by the server, and hires the sizes", async () => {
  const res = await phone({
    group_size: 3,
    categories: { [ids.Adult]: 2, [ids.Child]: 1 },
    extras: [{ extra_id: extraId, quantity: 2, sizes: { [wetsuit]: ["M", "S"] } }],
    // A client's total is never read.
    total_amount: 1,
  });
  expect(res.status).toBe(201);
  const made = (await res.json()) as { booking_id: string; total_cents: number };
  expect(made.total_cents).toBe(2 * 15000 + 9000 + 2 * 2000);
  const hires = await t.db.select().from(bookingGear).where(eq(bookingGear.bookingId, made.booking_id));
  expect(hires.map((h) => h.size).sort()).toEqual(["M", "S"]);
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.booking_id));
  expect(row.priceLines.map((l) => l.label)).toEqual(["Adult (16+)", "Child (8-15)", "Wetsuit hire"]);
});

it("refuses a missing size (400) and a size all hired out (409), naming extras", async () => {
  const missing = await phone({
    group_size: 1,
    categories: { [ids.Adult]: 1 },
    extras: [{ extra_id: extraId, quantity: 1, sizes: { [wetsuit]: [""] } }],
  });
  expect(missing.status).toBe(400);
  expect(((await missing.json()) as { errors: Record<string, string> }).errors.extras).toMatch(
    /wetsuit size/,
  );
  const gone = await phone({
    group_size: 1,
    categories: { [ids.Adult]: 1 },
    extras: [{ extra_id: extraId, quantity: 1, sizes: { [wetsuit]: ["S"] } }],
  });
  expect(gone.status).toBe(409);
  expect(((await gone.json()) as { errors: Record<string, string> }).errors.extras).toMatch(/Wetsuit S/);
});
