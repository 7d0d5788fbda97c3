import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { adventures, availability, bookings, emailOutbox, payments } from "../../server/db/schema.ts";
import {
  CANCELLED_FORM_WINDOW_MS,
  cancelledBookingForm,
} from "../../server/domain/bookings/payment-views.server.ts";
import type { PaymentProvider } from "../../server/payments/provider.server.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Mia Nguyen" };

let t: TestContext;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t.close());

async function slot(adventureId: string, date: string) {
  const [row] = await t.db
    .select()
    .from(availability)
    .where(and(eq(availability.adventureId, adventureId), eq(availability.date, date)));
  return row;
}

async function book(overrides: Record<string, unknown> = {}) {
  const adventureId = (overrides.adventure_id as string) ?? "dive-exhibition";
  const date = (overrides.selected_date as string) ?? (await firstOpenDate(t.app, adventureId, 2));
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest("POST", bookingPayload({ selected_date: date, ...overrides })),
  );
  return { res, date, body: (await res.json()) as Record<string, string> };
}

async function status(sessionId: string) {
  const res = await t.app.request(`/api/payments/v1/checkout/status/${sessionId}`);
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe("GET /api/adventures/{id}/dates", () => {
  it("lists the adventure's dates from today + notice, in order, with free spots", async () => {
    const res = await t.app.request("/api/adventures/guided-shore-dive/dates");
    expect(res.status).toBe(200);
    const dates = (await res.json()) as {
      date: string;
      display: string;
      available: boolean;
      spots_left: number;
    }[];
    expect(dates.length).toBeGreaterThan(0);
    const first = addDays(sydneyDate(clock.now()), 1);
    for (const d of dates) {
      expect(d.date >= first).toBe(true);
      expect(d.display).toMatch(/^(Saturday|Sunday),? \d{1,2} \w+ \d{4}$/);
      expect(d.spots_left).toBe(3);
      expect(d.available).toBe(true);
    }
    expect([...dates].sort((a, b) => a.date.localeCompare(b.date))).toEqual(dates);
  });

  it("shows full and closed dates as unavailable", async () => {
    const res0 = await t.app.request("/api/adventures/scooter-dive-adventure/dates");
    const [a, b] = (await res0.json()) as { date: string }[];
    await t.db
      .update(availability)
      .set({ bookedSpots: 2 })
      .where(and(eq(availability.adventureId, "scooter-dive-adventure"), eq(availability.date, a.date)));
    await t.db
      .update(availability)
      .set({ isAvailable: false })
      .where(and(eq(availability.adventureId, "scooter-dive-adventure"), eq(availability.date, b.date)));
    const dates = (await (await t.app.request("/api/adventures/scooter-dive-adventure/dates")).json()) as {
      date: string;
      available: boolean;
      spots_left: number;
    }[];
    expect(dates[0]).toMatchObject({ date: a.date, available: false, spots_left: 0 });
    expect(dates[1]).toMatchObject({ date: b.date, available: false, spots_left: 0 });
  });

  it("answers 404 for an unknown adventure", async () => {
    const res = await t.app.request("/api/adventures/no-such-trip/dates");
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toBeTruthy();
  });
});

describe("POST /api/bookings", () => {
  it("creates a pending booking, holds the spots and opens a 30-minute checkout", async () => {
    const { res, body, date } = await book({ group_size: 2, total_amount: 1, booking_status: "confirmed" });
    expect(res.status).toBe(201);
    expect(body.checkout_url).toBe(`http://localhost:3999/checkout/test/${body.session_id}`);
    expect(body.reference).toMatch(/^TW-[A-Z2-9]{6}$/);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, body.booking_id));
    expect(row).toMatchObject({
      bookingStatus: "pending_payment",
      groupSize: 2,
      unitPriceCents: 9500,
      totalAmountCents: 19000,
      holdsSpots: true,
      selectedDate: date,
      checkoutSessionId: body.session_id,
    });
    expect(row.holdExpiresAt?.getTime()).toBe(clock.now().getTime() + 30 * 60_000);
    expect((await slot("dive-exhibition", date)).bookedSpots).toBe(2);
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, body.session_id));
    expect(ledger).toMatchObject({ kind: "booking", amountTotalCents: 19000, quantity: 2, status: "open" });
  });

  it("prices from the date's override when there is one", async () => {
    const date = await firstOpenDate(t.app, "underwater-treasure-hunt", 3);
    await t.db
      .update(availability)
      .set({ priceOverrideCents: 15050 })
      .where(and(eq(availability.adventureId, "underwater-treasure-hunt"), eq(availability.date, date)));
    const { res, body } = await book({
      adventure_id: "underwater-treasure-hunt",
      selected_date: date,
      group_size: 3,
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, body.booking_id));
    expect(row.totalAmountCents).toBe(45150);
  });

  it.each([
    [{ customer_first_name: "" }, "customer_first_name"],
    [{ customer_email: "not-an-email" }, "customer_email"],
    [{ group_size: 5 }, "group_size"],
    [{ group_size: 0 }, "group_size"],
    [{ group_size: "two" }, "group_size"],
    [{ selected_date: "2026-02-30" }, "selected_date"],
    [{ adventure_id: "" }, "adventure_id"],
    [{ customer_phone: "call me<script>" }, "customer_phone"],
  ])("rejects %o with a 400 naming %s", async (override, field) => {
    const date = await firstOpenDate(t.app, "dive-exhibition");
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest("POST", bookingPayload({ selected_date: date, ...override })),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: string; errors: Record<string, string> };
    expect(body.detail).toContain(field);
    expect(body.errors[field]).toBeTruthy();
  });

  it("rejects malformed JSON with a 400", async () => {
    const res = await t.app.request("/api/bookings", jsonRequest("POST", "{not json"));
    expect(res.status).toBe(400);
  });

  it("rejects an inactive or booking-disabled adventure", async () => {
    await t.db
      .update(adventures)
      .set({ bookingEnabled: false })
      .where(eq(adventures.id, "camping-only-2day"));
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ adventure_id: "camping-only-2day", selected_date: addDays(sydneyDate(), 10) }),
      ),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors.adventure_id).toBeTruthy();
    const dates = await (await t.app.request("/api/adventures/camping-only-2day/dates")).json();
    expect(dates).toEqual([]);
  });

  it("rejects a date that is not offered (no row, closed, or inside the booking notice)", async () => {
    const today = sydneyDate(clock.now());
    for (const date of [today, "2099-01-01"]) {
      const { res, body } = await book({ selected_date: date });
      expect(res.status).toBe(400);
      expect(body.detail).toContain("selected_date");
    }
  });

  it("rejects a group larger than the adventure allows or than the spots left", async () => {
    const date = await firstOpenDate(t.app, "night-dive-experience");
    const tooBig = await book({ adventure_id: "night-dive-experience", selected_date: date, group_size: 3 });
    expect(tooBig.res.status).toBe(400);
    expect(tooBig.body.detail).toContain("group_size");

    const d2 = await firstOpenDate(t.app, "guided-shore-dive");
    await t.db
      .update(availability)
      .set({ bookedSpots: 2 })
      .where(and(eq(availability.adventureId, "guided-shore-dive"), eq(availability.date, d2)));
    const { res, body } = await book({ adventure_id: "guided-shore-dive", selected_date: d2, group_size: 2 });
    expect(res.status).toBe(400);
    expect(body.detail).toMatch(/group_size: Only 1 spot is left/);
  });

  it("never redirects to another origin named in host_url", async () => {
    const { res, body } = await book({ host_url: "https://evil.example" });
    expect(res.status).toBe(201);
    expect(new URL(body.checkout_url).origin).toBe("http://localhost:3999");
    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${body.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    const { redirect_url } = (await pay.json()) as { redirect_url: string };
    expect(redirect_url).toBe(`http://localhost:3999/book?session_id=${body.session_id}`);
  });
});

