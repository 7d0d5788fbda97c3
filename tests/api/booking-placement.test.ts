/**
 * Placing a booking, called on the test database: the card's line the provider is asked for
 * (one amount with a voucher part, a promo discount or price lines, else the price per person
 * times the group), the refusals in the visitor's words, the hold given back exactly once, and
 * an unpaid booking's end with its audit entry and its voucher part restored.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BookingInput, bookingSchema } from "../../app/lib/booking.ts";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import { formatMoney } from "../../app/lib/money.ts";
import {
  adventureExtras,
  adventures,
  auditLog,
  availability,
  bookingLinks,
  bookings,
  payments,
  promoCodes,
  testCheckoutSessions,
  voucherEntries,
} from "../../server/db/schema.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import { createBooking } from "../../server/domain/bookings/create-booking.server.ts";
import { departuresOn } from "../../server/domain/bookings/departures.server.ts";
import { cancelPendingBooking, isUnpaidEnd, releaseHold } from "../../server/domain/bookings/holds.server.ts";
import { issueVoucher } from "../../server/domain/vouchers/vouchers.server.ts";
import { HttpError } from "../../server/errors.server.ts";
import { bookingDeps } from "../../server/services.server.ts";
import { authed, insertBooking, login, OWNER, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const SITE = "http://localhost:3999";
let t: TestContext;
const clock = testClock();
let seq = 0;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
});
afterAll(() => t?.close());

const money = (cents: number) => formatMoney(cents, "aud", true);
const input = (over: Record<string, unknown>): BookingInput =>
  bookingSchema.parse(bookingPayload({ customer_email: `placed-${++seq}@example.com`, ...over }));

/** Books through the rule itself and answers the booking, its payment and the provider's session. */
async function book(over: Record<string, unknown>, client = {}) {
  const made = await createBooking(bookingDeps(t.services), input(over), client);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, made.booking_id));
  const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, made.booking_id));
  const [session] = made.session_id
    ? await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, made.session_id))
    : [];
  return { made, booking, payment, session };
}

/** A date of its own, far enough ahead for any notice, with this many spots. */
async function freshDate(adventureId: string, spots: number): Promise<string> {
  const date = addDays(sydneyDate(clock.now()), 120 + ++seq);
  await t.db.insert(availability).values({ adventureId, date, availableSpots: spots });
  return date;
}

async function refusal(p: Promise<unknown>) {
  const error = await p.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpError);
  const { status, message, errors } = error as HttpError;
  return { status, message, details: errors };
}

async function voucherCode(cents: number) {
  const v = await t.db.transaction((tx) =>
    issueVoucher(tx, { amountCents: cents, currency: "AUD", source: "operator", at: clock.now() }),
  );
  return v;
}

