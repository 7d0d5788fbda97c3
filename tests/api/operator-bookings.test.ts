/**
 * Bookings the operator makes in the console: every way of paying ends in the
 * same confirmed booking, emails and ledger; the public form's capacity rules
 * hold, also when operators and customers race for the last spots.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { availability, bookings, emailOutbox, payments, refunds } from "../../server/db/schema.ts";
import { authed, issuedVoucherCode, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Phone Booker" };
const clock = testClock();
let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
});
afterAll(() => t.close());

type Made = {
  booking_id: string;
  reference: string;
  booking_status: string;
  total_cents: number;
  voucher_cents: number;
  amount_due_cents: number;
  payment_url: string | null;
  payment_expires_at: string | null;
  opened_date: boolean;
};

let n = 0;
/** A phone booking for a date with `free` spots of its own (unless the body names another date). */
async function book(body: Record<string, unknown>, auth = true) {
  n += 1;
  const payload = bookingPayload({ customer_email: `phone${n}@example.com`, payment: "cash", ...body });
  delete payload.host_url;
  const init = auth ? authed(token, "POST", payload) : jsonRequest("POST", payload);
  const res = await t.app.request("/api/admin/bookings", init);
  return { res, body: (await res.json()) as Made & { detail: string; errors?: Record<string, string> } };
}

let date: string;
const slotWhere = () => and(eq(availability.adventureId, "dive-exhibition"), eq(availability.date, date));
beforeEach(async () => {
  // A session of its own: the clock moves a day in one test, past a session's idle limit.
  token = await login(t);
  // Each test books on a date of its own with 4 free spots.
  date = addDays(await firstOpenDate(t.app, "dive-exhibition"), n * 3);
  await t.db
    .insert(availability)
    .values({ adventureId: "dive-exhibition", date, availableSpots: 4 })
    .onConflictDoUpdate({
      target: [availability.adventureId, availability.date, availability.startTime],
      set: { availableSpots: 4, bookedSpots: 0, isAvailable: true },
    });
});

