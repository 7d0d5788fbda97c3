/**
 * A payment that arrives after its hold was released: the spots are taken
 * again if they are still free; otherwise nothing is overbooked, the money
 * goes back in full automatically, the customer is offered other dates and
 * the operator sees it in the bookings list. Stripe's part is played by the
 * local fake; time moves with the injected clock.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import { formatMoney } from "../../app/lib/money.ts";
import { availability, bookings, emailOutbox, payments, refunds } from "../../server/db/schema.ts";
import { authed, issuedVoucherCode, login } from "../helpers/admin.ts";
import type { FakeStripe } from "../helpers/fake-stripe.ts";
import { createStripeTestApp, type StripeTestApp } from "../helpers/stripe-app.ts";
import { bookingPayload, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

const clock = testClock();
let app: StripeTestApp;
let fake: FakeStripe;
let t: TestContext;
let token: string;
let seq = 0;

beforeAll(async () => {
  app = await createStripeTestApp({ now: clock.now });
  ({ ctx: t, fake } = app);
  token = await login(t);
});
afterAll(async () => {
  await app?.close();
});

/** Stripe's checkout.session.completed, signed; the session is paid once, however often it is delivered. */
function completed(sessionId: string) {
  const known = fake.sessions.get(sessionId);
  const session = known?.payment_status === "paid" ? known : fake.complete(sessionId);
  return app.deliver("checkout.session.completed", session);
}

/** An open date of the adventure at least 10 days out (so other dates exist after it too). */
async function slotFor(adventureId: string) {
  const [row] = await t.db
    .select()
    .from(availability)
    .where(
      and(
        eq(availability.adventureId, adventureId),
        gte(availability.date, addDays(sydneyDate(clock.now()), 10)),
        eq(availability.bookedSpots, 0),
      ),
    )
    .orderBy(asc(availability.date))
    .limit(1);
  return row;
}

async function book(adventureId: string, date: string, groupSize: number, email: string) {
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({
        adventure_id: adventureId,
        selected_date: date,
        group_size: groupSize,
        customer_email: email,
      }),
    ),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { session_id: string; booking_id: string; reference: string };
}

async function spotsLeft(id: string) {
  const [row] = await t.db.select().from(availability).where(eq(availability.id, id));
  return row.availableSpots - row.bookedSpots;
}

/** Takes every free spot of the date with other paid bookings. */
async function fill(adventureId: string, slotId: string, date: string) {
  for (let left = await spotsLeft(slotId); left > 0; left = await spotsLeft(slotId)) {
    const other = await book(adventureId, date, Math.min(left, 4), `other-${seq++}@example.com`);
    expect((await completed(other.session_id)).status).toBe(200);
  }
}

async function expireHold(booking: { booking_id: string }) {
  clock.advance(31 * 60_000);
  await t.services.sweeper.sweep();
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.booking_id));
  expect(row).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
}

