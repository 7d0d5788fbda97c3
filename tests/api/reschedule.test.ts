/**
 * The customer moves their booking to another date from its private link:
 * the spots move (the new date held before the old one is released, never
 * overbooked), a lower price is refunded once, a higher one is paid through a
 * checkout and completes the move once, an unpaid checkout gives the held
 * spots back once, and the no-refund window, racing requests and wrong links
 * are refused.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import * as changedPage from "../../app/routes/public/my-booking-changed.ts";
import * as reschedulePage from "../../app/routes/public/my-booking-reschedule.tsx";
import {
  availability,
  bookingChanges,
  bookingLinks,
  bookings,
  emailOutbox,
  payments,
  refunds,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { cancelBooking } from "../../server/domain/bookings/cancel-booking.server.ts";
import { changeReturnLink } from "../../server/domain/bookings/reschedule-return.server.ts";
import { fulfil } from "../../server/domain/bookings/settle.server.ts";
import { insertBooking } from "../helpers/admin.ts";
import { appWithRoutes, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

const routeFor: RouteFor = (method, path): ReturnType<RouteFor> => {
  const get = method === "GET" || method === "HEAD";
  if (path === "/my-booking/date-changed" && get) return { fn: changedPage.loader as RouteFn, params: {} };
  const re = /^\/my-booking\/([^/]+)\/reschedule$/.exec(path);
  if (re)
    return { fn: (get ? reschedulePage.loader : reschedulePage.action) as RouteFn, params: { token: re[1] } };
  const page = /^\/my-booking\/([^/]+)$/.exec(path);
  if (page && get) return { fn: managePage.loader as RouteFn, params: { token: page[1] } };
  return null;
};

let clients = 0;
/** A new client address (documentation range), so tests never share a rate-limit counter. */
const newClient = () => ({ "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` });

function formPost(fields: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: {
      Accept: "text/html,application/xhtml+xml",
      "Content-Type": "application/x-www-form-urlencoded",
      ...newClient(),
    },
    body: new URLSearchParams(fields).toString(),
  };
}

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Sam Payer" };
const ADVENTURE = "dive-exhibition";
const UNIT = 10_000;

interface Offer {
  offered: boolean;
  reason?: string;
  options?: { date: string; differenceCents: number; differenceText: string; unitCents: number }[];
}

describe("a customer changes the date of their booking", () => {
  const clock = testClock();
  let t: TestContext;
  let app: ReturnType<typeof appWithRoutes>;
  let day = 0;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY_HOPS: "1" }, { now: clock.now });
    app = appWithRoutes(t.services, routeFor);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A date of this test's own, far enough out that no other test or the seed uses it. */
  const ownDate = (from = 100) => addDays(sydneyDate(clock.now()), from + ++day);

  /** An open date for the adventure with the given room and price per person. */
  async function openDate(o: { spots?: number; booked?: number; priceCents?: number | null } = {}) {
    const [row] = await t.db
      .insert(availability)
      .values({
        adventureId: ADVENTURE,
        date: ownDate(),
        availableSpots: o.spots ?? 8,
        bookedSpots: o.booked ?? 0,
        priceOverrideCents: o.priceCents === undefined ? UNIT : o.priceCents,
      })
      .returning();
    return row;
  }

  const booked = async (id: string | null) =>
    (
      await t.db
        .select()
        .from(availability)
        .where(eq(availability.id, id ?? ""))
    ).at(0)?.bookedSpots;

  /** A paid, confirmed booking of 2 at $100 each, its spots held, and its emailed link. */
  async function paidBooking(email: string, date = ownDate(20)) {
    const { booking, sessionId } = await insertBooking(t.db, {
      adventureId: ADVENTURE,
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: UNIT,
      date,
      email,
    });
    const token = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
    return { booking, sessionId, token };
  }

  const offer = async (token: string) => {
    const res = await app.request(`/my-booking/${token}/reschedule`, { headers: newClient() });
    return { status: res.status, page: ((await res.json()) as { page: { offer: Offer } | null }).page };
  };
  const confirm = (token: string, date: string, difference?: number) =>
    app.request(
      `/my-booking/${token}/reschedule`,
      formPost({ date, ...(difference === undefined ? {} : { difference: String(difference) }) }),
    );
  const deps = () => ({
    db: t.db,
    env: t.services.env,
    log: t.services.log,
    payments: t.services.payments,
    now: clock.now,
  });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const mails = (to: string, kind: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
  /** A change of the booking's two people to `target`, written straight into its table. */
  async function insertChange(
    booking: { id: string; availabilityId: string | null; selectedDate: string },
    target: { id: string; date: string },
    more: Partial<typeof bookingChanges.$inferInsert>,
  ) {
    const [row] = await t.db
      .insert(bookingChanges)
      .values({
        bookingId: booking.id,
        fromAvailabilityId: booking.availabilityId,
        toAvailabilityId: target.id,
        fromDate: booking.selectedDate,
        toDate: target.date,
        groupSize: 2,
        priceDifferenceCents: 0,
        ...more,
      })
      .returning();
    return row;
  }
  const changesOf = (bookingId: string) =>
    t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, bookingId));

  it("moves to a date of the same price: spots move, the link keeps working, both emails queued once", async () => {
    const email = "move-same@example.com";
    const { booking, token } = await paidBooking(email);
    const target = await openDate({ priceCents: UNIT });
    const oldBefore = await booked(booking.availabilityId);

    const listed = await offer(token);
    expect(listed.status).toBe(200);
    const headers = (await app.request(`/my-booking/${token}/reschedule`, { headers: newClient() })).headers;
    expect(headers.get("cache-control")).toBe("no-store");
    expect(headers.get("referrer-policy")).toBe("same-origin");
    const option = listed.page?.offer.options?.find((o) => o.date === target.date);
    expect(option).toMatchObject({ differenceCents: 0, differenceText: "No change in price" });
    expect(listed.page?.offer.options?.some((o) => o.date === booking.selectedDate)).toBe(false);

    const res = await confirm(token, target.date, 0);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/my-booking/${token}?changed=1`);
    expect(res.headers.get("cache-control")).toBe("no-store");

    const moved = await row(booking.id);
    expect(moved).toMatchObject({
      selectedDate: target.date,
      availabilityId: target.id,
      totalAmountCents: 2 * UNIT,
      bookingStatus: "confirmed",
      holdsSpots: true,
    });
    expect(await booked(booking.availabilityId)).toBe((oldBefore ?? 0) - 2);
    expect(await booked(target.id)).toBe(2);
    const [change] = await changesOf(booking.id);
    expect(change).toMatchObject({ status: "done", priceDifferenceCents: 0, fromDate: booking.selectedDate });

    const [mail] = await mails(email, "booking_rescheduled");
    expect(mail.subject).toMatch(/^Your booking has moved to /);
    expect(mail.textBody).toContain(booking.reference);
    expect(mail.textBody).not.toMatch(/\/my-booking\/[A-Za-z0-9_-]{43}/);
    expect(mail.attachments[0]?.filename).toBe(`booking-${booking.reference}.ics`);
    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking_rescheduled_notice:${change.id}`));
    expect(notices).toHaveLength(1);
    expect(notices[0].toAddress).not.toBe(email);

    // The same link opens the moved booking, with a notice.
    const page = await app.request(`/my-booking/${token}?changed=1`, { headers: newClient() });
    const body = (await page.json()) as { view: { date: string }; dateChange: { notice: string } };
    expect(body.view.date).toBe(target.date);
    expect(body.dateChange.notice).toBe(
      `Your booking has moved to ${departureText(target.date, "", "full")}. We have emailed you the new date.`,
    );
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(0);
    expect(t.logs.join("\n")).not.toContain(token);
  });

  it("refunds a cheaper date's difference once for 5 parallel confirms, and a later cancel refunds the new total", async () => {
    const email = "move-cheaper@example.com";
    const { booking, sessionId, token } = await paidBooking(email);
    const target = await openDate({ priceCents: 7_000 });
    const oldBefore = await booked(booking.availabilityId);

    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(token, target.date, -6_000)));
    const moved = answers.filter((r) => r.status === 303);
    expect(moved).toHaveLength(1);
    for (const r of answers.filter((a) => a.status !== 303)) {
      expect([400, 409]).toContain(r.status);
      expect(((await r.json()) as { detail: string }).detail).toMatch(/already on this date|^date:/);
    }

    const rows = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 6_000, reason: "reschedule", status: "succeeded" });
    const [change] = await changesOf(booking.id);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows[0].idempotencyKey).toBe(`reschedule:${change.id}:${payment.id}`);
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session.refundedCents).toBe(6_000);
    expect(await row(booking.id)).toMatchObject({ totalAmountCents: 14_000, unitPriceCents: 7_000 });
    expect(await changesOf(booking.id)).toHaveLength(1);
    expect(await booked(target.id)).toBe(2);
    expect(await booked(booking.availabilityId)).toBe((oldBefore ?? 0) - 2);
    const told = await mails(email, "booking_rescheduled");
    expect(told).toHaveLength(1);
    expect(told[0].textBody).toContain(
      "The new date costs less: $60.00 is refunded to your card; it usually shows within 5-10 business days.",
    );
    const page = await app.request(`/my-booking/${token}?changed=1`, { headers: newClient() });
    expect(((await page.json()) as { dateChange: { notice: string } }).dateChange.notice).toBe(
      `Your booking has moved to ${departureText(target.date, "", "full")}. A refund of $60.00 is on its way to your card; it usually shows within 5-10 business days. We have emailed you the new date.`,
    );

    // Cancelling now (100 days out: full refund) gives back what the booking costs now, not the first price.
    const res = await app.request(`/my-booking/${token}`, { headers: newClient() });
    const { view } = (await res.json()) as { view: { paidCents: number; refundTodayCents: number } };
    expect(view).toMatchObject({ paidCents: 14_000, refundTodayCents: 14_000 });
  });

  it("a dearer date: checkout, then pay (repeated) moves the booking exactly once", async () => {
    const email = "move-dearer@example.com";
    const { booking, token } = await paidBooking(email);
    const target = await openDate({ priceCents: 13_000 });
    const oldBefore = await booked(booking.availabilityId);

    const res = await confirm(token, target.date, 6_000);
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    const sessionId = /\/checkout\/test\/(cs_test_[A-Za-z0-9]+)$/.exec(location)?.[1] ?? "";
    expect(sessionId).not.toBe("");
    // Held, not yet moved.
    expect(await booked(target.id)).toBe(2);
    expect(await booked(booking.availabilityId)).toBe(oldBefore);
    expect(await row(booking.id)).toMatchObject({
      selectedDate: booking.selectedDate,
      totalAmountCents: 20_000,
    });
    const [payment] = await t.db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment).toMatchObject({ kind: "reschedule", bookingId: booking.id, amountTotalCents: 6_000 });
    // Cancel at the checkout leads back through the change's own return, not to /book.
    expect(payment.cancelUrl).toBe(
      `${t.services.env.publicUrl}/my-booking/date-changed?session_id=${encodeURIComponent(sessionId)}`,
    );
    // What the checkout shows and where it returns: the change, named, paid as one line.
    const [pending] = await changesOf(booking.id);
    const [checkout] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(checkout).toMatchObject({
      name: `${booking.adventureTitle}: date change`,
      description: `${departureText(booking.selectedDate, booking.startTime, "full")} to ${departureText(target.date, "", "full")} · 2 people · ${booking.reference}`,
      unitAmountCents: 6_000,
      quantity: 1,
      customerEmail: email,
      successUrl: `${t.services.env.publicUrl}/my-booking/date-changed?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { kind: "reschedule", change_id: pending.id, booking_id: booking.id, payment_id: payment.id },
      expiresAt: pending.holdExpiresAt,
    });

    // Until it is paid, the booking's page says what it waits for and leads back to the open checkout.
    const waiting = await app.request(`/my-booking/${token}?changed=1`, { headers: newClient() });
    expect(((await waiting.json()) as { dateChange: unknown }).dateChange).toMatchObject({
      offered: false,
      checkoutUrl: location,
      notice: `We are waiting for your payment for the move to ${departureText(target.date, "", "full")}. This page shows the new date once it is confirmed.`,
    });
    // A second request while this one waits is refused, naming why.
    const other = await openDate({ priceCents: UNIT });
    const blocked = await confirm(token, other.date, 0);
    expect(blocked.status).toBe(409);
    expect(((await blocked.json()) as { detail: string }).detail).toContain("waiting for its payment");

    const pays = await Promise.all(
      [1, 2].map(() =>
        t.app.request(`/api/payments/v1/test-checkout/${sessionId}/pay`, jsonRequest("POST", PAY)),
      ),
    );
    for (const p of pays) expect(p.status).toBe(200);
    await fulfil(deps(), sessionId, { providerSaysPaid: true });
    // The booking's success page made its one link long ago: the change's return makes its own, once.
    await t.db.update(bookings).set({ successLinkAt: new Date() }).where(eq(bookings.id, booking.id));
    const back = await app.request(`/my-booking/date-changed?session_id=${sessionId}`, {
      headers: newClient(),
    });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toMatch(/^\/my-booking\/[A-Za-z0-9_-]{43}\?changed=1$/);
    // The session id is no credential: a second return mints nothing and offers the page that mails a link.
    const again = await app.request(`/my-booking/date-changed?session_id=${sessionId}`, {
      headers: newClient(),
    });
    expect(again.headers.get("location")).toBe("/my-booking");
    // The page it returns to says what became of the change.
    const returned = await app.request(back.headers.get("location") ?? "", { headers: newClient() });
    expect(((await returned.json()) as { dateChange: { notice: string } }).dateChange.notice).toBe(
      `Your booking has moved to ${departureText(target.date, "", "full")}. Thank you for your payment of $60.00. We have emailed you the new date.`,
    );

    expect(await row(booking.id)).toMatchObject({
      selectedDate: target.date,
      availabilityId: target.id,
      totalAmountCents: 26_000,
      unitPriceCents: 13_000,
    });
    expect(await booked(target.id)).toBe(2);
    expect(await booked(booking.availabilityId)).toBe((oldBefore ?? 0) - 2);
    const [change] = await changesOf(booking.id);
    expect(change).toMatchObject({ status: "done", paymentId: payment.id });
    expect(await mails(email, "booking_rescheduled")).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(0);

    // The page shows the whole price as paid; cancelling refunds it across both payments.
    const page = await app.request(`/my-booking/${token}`, { headers: newClient() });
    expect(((await page.json()) as { view: { paidCents: number } }).view.paidCents).toBe(26_000);
    const cancelled = await cancelBooking(deps(), booking.id, { by: "customer" });
    expect(cancelled.refundCents).toBe(26_000);
    const back2 = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(back2.map((r) => r.amountCents).sort((x, y) => x - y)).toEqual([6_000, 20_000]);
    expect(back2.every((r) => r.status === "succeeded" && r.reason === "cancellation")).toBe(true);
    expect(await booked(target.id)).toBe(0);
  });

  it("a dearer date's checkout that expires gives the held spots back once, and a late payment is refunded in full", async () => {
    const email = "move-expired@example.com";
    const { booking, token } = await paidBooking(email);
    const target = await openDate({ priceCents: 12_000 });
    const res = await confirm(token, target.date, 4_000);
    expect(res.status).toBe(303);
    const sessionId = /(cs_test_[A-Za-z0-9]+)$/.exec(res.headers.get("location") ?? "")?.[1] ?? "";
    expect(await booked(target.id)).toBe(2);

    clock.advance(31 * 60_000);
    await t.services.sweeper.sweep();
    await t.services.sweeper.sweep();
    expect(await booked(target.id)).toBe(0);
    const [change] = await changesOf(booking.id);
    expect(change.status).toBe("released");
    expect(await row(booking.id)).toMatchObject({
      selectedDate: booking.selectedDate,
      totalAmountCents: 20_000,
    });

    // The page says so after the checkout returns.
    const back = await app.request(`/my-booking/date-changed?session_id=${sessionId}`, {
      headers: newClient(),
    });
    const link = back.headers.get("location") ?? "";
    const page = await app.request(link, { headers: newClient() });
    expect(((await page.json()) as { dateChange: { notice: string } }).dateChange.notice).toContain(
      "Your date was not changed",
    );

    // The provider reports a payment after all (it slipped through): never moved, refunded in full, once.
    await t.db
      .update(testCheckoutSessions)
      .set({ status: "complete", paymentStatus: "paid", paymentId: "pi_test_late", paidAt: clock.now() })
      .where(eq(testCheckoutSessions.id, sessionId));
    await fulfil(deps(), sessionId, { providerSaysPaid: true });
    await fulfil(deps(), sessionId, { providerSaysPaid: true });
    expect(await row(booking.id)).toMatchObject({
      selectedDate: booking.selectedDate,
      totalAmountCents: 20_000,
    });
    expect((await row(booking.id)).attention).toContain("refunded in full");
    expect(await booked(target.id)).toBe(0);
    const late = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(late).toHaveLength(1);
    expect(late[0]).toMatchObject({ amountCents: 4_000, reason: "late_payment" });
    expect(await mails(email, "reschedule_late_refund")).toHaveLength(1);
  });

  it("a dearer date paid after the booking was cancelled: not moved, the difference refunded in full", async () => {
    const email = "move-after-cancel@example.com";
    const { booking, token } = await paidBooking(email);
    const target = await openDate({ priceCents: 12_000 });
    const res = await confirm(token, target.date, 4_000);
    const sessionId = /(cs_test_[A-Za-z0-9]+)$/.exec(res.headers.get("location") ?? "")?.[1] ?? "";
    // The operator cancels the booking while its checkout is still open; then the customer pays it.
    await cancelBooking(deps(), booking.id, { by: "operator" });
    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${sessionId}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(pay.status).toBe(200);
    expect(await row(booking.id)).toMatchObject({
      bookingStatus: "cancelled",
      selectedDate: booking.selectedDate,
      totalAmountCents: 20_000,
    });
    expect(await booked(target.id)).toBe(0);
    const [change] = await changesOf(booking.id);
    expect(change.status).toBe("released");
    const late = (await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).filter(
      (r) => r.reason === "late_payment",
    );
    expect(late).toEqual([expect.objectContaining({ amountCents: 4_000 })]);
  });

  it("never overbooks: two bookings racing for the last room, and one booking racing for two dates", async () => {
    const target = await openDate({ spots: 4, booked: 2 });
    const a = await paidBooking("race-a@example.com");
    const b = await paidBooking("race-b@example.com");
    const answers = await Promise.all([confirm(a.token, target.date, 0), confirm(b.token, target.date, 0)]);
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    const refused = answers.find((r) => r.status === 409) as Response;
    expect(((await refused.json()) as { detail: string }).detail).toContain("no longer has room");
    expect(await booked(target.id)).toBe(4);
    const movedOnto = await t.db
      .select()
      .from(bookings)
      .where(and(inArray(bookings.id, [a.booking.id, b.booking.id]), eq(bookings.selectedDate, target.date)));
    expect(movedOnto).toHaveLength(1);

    const c = await paidBooking("race-c@example.com");
    const one = await openDate({ priceCents: 13_000 });
    const two = await openDate({ priceCents: 13_000 });
    const both = await Promise.all([confirm(c.token, one.date, 6_000), confirm(c.token, two.date, 6_000)]);
    expect(both.map((r) => r.status).sort()).toEqual([303, 409]);
    expect(
      ((await (both.find((r) => r.status === 409) as Response).json()) as { detail: string }).detail,
    ).toContain("waiting for its payment");
    expect(((await booked(one.id)) ?? 0) + ((await booked(two.id)) ?? 0)).toBe(2);
    expect(await changesOf(c.booking.id)).toHaveLength(1);
  });

  it("a change whose checkout never opened (the process stopped) gives its spots back at the sweep, once", async () => {
    const { booking } = await paidBooking("move-stale@example.com");
    const target = await openDate({ booked: 2 });
    const change = await insertChange(booking, target, {
      priceDifferenceCents: 3_000,
      status: "holding",
      holdExpiresAt: new Date(clock.now().getTime() + 30 * 60_000),
    });
    await t.services.sweeper.sweep();
    expect(await booked(target.id)).toBe(2);
    // Kept through the grace minute after its hold ends (its ledger row may still be being finished)…
    clock.advance(30 * 60_000 + 59_000);
    await t.services.sweeper.sweep();
    expect(await booked(target.id)).toBe(2);
    // …and given back at the minute, once.
    clock.advance(1_000);
    await t.services.sweeper.sweep();
    await t.services.sweeper.sweep();
    expect(await booked(target.id)).toBe(0);
    expect((await changesOf(booking.id)).find((c) => c.id === change.id)?.status).toBe("released");
    expect(await row(booking.id)).toMatchObject({ selectedDate: booking.selectedDate, holdsSpots: true });
  });

  it("the payment's return makes no new link for a booking whose links the operator switched off", async () => {
    const { booking } = await paidBooking("move-revoked@example.com");
    const target = await openDate();
    const change = () =>
      insertChange(booking, target, { priceDifferenceCents: 0, status: "done", createdAt: clock.now() });
    // As it is: the return opens the booking once.
    expect(await changeReturnLink(t.db, (await change()).id, clock.now())).toMatch(
      /^\/my-booking\/[A-Za-z0-9_-]{43}$/,
    );
    await t.db.update(bookings).set({ linksRevokedAt: clock.now() }).where(eq(bookings.id, booking.id));
    const links = async () =>
      (await t.db.select().from(bookingLinks).where(eq(bookingLinks.bookingId, booking.id))).length;
    const before = await links();
    expect(await changeReturnLink(t.db, (await change()).id, clock.now())).toBeNull();
    expect(await links()).toBe(before);
  });

  it("a date change racing a cancellation: one order or the other, never both dates held, refunded exactly the price", async () => {
    const { booking, token } = await paidBooking("race-cancel@example.com");
    const target = await openDate({ priceCents: 7_000 });
    const oldBefore = await booked(booking.availabilityId);
    const [moveAnswer] = await Promise.all([
      confirm(token, target.date, -6_000),
      cancelBooking(deps(), booking.id, { by: "customer" }).catch((error: unknown) => error),
    ]);
    expect([303, 409]).toContain(moveAnswer.status);
    const after = await row(booking.id);
    expect(after.bookingStatus).toBe("cancelled");
    expect(after.holdsSpots).toBe(false);
    expect(await booked(target.id)).toBe(0);
    expect(await booked(booking.availabilityId)).toBe((oldBefore ?? 0) - 2);
    // 100 days out the policy refunds everything: whichever went first, the customer gets the price back once.
    const back = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(back.reduce((sum, r) => sum + r.amountCents, 0)).toBe(20_000);
    expect(await changesOf(booking.id)).toHaveLength(moveAnswer.status === 303 ? 1 : 0);
  });

  it("refuses within the no-refund window, naming why, and offers nothing there", async () => {
    // 2 Sydney days before the trip: no refund, so no free date change either.
    const { booking, token } = await paidBooking(
      "move-late@example.com",
      addDays(sydneyDate(clock.now()), 2),
    );
    const target = await openDate();
    const page = await offer(token);
    expect(page.page?.offer).toMatchObject({ offered: false });
    expect(page.page?.offer.reason).toContain("within 48 hours");
    const res = await confirm(token, target.date, 0);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toContain("within 48 hours");
    expect(await booked(target.id)).toBe(0);
    expect(await changesOf(booking.id)).toHaveLength(0);
  });

  it("refuses a booking with no card payment on record (paid on the day), naming why", async () => {
    const { booking } = await insertBooking(t.db, {
      adventureId: ADVENTURE,
      status: "confirmed",
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: UNIT,
      date: ownDate(20),
      email: "move-unpaid@example.com",
    });
    const token = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
    const target = await openDate();
    const res = await confirm(token, target.date, 0);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      "This booking has no card payment on record, so its date cannot be changed online.",
    );
    expect(await changesOf(booking.id)).toHaveLength(0);
  });

  it("names a missing or closed date, and answers a wrong link with 404", async () => {
    const { booking, token } = await paidBooking("move-bad@example.com");
    const missing = await confirm(token, "not-a-date");
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/^date: /);
    const same = await confirm(token, booking.selectedDate, 0);
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({
      detail: "date: Your booking is already on this date. Choose another date.",
      errors: { date: "Your booking is already on this date. Choose another date." },
    });
    const closed = await openDate();
    await t.db.update(availability).set({ isAvailable: false }).where(eq(availability.id, closed.id));
    const shut = await confirm(token, closed.date, 0);
    expect(shut.status).toBe(400);
    const shutText = `${departureText(closed.date, "")} is not open for ${booking.adventureTitle}. Choose another date.`;
    expect(await shut.json()).toMatchObject({ detail: `date: ${shutText}`, errors: { date: shutText } });
    const full = await openDate({ spots: 2, booked: 2 });
    const noRoom = await confirm(token, full.date, 0);
    expect(noRoom.status).toBe(409);
    expect(((await noRoom.json()) as { detail: string }).detail).toBe(
      `${departureText(full.date, "")} no longer has room for 2 people. Choose another date.`,
    );

    const target = await openDate();
    const badDifference = await confirm(token, target.date, Number.NaN);
    expect(badDifference.status).toBe(400);
    expect(((await badDifference.json()) as { detail: string }).detail).toMatch(/^difference: /);
    const priceChanged = await confirm(token, target.date, 500);
    expect(priceChanged.status).toBe(409);
    expect(((await priceChanged.json()) as { detail: string }).detail).toContain(
      "price for this date has changed",
    );
    expect(await booked(target.id)).toBe(0);

    for (const wrong of ["nope", "A".repeat(43)]) {
      expect((await offer(wrong)).status).toBe(404);
      expect((await confirm(wrong, closed.date, 0)).status).toBe(404);
    }
    expect((await app.request("/my-booking/date-changed?session_id=cs_test_nothing")).status).toBe(302);
  });
});
