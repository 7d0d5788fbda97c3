/**
 * The /book form's extras and the promo preview on the same subtotal the
 * booking is charged. POST /api/promo-codes/check without categories or
 * extras answers as it always did (price per person times the group); with
 * them the server prices the counts and the extras (sizes not needed: they
 * never change a price) and the discount is the one the booking then gets to
 * the cent; bad counts or extras are a 400 naming the field. Without
 * JavaScript the page's action reads the extras' own fields (a count, a tick,
 * a size per unit), books them, and a missing size comes back under the
 * extras with what was sent, as a checkout cancelled comes back with what the
 * booking had (a size hired out with what is left of each size on the date
 * sent). The manage page lists the lines and the sizes
 * hired; the spec's booking has none to list.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as bookAction } from "../../app/routes/public/book.tsx";
import { loader as manageLoader } from "../../app/routes/public/my-booking.tsx";
import {
  adventureExtras,
  availability,
  bookingGear,
  bookings,
  gearItems,
  gearStock,
  payments,
  promoCodes,
} from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { cancelledBookingForm } from "../../server/domain/bookings/payment-views.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, type RouteFn } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const A = "dive-exhibition";
const ONE_PRICE = "guided-shore-dive";
let t: TestContext;
let page: ReturnType<typeof appWithRoutes>;
let date: string;
let unitCents: number;
let setId: string;
let mealId: string;
let wetsuit: string;
const cat: Record<string, string> = {};
let clients = 0;
const client = () => ({ "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` });

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" });
  page = appWithRoutes(t.services, () => ({ fn: bookAction as unknown as RouteFn, params: {} }));
  const owner = await login(t);
  date = await firstOpenDate(t.app, A, 4);
  await t.db
    .update(availability)
    .set({ availableSpots: 20 })
    .where(and(eq(availability.adventureId, A), eq(availability.date, date)));
  const dates = (await (await t.app.request(`/api/adventures/${A}/dates`)).json()) as {
    date: string;
    price: number;
  }[];
  unitCents = Math.round((dates.find((d) => d.date === date)?.price ?? 0) * 100);
  const res = await t.app.request(
    `/api/admin/adventures/${A}/price-categories`,
    authed(owner, "PUT", {
      categories: [
        { name: "Adult", price: 189.5, age_min: 16 },
        { name: "Child", price: 120.25, age_min: 8, age_max: 15 },
        { name: "Observer", price: 45, needs_dive_paperwork: false },
      ],
    }),
  );
  expect(res.status).toBe(200);
  for (const c of ((await res.json()) as { categories: { id: string; name: string }[] }).categories) {
    cat[c.name] = c.id;
  }
  const [w] = await t.db.insert(gearItems).values({ name: "Wetsuit" }).returning();
  wetsuit = w.id;
  await t.db.insert(gearStock).values([
    { gearItemId: w.id, size: "S", quantity: 10 },
    { gearItemId: w.id, size: "M", quantity: 10 },
    { gearItemId: w.id, size: "L", quantity: 0 },
  ]);
  const [set] = await t.db
    .insert(adventureExtras)
    .values({ adventureId: A, name: "Full gear set", priceCents: 4550, per: "person", gearItemIds: [w.id] })
    .returning();
  const [meal] = await t.db
    .insert(adventureExtras)
    .values({ adventureId: A, name: "Meal pack", priceCents: 1999, per: "booking", position: 1 })
    .returning();
  setId = set.id;
  mealId = meal.id;
  await t.db.insert(promoCodes).values({ code: "LINES10", kind: "percent", percent: 10 });
});
afterAll(() => t?.close());

const check = (body: Record<string, unknown>) =>
  t.app.request(
    "/api/promo-codes/check",
    jsonRequest("POST", { code: "lines10", adventure_id: A, selected_date: date, ...body }, client()),
  );
const tenPercent = (cents: number) => Math.floor((cents * 10 + 50) / 100);

describe("POST /api/promo-codes/check", () => {
  it("without categories or extras answers as before: the price per person times the group", async () => {
    const res = await check({ group_size: 2 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      code: "LINES10",
      label: "10% off",
      subtotal_cents: unitCents * 2,
      discount_cents: tenPercent(unitCents * 2),
      total_cents: unitCents * 2 - tenPercent(unitCents * 2),
      currency: "aud",
    });
  });

  it("prices the counts and the extras as the booking is charged, before any size is picked", async () => {
    const counts = { [cat.Adult]: 2, [cat.Child]: 1, [cat.Observer]: 1 };
    const subtotal = 2 * 18950 + 12025 + 4500 + 4 * 4550 + 1999;
    const res = await check({
      group_size: 4,
      categories: counts,
      extras: [{ extra_id: setId, quantity: 4 }, { extra_id: mealId }],
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { subtotal_cents: number; discount_cents: number };
    expect(answer).toMatchObject({ subtotal_cents: subtotal, discount_cents: tenPercent(subtotal) });

    // The booking of the same people and extras (sizes now picked) gets that discount to the cent.
    const booked = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          adventure_id: A,
          selected_date: date,
          group_size: 4,
          categories: counts,
          extras: [{ extra_id: setId, sizes: { [wetsuit]: ["M", "M", "S", "S"] } }, { extra_id: mealId }],
          promo_code: "LINES10",
          customer_email: "lines@example.com",
        }),
        client(),
      ),
    );
    expect(booked.status).toBe(201);
    const { booking_id, session_id } = (await booked.json()) as { booking_id: string; session_id: string };
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking_id));
    expect(row.promoDiscountCents).toBe(answer.discount_cents);
    expect(row.totalAmountCents + row.promoDiscountCents).toBe(subtotal);

    // Cancelled at the checkout: /book is filled in again with the same people, extras and sizes.
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, session_id));
    await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    expect(await cancelledBookingForm(t.db, session_id, new Date())).toMatchObject({
      categories: counts,
      extras: [
        { extra_id: setId, quantity: 4, sizes: { [wetsuit]: ["M", "M", "S", "S"] } },
        { extra_id: mealId, quantity: 1 },
      ],
    });
  });

  it("refuses bad counts and extras with a 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ group_size: 2, categories: { [cat.Adult]: 1 } }, "group_size"],
      [{ group_size: 1, categories: { nope: 1 } }, "categories.nope"],
      [{ group_size: 1, extras: [{ extra_id: "nope" }] }, "extras"],
      [{ group_size: 1, extras: [{ extra_id: setId, quantity: 2 }] }, "extras"],
      [{ group_size: 1, adventure_id: ONE_PRICE, categories: { [cat.Adult]: 1 } }, "categories"],
    ];
    for (const [body, field] of cases) {
      const res = await check(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const errors = ((await res.json()) as { errors?: Record<string, string> }).errors ?? {};
      expect(Object.keys(errors)).toContain(field);
    }
    // What the fields are told.
    const told = async (body: Record<string, unknown>) =>
      ((await (await check(body)).json()) as { errors: Record<string, string> }).errors;
    expect((await told({ group_size: 2, categories: { [cat.Adult]: 1 } })).group_size).toBe(
      "The chosen categories take 1 spot; group size must be 1",
    );
    expect((await told({ group_size: 1, categories: { [cat.Adult]: 2 } })).group_size).toBe(
      "The chosen categories take 2 spots; group size must be 2",
    );
    expect(
      (await told({ group_size: 1, adventure_id: ONE_PRICE, categories: { [cat.Adult]: 1 } })).categories,
    ).toBe("This adventure has one price; send group_size only");
  });
});

/** What the manage page's loader gives for a booking's price (through a fresh private link). */
async function managePrice(bookingId: string) {
  const token = await t.db.transaction((tx) => mintBookingLink(tx, bookingId, "email", new Date()));
  const manage = appWithRoutes(t.services, () => ({
    fn: manageLoader as unknown as RouteFn,
    params: { token },
  }));
  const res = await manage.request(`/my-booking/${token}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { price: unknown }).price;
}

/** The form's fields as a browser posts them: repeated names (one size per unit) in page order. */
function formPost(fields: [string, string][]): RequestInit {
  return {
    method: "POST",
    headers: {
      Accept: "text/html,application/xhtml+xml",
      "Content-Type": "application/x-www-form-urlencoded",
      ...client(),
    },
    body: new URLSearchParams(fields).toString(),
  };
}

const details = (email: string): [string, string][] => [
  ["adventureId", A],
  ["customerFirstName", "Noor"],
  ["customerLastName", "Plain"],
  ["customerEmail", email],
  ["customerPhone", ""],
  ["selectedDate", date],
  ["specialRequirements", ""],
  [`category_${cat.Adult}`, "1"],
  [`category_${cat.Child}`, "1"],
];

describe("POST /book with extras, without JavaScript", () => {
  it("books the counted gear sets with a size per person and the ticked meal pack", async () => {
    const res = await page.request(
      `/book?adventure=${A}`,
      formPost([
        ...details("noor.extras@example.com"),
        [`extra_${setId}`, "2"],
        [`extra_${setId}_${wetsuit}`, "M"],
        [`extra_${setId}_${wetsuit}`, "S"],
        [`extra_${mealId}`, "1"],
      ]),
    );
    expect(res.status, await res.clone().text()).toBe(303);
    const sessionId = (res.headers.get("Location") ?? "").split("/").pop() ?? "";
    const [row] = await t.db.select().from(bookings).where(eq(bookings.checkoutSessionId, sessionId));
    expect(row.priceLines.map((l) => `${l.quantity} × ${l.label} ${l.total_cents}`)).toEqual([
      "1 × Adult (16+) 18950",
      "1 × Child (8-15) 12025",
      "2 × Full gear set 9100",
      "1 × Meal pack 1999",
    ]);
    expect(row.totalAmountCents).toBe(18950 + 12025 + 9100 + 1999);
    const hires = await t.db.select().from(bookingGear).where(eq(bookingGear.bookingId, row.id));
    expect(hires.map((h) => `${h.participant}:${h.size}`).sort()).toEqual(["1:M", "2:S"]);

    // Its manage page lists the lines, the sizes hired under the gear sets, person by person.
    expect(await managePrice(row.id)).toEqual({
      lines: row.priceLines,
      unitCents: row.unitPriceCents,
      gear: [{ extraId: setId, name: "Wetsuit", sizes: ["M", "S"] }],
    });
  });

  it("shows no price lines on the manage page of the spec's booking", async () => {
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          adventure_id: ONE_PRICE,
          selected_date: await firstOpenDate(t.app, ONE_PRICE, 1),
          group_size: 1,
        }),
        client(),
      ),
    );
    expect(res.status).toBe(201);
    const { booking_id } = (await res.json()) as { booking_id: string };
    expect(await managePrice(booking_id)).toBeNull();
  });

  it("answers a size all hired out under the extras, for the customer to choose another", async () => {
    const res = await page.request(
      `/book?adventure=${A}`,
      formPost([
        ...details("noor.hiredout@example.com"),
        [`extra_${setId}`, "1"],
        [`extra_${setId}_${wetsuit}`, "L"],
      ]),
    );
    expect(res.status).toBe(409);
    const body = (await res.json()) as {
      errors: Record<string, string>;
      gearLeft: { adventure: string; date: string; left: Record<string, Record<string, number>> };
    };
    expect(body.errors.extras).toBe(`Wetsuit L is all hired out on ${date}; choose another size or date.`);
    // The form shown again without JavaScript marks the sizes with what is left on the date sent.
    const read = (await (await t.app.request(`/api/adventures/${A}/gear-left?date=${date}`)).json()) as {
      left: Record<string, Record<string, number>>;
    };
    expect(read.left[wetsuit].L).toBe(0);
    expect(body.gearLeft).toEqual({ adventure: A, date, left: read.left });
  });

  it("answers a missing size under the extras, keeping the counts and extras sent", async () => {
    const res = await page.request(
      `/book?adventure=${A}`,
      formPost([
        ...details("noor.nosize@example.com"),
        [`extra_${setId}`, "2"],
        [`extra_${setId}_${wetsuit}`, "M"],
      ]),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      errors: Record<string, string>;
      values: { categories: Record<string, number>; extras: unknown[] };
    };
    expect(body.errors.extras).toBe("Full gear set: choose a wetsuit size for person 2 (L, M, S)");
    expect(body.values.categories).toEqual({ [cat.Adult]: 1, [cat.Child]: 1, [cat.Observer]: 0 });
    expect(body.values.extras).toEqual([{ extra_id: setId, quantity: 2, sizes: { [wetsuit]: ["M"] } }]);
  });
});