describe("the card's line", () => {
  it("is the price per person times the group, with the date, the people and the reference, and returns to /book", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    const { made, booking, payment, session } = await book(
      { selected_date: date, group_size: 2 },
      { clientKey: "ip:203.0.113.40" },
    );
    expect(made).toMatchObject({ booking_status: "pending_payment", voucher_cents: 0 });
    expect(made.amount_due_cents).toBe(booking.totalAmountCents);
    expect(made.checkout_url).toBe(`${SITE}/checkout/test/${made.session_id}`);
    expect(session).toMatchObject({
      kind: "booking",
      name: booking.adventureTitle,
      description: `${departureText(date, booking.startTime, "full")} · 2 people · ${booking.reference}`,
      unitAmountCents: booking.unitPriceCents,
      quantity: 2,
      amountTotalCents: 2 * booking.unitPriceCents,
      metadata: {
        kind: "booking",
        booking_id: booking.id,
        reference: booking.reference,
        payment_id: payment.id,
      },
    });
    expect(payment).toMatchObject({
      status: "open",
      kind: "booking",
      unitAmountCents: booking.unitPriceCents,
      quantity: 2,
      amountTotalCents: booking.totalAmountCents,
      metadata: { reference: booking.reference },
      clientKey: "ip:203.0.113.40",
      successUrl: `${SITE}/book?session_id=${made.session_id}`,
      cancelUrl: `${SITE}/book?session_id=${made.session_id}`,
    });
    expect(booking).toMatchObject({ clientKey: "ip:203.0.113.40", checkoutSessionId: made.session_id });
    expect(booking.reference).toMatch(/^TW-[A-HJ-NP-Z2-9]{6}$/);
    expect(t.logs.some((l) => l.includes("booking created") && l.includes(booking.reference))).toBe(true);
  });

  it("is one amount, what is left, when a voucher pays part, and names the voucher's part", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    const voucher = await voucherCode(5_000);
    const { made, booking, session } = await book({
      selected_date: date,
      group_size: 2,
      voucher_code: voucher.code,
    });
    const due = booking.totalAmountCents - 5_000;
    expect(made).toMatchObject({ voucher_cents: 5_000, amount_due_cents: due });
    expect(session).toMatchObject({
      unitAmountCents: due,
      quantity: 1,
      description: `${departureText(date, booking.startTime, "full")} · 2 people · ${booking.reference} · ${money(5_000)} paid by voucher`,
    });
    const entries = await t.db.select().from(voucherEntries).where(eq(voucherEntries.voucherId, voucher.id));
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual(
      expect.arrayContaining([
        ["issue", 5_000],
        ["redeem", -5_000],
      ]),
    );
  });

  it("is confirmed at once, with a private link and no card, when a voucher pays it all", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const voucher = await voucherCode(100_000);
    const { made, booking, payment } = await book({
      selected_date: date,
      group_size: 1,
      voucher_code: voucher.code,
    });
    expect(made).toMatchObject({ booking_status: "confirmed", session_id: null, amount_due_cents: 0 });
    expect(made.checkout_url).toMatch(new RegExp(`^${SITE}/my-booking/[A-Za-z0-9_-]+$`));
    expect(payment).toBeUndefined();
    expect(booking).toMatchObject({ bookingStatus: "confirmed", voucherCents: booking.totalAmountCents });
    const links = await t.db.select().from(bookingLinks).where(eq(bookingLinks.bookingId, booking.id));
    // The confirmation email's link, and the one the answer opens.
    expect(links.map((l) => l.channel).sort()).toEqual(["email", "success_page"]);
    expect(t.logs.some((l) => l.includes("booking paid by voucher") && l.includes(booking.reference))).toBe(
      true,
    );
  });

  it("is one amount after a promo discount, and shows the subtotal and the code", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    await t.db.insert(promoCodes).values({ code: "PLACE20", kind: "fixed", amountCents: 2_000 });
    const { made, booking, session } = await book({
      selected_date: date,
      group_size: 2,
      promo_code: "PLACE20",
    });
    const subtotal = 2 * booking.unitPriceCents;
    expect(booking).toMatchObject({ totalAmountCents: subtotal - 2_000, promoDiscountCents: 2_000 });
    expect(made).toMatchObject({
      promo_code: "PLACE20",
      promo_discount_cents: 2_000,
      total_cents: subtotal - 2_000,
    });
    expect(session).toMatchObject({
      unitAmountCents: subtotal - 2_000,
      quantity: 1,
      description: `${departureText(date, booking.startTime, "full")} · 2 people · ${booking.reference} · Subtotal ${money(subtotal)} · Promo PLACE20: -${money(2_000)}`,
    });
  });

  it("leaves a voucher untouched when a promo code makes the booking free", async () => {
    const date = await freshDate("dive-exhibition", 4);
    await t.db.insert(promoCodes).values({ code: "PLACEFREE", kind: "percent", percent: 100 });
    const voucher = await voucherCode(4_000);
    const { made, booking } = await book({
      selected_date: date,
      group_size: 2,
      promo_code: "PLACEFREE",
      voucher_code: voucher.code,
    });
    expect(made).toMatchObject({ booking_status: "confirmed", voucher_cents: 0, amount_due_cents: 0 });
    expect(booking).toMatchObject({ totalAmountCents: 0, voucherCents: 0 });
    const entries = await t.db.select().from(voucherEntries).where(eq(voucherEntries.voucherId, voucher.id));
    expect(entries.map((e) => e.kind)).toEqual(["issue"]);
  });

  it("lists the people by category, or the people and then the extras, as one amount", async () => {
    const owner = await login(t);
    const adventure = "night-dive-experience";
    const put = await t.app.request(
      `/api/admin/adventures/${adventure}/price-categories`,
      authed(owner, "PUT", {
        categories: [
          { name: "Adult", price: 150, age_min: 16 },
          { name: "Child", price: 100, age_min: 8, age_max: 15 },
        ],
      }),
    );
    expect(put.status).toBe(200);
    const cats = ((await put.json()) as { categories: { id: string; name: string }[] }).categories;
    const date = await firstOpenDate(t.app, adventure, 2);
    const byCategory = await book({
      adventure_id: adventure,
      selected_date: date,
      group_size: 2,
      categories: { [cats[0].id]: 1, [cats[1].id]: 1 },
    });
    expect(byCategory.session).toMatchObject({
      unitAmountCents: 25_000,
      quantity: 1,
      description: `${departureText(date, byCategory.booking.startTime, "full")} · 1 × Adult (16+) ${money(15_000)} · 1 × Child (8-15) ${money(10_000)} · ${byCategory.booking.reference}`,
    });

    const withExtras = "guided-shore-dive";
    const [meal] = await t.db
      .insert(adventureExtras)
      .values({ adventureId: withExtras, name: "Meal pack", priceCents: 1_999, per: "booking" })
      .returning();
    const extrasDate = await firstOpenDate(t.app, withExtras, 2);
    const extras = await book({
      adventure_id: withExtras,
      selected_date: extrasDate,
      group_size: 2,
      extras: [{ extra_id: meal.id }],
    });
    expect(extras.session).toMatchObject({
      unitAmountCents: 2 * extras.booking.unitPriceCents + 1_999,
      quantity: 1,
      description: `${departureText(extrasDate, extras.booking.startTime, "full")} · 2 people · 1 × Meal pack ${money(1_999)} · ${extras.booking.reference}`,
    });
  });

  it("is never opened when the provider fails: the booking ends as checkout_failed and its spots go back", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const [slot] = await t.db
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, "dive-exhibition"), eq(availability.date, date)));
    const broken = {
      ...t.services.payments,
      createCheckout: () => Promise.reject(new Error("provider down")),
    };
    const { status } = await refusal(
      createBooking(
        { ...bookingDeps(t.services), payments: broken },
        input({ selected_date: date, group_size: 1 }),
      ),
    );
    expect(status).toBe(502);
    const [ended] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.availabilityId, slot.id), eq(bookings.cancelReason, "checkout_failed")));
    expect(ended).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
    const [after] = await t.db.select().from(availability).where(eq(availability.id, slot.id));
    expect(after.bookedSpots).toBe(slot.bookedSpots);
  });

  it("warns when the page names another origin, and returns to the site's own", async () => {
    const date = await freshDate("dive-exhibition", 4);
    const own = await book({ selected_date: date, group_size: 1, host_url: SITE });
    expect(t.logs.some((l) => l.includes("names another origin") && l.includes(own.booking.id))).toBe(false);
    const other = await book({ selected_date: date, group_size: 1, host_url: "https://evil.example" });
    expect(t.logs.some((l) => l.includes("names another origin") && l.includes(other.booking.id))).toBe(true);
    expect(other.payment.successUrl).toBe(`${SITE}/book?session_id=${other.made.session_id}`);
  });
});