describe("paying, cancelling and expiring", () => {
  it("confirms a paid booking once and queues the confirmation (with .ics) and the operator notice", async () => {
    const { body } = await book({ group_size: 1, customer_email: "paid@example.com" });
    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${body.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(pay.status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const { res, body: s } = await status(body.session_id);
      expect(res.status).toBe(200);
      expect(s).toMatchObject({
        status: "complete",
        payment_status: "paid",
        amount_total: 95,
        currency: "aud",
        booking_reference: body.reference,
        booking_status: "confirmed",
      });
    }
    const emails = await t.db.select().from(emailOutbox);
    const confirmation = emails.filter((e) => e.dedupeKey === `booking_confirmation:${body.booking_id}`);
    const notice = emails.filter((e) => e.dedupeKey === `booking_notice:${body.booking_id}`);
    expect(confirmation).toHaveLength(1);
    expect(notice).toHaveLength(1);
    expect(confirmation[0].toAddress).toBe("paid@example.com");
    expect(confirmation[0].textBody).toContain(body.reference);
    // It leads with what the group still has to give (the seeded waiver among it), and where.
    const opening = confirmation[0].textBody.split("\n").slice(0, 6).join("\n");
    expect(opening).toContain(
      "Before your trip we still need each diver's details and medical questions, and the waiver. Each person can fill in their own, here: [link removed after sending]",
    );
    expect(confirmation[0].htmlBody).toContain("Add your group's details");
    expect(confirmation[0].attachments[0].content).toContain(`UID:${body.booking_id}`);
    expect(confirmation[0].attachments[0].content).toContain("DTSTART;TZID=Australia/Sydney:");
    expect(notice[0].toAddress).toContain("@");
  });

  it("Pay on a session that does not exist answers 404 and says so", async () => {
    for (const id of ["cs_test_doesnotexist0001", "not-a-session"]) {
      const res = await t.app.request(`/api/payments/v1/test-checkout/${id}/pay`, jsonRequest("POST", PAY));
      expect([id, res.status, (await res.json()).detail]).toEqual([id, 404, "Checkout session not found"]);
    }
  });

  it("declines 4000 0000 0000 0002 and rejects invalid card numbers", async () => {
    const { body } = await book({ group_size: 1 });
    const declined = await t.app.request(
      `/api/payments/v1/test-checkout/${body.session_id}/pay`,
      jsonRequest("POST", { ...PAY, card_number: "4000 0000 0000 0002" }),
    );
    expect(declined.status).toBe(402);
    // The form shows the refusal at the card number.
    expect(await declined.json()).toMatchObject({
      detail: "Your card was declined.",
      errors: { card_number: "Your card was declined." },
    });
    const invalid = await t.app.request(
      `/api/payments/v1/test-checkout/${body.session_id}/pay`,
      jsonRequest("POST", { ...PAY, card_number: "4242 4242 4242 4241" }),
    );
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors.card_number).toBe("Your card number is invalid.");
    expect((await status(body.session_id)).body.payment_status).toBe("unpaid");
  });

  it("Cancel closes the session, cancels the booking, releases the hold, and returns to /book", async () => {
    const { body, date } = await book({ adventure_id: "dive-trip-shore", group_size: 2 });
    const before = (await slot("dive-trip-shore", date)).bookedSpots;
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, body.session_id));
    const res = await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://localhost:3999/book?session_id=${body.session_id}`);
    expect((await status(body.session_id)).body).toMatchObject({
      status: "cancelled",
      booking_status: "cancelled",
    });
    expect((await slot("dive-trip-shore", date)).bookedSpots).toBe(before - 2);
    // Twice is the same as once.
    await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    expect((await slot("dive-trip-shore", date)).bookedSpots).toBe(before - 2);
    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${body.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(pay.status).toBe(410);
  });

  it("the cancel return fills /book in with what was entered, for an hour and for cancelled checkouts only", async () => {
    const { body, date } = await book({
      adventure_id: "dive-trip-shore",
      group_size: 2,
      special_requirements: "One of us is vegetarian",
    });
    // Still open: nothing to fill in.
    expect(await cancelledBookingForm(t.db, body.session_id, clock.now())).toBeNull();
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, body.session_id));
    await t.app.request(`/api/payments/v1/checkout/cancel/${ledger.id}`);
    expect(await cancelledBookingForm(t.db, body.session_id, clock.now())).toEqual({
      adventureId: "dive-trip-shore",
      customerFirstName: "Mia",
      customerLastName: "Nguyen",
      customerEmail: "mia@example.com",
      customerPhone: "+61 400 111 222",
      groupSize: "2",
      selectedDate: date,
      specialRequirements: "One of us is vegetarian",
    });
    // Filled in for an hour to the millisecond, then never again.
    const edge = new Date(clock.now().getTime() + CANCELLED_FORM_WINDOW_MS);
    expect(await cancelledBookingForm(t.db, body.session_id, edge)).not.toBeNull();
    const later = new Date(clock.now().getTime() + CANCELLED_FORM_WINDOW_MS + 1000);
    expect(await cancelledBookingForm(t.db, body.session_id, later)).toBeNull();

    // An expired checkout is not a cancel return.
    const expired = await book({ customer_email: "mia.expired@example.com" });
    expect(expired.res.status, JSON.stringify(expired.body)).toBe(201);
    clock.advance(31 * 60_000);
    expect((await status(expired.body.session_id)).body.status).toBe("expired");
    expect(await cancelledBookingForm(t.db, expired.body.session_id, clock.now())).toBeNull();
  });

  it("an unknown cancel link goes back to /book", async () => {
    const res = await t.app.request("/api/payments/v1/checkout/cancel/00000000-0000-0000-0000-000000000000");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3999/book");
  });

  it("after 30 minutes the session is expired: the status says so and the hold is released", async () => {
    const { body, date } = await book({ adventure_id: "dive-trip-shore", group_size: 2 });
    const held = (await slot("dive-trip-shore", date)).bookedSpots;
    clock.advance(29 * 60_000);
    expect((await status(body.session_id)).body.status).toBe("open");
    clock.advance(2 * 60_000);
    expect((await status(body.session_id)).body).toMatchObject({
      status: "expired",
      payment_status: "unpaid",
      booking_status: "cancelled",
    });
    expect((await slot("dive-trip-shore", date)).bookedSpots).toBe(held - 2);
    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${body.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(pay.status).toBe(410);
  });

  it("the sweeper releases holds whose time passed, without anyone asking", async () => {
    const { body, date } = await book({ adventure_id: "dive-trip-shore", group_size: 2 });
    const held = (await slot("dive-trip-shore", date)).bookedSpots;
    clock.advance(31 * 60_000);
    const { closed } = await t.services.sweeper.sweep();
    expect(closed).toBeGreaterThanOrEqual(1);
    expect((await slot("dive-trip-shore", date)).bookedSpots).toBe(held - 2);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, body.booking_id));
    // Ended by time, not by the customer: the console tells the two apart.
    expect(row).toMatchObject({ bookingStatus: "cancelled", cancelReason: "expired", holdsSpots: false });
    expect((await t.services.sweeper.sweep()).closed).toBe(0);
  });

  it("answers 404 for an unknown session", async () => {
    const { res, body } = await status("cs_test_doesnotexist");
    expect(res.status).toBe(404);
    expect(body.detail).toBeTruthy();
  });
});

