/**
 * The operator changes a booking's date or group size from its console page:
 * the preview names the difference and how it may be settled; the change holds
 * spots with the conditional update every booking uses, settles the money
 * exactly once (a link, owed, a refund or waived), and two operators racing
 * for the last spots never overbook.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import {
  adventures,
  auditLog,
  availability,
  bookingChanges,
  bookings,
  emailOutbox,
  participants,
  payments,
  refunds,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import { bookingByToken, mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { dateChangeView } from "../../server/domain/bookings/reschedule-offer.server.ts";
import { RESCHEDULE_RETURN_PATH } from "../../server/domain/bookings/reschedule-request.server.ts";
import { changeBooking } from "../../server/domain/console/booking-change.server.ts";
import { SESSION_PLACEHOLDER } from "../../server/payments/urls.server.ts";
import { authed, issuedVoucherCode, login, OWNER, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Changed Booker" };
const ADVENTURE = "dive-exhibition"; // $95 a person
const clock = testClock();
let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
});
afterAll(() => t.close());

let n = 0;
/** Two dates of this test's own: `from` (4 spots) and `to` (4 spots, or as given, at its own price). */
let from: string;
let to: string;
async function slot(date: string, spots = 4, priceOverrideCents: number | null = null) {
  await t.db
    .insert(availability)
    .values({ adventureId: ADVENTURE, date, availableSpots: spots, priceOverrideCents })
    .onConflictDoUpdate({
      target: [availability.adventureId, availability.date, availability.startTime],
      set: { availableSpots: spots, bookedSpots: 0, isAvailable: true, priceOverrideCents },
    });
}
beforeEach(async () => {
  token = await login(t);
  n += 1;
  from = addDays(await firstOpenDate(t.app, ADVENTURE), 40 + n * 4);
  to = addDays(from, 1);
  await slot(from);
  await slot(to);
});

async function book(body: Record<string, unknown>) {
  const payload = bookingPayload({
    adventure_id: ADVENTURE,
    selected_date: from,
    customer_email: `changer${n}-${Math.random().toString(36).slice(2, 7)}@example.com`,
    payment: "cash",
    ...body,
  });
  delete payload.host_url;
  const res = await t.app.request("/api/admin/bookings", authed(token, "POST", payload));
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { booking_id: string; payment_url: string | null };
}

type Plan = {
  difference_cents: number;
  new_total_cents: number;
  settlements: string[];
  refund_cents: number;
  removed_participants: string[];
};
async function preview(id: string, q: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
  const res = await t.app.request(`/api/admin/bookings/${id}/change?${qs}`, authed(token));
  return { res, body: (await res.json()) as Plan & { detail: string; errors?: Record<string, string> } };
}
type Outcome = {
  outcome: "changed" | "link";
  change_id: string;
  refund_cents: number;
  payment_url: string | null;
  repeated: boolean;
  detail: string;
  errors?: Record<string, string>;
};
async function change(id: string, body: Record<string, unknown>) {
  const res = await t.app.request(
    `/api/admin/bookings/${id}/change`,
    authed(token, "POST", { request_key: crypto.randomUUID(), ...body }),
  );
  return { res, body: (await res.json()) as Outcome };
}

const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const booked = async (date: string) =>
  (
    await t.db
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, date)))
  )[0].bookedSpots;
const emailsTo = async (to: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
/** The sentence the customer's booking page shows on coming back from a change's payment (?changed=1). */
async function returnNotice(id: string) {
  const token = await t.db.transaction((tx) => mintBookingLink(tx, id, "email", clock.now()));
  const linked = await bookingByToken(t.db, token, clock.now());
  if (!linked) throw new Error("the link did not open the booking");
  return (await dateChangeView(t.db, linked, clock.now(), new Request("http://localhost/?changed=1"))).notice;
}

describe("a change the price does not move", () => {
  it("moves the booking to another date at once, frees the old spots and emails the customer", async () => {
    const { booking_id } = await book({ group_size: 2 });
    const { body: plan } = await preview(booking_id, { date: to, group_size: 2 });
    expect(plan).toMatchObject({ difference_cents: 0, settlements: ["none"] });
    const { res, body } = await change(booking_id, {
      date: to,
      settlement: "none",
      expected_difference_cents: 0,
    });
    expect(res.status).toBe(201);
    expect(body.outcome).toBe("changed");
    expect(await row(booking_id)).toMatchObject({ selectedDate: to, groupSize: 2, totalAmountCents: 19_000 });
    expect([await booked(from), await booked(to)]).toEqual([0, 2]);
    const b = await row(booking_id);
    const [mail] = (await emailsTo(b.customerEmail)).filter((e) => e.kind === "booking_changed");
    const text = await sentText(t.db, mail);
    expect(text).toContain("We have changed your booking");
    expect(text).toContain("Nothing more to pay.");
    const [done] = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking_id));
    expect(done).toMatchObject({ source: "operator", settlement: "none", status: "done" });
  });
});

