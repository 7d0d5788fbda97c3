/**
 * A booking by price category through POST /api/bookings: the server prices
 * each category from the database, holds only the spots the categories take,
 * applies a promo code on the lines' subtotal, and the checkout, the invoice
 * and the confirmation email show the same lines to the cent. Bad counts are
 * a 400 naming the field; an adventure with one price refuses counts.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "../../app/lib/money.ts";
import {
  auditLog,
  availability,
  bookings,
  emailOutbox,
  invoices,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition";
const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Family Booker" };
const CATS = [
  { name: "Adult", price: 189.5, age_min: 16 },
  { name: "Child", price: 120.25, age_min: 8, age_max: 15 },
  { name: "Observer", price: 45, needs_dive_paperwork: false },
  { name: "Infant", price: 0, age_max: 1, takes_spot: false },
];
/** The categories' ids as the server gave them, by name. */
const ids: Record<string, string> = {};
let t: TestContext;
let owner: string;
let date: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  owner = await login(t);
  date = await firstOpenDate(t.app, ADVENTURE, 4);
  // Room for every booking of this file on the one date.
  await t.db
    .update(availability)
    .set({ availableSpots: 20 })
    .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, date)));
  const res = await t.app.request(
    `/api/admin/adventures/${ADVENTURE}/price-categories`,
    authed(owner, "PUT", { categories: CATS }),
  );
  expect(res.status).toBe(200);
  for (const c of ((await res.json()) as { categories: { id: string; name: string }[] }).categories) {
    ids[c.name] = c.id;
  }
});
afterAll(() => t?.close());

const book = (over: Record<string, unknown>) =>
  t.app.request("/api/bookings", jsonRequest("POST", bookingPayload({ selected_date: date, ...over })));
const money = (cents: number) => formatMoney(cents, "aud", true);

describe("the operator's categories", () => {
  it("are replaced as a list, audited, and refused naming the field when wrong", async () => {
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ADVENTURE));
    expect(entry).toMatchObject({ action: "update", entity: "adventure" });
    const bad = await t.app.request(
      `/api/admin/adventures/${ADVENTURE}/price-categories`,
      authed(owner, "PUT", { categories: [{ name: "Child", price: 10, age_min: 15, age_max: 8 }] }),
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: object }).errors).toHaveProperty(["categories.0.age_max"]);
  });
});