describe("when the provider fails", () => {
  it("answers 502, cancels the booking and its ledger row, and releases the hold", async () => {
    // What the ledger held when the provider was asked: the checkout opens as every checkout does.
    let ledgerAtCall: { status: string; kind: string; bookingId: string | null }[] = [];
    const broken: PaymentProvider = {
      name: "test",
      createCheckout: async () => {
        ledgerAtCall = await t2.db
          .select({ status: payments.status, kind: payments.kind, bookingId: payments.bookingId })
          .from(payments);
        throw new Error("provider down");
      },
      retrieve: () => Promise.reject(new Error("provider down")),
      expire: () => Promise.reject(new Error("provider down")),
      refund: () => Promise.reject(new Error("provider down")),
      verifyWebhook: () => {
        throw new Error("provider down");
      },
    };
    const t2 = await createTestApp({}, { payments: broken });
    try {
      const date = await firstOpenDate(t2.app, "dive-exhibition", 2);
      const res = await t2.app.request(
        "/api/bookings",
        jsonRequest("POST", bookingPayload({ selected_date: date, group_size: 2 })),
      );
      expect(res.status).toBe(502);
      expect((await res.json()).detail).toMatch(/payment provider/);
      const rows = await t2.db.select().from(bookings);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
      expect(ledgerAtCall).toEqual([{ status: "creating", kind: "booking", bookingId: rows[0].id }]);
      const ledger = await t2.db.select().from(payments);
      expect(ledger).toMatchObject([
        { status: "cancelled", bookingId: rows[0].id, amountTotalCents: rows[0].totalAmountCents },
      ]);
      const [s] = await t2.db
        .select()
        .from(availability)
        .where(and(eq(availability.adventureId, "dive-exhibition"), eq(availability.date, date)));
      expect(s.bookedSpots).toBe(0);
    } finally {
      await t2.close();
    }
  });
});
