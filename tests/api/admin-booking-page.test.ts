/**
 * The console's booking page: its read, the contact edit, notes, a fresh
 * private link, and a refund of an amount the operator chooses (capped at
 * what is left, exactly once per request key, one of two racing refunds).
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, payments, refunds } from "../../server/db/schema.ts";
import { bookingByToken } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const call = (method: string, path: string, body?: unknown) =>
  ctx.app.request(path, authed(token, method, body));
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

interface Answer {
  detail?: string;
  errors?: Record<string, string>;
}
interface PageView {
  booking: { id: string; customer_phone: string; booking_status: string; refund_amount: number };
  payments: { kind: string; amount: number; payment_status: string; paid_at: string | null }[];
  refunds: { amount: number; reason: string; note: string | null; status: string }[];
  refundable: number;
  links: { state: string; live: number; can_mint: boolean; items: Record<string, unknown>[] };
  notes: { body: string; created_at: string }[];
}

const page = async (id: string) => {
  const res = await call("GET", `/api/admin/bookings/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PageView;
};

/** A paid booking of 2 x $150 (one $300 payment), made for one test. */
/** Whether the token at the end of a link's address opens its booking now. */
const opens = async (url: string) =>
  (await bookingByToken(ctx.db, new URL(url).pathname.split("/").pop() as string, new Date())) !== null;

const paidBooking = async (email: string) =>
  (await insertBooking(ctx.db, { paid: true, email, date: "2031-03-10" })).booking;

const CONTACT = {
  customer_first_name: "Mia",
  customer_last_name: "Nguyen",
  customer_email: "mia.new@example.com",
  customer_phone: "+61 400 000 111",
  special_requirements: "Vegetarian lunch",
};

describe("without the admin token", () => {
  it("answers 401 to every call of the page", async () => {
    const id = (await paidBooking("anon@example.com")).id;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/admin/bookings/${id}`],
      ["PUT", `/api/admin/bookings/${id}/contact`, CONTACT],
      ["POST", `/api/admin/bookings/${id}/notes`, { body: "x" }],
      ["POST", `/api/admin/bookings/${id}/link`],
      ["POST", `/api/admin/bookings/${id}/refunds`, { amount: "1", reason: "x", request_key: randomUUID() }],
    ];
    for (const [method, path, body] of calls) {
      const res = await ctx.app.request(path, jsonRequest(method, body));
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await page(id)).notes).toEqual([]);
  });
});

describe("an unknown booking", () => {
  it("is a 404 for every call", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/admin/bookings/${UNKNOWN}`],
      ["PUT", `/api/admin/bookings/${UNKNOWN}/contact`, CONTACT],
      ["POST", `/api/admin/bookings/${UNKNOWN}/notes`, { body: "x" }],
      ["POST", `/api/admin/bookings/${UNKNOWN}/link`],
      [
        "POST",
        `/api/admin/bookings/${UNKNOWN}/refunds`,
        { amount: "1", reason: "x", request_key: randomUUID() },
      ],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as Answer).detail).toBe("Booking not found");
    }
  });
});

describe("GET /api/admin/bookings/:id", () => {
  it("shows the booking, its payment, what is left to refund and no link token", async () => {
    const b = await paidBooking("view@example.com");
    const view = await page(b.id);
    expect(view.booking.id).toBe(b.id);
    expect(view.payments).toEqual([
      expect.objectContaining({ kind: "booking", amount: 300, payment_status: "paid" }),
    ]);
    expect(view.refundable).toBe(300);
    expect(view.links.state).toBe("none");
    expect(JSON.stringify(view)).not.toMatch(/token|hash/i);
  });
});

describe("PUT /api/admin/bookings/:id/contact", () => {
  it("saves the details under the booking form's rules", async () => {
    const b = await paidBooking("contact@example.com");
    const res = await call("PUT", `/api/admin/bookings/${b.id}/contact`, CONTACT);
    expect(res.status).toBe(200);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row).toMatchObject({
      customerEmail: "mia.new@example.com",
      customerPhone: "+61 400 000 111",
      specialRequirements: "Vegetarian lunch",
      bookingStatus: "confirmed",
    });
  });

  it.each([
    ["customer_first_name", { customer_first_name: " " }, "First name is required"],
    ["customer_first_name", { customer_first_name: "x".repeat(101) }, "First name must be at most 100"],
    ["customer_last_name", { customer_last_name: "x".repeat(101) }, "Last name must be at most 100"],
    ["customer_email", { customer_email: "not-an-email" }, "Enter a valid email address"],
    ["customer_phone", { customer_phone: "call me" }, "Phone may contain only digits"],
    [
      "special_requirements",
      { special_requirements: "x".repeat(2001) },
      "Special requirements must be at most 2000",
    ],
  ])("answers 400 naming %s", async (field, change, message) => {
    const b = await paidBooking(`bad-${field}@example.com`);
    const res = await call("PUT", `/api/admin/bookings/${b.id}/contact`, { ...CONTACT, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Answer;
    expect(body.errors?.[field]).toContain(message);
    expect(body.detail).toContain(`${field}:`);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.customerEmail).toBe(`bad-${field}@example.com`);
  });
});

describe("POST /api/admin/bookings/:id/notes", () => {
  it("keeps notes, newest first", async () => {
    const b = await paidBooking("notes@example.com");
    for (const body of ["First call: no answer", "Second call: asked for a wetsuit size"]) {
      expect((await call("POST", `/api/admin/bookings/${b.id}/notes`, { body })).status).toBe(201);
    }
    expect((await page(b.id)).notes.map((n) => n.body)).toEqual([
      "Second call: asked for a wetsuit size",
      "First call: no answer",
    ]);
  });

  it.each([
    ["blank", "   ", "Note is required"],
    ["too long", "x".repeat(2001), "Note must be at most 2000 characters"],
  ])("answers 400 naming body for a %s note", async (_, body, message) => {
    const b = await paidBooking("bad-note@example.com");
    const res = await call("POST", `/api/admin/bookings/${b.id}/notes`, { body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).errors?.body).toBe(message);
    expect((await page(b.id)).notes).toEqual([]);
  });
});