describe("a cheaper change", () => {
  it("refunds the difference on what was paid, exactly once, and lowers the total", async () => {
    await slot(to, 4, 7_000);
    const { booking_id } = await book({ group_size: 2 });
    const { body: plan } = await preview(booking_id, { date: to, group_size: 2 });
    expect(plan).toMatchObject({
      difference_cents: -5_000,
      settlements: ["refund", "waive"],
      refund_cents: 5_000,
    });
    const key = crypto.randomUUID();
    const body = { date: to, settlement: "refund", expected_difference_cents: -5_000, request_key: key };
    const [a, b] = await Promise.all([change(booking_id, body), change(booking_id, body)]);
    expect([a.res.status, b.res.status].sort()).toEqual([200, 201]);
    expect((a.body.repeated ? b : a).body.refund_cents).toBe(5_000);
    const rows = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking_id));
    expect(rows.map((r) => [r.amountCents, r.reason, r.status])).toEqual([
      [5_000, "reschedule", "succeeded"],
    ]);
    expect(await row(booking_id)).toMatchObject({ selectedDate: to, totalAmountCents: 14_000 });
  });

  it("waived: the total and the money stay as they are", async () => {
    await slot(to, 4, 7_000);
    const { booking_id } = await book({ group_size: 2 });
    const { res } = await change(booking_id, {
      date: to,
      settlement: "waive",
      expected_difference_cents: -5_000,
    });
    expect(res.status).toBe(201);
    expect(await row(booking_id)).toMatchObject({ selectedDate: to, totalAmountCents: 19_000 });
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking_id))).toEqual([]);
  });

  it("a booking paid on the day just owes less: nothing to refund", async () => {
    await slot(to, 4, 7_000);
    const { booking_id } = await book({ group_size: 1, payment: "on_the_day" });
    const { body: plan } = await preview(booking_id, { date: to, group_size: 1 });
    expect(plan.settlements).toEqual(["owed"]);
    await change(booking_id, { date: to, settlement: "owed", expected_difference_cents: -2_500 });
    const page = await t.app.request(`/api/admin/bookings/${booking_id}`, authed(token));
    expect(((await page.json()) as { owed: number }).owed).toBe(70);
  });
});

