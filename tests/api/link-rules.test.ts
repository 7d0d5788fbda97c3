/**
 * A booking's private links, called on the test database: a new link revokes only the live one
 * of its own channel and person; the operator's revoke ends them all and is audited; a link
 * opens only its own scope (the whole booking, or one participant's details), an over-long or
 * unknown token opens nothing, an expired one says so; and what the manage page shows is computed
 * from the booking, its adventure and its payment.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { auditLog, type BookingRow, bookingLinks, participants } from "../../server/db/schema.ts";
import { withActor } from "../../server/domain/audit/actor.server.ts";
import {
  bookingByToken,
  customerCanCancel,
  type LinkedBooking,
  manageView,
  mintBookingLink,
  openBookingLink,
  openParticipantLink,
  participantUrl,
  revokeBookingLinks,
  revokeParticipantLinks,
} from "../../server/domain/bookings/booking-links.server.ts";
import { bookingTerms } from "../../server/domain/bookings/booking-terms.server.ts";
import { insertBooking, OWNER } from "../helpers/admin.ts";
import { createTestApp, type TestContext, testClock } from "../helpers/test-app.ts";

let t: TestContext;
const clock = testClock();
beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(() => t?.close());

const today = () => sydneyDate(clock.now());

async function booking(daysAhead = 30) {
  return (await insertBooking(t.db, { date: addDays(today(), daysAhead), paid: true, groupSize: 2 })).booking;
}

async function person(bookingId: string, position = 1) {
  const [row] = await t.db
    .insert(participants)
    .values({ bookingId, position, fullName: `Person ${position}` })
    .returning();
  return row;
}

const mint = (bookingId: string, channel: "email" | "participant", participantId: string | null = null) =>
  t.db.transaction((tx) => mintBookingLink(tx, bookingId, channel, clock.now(), participantId));

const liveLinks = async (bookingId: string) =>
  t.db
    .select()
    .from(bookingLinks)
    .where(and(eq(bookingLinks.bookingId, bookingId), isNull(bookingLinks.revokedAt)));

describe("minting and revoking", () => {
  it("revokes only the live link of the same channel and the same person", async () => {
    const b = await booking();
    const [ann, bo] = [await person(b.id, 1), await person(b.id, 2)];
    const annFirst = await mint(b.id, "participant", ann.id);
    await mint(b.id, "participant", bo.id);
    const whole = await mint(b.id, "email");
    expect((await liveLinks(b.id)).length).toBe(3);
    // A new link for Ann leaves Bo's and the booking's own.
    const annSecond = await mint(b.id, "participant", ann.id);
    expect((await liveLinks(b.id)).length).toBe(3);
    expect((await openParticipantLink(t.db, annFirst, clock.now())).status).toBe("invalid");
    expect((await openParticipantLink(t.db, annSecond, clock.now())).status).toBe("live");
    // A new link to the whole booking leaves both people's.
    await mint(b.id, "email");
    expect((await liveLinks(b.id)).length).toBe(3);
    expect(await bookingByToken(t.db, whole, clock.now())).toBeNull();
    expect(participantUrl("https://site.example", annSecond)).toBe(
      `https://site.example/my-details/${annSecond}`,
    );
  });

  it("ends one person's links when their email changes, and every link when the operator revokes", async () => {
    const b = await booking();
    const ann = await person(b.id, 1);
    const bo = await person(b.id, 2);
    const annLink = await mint(b.id, "participant", ann.id);
    await mint(b.id, "participant", bo.id);
    await mint(b.id, "email");
    await t.db.transaction((tx) => revokeParticipantLinks(tx, ann.id, clock.now()));
    expect((await openParticipantLink(t.db, annLink, clock.now())).status).toBe("invalid");
    expect((await liveLinks(b.id)).length).toBe(2);

    const revokedAt = clock.now();
    expect(await withActor(OWNER, () => revokeBookingLinks(t.db, b.id, revokedAt))).toBe(2);
    expect(await liveLinks(b.id)).toEqual([]);
    clock.advance(60_000);
    await mint(b.id, "email");
    expect(await withActor(OWNER, () => revokeBookingLinks(t.db, b.id, clock.now()))).toBe(1);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, b.id));
    expect(
      audit
        .sort((x, y) => x.recordedAt.getTime() - y.recordedAt.getTime())
        .map((a) => [a.action, a.entity, a.entityId, a.changes]),
    ).toEqual([
      [
        "revoke_links",
        "booking",
        b.id,
        {
          links_revoked_at: { before: null, after: revokedAt.toISOString() },
          live_links: { before: 2, after: 0 },
        },
      ],
      [
        "revoke_links",
        "booking",
        b.id,
        {
          links_revoked_at: { before: revokedAt.toISOString(), after: clock.now().toISOString() },
          live_links: { before: 1, after: 0 },
        },
      ],
    ]);
  });
});

describe("opening a link", () => {
  it("opens only its own scope: the booking's link the booking, a person's link their details", async () => {
    const b = await booking();
    const ann = await person(b.id, 1);
    const whole = await mint(b.id, "email");
    const own = await mint(b.id, "participant", ann.id);
    const opened = await openBookingLink(t.db, whole, clock.now());
    expect(opened.status).toBe("live");
    expect(Object.keys(opened).sort()).toEqual(["linked", "status"]);
    expect((await bookingByToken(t.db, whole, clock.now()))?.booking.id).toBe(b.id);
    expect(await openBookingLink(t.db, own, clock.now())).toEqual({ status: "invalid" });
    const theirs = await openParticipantLink(t.db, own, clock.now());
    expect(theirs).toMatchObject({ status: "live", participantId: ann.id, position: 1 });
    expect(await openParticipantLink(t.db, whole, clock.now())).toEqual({ status: "invalid" });
    // A person removed from the group: their link opens nothing.
    await t.db.delete(participants).where(eq(participants.id, ann.id));
    expect(await openParticipantLink(t.db, own, clock.now())).toEqual({ status: "invalid" });
  });

  it("answers invalid for an empty, unknown or over-long token, and expired after the trip", async () => {
    for (const token of ["", "x".repeat(101), "no-such-token"]) {
      expect(await openBookingLink(t.db, token, clock.now())).toEqual({ status: "invalid" });
      expect(await openParticipantLink(t.db, token, clock.now())).toEqual({ status: "invalid" });
    }
    const b = await booking(2);
    const ann = await person(b.id, 1);
    const whole = await mint(b.id, "email");
    const own = await mint(b.id, "participant", ann.id);
    const later = new Date(clock.now().getTime() + 120 * 24 * 3600_000);
    expect(await openBookingLink(t.db, whole, later)).toEqual({ status: "expired" });
    expect(await bookingByToken(t.db, whole, later)).toBeNull();
    expect(await openParticipantLink(t.db, own, later)).toEqual({ status: "expired" });
  });
});

describe("the manage page's view", () => {
  async function viewOf(over: Partial<BookingRow>, options?: { calledOffForWeather?: boolean }) {
    const b = await booking();
    const token = await mint(b.id, "email");
    const linked = (await bookingByToken(t.db, token, clock.now())) as LinkedBooking;
    const changed = { ...linked, booking: { ...linked.booking, ...over } };
    return {
      view: manageView(changed, clock.now(), await bookingTerms(t.db, changed.booking), options),
      linked: changed,
    };
  }

  it("may be cancelled on the trip's own day, not after it", async () => {
    const b = await booking();
    expect(customerCanCancel({ ...b, bookingStatus: "confirmed", selectedDate: today() }, clock.now())).toBe(
      true,
    );
    expect(
      customerCanCancel(
        { ...b, bookingStatus: "confirmed", selectedDate: addDays(today(), -1) },
        clock.now(),
      ),
    ).toBe(false);
  });

  it("names the lead by both names or the first alone, and the payment's currency", async () => {
    const { view, linked } = await viewOf({ customerFirstName: "Ann", customerLastName: "" });
    expect(view.leadName).toBe("Ann");
    expect(view.currency).toBe(linked.payment?.currency);
    const both = await viewOf({ customerFirstName: "Ann", customerLastName: "Lee" });
    expect(both.view.leadName).toBe("Ann Lee");
    const unpaid = await viewOf({});
    const noPayment = manageView(
      { ...unpaid.linked, payment: null, booking: { ...unpaid.linked.booking, currency: "nzd" } },
      clock.now(),
      await bookingTerms(t.db, unpaid.linked.booking),
    );
    expect(noPayment).toMatchObject({ currency: "nzd", paid: false, paidCents: 0, refundTodayCents: 0 });
  });

  it("counts a voucher or a free promo booking as paid, and shows the promo only when used", async () => {
    const base = await viewOf({});
    const plain = manageView(
      { ...base.linked, payment: null },
      clock.now(),
      await bookingTerms(t.db, base.linked.booking),
    );
    expect(plain.paid).toBe(false);
    expect("promoCode" in plain).toBe(false);
    const byVoucher = manageView(
      { ...base.linked, payment: null, booking: { ...base.linked.booking, voucherCents: 1_000 } },
      clock.now(),
      await bookingTerms(t.db, base.linked.booking),
    );
    expect(byVoucher.paid).toBe(true);
    const free = manageView(
      {
        ...base.linked,
        payment: null,
        booking: {
          ...base.linked.booking,
          promoCode: "FREE",
          promoDiscountCents: 5_000,
          totalAmountCents: 0,
        },
      },
      clock.now(),
      await bookingTerms(t.db, base.linked.booking),
    );
    expect(free).toMatchObject({ paid: true, promoCode: "FREE", promoDiscountCents: 5_000 });
    const discounted = manageView(
      {
        ...base.linked,
        payment: null,
        booking: {
          ...base.linked.booking,
          promoCode: "TEN",
          promoDiscountCents: 1_000,
          totalAmountCents: 9_000,
        },
      },
      clock.now(),
      await bookingTerms(t.db, base.linked.booking),
    );
    expect(discounted.paid).toBe(false);
    // Nothing to pay without a promo code is not "paid" (no payment, no voucher, no discount).
    const nothing = manageView(
      { ...base.linked, payment: null, booking: { ...base.linked.booking, totalAmountCents: 0 } },
      clock.now(),
      await bookingTerms(t.db, base.linked.booking),
    );
    expect(nothing.paid).toBe(false);
  });

  it("refunds all of it when the departure was called off for weather, else by the policy", async () => {
    const near = await viewOf({ selectedDate: addDays(today(), 1) });
    expect(near.view.refundPercent).toBeLessThan(100);
    const weather = manageView(near.linked, clock.now(), await bookingTerms(t.db, near.linked.booking), {
      calledOffForWeather: true,
    });
    expect(weather).toMatchObject({ refundPercent: 100, refundTodayCents: near.view.paidCents });
  });

  it("falls back to the title for the image's text and to the location for the calendar", async () => {
    const { linked } = await viewOf({});
    const terms = await bookingTerms(t.db, linked.booking);
    const bare = manageView(
      {
        ...linked,
        adventure: { ...linked.adventure, heroImageAlt: "", meetingPoint: "", location: "Bare Island" },
      },
      clock.now(),
      terms,
    );
    expect(bare.imageAlt).toBe(linked.adventure.title);
    const bareUrl = new URL(bare.googleCalendarUrl);
    expect(bareUrl.searchParams.get("location")).toBe("Bare Island");
    expect(bareUrl.searchParams.get("details")).toBe(`Booking ${linked.booking.reference}: 2 people.`);
    const met = manageView(
      {
        ...linked,
        adventure: { ...linked.adventure, heroImageAlt: "Divers", meetingPoint: "Kurnell wharf" },
      },
      clock.now(),
      terms,
    );
    expect(met.imageAlt).toBe("Divers");
    const metUrl = new URL(met.googleCalendarUrl);
    expect(metUrl.searchParams.get("location")).toBe("Kurnell wharf");
    expect(metUrl.searchParams.get("details")).toBe(
      `Booking ${linked.booking.reference}: 2 people. Meeting point: Kurnell wharf.`,
    );
  });
});