describe("a booking refused", () => {
  it("names the adventure when it is unknown or not taking bookings", async () => {
    expect(await refusal(book({ adventure_id: "no-such-adventure", selected_date: "2027-06-01" }))).toEqual({
      status: 400,
      message: "adventure_id: This adventure is not available for booking",
      details: { adventure_id: "This adventure is not available for booking" },
    });
    const date = await firstOpenDate(t.app, "scooter-dive-adventure", 1);
    await t.db
      .update(adventures)
      .set({ bookingEnabled: false })
      .where(eq(adventures.id, "scooter-dive-adventure"));
    const answer = await refusal(book({ adventure_id: "scooter-dive-adventure", selected_date: date }));
    expect(answer).toEqual({
      status: 400,
      message: "adventure_id: This adventure is not available for booking",
      details: { adventure_id: "This adventure is not available for booking" },
    });
    await t.db
      .update(adventures)
      .set({ bookingEnabled: true })
      .where(eq(adventures.id, "scooter-dive-adventure"));
  });

  it("names the date and its time when it cannot be booked", async () => {
    const [adventure] = await t.db.select().from(adventures).where(eq(adventures.id, "dive-trip-shore"));
    const noDate = addDays(sydneyDate(clock.now()), 300);
    const none = await refusal(book({ adventure_id: "dive-trip-shore", selected_date: noDate }));
    expect(none.details).toEqual({
      selected_date: `${departureText(noDate, "")} is not available for ${adventure.title}. Please choose another date.`,
    });
    const [closed] = await t.db
      .insert(availability)
      .values({
        adventureId: "dive-trip-shore",
        date: addDays(sydneyDate(clock.now()), 301),
        startTime: "13:30",
        availableSpots: 4,
        isAvailable: false,
      })
      .returning();
    const shut = await refusal(
      book({ adventure_id: "dive-trip-shore", selected_date: closed.date, start_time: "13:30" }),
    );
    expect(shut.details).toEqual({
      selected_date: `${departureText(closed.date, "13:30")} is not available for ${adventure.title}. Please choose another date.`,
    });
  });

  it("says a full date is full, and how many spots are left on one that is not", async () => {
    const [slot] = await t.db
      .insert(availability)
      .values({
        adventureId: "dive-trip-shore",
        date: addDays(sydneyDate(clock.now()), 302),
        availableSpots: 3,
        bookedSpots: 2,
      })
      .returning();
    const one = await refusal(
      book({ adventure_id: "dive-trip-shore", selected_date: slot.date, group_size: 2 }),
    );
    const oneLeft = `Only 1 spot is left on ${departureText(slot.date, "")}; choose a group of 1 or fewer, or another date.`;
    expect(one).toEqual({ status: 400, message: `group_size: ${oneLeft}`, details: { group_size: oneLeft } });
    await t.db.update(availability).set({ bookedSpots: 1 }).where(eq(availability.id, slot.id));
    const two = await refusal(
      book({ adventure_id: "dive-trip-shore", selected_date: slot.date, group_size: 3 }),
    );
    expect(two.details).toEqual({
      group_size: `Only 2 spots are left on ${departureText(slot.date, "")}; choose a group of 2 or fewer, or another date.`,
    });
    await t.db.update(availability).set({ bookedSpots: 3 }).where(eq(availability.id, slot.id));
    const full = await refusal(
      book({ adventure_id: "dive-trip-shore", selected_date: slot.date, group_size: 2 }),
    );
    expect(full).toEqual({
      status: 400,
      message: "selected_date: This date is fully booked. Please choose another date.",
      details: { selected_date: "This date is fully booked. Please choose another date." },
    });
  });
});