const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const ledger = (id: string) => t.db.select().from(payments).where(eq(payments.bookingId, id));
const booked = async () => (await t.db.select().from(availability).where(slotWhere()))[0].bookedSpots;
const emails = (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

describe("a phone booking paid through a link", () => {
  it("holds the spots for 24 hours, emails the checkout, and paying it confirms the booking once", async () => {
    const { res, body } = await book({ selected_date: date, group_size: 2, payment: "link" });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({
      booking_status: "pending_payment",
      total_cents: 19_000,
      amount_due_cents: 19_000,
    });
    expect(new Date(body.payment_expires_at ?? "").getTime() - clock.now().getTime()).toBe(24 * 3_600_000);
    expect(await booked()).toBe(2);
    const row = await bookingRow(body.booking_id);
    expect(row).toMatchObject({ source: "operator", paymentMethod: "card", holdsSpots: true });

    const [link] = await emails(row.customerEmail);
    expect(link.kind).toBe("payment_link");
    expect(link.subject).toContain(row.reference);
    expect(await sentText(t.db, link)).toContain(body.payment_url ?? "missing");

    const sessionId = new URL(body.payment_url ?? "").pathname.split("/").pop();
    for (let i = 0; i < 2; i++) {
      await t.app.request(`/api/payments/v1/test-checkout/${sessionId}/pay`, jsonRequest("POST", PAY));
    }
    expect((await bookingRow(body.booking_id)).bookingStatus).toBe("confirmed");
    const kinds = (await emails(row.customerEmail)).map((e) => e.kind).sort();
    expect(kinds).toEqual(["booking_confirmation", "payment_link"]);
    const [paid] = await ledger(body.booking_id);
    expect(paid).toMatchObject({ paymentStatus: "paid", amountTotalCents: 19_000 });
  });

  it("gives the spots back when the link runs out unpaid", async () => {
    const { body } = await book({ selected_date: date, group_size: 3, payment: "link" });
    clock.advance(24 * 3_600_000 - 60_000);
    await t.services.sweeper.sweep();
    expect(await booked()).toBe(3);
    clock.advance(2 * 60_000);
    await t.services.sweeper.sweep();
    expect(await booked()).toBe(0);
    expect((await bookingRow(body.booking_id)).bookingStatus).toBe("cancelled");
  });
});

describe("a walk-in paid by hand", () => {
  it("cash confirms at once with a manual payment in the ledger, and the email says so", async () => {
    const { res, body } = await book({ selected_date: date, group_size: 1, payment: "cash" });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ booking_status: "confirmed", amount_due_cents: 0, payment_url: null });
    const [cash] = await ledger(body.booking_id);
    expect(cash).toMatchObject({ provider: "manual", paymentStatus: "paid", amountTotalCents: 9_500 });
    expect(cash.metadata.method).toBe("cash");
    const row = await bookingRow(body.booking_id);
    const [confirmation] = (await emails(row.customerEmail)).filter((e) => e.kind === "booking_confirmation");
    expect(await sentText(t.db, confirmation)).toContain("Paid in cash: $95.00");
  });

  it("refunds money taken by hand when the operator cancels, recorded as made without a provider", async () => {
    const { body } = await book({
      selected_date: addDays(sydneyDate(clock.now()), 30),
      payment: "bank_transfer",
      open_date: true,
    });
    // Taken by transfer: nothing is left to pay.
    expect(body).toMatchObject({ booking_status: "confirmed", amount_due_cents: 0 });
    const res = await t.app.request(
      `/api/admin/bookings/${body.booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(res.status).toBe(200);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, body.booking_id));
    expect(refund).toMatchObject({ status: "succeeded", amountCents: body.total_cents });
    expect((await ledger(body.booking_id))[0].paymentStatus).toBe("refunded");
  });
});

describe("a voucher by phone", () => {
  /** One person on the test's date, paid `payment` way, with a new voucher of `dollars`. */
  const withVoucher = async (payment: string, dollars: string) =>
    book({
      selected_date: date,
      group_size: 1,
      payment,
      voucher_code: await issuedVoucherCode(t, token, dollars, `voucher${n}@example.com`),
    });

  it("pays a part: cash records only the rest, a link asks only the rest", async () => {
    const cash = await withVoucher("cash", "50");
    expect(cash.res.status).toBe(201);
    expect(cash.body).toMatchObject({
      booking_status: "confirmed",
      voucher_cents: 5_000,
      amount_due_cents: 0,
    });
    expect((await ledger(cash.body.booking_id)).map((p) => p.amountTotalCents)).toEqual([9_500 - 5_000]);

    const link = await withVoucher("link", "50");
    expect(link.body).toMatchObject({ booking_status: "pending_payment", amount_due_cents: 4_500 });
    expect(link.body.payment_url).toMatch(/\/checkout\/test\//);
    expect((await ledger(link.body.booking_id)).map((p) => [p.provider, p.amountTotalCents])).toEqual([
      ["test", 4_500],
    ]);
  });

  it("pays it all: confirmed at once, no payment recorded and no link sent, whichever way was chosen", async () => {
    for (const payment of ["cash", "link"]) {
      const made = await withVoucher(payment, "200");
      expect(made.res.status).toBe(201);
      expect(made.body).toMatchObject({
        booking_status: "confirmed",
        voucher_cents: 9_500,
        amount_due_cents: 0,
        payment_url: null,
      });
      expect(await ledger(made.body.booking_id)).toEqual([]);
      const row = await bookingRow(made.body.booking_id);
      expect((await emails(row.customerEmail)).map((e) => e.kind)).not.toContain("payment_link");
    }
  });

  it("a payment on the day is refused for a booking still waiting for its link", async () => {
    const made = await book({ selected_date: date, group_size: 1, payment: "link" });
    const res = await t.app.request(
      `/api/admin/bookings/${made.body.booking_id}/payments`,
      authed(token, "POST", { method: "cash", request_key: `waiting-${n}` }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "Only a confirmed or completed booking takes a payment here.",
    );
  });
});

describe("pay on the day", () => {
  it("confirms with nothing paid, and the money taken on the day is recorded once", async () => {
    const { body } = await book({ selected_date: date, group_size: 2, payment: "on_the_day" });
    expect(body).toMatchObject({ booking_status: "confirmed", amount_due_cents: 19_000 });
    expect(await ledger(body.booking_id)).toHaveLength(0);
    const row = await bookingRow(body.booking_id);
    const [confirmation] = (await emails(row.customerEmail)).filter((e) => e.kind === "booking_confirmation");
    const text = await sentText(t.db, confirmation);
    expect(text).toContain("To pay on the day: $190.00");
    expect(text).not.toContain("Total paid");

    const record = (key: string) =>
      t.app.request(
        `/api/admin/bookings/${body.booking_id}/payments`,
        authed(token, "POST", { method: "cash", request_key: key }),
      );
    const [first, again] = await Promise.all([record("day-payment-1"), record("day-payment-1")]);
    expect([first.status, again.status].sort()).toEqual([200, 201]);
    const other = await record("day-payment-2");
    expect(other.status).toBe(409);
    expect(((await other.json()) as { detail: string }).detail).toMatch(/owes nothing/);
    const paid = await ledger(body.booking_id);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ provider: "manual", amountTotalCents: 19_000 });
  });

  it("refuses to record a payment with a bad method or key, naming the field", async () => {
    const { body } = await book({ selected_date: date, payment: "on_the_day" });
    const res = await t.app.request(
      `/api/admin/bookings/${body.booking_id}/payments`,
      authed(token, "POST", { method: "cheque", request_key: "x" }),
    );
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(answer.errors).sort()).toEqual(["method", "request_key"]);
  });
});

describe("dates", () => {
  it("opens a date with no departure only when asked, with the adventure's largest group as its spots", async () => {
    const empty = addDays(sydneyDate(clock.now()), 400);
    const refused = await book({ selected_date: empty, payment: "on_the_day" });
    expect(refused.res.status).toBe(400);
    expect(refused.body.errors?.selected_date).toMatch(/has no departure on .*"Open this date"/);
    const { res, body } = await book({ selected_date: empty, payment: "on_the_day", open_date: true });
    expect(res.status).toBe(201);
    expect(body.opened_date).toBe(true);
    const [slot] = await t.db
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, "dive-exhibition"), eq(availability.date, empty)));
    expect(slot).toMatchObject({ availableSpots: 4, bookedSpots: 2 });
  });

  it("refuses a closed date and a date before today, naming the date", async () => {
    await t.db.update(availability).set({ isAvailable: false }).where(slotWhere());
    const closed = await book({ selected_date: date });
    expect(closed.body.errors?.selected_date).toMatch(/closed/);
    const past = await book({ selected_date: addDays(sydneyDate(clock.now()), -1), open_date: true });
    expect(past.res.status).toBe(400);
    expect(past.body.errors?.selected_date).toBe("Date cannot be before today");
  });

  it("books a date the public form no longer offers (inside the booking window)", async () => {
    const today = sydneyDate(clock.now());
    const { res } = await book({ selected_date: today, payment: "cash", open_date: true });
    expect(res.status).toBe(201);
  });
});

describe("input and access", () => {
  it("answers 401 without the admin token", async () => {
    const { res } = await book({ selected_date: date }, false);
    expect(res.status).toBe(401);
  });

  it("names every bad field", async () => {
    const { res, body } = await book({
      selected_date: date,
      payment: "card",
      customer_email: "nope",
      group_size: 9,
      spots: 0,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(body.errors ?? {}).sort()).toEqual([
      "customer_email",
      "group_size",
      "payment",
      "spots",
    ]);
  });

  it("keeps the adventure's group range", async () => {
    const { res, body } = await book({ selected_date: date, adventure_id: "dive-exhibition", group_size: 4 });
    expect(res.status).toBe(201);
    const unknown = await book({ selected_date: date, adventure_id: "no-such-trip" });
    expect(unknown.body.errors?.adventure_id).toBe("Adventure not found");
    expect(body.booking_status).toBe("confirmed");
  });
});

describe("races for the last spots", () => {
  it("two operators booking the last two spots: one wins, never overbooked", async () => {
    await t.db.update(availability).set({ bookedSpots: 2 }).where(slotWhere());
    const results = await Promise.all([
      book({ selected_date: date, group_size: 2, payment: "cash" }),
      book({ selected_date: date, group_size: 2, payment: "link" }),
    ]);
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 400]);
    expect(await booked()).toBe(4);
  });

  it("a payment link and a public booking for the same last spot: one wins", async () => {
    await t.db.update(availability).set({ bookedSpots: 3 }).where(slotWhere());
    const [operator, customer] = await Promise.all([
      book({ selected_date: date, group_size: 1, payment: "link" }),
      t.app.request(
        "/api/bookings",
        jsonRequest(
          "POST",
          bookingPayload({ selected_date: date, group_size: 1, customer_email: "web@example.com" }),
        ),
      ),
    ]);
    expect([operator.res.status, customer.status].sort()).toEqual([201, 400]);
    expect(await booked()).toBe(4);
  });
});
