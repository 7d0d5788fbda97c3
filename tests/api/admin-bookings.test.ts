import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import {
  availability,
  bookings,
  emailOutbox,
  payments,
  refunds,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { parseStrictCsv } from "../helpers/csv.ts";
import { bookingPayload, createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let ctx: TestContext;
let token: string;

interface Page {
  bookings: {
    id: string;
    reference: string;
    booking_status: string;
    total_amount: number;
    refund_amount: number;
    payment_status: string;
    next_statuses: string[];
    customer_email: string;
  }[];
  total: number;
  page: number;
  page_size: number;
}

beforeAll(async () => {
  ctx = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  token = await login(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const get = (path: string) => ctx.app.request(path, authed(token));
const put = (path: string, body: unknown) => ctx.app.request(path, authed(token, "PUT", body));

describe("GET /api/bookings", () => {
  it("pages newest first with total, page and page_size", async () => {
    const email = "paging@example.com";
    const base = Date.now() - 1000 * 60 * 60;
    for (let i = 0; i < 7; i++) {
      await insertBooking(ctx.db, { email, firstName: `Pager${i}`, createdAt: new Date(base + i * 1000) });
    }
    const res = await get(`/api/bookings?q=${encodeURIComponent(email)}&page_size=3`);
    expect(res.status).toBe(200);
    const page1 = (await res.json()) as Page;
    expect(page1.total).toBe(7);
    expect(page1.page).toBe(1);
    expect(page1.page_size).toBe(3);
    expect(page1.bookings.map((b) => b.customer_email)).toEqual([email, email, email]);
    const page3 = (await (await get(`/api/bookings?q=${email}&page_size=3&page=3`)).json()) as Page;
    expect(page3.bookings).toHaveLength(1);
    const all = (await (await get(`/api/bookings?q=${email}&page_size=100`)).json()) as Page;
    const created = all.bookings.map((b) => (b as unknown as { created_at: string }).created_at);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("defaults to 25 per page and caps page_size at 100", async () => {
    const res = (await (await get("/api/bookings?page_size=500")).json()) as Page;
    expect(res.page_size).toBe(100);
    const def = (await (await get("/api/bookings")).json()) as Page;
    expect(def.page_size).toBe(25);
  });

  it("filters by status and searches name, email and reference", async () => {
    const { booking } = await insertBooking(ctx.db, {
      firstName: "Zelda",
      lastName: "Quartermaine",
      email: "zq@example.com",
      status: "completed",
    });
    const byName = (await (await get("/api/bookings?q=zelda%20quarter")).json()) as Page;
    expect(byName.bookings.map((b) => b.id)).toEqual([booking.id]);
    const byRef = (await (await get(`/api/bookings?q=${booking.reference.toLowerCase()}`)).json()) as Page;
    expect(byRef.bookings.map((b) => b.id)).toEqual([booking.id]);
    const byStatus = (await (await get("/api/bookings?status=completed&q=zq@")).json()) as Page;
    expect(byStatus.total).toBe(1);
    const none = (await (await get("/api/bookings?status=cancelled&q=zq@")).json()) as Page;
    expect(none.total).toBe(0);
    // LIKE wildcards are literal.
    const wild = (await (await get("/api/bookings?q=%25")).json()) as Page;
    expect(wild.total).toBe(0);
  });

  it("refuses a bad status or page with 400 naming the field", async () => {
    const bad = await get("/api/bookings?status=lost");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.status).toBeTruthy();
    expect((await get("/api/bookings?page=0")).status).toBe(400);
    expect((await get("/api/bookings?page_size=abc")).status).toBe(400);
  });
});

describe("PUT /api/admin/bookings/{id}/status", () => {
  it("completes a pending_payment booking and a confirmed one", async () => {
    const pending = (await insertBooking(ctx.db, { status: "pending_payment" })).booking;
    const res = await put(`/api/admin/bookings/${pending.id}/status`, { status: "completed" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      success: boolean;
      booking: { booking_status: string; next_statuses: string[] };
    };
    expect(body.success).toBe(true);
    expect(body.booking.booking_status).toBe("completed");
    expect(body.booking.next_statuses).toEqual(["cancelled"]);

    const confirmed = (await insertBooking(ctx.db, { paid: true })).booking;
    expect((await put(`/api/admin/bookings/${confirmed.id}/status`, { status: "completed" })).status).toBe(
      200,
    );
  });

  it("refuses transitions the rules do not offer (409) and bad values (400)", async () => {
    const done = (await insertBooking(ctx.db, { status: "completed" })).booking;
    expect((await put(`/api/admin/bookings/${done.id}/status`, { status: "completed" })).status).toBe(409);
    expect((await put(`/api/admin/bookings/${done.id}/status`, { status: "confirmed" })).status).toBe(409);
    expect((await put(`/api/admin/bookings/${done.id}/status`, { status: "pending_payment" })).status).toBe(
      409,
    );
    const cancelled = (await insertBooking(ctx.db, { status: "cancelled" })).booking;
    const twice = await put(`/api/admin/bookings/${cancelled.id}/status`, { status: "cancelled" });
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as { detail: string }).detail).toBe("This booking is already cancelled.");
    expect((await put(`/api/admin/bookings/${cancelled.id}/status`, { status: "completed" })).status).toBe(
      409,
    );
    const bad = await put(`/api/admin/bookings/${done.id}/status`, { status: "archived" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.status).toBeTruthy();
    expect((await put("/api/admin/bookings/nope/status", { status: "cancelled" })).status).toBe(404);
    expect((await put(`/api/admin/bookings/${done.id}/status`, "not json")).status).toBe(400);
  });

  it("cancelling an unpaid booking releases its held spots and refunds nothing", async () => {
    const date = addDays(sydneyDate(), 40);
    const { booking, availabilityId } = await insertBooking(ctx.db, { holdSpots: true, groupSize: 3, date });
    const [before] = await ctx.db
      .select()
      .from(availability)
      .where(eq(availability.id, availabilityId as string));
    const preview = (await (await get(`/api/admin/bookings/${booking.id}/refund-preview`)).json()) as {
      paid: boolean;
      refund_amount: number;
    };
    expect(preview).toMatchObject({ paid: false, refund_amount: 0 });
    const res = await put(`/api/admin/bookings/${booking.id}/status`, { status: "cancelled" });
    expect(res.status).toBe(200);
    const [after] = await ctx.db
      .select()
      .from(availability)
      .where(eq(availability.id, availabilityId as string));
    expect(after.bookedSpots).toBe(before.bookedSpots - 3);
    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false, refundAmountCents: 0 });
    expect(row.cancelledAt).toBeInstanceOf(Date);
  });

  it("a trip marked done and cancelled after all: the customer is told, as for a confirmed one", async () => {
    const { booking } = await insertBooking(ctx.db, {
      status: "completed",
      date: addDays(sydneyDate(), 30),
      email: "done-then-cancelled@example.com",
    });
    expect((await put(`/api/admin/bookings/${booking.id}/status`, { status: "cancelled" })).status).toBe(200);
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.bookingId, booking.id));
    expect(mails.map((m) => [m.kind, m.toAddress, m.subject])).toEqual([
      [
        "booking_cancelled",
        "done-then-cancelled@example.com",
        `Your booking ${booking.reference} has been cancelled`,
      ],
    ]);
  });

  it("cancelling a booking whose checkout is still open ends that checkout at the provider", async () => {
    const date = (await (await ctx.app.request("/api/adventures/dive-exhibition/dates")).json()) as {
      date: string;
      available: boolean;
    }[];
    const res = await ctx.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          selected_date: date.find((d) => d.available)?.date,
          customer_email: "open-checkout@example.com",
        }),
      ),
    );
    expect(res.status).toBe(201);
    const { booking_id, checkout_url } = (await res.json()) as { booking_id: string; checkout_url: string };
    const sessionId = new URL(checkout_url).pathname.split("/").pop() ?? "";
    expect((await put(`/api/admin/bookings/${booking_id}/status`, { status: "cancelled" })).status).toBe(200);
    const [session] = await ctx.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session.status).toBe("expired");
  });

  it("the cancellation preview offers only what is left after refunds made or still pending", async () => {
    const { booking } = await insertBooking(ctx.db, {
      paid: true,
      groupSize: 2,
      unitPriceCents: 10_000,
      date: addDays(sydneyDate(), 20),
      email: "refund-partial@example.com",
    });
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    // $50 refunded already, and $30 the provider has not confirmed yet.
    await ctx.db.update(payments).set({ refundedCents: 5_000 }).where(eq(payments.id, payment.id));
    await ctx.db.insert(refunds).values({
      paymentId: payment.id,
      bookingId: booking.id,
      amountCents: 3_000,
      currency: "aud",
      reason: "operator",
      status: "pending",
      idempotencyKey: `test-pending-${booking.id}`,
    });
    const preview = (await (await get(`/api/admin/bookings/${booking.id}/refund-preview`)).json()) as Record<
      string,
      unknown
    >;
    expect(preview).toMatchObject({
      paid: true,
      paid_amount: 200,
      already_refunded: 80,
      refund_percent: 100,
      refund_amount: 120,
      currency: "aud",
    });
    // Refunded in full already: nothing more, never less than nothing.
    await ctx.db.update(payments).set({ refundedCents: 20_000 }).where(eq(payments.id, payment.id));
    expect(await (await get(`/api/admin/bookings/${booking.id}/refund-preview`)).json()).toMatchObject({
      already_refunded: 230,
      refund_amount: 0,
    });
  });

  it("cancelling a paid booking 10+ days out refunds in full through the provider and the ledger", async () => {
    const date = addDays(sydneyDate(), 20);
    const { booking, availabilityId, sessionId } = await insertBooking(ctx.db, {
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: 12_345,
      date,
      email: "refund-full@example.com",
    });
    const preview = (await (await get(`/api/admin/bookings/${booking.id}/refund-preview`)).json()) as Record<
      string,
      unknown
    >;
    expect(preview).toMatchObject({
      paid: true,
      paid_amount: 246.9,
      refund_percent: 100,
      refund_amount: 246.9,
      days_before_trip: 20,
    });
    const [spotsBefore] = await ctx.db
      .select()
      .from(availability)
      .where(eq(availability.id, availabilityId as string));
    const res = await put(`/api/admin/bookings/${booking.id}/status`, { status: "cancelled" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { refund_amount: number }).refund_amount).toBe(246.9);

    const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.refundAmountCents).toBe(24_690);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ refundedCents: 24_690, paymentStatus: "refunded" });
    const [session] = await ctx.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session.refundedCents).toBe(24_690);
    const [spotsAfter] = await ctx.db
      .select()
      .from(availability)
      .where(eq(availability.id, availabilityId as string));
    expect(spotsAfter.bookedSpots).toBe(spotsBefore.bookedSpots - 2);
    const mails = await ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, "refund-full@example.com"));
    expect(mails.map((m) => m.kind)).toEqual(["booking_cancelled"]);
    expect(mails[0].textBody).toContain("$246.90");

    const list = (await (await get(`/api/bookings?q=${booking.reference}`)).json()) as Page;
    expect(list.bookings[0]).toMatchObject({
      refund_amount: 246.9,
      payment_status: "refunded",
      next_statuses: [],
    });
  });

  it("refunds half 3-6 days out and nothing within 2 days", async () => {
    const half = (
      await insertBooking(ctx.db, {
        paid: true,
        groupSize: 1,
        unitPriceCents: 10_001,
        date: addDays(sydneyDate(), 4),
      })
    ).booking;
    const r1 = await put(`/api/admin/bookings/${half.id}/status`, { status: "cancelled" });
    expect(((await r1.json()) as { refund_amount: number }).refund_amount).toBe(50);
    const [p1] = await ctx.db.select().from(payments).where(eq(payments.bookingId, half.id));
    expect(p1).toMatchObject({ refundedCents: 5000, paymentStatus: "partially_refunded" });

    const none = (await insertBooking(ctx.db, { paid: true, date: addDays(sydneyDate(), 1) })).booking;
    const r2 = await put(`/api/admin/bookings/${none.id}/status`, { status: "cancelled" });
    expect(((await r2.json()) as { refund_amount: number }).refund_amount).toBe(0);
    const [p2] = await ctx.db.select().from(payments).where(eq(payments.bookingId, none.id));
    expect(p2).toMatchObject({ refundedCents: 0, paymentStatus: "paid" });
  });

  it("when the provider refuses, the booking stays cancelled, the refund waits in the list, and Retry refund pays it once", async () => {
    const { booking, sessionId } = await insertBooking(ctx.db, {
      paid: true,
      groupSize: 1,
      unitPriceCents: 20_000,
      date: addDays(sydneyDate(), 30),
    });
    // The provider's own record says it was never paid: it refuses.
    await ctx.db
      .update(testCheckoutSessions)
      .set({ paymentStatus: "unpaid" })
      .where(eq(testCheckoutSessions.id, sessionId));
    const res = await put(`/api/admin/bookings/${booking.id}/status`, { status: "cancelled" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      refund_amount: number;
      booking: { booking_status: string; refund_status: string; attention: string };
    };
    expect(body.refund_amount).toBe(200);
    expect(body.booking).toMatchObject({ booking_status: "cancelled", refund_status: "pending" });
    expect(body.booking.attention).toMatch(/refund of \$200\.00 has not reached the payment provider/);
    const [pending] = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(pending).toMatchObject({ status: "pending", amountCents: 20_000, attempts: 1 });
    const list = (await (await get(`/api/bookings?q=${booking.reference}`)).json()) as {
      bookings: { attention: string | null }[];
    };
    expect(list.bookings[0].attention).toMatch(/not reached the payment provider/);

    // The provider is fine again: one click sends the same refund with the same key.
    await ctx.db
      .update(testCheckoutSessions)
      .set({ paymentStatus: "paid" })
      .where(eq(testCheckoutSessions.id, sessionId));
    const retry = await ctx.app.request(
      `/api/admin/bookings/${booking.id}/refund/retry`,
      authed(token, "POST"),
    );
    expect(retry.status).toBe(200);
    const retried = (await retry.json()) as { booking: { refund_status: string; attention: string | null } };
    expect(retried.booking).toMatchObject({ refund_status: "succeeded", attention: null });
    const rows = await ctx.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "succeeded", idempotencyKey: pending.idempotencyKey });
    const [session] = await ctx.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session.refundedCents).toBe(20_000);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment).toMatchObject({ refundedCents: 20_000, paymentStatus: "refunded" });
    // Nothing left to retry.
    const again = await ctx.app.request(
      `/api/admin/bookings/${booking.id}/refund/retry`,
      authed(token, "POST"),
    );
    expect(again.status).toBe(409);
  });
});