describe("a booking by price category", () => {
  it("prices 2 adults, 1 child, 1 observer and an infant; the promo applies on the subtotal; every document agrees", async () => {
    const code = await t.app.request(
      "/api/admin/promo-codes",
      authed(owner, "POST", { code: "FAMILY10", kind: "percent", percent: 10 }),
    );
    expect(code.status).toBe(201);
    const [before] = await t.db
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, date)));
    const res = await book({
      customer_email: "family@example.com",
      group_size: 4,
      categories: { [ids.Adult]: 2, [ids.Child]: 1, [ids.Observer]: 1, [ids.Infant]: 1 },
      promo_code: "family10",
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { booking_id: string; session_id: string; total_cents: number };
    const subtotal = 2 * 18_950 + 12_025 + 4_500;
    const discount = Math.floor((subtotal * 10 + 50) / 100);
    expect(created.total_cents).toBe(subtotal - discount);

    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
    expect(b.groupSize).toBe(4); // the infant takes no spot
    expect(b.priceLines.map((l) => [l.label, l.quantity, l.total_cents])).toEqual([
      ["Adult (16+)", 2, 37_900],
      ["Child (8-15)", 1, 12_025],
      ["Observer", 1, 4_500],
      ["Infant (0-1)", 1, 0],
    ]);
    const [after] = await t.db.select().from(availability).where(eq(availability.id, before.id));
    expect(after.bookedSpots - before.bookedSpots).toBe(4);

    // The checkout: one amount, what is due, with the lines in its description.
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, created.session_id));
    expect(session.amountTotalCents).toBe(subtotal - discount);
    expect(session.description).toContain(
      `2 × Adult (16+) ${money(37_900)} · 1 × Child (8-15) ${money(12_025)}`,
    );
    expect(session.description).toContain(`Subtotal ${money(subtotal)}`);

    const paid = await t.app.request(
      `/api/payments/v1/test-checkout/${created.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(paid.status).toBe(200);
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.bookingId, b.id));
    expect(invoice.lines.map((l) => [l.quantity, l.unit_cents, l.total_cents])).toEqual([
      [2, 18_950, 37_900],
      [1, 12_025, 12_025],
      [1, 4_500, 4_500],
      [1, 0, 0],
      [1, -discount, -discount],
    ]);
    expect(invoice.totalCents).toBe(subtotal - discount);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "family@example.com"));
    const texts = await Promise.all(mails.map((m) => sentText(t.db, m)));
    const confirmation = texts.find((x) => x.includes("Your booking is confirmed")) ?? "";
    expect(confirmation).toContain(`2 × Adult (16+): ${money(37_900)}`);
    expect(confirmation).not.toContain("Price per person");
    expect(confirmation).toContain(`Total paid: ${money(subtotal - discount)}`);

    // Person 3 is the child: an adult's date of birth is refused, naming the field and the range.
    const child = await t.app.request(
      `/api/admin/bookings/${b.id}/participants/3`,
      authed(owner, "PUT", { full_name: "Kid Booker", date_of_birth: "1990-05-04" }),
    );
    expect(child.status).toBe(400);
    const { errors } = (await child.json()) as { errors: Record<string, string> };
    expect(errors.date_of_birth).toMatch(
      /^Date of birth: Child is for ages 8 to 15; this date of birth makes them \d+/,
    );
  });

  it("refuses bad counts, missing counts and a group_size that is not the spots taken, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ group_size: 1, categories: { kayak: 1 } }, "categories.kayak"],
      [{ group_size: 1, categories: { [ids.Adult]: 0.5 } }, `categories.${ids.Adult}`],
      [{ group_size: 1, categories: { [ids.Infant]: 1 } }, "categories"],
      [{ group_size: 2 }, "categories"],
      [{ group_size: 3, categories: { [ids.Adult]: 2 } }, "group_size"],
      [{ group_size: 4, categories: { [ids.Adult]: 5 } }, "group_size"],
    ];
    for (const [over, field] of cases) {
      const res = await book(over);
      expect(res.status, field).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual([field]);
    }
    const missing = await book({ group_size: 2 });
    expect(await missing.json()).toMatchObject({
      detail: "categories: Choose how many people of each price category",
      errors: { categories: "Choose how many people of each price category" },
    });
    const wrongSize = await book({ group_size: 3, categories: { [ids.Adult]: 2 } });
    expect(((await wrongSize.json()) as { detail: string }).detail).toBe(
      "group_size: The chosen categories take 2 spots; group size must be 2",
    );
  });

  it("the console's phone booking takes the same counts and prices them the same", async () => {
    const res = await t.app.request(
      "/api/admin/bookings",
      authed(owner, "POST", {
        ...bookingPayload({ selected_date: date, customer_email: "phone-family@example.com" }),
        payment: "cash",
        group_size: 2,
        categories: { [ids.Adult]: 1, [ids.Child]: 1 },
      }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const [b] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.customerEmail, "phone-family@example.com"));
    expect(b.totalAmountCents).toBe(18_950 + 12_025);
    expect(b.priceLines.map((l) => l.ref_id)).toEqual([ids.Adult, ids.Child]);
  });

  it("an adventure without categories takes group_size as the spec says and refuses counts", async () => {
    const other = await firstOpenDate(t.app, "guided-shore-dive", 2);
    const base = { adventure_id: "guided-shore-dive", selected_date: other, group_size: 2 };
    const counted = await book({ ...base, categories: { [ids.Adult]: 2 } });
    expect(counted.status).toBe(400);
    expect(((await counted.json()) as { detail: string }).detail).toBe(
      "categories: This adventure has one price; send group_size only",
    );
    const res = await book(base);
    expect(res.status).toBe(201);
    const { booking_id } = (await res.json()) as { booking_id: string };
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, booking_id));
    expect(b.priceLines).toEqual([]);
    expect(b.totalAmountCents).toBe(b.unitPriceCents * 2);
  });
});