describe("a date's departures", () => {
  it("are read in time order, and locked for a transaction that asks", async () => {
    const date = await freshDate("dive-trip-shore", 4);
    await t.db
      .insert(availability)
      .values({ adventureId: "dive-trip-shore", date, startTime: "07:30", availableSpots: 4 });
    const rows = await t.db.transaction((tx) => departuresOn(tx, "dive-trip-shore", date, { lock: true }));
    expect(rows.map((r) => r.startTime)).toEqual(["", "07:30"]);
  });
});

describe("a hold", () => {
  const release = () => ({ at: clock.now(), publicUrl: SITE });
  const spotsOf = async (id: string) =>
    (await t.db.select().from(availability).where(eq(availability.id, id)))[0].bookedSpots;

  it("is given back once, however many times it is released", async () => {
    const { booking } = await insertBooking(t.db, { holdSpots: true, groupSize: 3, date: "2031-04-06" });
    const slotId = booking.availabilityId as string;
    const before = await spotsOf(slotId);
    expect(await releaseHold(t.db, booking.id, release())).toBe(true);
    expect(await spotsOf(slotId)).toBe(before - 3);
    expect(await releaseHold(t.db, booking.id, release())).toBe(false);
    expect(await spotsOf(slotId)).toBe(before - 3);
  });

  it("of a booking with no date row is released without touching any date", async () => {
    const { booking } = await insertBooking(t.db, { groupSize: 2, date: "2031-04-07" });
    await t.db.update(bookings).set({ holdsSpots: true }).where(eq(bookings.id, booking.id));
    expect(await releaseHold(t.db, booking.id, release())).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.holdsSpots).toBe(false);
  });

  it("ends an unpaid booking once: cancelled, audited, its spots and voucher part given back", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    const voucher = await voucherCode(3_000);
    const { booking } = await book({ selected_date: date, group_size: 2, voucher_code: voucher.code });
    const slotId = booking.availabilityId as string;
    const held = await spotsOf(slotId);
    const ended = withActor(OWNER, () =>
      cancelPendingBooking(t.db, booking.id, release(), "checkout_cancelled"),
    );
    expect(await ended).toBe(true);
    expect(await cancelPendingBooking(t.db, booking.id, release(), "checkout_cancelled")).toBe(false);
    expect(await spotsOf(slotId)).toBe(held - 2);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({
      bookingStatus: "cancelled",
      cancelReason: "checkout_cancelled",
      holdExpiresAt: null,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, booking.id));
    expect(audit.map((a) => [a.action, a.entity, a.entityId, a.changes])).toEqual([
      [
        "cancel",
        "booking",
        booking.id,
        {
          booking_status: { before: "pending_payment", after: "cancelled" },
          cancel_reason: { before: null, after: "checkout_cancelled" },
        },
      ],
    ]);
    const restored = (
      await t.db.select().from(voucherEntries).where(eq(voucherEntries.voucherId, voucher.id))
    ).filter((e) => e.kind === "restore");
    expect(restored.map((e) => [e.amountCents, e.note])).toEqual([
      [3_000, "Checkout ended unpaid (checkout cancelled)"],
    ]);
  });

  it("ends as expired unless another reason is given", async () => {
    const { booking } = await insertBooking(t.db, { holdSpots: true, groupSize: 1, date: "2031-04-08" });
    expect(await cancelPendingBooking(t.db, booking.id, release())).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.cancelReason).toBe("expired");
  });

  it("revives only a booking that ended unpaid", () => {
    for (const reason of [null, "", "expired", "checkout_cancelled", "checkout_failed"]) {
      expect(isUnpaidEnd(reason)).toBe(true);
    }
    for (const reason of ["customer", "operator", "weather"]) expect(isUnpaidEnd(reason)).toBe(false);
  });
});