describe("a dearer change", () => {
  it("paid through an emailed link: the new spots are held, the booking changes once when paid", async () => {
    await slot(to, 4, 12_000);
    const { booking_id } = await book({ group_size: 2 });
    const { body: plan } = await preview(booking_id, { date: to, group_size: 3 });
    expect(plan).toMatchObject({ difference_cents: 17_000, settlements: ["link", "owed", "waive"] });
    const { res, body } = await change(booking_id, {
      date: to,
      group_size: 3,
      settlement: "link",
      expected_difference_cents: 17_000,
    });
    expect(res.status).toBe(201);
    expect(body.outcome).toBe("link");
    expect([await booked(from), await booked(to)]).toEqual([2, 3]);
    expect(await row(booking_id)).toMatchObject({ selectedDate: from, groupSize: 2 });
    const b = await row(booking_id);
    const [linkMail] = (await emailsTo(b.customerEmail)).filter((e) => e.kind === "change_payment_link");
    expect(await sentText(t.db, linkMail)).toContain(body.payment_url ?? "missing");

    // A second change waits for this one.
    const again = await change(booking_id, {
      date: from,
      group_size: 1,
      settlement: "owed",
      expected_difference_cents: 0,
    });
    expect(again.res.status).toBe(409);

    const what = `${departureText(to, "", "full")}, 3 people`;
    expect(await returnNotice(booking_id)).toBe(
      `We are waiting for your payment for the change to ${what}. This page shows it once it is confirmed.`,
    );
    const sessionId = new URL(body.payment_url ?? "").pathname.split("/").pop();
    for (let i = 0; i < 2; i++) {
      await t.app.request(`/api/payments/v1/test-checkout/${sessionId}/pay`, jsonRequest("POST", PAY));
    }
    expect(await row(booking_id)).toMatchObject({ selectedDate: to, groupSize: 3, totalAmountCents: 36_000 });
    expect([await booked(from), await booked(to)]).toEqual([0, 3]);
    const changed = (await emailsTo(b.customerEmail)).filter((e) => e.kind === "booking_changed");
    expect(changed).toHaveLength(1);
    expect(await sentText(t.db, changed[0])).toContain("You paid $170.00 for the difference in price.");
    expect(await returnNotice(booking_id)).toBe(
      `Your booking is changed: ${what}. Thank you for your payment of $170.00. We have emailed you the details.`,
    );
  });

  it("a link left unpaid gives the held spots back and leaves the booking as it was", async () => {
    const { booking_id } = await book({ group_size: 2 });
    await change(booking_id, { group_size: 4, settlement: "link", expected_difference_cents: 19_000 });
    expect(await booked(from)).toBe(4);
    clock.advance(24 * 3_600_000 + 2 * 60_000);
    await t.services.sweeper.sweep();
    expect(await booked(from)).toBe(2);
    expect(await row(booking_id)).toMatchObject({ groupSize: 2, totalAmountCents: 19_000 });
    expect(await returnNotice(booking_id)).toBe(
      `Your booking was not changed: the payment was not completed. It stays on ${departureText(from, "", "full")}, 2 people.`,
    );
  });

  it("owed: the total follows, and the booking page asks for the rest", async () => {
    const { booking_id } = await book({ group_size: 1 });
    const { res } = await change(booking_id, {
      group_size: 2,
      settlement: "owed",
      expected_difference_cents: 9_500,
    });
    expect(res.status).toBe(201);
    expect(await row(booking_id)).toMatchObject({ groupSize: 2, totalAmountCents: 19_000 });
    expect(await booked(from)).toBe(2);
    const page = await t.app.request(`/api/admin/bookings/${booking_id}`, authed(token));
    expect(((await page.json()) as { owed: number }).owed).toBe(95);
  });

  it("a booking paid by voucher moves to a dearer date by link, its voucher part kept", async () => {
    const code = await issuedVoucherCode(t, token, "190", "gift@example.com");
    const { booking_id } = await book({ group_size: 2, voucher_code: code });
    expect(await row(booking_id)).toMatchObject({ voucherCents: 19_000, bookingStatus: "confirmed" });
    await slot(to, 4, 11_000);
    const { body: plan } = await preview(booking_id, { date: to, group_size: 2 });
    expect(plan).toMatchObject({ difference_cents: 3_000, settlements: ["link", "owed", "waive"] });
    const { body } = await change(booking_id, {
      date: to,
      settlement: "link",
      expected_difference_cents: 3_000,
    });
    const sessionId = new URL(body.payment_url ?? "").pathname.split("/").pop();
    await t.app.request(`/api/payments/v1/test-checkout/${sessionId}/pay`, jsonRequest("POST", PAY));
    expect(await row(booking_id)).toMatchObject({
      selectedDate: to,
      totalAmountCents: 22_000,
      voucherCents: 19_000,
    });
  });
});

describe("a smaller group", () => {
  it("gives the spots back and removes the last traveller's details, named in the preview", async () => {
    const { booking_id } = await book({ group_size: 3 });
    await t.db.insert(participants).values([
      { bookingId: booking_id, position: 1, fullName: "Ana Lead" },
      { bookingId: booking_id, position: 3, fullName: "Cal Third" },
    ]);
    const { body: plan } = await preview(booking_id, { group_size: 2 });
    expect(plan).toMatchObject({ difference_cents: -9_500, removed_participants: ["Cal Third"] });
    await change(booking_id, { group_size: 2, settlement: "refund", expected_difference_cents: -9_500 });
    expect(await booked(from)).toBe(2);
    const left = await t.db.select().from(participants).where(eq(participants.bookingId, booking_id));
    expect(left.map((p) => p.fullName)).toEqual(["Ana Lead"]);
    expect(await row(booking_id)).toMatchObject({ groupSize: 2, totalAmountCents: 19_000 });
  });
});