describe("POST /api/admin/bookings/:id/link", () => {
  it("mints a working link once per click; a revocation stops it and refuses new ones", async () => {
    const b = await paidBooking("link@example.com");
    const res = await call("POST", `/api/admin/bookings/${b.id}/link`);
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(new URL(url).pathname).toMatch(/^\/my-booking\/[A-Za-z0-9_-]{43}$/);
    expect(await opens(url)).toBe(true);
    expect((await page(b.id)).links).toMatchObject({ state: "live", live: 1, can_mint: true });

    // A second click: a new link, the first one off (one live per channel).
    const again = (await (await call("POST", `/api/admin/bookings/${b.id}/link`)).json()) as { url: string };
    expect(again.url).not.toBe(url);
    expect(await opens(url)).toBe(false);
    expect(await opens(again.url)).toBe(true);

    expect((await call("POST", `/api/admin/bookings/${b.id}/revoke-links`)).status).toBe(200);
    expect(await opens(again.url)).toBe(false);
    const refused = await call("POST", `/api/admin/bookings/${b.id}/link`);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Answer).detail).toMatch(/revoked/);
    expect((await page(b.id)).links).toMatchObject({ state: "revoked", live: 0, can_mint: false });
  });

  it("refuses a link that would already be expired", async () => {
    const b = (await insertBooking(ctx.db, { paid: true, email: "old@example.com", date: "2020-01-05" }))
      .booking;
    const res = await call("POST", `/api/admin/bookings/${b.id}/link`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as Answer).detail).toMatch(/stopped working after/);
  });
});

describe("POST /api/admin/bookings/:id/refunds", () => {
  const refund = (id: string, amount: unknown, key = randomUUID(), reason: unknown = "Gear hire not used") =>
    call("POST", `/api/admin/bookings/${id}/refunds`, { amount, reason, request_key: key });

  it("refunds the chosen amount with the reason and keeps the booking's status", async () => {
    const b = await paidBooking("partial@example.com");
    const res = await refund(b.id, "40.50");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ refund_amount: 40.5, refund_status: "succeeded" });
    const view = await page(b.id);
    expect(view.refunds).toEqual([
      expect.objectContaining({
        amount: 40.5,
        reason: "operator",
        note: "Gear hire not used",
        status: "succeeded",
      }),
    ]);
    expect(view.booking).toMatchObject({ booking_status: "confirmed", refund_amount: 40.5 });
    expect(view.refundable).toBe(259.5);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(payment).toMatchObject({ refundedCents: 4050, paymentStatus: "partially_refunded" });
  });

  it.each([
    ["amount", { amount: "12.345" }, "dollars and cents"],
    ["amount", { amount: "-5" }, "dollars and cents"],
    ["amount", { amount: "0" }, "more than $0"],
    ["amount", { amount: 12 }, "dollars and cents"],
    ["reason", { reason: "  " }, "Reason is required"],
    ["reason", { reason: "x".repeat(501) }, "Reason must be at most 500 characters"],
    ["request_key", { request_key: "short" }, "request_key must be"],
  ])("answers 400 naming %s", async (field, change, message) => {
    const b = await paidBooking(`bad-refund-${field}@example.com`);
    const res = await call("POST", `/api/admin/bookings/${b.id}/refunds`, {
      amount: "10",
      reason: "Because",
      request_key: randomUUID(),
      ...change,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Answer).errors?.[field]).toContain(message);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.bookingId, b.id))).toEqual([]);
  });

  it("never refunds more than was paid less what was refunded", async () => {
    const b = await paidBooking("cap@example.com");
    expect((await refund(b.id, "250")).status).toBe(201);
    const over = await refund(b.id, "50.01");
    expect(over.status).toBe(409);
    const body = (await over.json()) as Answer;
    expect(body.errors?.amount).toBe("At most $50.00 is left to refund on this booking.");
    expect((await refund(b.id, "50")).status).toBe(201);
    const none = await refund(b.id, "0.01");
    expect(none.status).toBe(409);
    expect(((await none.json()) as Answer).errors?.amount).toBe("Nothing is left to refund on this booking.");
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, b.id));
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(30_000);
  });

  it("refunds a booking without a paid payment nothing", async () => {
    const { booking } = await insertBooking(ctx.db, { email: "unpaid@example.com" });
    const res = await refund(booking.id, "10");
    expect(res.status).toBe(409);
    expect(((await res.json()) as Answer).errors?.amount).toMatch(/Nothing is left/);
  });

  it("refunds once when the same form is submitted twice, even at once", async () => {
    const b = await paidBooking("double@example.com");
    const key = randomUUID();
    const [first, second] = await Promise.all([refund(b.id, "30", key), refund(b.id, "30", key)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const third = await refund(b.id, "30", key);
    expect(third.status).toBe(200);
    expect(await third.json()).toMatchObject({ repeated: true, refund_amount: 30 });
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, b.id));
    expect(rows.map((r) => r.amountCents)).toEqual([3000]);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row.refundAmountCents).toBe(3000);
  });

  it("lets one of two refunds that together exceed what is left through, and refuses the other", async () => {
    const b = await paidBooking("race@example.com");
    const answers = await Promise.all([refund(b.id, "200"), refund(b.id, "200")]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, b.id));
    expect(rows.map((r) => r.amountCents)).toEqual([20_000]);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, b.id));
    expect(payment.refundedCents).toBe(20_000);
  });
});