describe("GET /api/admin/bookings/export.csv", () => {
  it("exports the filtered bookings with CSV escaping and formula guards", async () => {
    await insertBooking(ctx.db, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: "Smith, Jr",
      email: "csv@example.com",
      phone: "+61 400 000 000",
      specialRequirements: 'Line one\nsays "hi"',
      status: "confirmed",
    });
    await insertBooking(ctx.db, { email: "csv@example.com", firstName: "@SUM", status: "cancelled" });
    const res = await get("/api/admin/bookings/export.csv?q=csv@example.com&status=confirmed");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = await res.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('"Line one\nsays ""hi"""');
    expect(text).not.toContain("@SUM");
    // A strict reader refuses a record shorter or longer than the header.
    const [header, ...records] = parseStrictCsv(text);
    expect(header.join(",")).toBe(
      "reference,created_at,adventure_title,selected_date,start_time,customer_first_name,customer_last_name,customer_email,customer_phone,group_size,total_amount,currency,booking_status,payment_status,refund_amount,special_requirements",
    );
    expect(records).toHaveLength(1);
    const row = Object.fromEntries(header.map((h, i) => [h, records[0][i]]));
    expect(row).toMatchObject({
      customer_first_name: `'=HYPERLINK("http://evil")`,
      customer_last_name: "Smith, Jr",
      // A phone number is no formula: it stays as typed, with no quote a spreadsheet would show.
      customer_phone: "+61 400 000 000",
      special_requirements: 'Line one\nsays "hi"',
      total_amount: "300.00",
      currency: "aud",
      booking_status: "confirmed",
    });
  });
});