describe("refused", () => {
  it("names the field for every bad input, and checks the token", async () => {
    const { booking_id } = await book({ group_size: 2 });
    const bad = async (q: Record<string, string | number>, field: string, status = 400) => {
      const { res, body } = await preview(booking_id, q);
      expect(res.status, JSON.stringify(q)).toBe(status);
      expect(Object.keys(body.errors ?? {}), JSON.stringify(q)).toEqual([field]);
    };
    await bad({ date: "2020-01-01", group_size: 2 }, "date");
    await bad({ date: "tomorrow", group_size: 2 }, "date");
    await bad({ date: addDays(to, 1), group_size: 2 }, "date"); // no departure
    await bad({ date: from, group_size: 2 }, "date"); // nothing changes
    await bad({ date: from, group_size: 9 }, "group_size");
    await bad({ date: from, group_size: "two" }, "group_size");
    await t.db
      .update(availability)
      .set({ bookedSpots: 4 })
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, to)));
    await bad({ date: to, group_size: 2 }, "date", 409);

    const wrong = await change(booking_id, {
      group_size: 3,
      settlement: "refund",
      expected_difference_cents: 9_500,
    });
    expect(wrong.res.status).toBe(400);
    expect(Object.keys(wrong.body.errors ?? {})).toEqual(["settlement"]);
    const stale = await change(booking_id, {
      group_size: 3,
      settlement: "owed",
      expected_difference_cents: 100,
    });
    expect(stale.res.status).toBe(409);
    const noKey = await t.app.request(
      `/api/admin/bookings/${booking_id}/change`,
      authed(token, "POST", { group_size: 3 }),
    );
    expect(noKey.status).toBe(400);
    expect(Object.keys(((await noKey.json()) as { errors: object }).errors).sort()).toEqual([
      "expected_difference_cents",
      "request_key",
      "settlement",
    ]);
    expect((await t.app.request(`/api/admin/bookings/${booking_id}/change?group_size=3`)).status).toBe(401);
    expect((await preview("no-such-booking", { group_size: 3 })).res.status).toBe(404);
  });

  it("a booking still waiting for its payment cannot be changed", async () => {
    const { booking_id } = await book({ group_size: 2, payment: "link" });
    const { res } = await preview(booking_id, { date: to, group_size: 2 });
    expect(res.status).toBe(409);
  });
});

describe("a payment link sent again", () => {
  it("shows on the booking page while open, is emailed again on request, and not once paid", async () => {
    const { booking_id, payment_url } = await book({ group_size: 2, payment: "link" });
    const page = async () =>
      (await (await t.app.request(`/api/admin/bookings/${booking_id}`, authed(token))).json()) as {
        open_checkouts: { id: string; url: string; amount: number }[];
      };
    const [open] = (await page()).open_checkouts;
    expect(open).toMatchObject({ url: payment_url, amount: 190 });
    const send = () =>
      t.app.request(`/api/admin/bookings/${booking_id}/payments/${open.id}/send-link`, authed(token, "POST"));
    expect((await send()).status).toBe(200);
    const b = await row(booking_id);
    const links = (await emailsTo(b.customerEmail)).filter((e) => e.kind === "payment_link");
    expect(links).toHaveLength(2);
    expect(await sentText(t.db, links[1])).toContain(payment_url ?? "missing");

    const sessionId = new URL(payment_url ?? "").pathname.split("/").pop();
    await t.app.request(`/api/payments/v1/test-checkout/${sessionId}/pay`, jsonRequest("POST", PAY));
    expect((await page()).open_checkouts).toEqual([]);
    expect((await send()).status).toBe(409);
    const other = await book({ group_size: 1 });
    expect(
      (
        await t.app.request(
          `/api/admin/bookings/${other.booking_id}/payments/${open.id}/send-link`,
          authed(token, "POST"),
        )
      ).status,
    ).toBe(404);
  });
});