describe("a payment after the hold was released", () => {
  it("takes the spots again and confirms when they are still free", async () => {
    const slot = await slotFor("dive-exhibition");
    const late = await book("dive-exhibition", slot.date, 2, "late-free@example.com");
    await expireHold(late);
    const before = await spotsLeft(slot.id);

    expect((await completed(late.session_id)).status).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, late.booking_id));
    expect(row).toMatchObject({ bookingStatus: "confirmed", holdsSpots: true, attention: null });
    expect(await spotsLeft(slot.id)).toBe(before - 2);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `booking_confirmation:${late.booking_id}`));
    expect(mails).toHaveLength(1);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, late.booking_id))).toHaveLength(0);
  });

  it("a booking whose voucher part went back when its hold ended is not revived: the card part is refunded", async () => {
    const code = await issuedVoucherCode(t, token, "50", "gift-late@example.com");
    const slot = await slotFor("dive-exhibition");
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          adventure_id: "dive-exhibition",
          selected_date: slot.date,
          group_size: 1,
          customer_email: "late-voucher@example.com",
          voucher_code: code,
        }),
      ),
    );
    expect(res.status).toBe(201);
    const late = (await res.json()) as { session_id: string; booking_id: string };
    await expireHold(late);
    const free = await spotsLeft(slot.id);

    expect((await completed(late.session_id)).status).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, late.booking_id));
    expect(row).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
    expect(await spotsLeft(slot.id)).toBe(free);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, late.booking_id));
    expect(refund).toMatchObject({ reason: "late_payment", amountCents: row.totalAmountCents - 5_000 });
    // The customer is told what went back to the card: the card part, not the booking's total.
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `late_payment_refund:${late.booking_id}`));
    expect(mail.textBody).toContain(
      `It reached us after the booking had been cancelled, so we could not confirm it.\n\nWe have refunded the full ${formatMoney(row.totalAmountCents - 5_000, row.currency, true)} to your card;`,
    );
  });

  it("on a date that filled meanwhile: never overbooks, refunds in full, offers other dates, tells the operator", async () => {
    const slot = await slotFor("underwater-treasure-hunt");
    const late = await book("underwater-treasure-hunt", slot.date, 2, "late-full@example.com");
    await expireHold(late);
    await fill("underwater-treasure-hunt", slot.id, slot.date);
    expect(await spotsLeft(slot.id)).toBe(0);

    expect((await completed(late.session_id)).status).toBe(200);
    // Delivered again: still one refund.
    expect((await completed(late.session_id)).status).toBe(200);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, late.booking_id));
    expect(row).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
    expect(row.refundAmountCents).toBe(row.totalAmountCents);
    const paidText = formatMoney(row.totalAmountCents, row.currency, true);
    expect(row.attention).toBe(
      `Paid after its hold was released, when ${departureText(slot.date, "")} no longer had 2 free spots: ` +
        `the booking stays cancelled and the payment of ${paidText} is refunded in full automatically. ` +
        "The customer was emailed other dates.",
    );
    expect(await spotsLeft(slot.id)).toBe(0);
    const [slotRow] = await t.db.select().from(availability).where(eq(availability.id, slot.id));
    expect(slotRow.bookedSpots).toBeLessThanOrEqual(slotRow.availableSpots);

    const [payment] = await t.db.select().from(payments).where(eq(payments.sessionId, late.session_id));
    expect(payment).toMatchObject({ paymentStatus: "refunded", refundedCents: row.totalAmountCents });
    const intent = fake.sessions.get(late.session_id)?.payment_intent;
    const made = fake.refunds.filter((r) => r.payment_intent === intent);
    expect(made).toHaveLength(1);
    expect(made[0].amount).toBe(row.totalAmountCents);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, late.booking_id));
    expect(refund).toMatchObject({ reason: "late_payment", status: "succeeded" });
    expect(refund.idempotencyKey).toBe(`refund:${payment.id}:${late.booking_id}:late_payment`);

    const [customerMail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `late_payment_refund:${late.booking_id}`));
    expect(customerMail.toAddress).toBe("late-full@example.com");
    expect(customerMail.textBody).toMatch(/filled up in the meantime/);
    expect(customerMail.textBody).toMatch(/These dates still have room for 2 people:\n- /);
    expect(customerMail.textBody).toContain("/book?adventure=underwater-treasure-hunt");
    const notice = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `late_payment_notice:${late.booking_id}`));
    expect(notice).toHaveLength(1);
    expect(notice[0].subject).toBe(
      `Late payment refunded: ${late.reference}, ${row.adventureTitle} on ${departureText(slot.date, "")} was full`,
    );
    expect(notice[0].textBody.split("\n")).toEqual([
      `Booking ${late.reference} (Mia Nguyen, late-full@example.com) was paid after its hold had been released.`,
      `${departureText(slot.date, "", "full")} no longer had room for 2, so nothing was overbooked: the booking stays cancelled and ${paidText} is refunded in full automatically.`,
      expect.stringMatching(/^The customer was emailed \d+ other open dates\.$/),
      "",
      "The booking is marked in the admin area: Bookings.",
    ]);
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `booking_confirmation:${late.booking_id}`)),
    ).toHaveLength(0);

    const list = (await (await t.app.request(`/api/bookings?q=${late.reference}`, authed(token))).json()) as {
      bookings: { attention: string | null; booking_status: string }[];
    };
    expect(list.bookings[0].booking_status).toBe("cancelled");
    expect(list.bookings[0].attention).toMatch(/refunded in full automatically/);
  });

  it("a booking the operator cancelled is not revived by a payment that slipped through; the date stays within capacity", async () => {
    const slot = await slotFor("guided-shore-dive");
    const pending = await book("guided-shore-dive", slot.date, 1, "slipped@example.com");
    // The customer pays at Stripe just as the operator cancels the booking.
    fake.complete(pending.session_id);
    const cancel = await t.app.request(
      `/api/admin/bookings/${pending.booking_id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(cancel.status).toBe(200);
    await fill("guided-shore-dive", slot.id, slot.date);
    expect((await completed(pending.session_id)).status).toBe(200);

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, pending.booking_id));
    expect(row.bookingStatus).toBe("cancelled");
    expect(row.attention).toBe(
      `Paid after the booking had been cancelled: the booking stays cancelled and the payment of ${formatMoney(row.totalAmountCents, row.currency, true)} is refunded in full automatically. The customer was emailed other dates.`,
    );
    // The operator's notice says what happened: a cancelled booking, not a full date.
    const [notice] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `late_payment_notice:${pending.booking_id}`));
    expect(notice.subject).toBe(
      `Late payment refunded: ${row.reference}, ${row.adventureTitle} on ${departureText(slot.date, "")} was cancelled`,
    );
    expect(notice.textBody.split("\n").slice(0, 2)).toEqual([
      `Booking ${row.reference} (${row.customerFirstName} ${row.customerLastName}, slipped@example.com) was paid after it had been cancelled.`,
      `The booking had been cancelled before the payment arrived: it stays cancelled and ${formatMoney(row.totalAmountCents, row.currency, true)} is refunded in full automatically.`,
    ]);
    const [slotRow] = await t.db.select().from(availability).where(eq(availability.id, slot.id));
    expect(slotRow.bookedSpots).toBe(slotRow.availableSpots);
    const confirmed = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.availabilityId, slot.id), eq(bookings.bookingStatus, "confirmed")));
    expect(confirmed.reduce((n, b) => n + b.groupSize, 0)).toBe(slotRow.availableSpots);
    const intent = fake.sessions.get(pending.session_id)?.payment_intent;
    expect(fake.refunds.filter((r) => r.payment_intent === intent).map((r) => r.amount)).toEqual([
      row.totalAmountCents,
    ]);
  });
});