describe("races", () => {
  it("two operators moving bookings into the last spots: one wins, never overbooked", async () => {
    const one = await book({ group_size: 2 });
    const two = await book({ group_size: 2 });
    await t.db
      .update(availability)
      .set({ bookedSpots: 2 })
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, to)));
    const move = { date: to, settlement: "none", expected_difference_cents: 0 };
    const results = await Promise.all([change(one.booking_id, move), change(two.booking_id, move)]);
    expect(results.map((r) => r.res.status).sort()).toEqual([201, 409]);
    expect([await booked(from), await booked(to)]).toEqual([2, 4]);
    const ledger = await t.db.select().from(payments).where(eq(payments.bookingId, one.booking_id));
    expect(ledger).toHaveLength(1);
  });
});

/** The log's entries for one booking, oldest first, as entity, action and what changed. */
const auditOf = async (id: string) =>
  (await t.db.select().from(auditLog).where(eq(auditLog.bookingId, id)).orderBy(auditLog.recordedAt)).map(
    (e) => ({ entity: e.entity, action: e.action, entityId: e.entityId, changes: e.changes }),
  );

describe("what the operator is told when a change cannot be made", () => {
  const detail = async (id: string, q: Record<string, string | number>) => {
    const { res, body } = await preview(id, q);
    return { status: res.status, detail: body.detail, errors: body.errors };
  };

  it("names the rule it breaks: a past date, a closed date, the group limits, the room left", async () => {
    const { booking_id } = await book({ group_size: 2 });
    expect(await detail(booking_id, { date: "2020-01-01" })).toEqual({
      status: 400,
      detail: "date: Choose a date from today on.",
      errors: { date: "Choose a date from today on." },
    });
    const closed = addDays(to, 1);
    expect((await detail(booking_id, { date: closed })).detail).toBe(
      `date: ${departureText(closed, "")} is not open for ${(await row(booking_id)).adventureTitle}. Open it in the calendar first, or choose another date.`,
    );
    // Room enough on the booking's date for four, and the adventure takes at most three: refused.
    await slot(from, 8);
    await t.db
      .update(availability)
      .set({ bookedSpots: 2 })
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, from)));
    await t.db.update(adventures).set({ groupSizeMax: 3 }).where(eq(adventures.id, ADVENTURE));
    try {
      const four = await detail(booking_id, { group_size: 4 });
      expect(four.status).toBe(400);
      expect(four.errors).toEqual({ group_size: expect.stringMatching(/3/) });
    } finally {
      await t.db.update(adventures).set({ groupSizeMax: 4 }).where(eq(adventures.id, ADVENTURE));
    }

    // The booking's own departure with one spot left: "more"; another date with one left; a full one.
    await slot(from, 3);
    await t.db
      .update(availability)
      .set({ bookedSpots: 2 })
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, from)));
    expect(await detail(booking_id, { group_size: 4 })).toEqual({
      status: 409,
      detail: `group_size: ${departureText(from, "")} has room for 1 person more; this change needs 2.`,
      errors: { group_size: `${departureText(from, "")} has room for 1 person more; this change needs 2.` },
    });
    await t.db
      .update(availability)
      .set({ bookedSpots: 3 })
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, to)));
    expect((await detail(booking_id, { date: to })).detail).toBe(
      `date: ${departureText(to, "")} has room for 1 person; this change needs 2.`,
    );
    await t.db
      .update(availability)
      .set({ bookedSpots: 4 })
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, to)));
    expect((await detail(booking_id, { date: to })).detail).toBe(
      `date: ${departureText(to, "")} has no room; this change needs 2.`,
    );
  });

  it("a change may start today, by the operator's clock", async () => {
    const today = sydneyDate(clock.now());
    await slot(today, 8);
    const { booking_id } = await book({ group_size: 2 });
    const { res, body } = await preview(booking_id, { date: today });
    expect(res.status, JSON.stringify(body)).toBe(200);
  });

  it("a booking waiting for its payment, a cancelled one, and one whose change waits on its link", async () => {
    await slot(from, 8);
    const waiting = await book({ group_size: 2, payment: "link" });
    expect(await detail(waiting.booking_id, { group_size: 3 })).toMatchObject({
      status: 409,
      detail:
        "This booking waits for its payment: it can be changed once it is paid (or cancel it and book again).",
    });
    const cancelled = await book({ group_size: 2 });
    await t.db
      .update(bookings)
      .set({ bookingStatus: "cancelled" })
      .where(eq(bookings.id, cancelled.booking_id));
    expect(await detail(cancelled.booking_id, { group_size: 3 })).toMatchObject({
      status: 409,
      detail: "Only a confirmed booking can be changed.",
    });
    const linked = await book({ group_size: 2 });
    await change(linked.booking_id, { group_size: 3, settlement: "link", expected_difference_cents: 9_500 });
    expect(await detail(linked.booking_id, { group_size: 1 })).toMatchObject({
      status: 409,
      detail:
        "A change of this booking waits for its payment link. It can be changed again once that is paid or the link has run out.",
    });
  });

  it("a stale price, a settlement not offered, and a form sent for another booking", async () => {
    await slot(from, 8);
    const { booking_id } = await book({ group_size: 2 });
    const stale = await change(booking_id, {
      group_size: 3,
      settlement: "owed",
      expected_difference_cents: 1,
    });
    expect(stale.body.detail).toBe(
      "The price of this change has changed since the preview. Check the change again.",
    );
    const wrong = await change(booking_id, {
      group_size: 3,
      settlement: "refund",
      expected_difference_cents: 9_500,
    });
    expect(wrong.body.detail).toBe("settlement: This change can be settled as: link, owed, waive.");
    const request_key = crypto.randomUUID();
    const first = await change(booking_id, {
      group_size: 3,
      settlement: "owed",
      expected_difference_cents: 9_500,
      request_key,
    });
    expect(first.res.status).toBe(201);
    const other = await book({ group_size: 2 });
    const reused = await change(other.booking_id, {
      group_size: 3,
      settlement: "owed",
      expected_difference_cents: 9_500,
      request_key,
    });
    expect(reused.res.status).toBe(400);
    expect(reused.body.errors).toEqual({ request_key: "This form was sent for another booking." });
    expect(await row(other.booking_id)).toMatchObject({ groupSize: 2 });
  });
});

describe("a change between departures of one day", () => {
  it("moves to the day's other time, names both times, and refuses the booking's own", async () => {
    const day = addDays(to, 2);
    await t.db.insert(availability).values([
      { adventureId: ADVENTURE, date: day, startTime: "09:00", availableSpots: 4 },
      { adventureId: ADVENTURE, date: day, startTime: "13:00", availableSpots: 4 },
    ]);
    const { booking_id } = await book({ group_size: 2, selected_date: day, start_time: "09:00" });
    expect(await row(booking_id)).toMatchObject({ selectedDate: day, startTime: "09:00" });
    const same = await preview(booking_id, { date: day, start_time: "09:00" });
    expect(same.body.errors).toEqual({
      date: "Choose another date or group size: this is the booking as it is.",
    });
    const { res, body } = await preview(booking_id, { date: day, start_time: "13:00" });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ from_date: day, from_start_time: "09:00", date: day, start_time: "13:00" });
    // Another date of one untimed departure: neither time is named where there is none.
    const plain = await preview(booking_id, { date: to });
    expect(plain.body).toMatchObject({ from_start_time: "09:00", date: to });
    expect(plain.body).not.toHaveProperty("start_time");
    const untimed = await book({ group_size: 2 });
    const { body: none } = await preview(untimed.booking_id, { date: to });
    expect(none).not.toHaveProperty("from_start_time");
    expect(none).not.toHaveProperty("start_time");

    // Made, then sent again: the answer names both times as the change did.
    const moved = {
      date: day,
      start_time: "13:00",
      settlement: "none",
      expected_difference_cents: 0,
      request_key: crypto.randomUUID(),
    };
    expect((await change(booking_id, moved)).res.status).toBe(201);
    const again = await change(booking_id, moved);
    expect(again.body).toMatchObject({
      repeated: true,
      plan: { from_date: day, from_start_time: "09:00", date: day, start_time: "13:00" },
    });
    // Its own departure, named by its time, still lets it shrink once that departure is closed.
    await t.db
      .update(availability)
      .set({ isAvailable: false })
      .where(
        and(
          eq(availability.adventureId, ADVENTURE),
          eq(availability.date, day),
          eq(availability.startTime, "13:00"),
        ),
      );
    const shrink = await preview(booking_id, { date: day, start_time: "13:00", group_size: 1 });
    expect(shrink.res.status, JSON.stringify(shrink.body)).toBe(200);
  });
});

describe("what a change records", () => {
  it("a refund: the refund row, the outcome, the audit entry of the booking's change", async () => {
    await slot(to, 4, 7_000);
    const { booking_id } = await book({ group_size: 2 });
    const { res, body } = await change(booking_id, {
      date: to,
      settlement: "refund",
      expected_difference_cents: -5_000,
    });
    expect(res.status).toBe(201);
    const [done] = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking_id));
    expect(body).toMatchObject({
      outcome: "changed",
      change_id: done.id,
      refund_cents: 5_000,
      repeated: false,
    });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking_id));
    const [paid] = await t.db.select().from(payments).where(eq(payments.bookingId, booking_id));
    expect(refund).toMatchObject({
      amountCents: 5_000,
      note: "Booking changed by the operator",
      idempotencyKey: `reschedule:${done.id}:${paid.id}`,
    });
    expect(await auditOf(booking_id)).toContainEqual({
      entity: "booking",
      action: "change",
      entityId: booking_id,
      changes: {
        selected_date: { before: from, after: to },
        total_amount_cents: { before: 19_000, after: 14_000 },
        settlement: { before: null, after: "refund" },
        refund_cents: { before: null, after: 5_000 },
      },
    });
  });

  it("owed and waived: no refund in the outcome or the log; a waived change keeps the price a person paid", async () => {
    const owed = await book({ group_size: 1 });
    const { body } = await change(owed.booking_id, {
      group_size: 2,
      settlement: "owed",
      expected_difference_cents: 9_500,
    });
    expect(body).toMatchObject({ outcome: "changed", refund_cents: 0 });
    expect((await auditOf(owed.booking_id)).find((e) => e.action === "change")?.changes).toEqual({
      group_size: { before: 1, after: 2 },
      total_amount_cents: { before: 9_500, after: 19_000 },
      settlement: { before: null, after: "owed" },
    });

    await slot(to, 4, 7_000);
    const waived = await book({ group_size: 2 });
    await change(waived.booking_id, { date: to, settlement: "waive", expected_difference_cents: -5_000 });
    expect(await row(waived.booking_id)).toMatchObject({ totalAmountCents: 19_000, unitPriceCents: 9_500 });
  });

  it("the booking's own date keeps the price it was sold at; another date costs what it costs now", async () => {
    const { booking_id } = await book({ group_size: 2 });
    await slot(from, 4, 20_000);
    expect((await preview(booking_id, { group_size: 3 })).body).toMatchObject({ new_total_cents: 28_500 });
    await slot(to, 4, 20_000);
    expect((await preview(booking_id, { date: to })).body).toMatchObject({ new_total_cents: 40_000 });
  });

  it("a closed departure still lets its own bookings shrink", async () => {
    const { booking_id } = await book({ group_size: 3 });
    await t.db
      .update(availability)
      .set({ isAvailable: false })
      .where(and(eq(availability.adventureId, ADVENTURE), eq(availability.date, from)));
    const { res, body } = await preview(booking_id, { group_size: 2 });
    expect(res.status, JSON.stringify(body)).toBe(200);
  });

  it("a traveller without a name is listed by their place", async () => {
    const { booking_id } = await book({ group_size: 3 });
    await t.db.insert(participants).values({ bookingId: booking_id, position: 3, fullName: "" });
    expect((await preview(booking_id, { group_size: 2 })).body.removed_participants).toEqual(["Traveller 3"]);
  });

  it("a link: the checkout for the difference, the log's entry, and the same form sent again", async () => {
    await slot(to, 4, 12_000);
    const { booking_id } = await book({ group_size: 2 });
    const request_key = crypto.randomUUID();
    const body = {
      date: to,
      group_size: 3,
      settlement: "link",
      expected_difference_cents: 17_000,
      request_key,
    };
    const first = await change(booking_id, body);
    expect(first.res.status).toBe(201);
    const [held] = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking_id));
    const b = await row(booking_id);
    const sessionId = new URL(first.body.payment_url ?? "").pathname.split("/").pop() ?? "";
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session).toMatchObject({
      kind: "booking",
      name: `${b.adventureTitle}: booking change`,
      description: `${departureText(to, "", "full")} · 3 people · ${b.reference}`,
      amountTotalCents: 17_000,
      successUrl: `${t.services.env.publicUrl}${RESCHEDULE_RETURN_PATH}?session_id=${SESSION_PLACEHOLDER}`,
      metadata: { kind: "reschedule", change_id: held.id, booking_id },
    });
    // The checkout's Cancel comes back to the date-change page, which says the booking is unchanged.
    const [ledger] = await t.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(ledger.cancelUrl).toBe(
      `${t.services.env.publicUrl}${RESCHEDULE_RETURN_PATH}?session_id=${sessionId}`,
    );
    expect(await auditOf(booking_id)).toContainEqual({
      entity: "booking_change",
      action: "create",
      entityId: held.id,
      changes: {
        selected_date: { before: null, after: to },
        start_time: { before: null, after: "" },
        group_size: { before: null, after: 3 },
        difference_cents: { before: null, after: 17_000 },
        settlement: { before: null, after: "link" },
      },
    });
    const again = await change(booking_id, body);
    expect(again.res.status).toBe(200);
    expect(again.body).toMatchObject({
      outcome: "link",
      change_id: held.id,
      payment_url: null,
      payment_expires_at: held.holdExpiresAt?.toISOString(),
      repeated: true,
      plan: { from_date: from, date: to, from_group_size: 2, group_size: 3, settlements: ["link"] },
    });
  });

  it("the same change sent again after it was made answers it as made", async () => {
    const { booking_id } = await book({ group_size: 3 });
    const body = {
      group_size: 2,
      settlement: "waive",
      expected_difference_cents: -9_500,
      request_key: crypto.randomUUID(),
    };
    const first = await change(booking_id, body);
    const again = await change(booking_id, body);
    expect(again.res.status).toBe(200);
    expect(again.body).toMatchObject({
      outcome: "changed",
      change_id: first.body.change_id,
      refund_cents: 0,
      repeated: true,
      plan: { from_group_size: 2, group_size: 2, settlements: ["waive"], removed_participants: [] },
    });
  });

  it("a lapsed link's checkout is not counted as paid when the next change is priced", async () => {
    const { booking_id } = await book({ group_size: 1 });
    const link = await change(booking_id, {
      group_size: 2,
      settlement: "link",
      expected_difference_cents: 9_500,
    });
    expect(link.res.status).toBe(201);
    clock.advance(24 * 3_600_000 + 2 * 60_000);
    await t.services.sweeper.sweep();
    token = await login(t); // a day later: the morning's sign-in has run out
    const owed = await change(booking_id, {
      group_size: 2,
      settlement: "owed",
      expected_difference_cents: 9_500,
    });
    expect(owed.res.status).toBe(201);
    // Paid: the first $95 in cash; the lapsed link's $95 was never paid, so $95 is still owed.
    const { body } = await preview(booking_id, { group_size: 3 });
    expect(body).toMatchObject({
      owed_before_cents: 9_500,
      difference_cents: 9_500,
      settlements: ["owed", "waive"],
    });
  });

  it("a link the provider cannot make: the booking is unchanged, the hold ends and the log says so", async () => {
    const { booking_id } = await book({ group_size: 2 });
    const broken = {
      ...t.services.payments,
      createCheckout: () => Promise.reject(new Error("provider down")),
    };
    const deps = { db: t.db, env: t.services.env, log: t.services.log, payments: broken, now: clock.now };
    const error = await withActor(OWNER, () =>
      changeBooking(deps, booking_id, {
        groupSize: 3,
        settlement: "link",
        expectedDifferenceCents: 9_500,
        requestKey: crypto.randomUUID(),
      }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 502,
      message:
        "The payment provider could not make the link. The booking is unchanged; try again in a moment.",
    });
    const [held] = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking_id));
    expect(held.status).toBe("released");
    expect(await booked(from)).toBe(2);
    expect(await auditOf(booking_id)).toContainEqual({
      entity: "booking_change",
      action: "release",
      entityId: held.id,
      changes: { status: { before: "holding", after: "released" } },
    });
  });
});
