/**
 * Weather cancellations: the operator calls a departure off (the date closes,
 * unpaid checkouts end, each booking gets one offer, link and email, also
 * when the call is repeated), and each booking's answer is taken exactly once
 * however many answers race: a free move, credit as a voucher or a full
 * refund; unanswered offers get the operator's default after respond_by, not
 * before.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { RESCHEDULE_BLOCK_TEXT } from "../../app/lib/reschedule.ts";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import * as weatherPage from "../../app/routes/public/my-booking-weather.tsx";
import {
  availability,
  bookingChanges,
  bookingLinks,
  bookings,
  emailOutbox,
  payments,
  refunds,
  voucherEntries,
  vouchers,
  waitlistEntries,
  weatherCancellations,
  weatherOffers,
} from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { hashVoucherCode, issueVoucher } from "../../server/domain/vouchers/vouchers.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText, voucherCodeOf } from "../helpers/outbox.ts";
import { appWithRoutes, formPost, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const routeFor: RouteFor = (method, path) => {
  const get = method === "GET" || method === "HEAD";
  const weather = /^\/my-booking\/([^/]+)\/weather$/.exec(path);
  if (weather) {
    return { fn: (get ? weatherPage.loader : weatherPage.action) as RouteFn, params: { token: weather[1] } };
  }
  const page = /^\/my-booking\/([^/]+)$/.exec(path);
  if (page && get) return { fn: managePage.loader as RouteFn, params: { token: page[1] } };
  return null;
};

const ADVENTURE = "dive-exhibition";
const OTHER_ADVENTURE = "guided-shore-dive";
const UNIT = 12_500;
const DAY_MS = 24 * 60 * 60_000;
const CARD = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Wes Ather" };

let clients = 0;
/** A new client address (documentation range), so tests never share a rate-limit counter. */
const newClient = () => ({ "X-Forwarded-For": `203.0.113.7, 198.51.100.${++clients}` });

interface WeatherPage {
  page: {
    weather: {
      open: boolean;
      creditCents: number;
      refundCents: number;
      outcome: {
        choice: string;
        decidedBy: string;
        movedToDate: string | null;
        voucher: { codeHint: string; balanceCents: number } | null;
        refundCents: number;
      } | null;
    };
    dates: { date: string }[];
  } | null;
}

describe("weather cancellations", () => {
  const clock = testClock();
  let t: TestContext;
  let app: ReturnType<typeof appWithRoutes>;
  let token: string;
  let day = 0;

  beforeAll(async () => {
    t = await createTestApp(
      { TRUST_PROXY_HOPS: "1", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
      { now: clock.now },
    );
    app = appWithRoutes(t.services, routeFor);
  });
  // A session ends when idle: the clock moves days forward in one test, so each test signs in.
  beforeEach(async () => {
    token = await login(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A date of this test's own, far from the seed's and other tests' dates. */
  const ownDate = () => addDays(sydneyDate(clock.now()), 200 + 3 * ++day);

  async function openDate(date: string, adventureId = ADVENTURE) {
    const [row] = await t.db
      .insert(availability)
      .values({ adventureId, date, availableSpots: 8, priceOverrideCents: UNIT })
      .returning();
    return row;
  }

  /** A paid, confirmed booking of 2 on `date`, its spots held. */
  async function paid(email: string, date: string, adventureId = ADVENTURE) {
    const { booking } = await insertBooking(t.db, {
      adventureId,
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: UNIT,
      date,
      email,
    });
    return booking;
  }

  const cancelDate = (body: Record<string, unknown>) =>
    app.request(
      "/api/admin/weather",
      authed(token, "POST", {
        adventure_id: ADVENTURE,
        message: "Big swell and strong winds: not safe to dive.",
        default_choice: "credit",
        respond_days: 3,
        ...body,
      }),
    );

  const mails = (to: string, kind: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));

  /** The customer's weather link, read from their offer email as the customer would. */
  async function linkOf(email: string): Promise<string> {
    const [mail] = await mails(email, "weather_offer");
    const match = /\/my-booking\/([A-Za-z0-9_-]{20,})\/weather/.exec(mail ? await sentText(t.db, mail) : "");
    if (!match) throw new Error(`no weather link mailed to ${email}`);
    return match[1];
  }

  const choose = (link: string, fields: Record<string, string>) =>
    app.request(`/my-booking/${link}/weather`, formPost(fields, newClient()));
  const pageOf = async (link: string) =>
    (await (
      await app.request(`/my-booking/${link}/weather`, { headers: newClient() })
    ).json()) as WeatherPage;
  const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const chooseAsOperator = async (offerId: string, body: Record<string, unknown>) => {
    const res = await app.request(`/api/admin/weather/offers/${offerId}/choice`, authed(token, "POST", body));
    expect(res.status).toBe(200);
    return (await res.json()) as { voucher: { balanceCents: number } | null; refundCents: number };
  };
  const manageOf = async (link: string) =>
    (await (await app.request(`/my-booking/${link}`, { headers: newClient() })).json()) as {
      view: { refundPercent: number; refundTodayCents: number; date: string };
      dateChange: { reason: string | null };
    };
  const mintLink = (bookingId: string) =>
    t.db.transaction((tx) => mintBookingLink(tx, bookingId, "email", clock.now()));
  const offerOf = async (bookingId: string) =>
    (await t.db.select().from(weatherOffers).where(eq(weatherOffers.bookingId, bookingId)))[0];
  /** A booking placed through the public API (201), paid with a new voucher of `voucherCents` when given. */
  async function placeBooking(
    date: string,
    email: string,
    m: { voucherCents?: number; groupSize?: number } = {},
  ) {
    const voucher = m.voucherCents
      ? await issueVoucher(t.db, {
          amountCents: m.voucherCents,
          currency: "aud",
          source: "operator",
          at: clock.now(),
        })
      : null;
    const res = await app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({
          selected_date: date,
          customer_email: email,
          ...(voucher && { voucher_code: voucher.code }),
          ...(m.groupSize && { group_size: m.groupSize }),
        }),
        newClient(),
      ),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    return { ...((await res.json()) as { booking_id: string; session_id: string }), voucherId: voucher?.id };
  }

  it("closes the date, ends unpaid checkouts and mails each booking once, also when repeated", async () => {
    const date = ownDate();
    const slot = await openDate(date);
    const a = await paid("wx-close-a@example.com", date);
    const b = await paid("wx-close-b@example.com", date);
    const { booking: unpaid } = await insertBooking(t.db, {
      adventureId: ADVENTURE,
      holdSpots: true,
      groupSize: 1,
      date,
      email: "wx-close-unpaid@example.com",
    });
    await t.db.insert(waitlistEntries).values({
      adventureId: ADVENTURE,
      date,
      email: "wx-close-wait@example.com",
      groupSize: 2,
    });

    const preview = await app.request(
      "/api/admin/weather/preview",
      authed(token, "POST", { date, adventure_id: ADVENTURE }),
    );
    expect(preview.status).toBe(200);
    const previewed = (await preview.json()) as { adventures: string[]; bookings: Record<string, unknown>[] };
    expect(previewed).toMatchObject({ confirmed: 2, unpaid: 1, people: 4, adventures: [a.adventureTitle] });
    // Each booking it reaches, as the confirm step lists it (no time of its own: no start_time).
    expect(previewed.bookings.find((p) => p.reference === a.reference)).toEqual({
      reference: a.reference,
      name: `${a.customerFirstName} ${a.customerLastName}`,
      adventure: a.adventureTitle,
      group_size: 2,
      status: "confirmed",
      total_cents: a.totalAmountCents,
      currency: "aud",
    });
    expect(previewed.bookings.map((p) => p.status).sort()).toEqual([
      "confirmed",
      "confirmed",
      "pending_payment",
    ]);

    const first = await cancelDate({ date });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ offers: 2, unpaid_ended: 1 });
    const again = await cancelDate({ date });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ offers: 0 });

    const [closed] = await t.db.select().from(availability).where(eq(availability.id, slot.id));
    expect(closed.isAvailable).toBe(false);
    // Only the unpaid booking gave its spot back; the confirmed ones keep theirs until they answer.
    expect(closed.bookedSpots).toBe(4);
    expect(await bookingRow(unpaid.id)).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
    const [waiting] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.date, date));
    expect(waiting.status).toBe("expired");
    expect(await mails("wx-close-wait@example.com", "waitlist_offer")).toHaveLength(0);
    expect(
      await t.db.select().from(weatherCancellations).where(eq(weatherCancellations.date, date)),
    ).toHaveLength(1);
    for (const booking of [a, b]) {
      expect(
        await t.db.select().from(weatherOffers).where(eq(weatherOffers.bookingId, booking.id)),
      ).toHaveLength(1);
      const sent = await mails(booking.customerEmail, "weather_offer");
      expect(sent).toHaveLength(1);
      expect(sent[0].textBody).toContain("Big swell and strong winds");
      expect(await sentText(t.db, sent[0])).toContain("/weather");
    }
    // Every adventure on the date afterwards reaches nobody twice.
    const all = await cancelDate({ date, adventure_id: null });
    expect(all.status).toBe(201);
    expect(await all.json()).toMatchObject({ offers: 0 });
    expect((await cancelDate({ date, adventure_id: null })).status).toBe(200);
    for (const booking of [a, b]) {
      expect(await mails(booking.customerEmail, "weather_offer")).toHaveLength(1);
    }

    // The public date list no longer offers it.
    const dates = (await (await app.request(`/api/adventures/${ADVENTURE}/dates`)).json()) as {
      date: string;
      available: boolean;
      called_off: boolean;
    }[];
    // Listed as called off for weather, not as a date the operator simply closed.
    expect(dates.find((d) => d.date === date)).toMatchObject({ available: false, called_off: true });
  });

  it("takes a move, a credit and a refund once each, however many answers race", async () => {
    const date = ownDate();
    await openDate(date);
    const target = await openDate(addDays(date, 1));
    const mover = await paid("wx-move@example.com", date);
    const saver = await paid("wx-credit@example.com", date);
    const refunder = await paid("wx-refund@example.com", date);
    const racer = await paid("wx-race@example.com", date);
    expect((await cancelDate({ date })).status).toBe(201);

    const moveLink = await linkOf(mover.customerEmail);
    // While the offer is open the manage page links to the choices.
    const openNotice = (await (
      await app.request(`/my-booking/${moveLink}`, { headers: newClient() })
    ).json()) as {
      weather: { open: boolean; outcome: unknown };
    };
    expect(openNotice.weather).toMatchObject({ open: true, outcome: null });
    const before = await pageOf(moveLink);
    expect(before.page?.weather).toMatchObject({ open: true, creditCents: 2 * UNIT, refundCents: 2 * UNIT });
    expect(before.page?.dates.some((d) => d.date === target.date)).toBe(true);
    expect(before.page?.dates.some((d) => d.date === date)).toBe(false);

    // Move: five clicks at once, then a different answer after it.
    const moves = await Promise.all(
      Array.from({ length: 5 }, () => choose(moveLink, { choice: "move", date: target.date })),
    );
    expect(moves.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
    expect((await choose(moveLink, { choice: "refund" })).status).toBe(303);
    expect(await bookingRow(mover.id)).toMatchObject({
      bookingStatus: "confirmed",
      selectedDate: target.date,
      availabilityId: target.id,
      totalAmountCents: 2 * UNIT,
    });
    expect(
      await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, mover.id)),
    ).toHaveLength(1);
    expect(
      (await t.db.select().from(availability).where(eq(availability.id, target.id)))[0].bookedSpots,
    ).toBe(2);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, mover.id))).toHaveLength(0);
    expect(await offerOf(mover.id)).toMatchObject({
      choice: "move",
      decidedBy: "customer",
      movedToDate: target.date,
    });
    expect(await mails(mover.customerEmail, "booking_rescheduled")).toHaveLength(1);
    expect((await pageOf(moveLink)).page?.weather.outcome).toMatchObject({
      choice: "move",
      movedToDate: target.date,
    });

    // Credit: five clicks at once give one voucher and no card refund.
    const creditLink = await linkOf(saver.customerEmail);
    const raced = await Promise.all(
      Array.from({ length: 5 }, () => choose(creditLink, { choice: "credit" })),
    );
    expect(raced.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
    const saverOffer = await offerOf(saver.id);
    expect(saverOffer.choice).toBe("credit");
    const issued = await t.db.select().from(vouchers).where(eq(vouchers.sourceBookingId, saver.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      source: "weather_credit",
      initialCents: 2 * UNIT,
      balanceCents: 2 * UNIT,
      currency: "aud",
      status: "active",
    });
    expect(saverOffer.voucherId).toBe(issued[0].id);
    expect(
      await t.db.select().from(voucherEntries).where(eq(voucherEntries.voucherId, issued[0].id)),
    ).toHaveLength(1);
    expect(await bookingRow(saver.id)).toMatchObject({ bookingStatus: "cancelled", cancelReason: "weather" });
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, saver.id))).toHaveLength(0);
    const creditMail = await mails(saver.customerEmail, "weather_credit");
    expect(creditMail).toHaveLength(1);
    const creditCode = await voucherCodeOf(t.db, creditMail[0]);
    expect(issued[0].codeHash).toBe(hashVoucherCode(creditCode));
    expect(creditMail[0].subject).not.toContain(creditCode);
    expect(await mails(saver.customerEmail, "booking_cancelled")).toHaveLength(0);
    // The page names the voucher by its last four characters: the code is in the email only.
    expect((await pageOf(creditLink)).page?.weather.outcome?.voucher?.codeHint).toBe(
      `…${creditCode.slice(-4)}`,
    );

    // Refund: the whole total back, one refund row, even with repeated clicks and a late credit click.
    const refundLink = await linkOf(refunder.customerEmail);
    const refundsAnswered = await Promise.all([
      ...Array.from({ length: 4 }, () => choose(refundLink, { choice: "refund" })),
    ]);
    expect(refundsAnswered.map((r) => r.status)).toEqual([303, 303, 303, 303]);
    expect((await choose(refundLink, { choice: "credit" })).status).toBe(303);
    const back = await t.db.select().from(refunds).where(eq(refunds.bookingId, refunder.id));
    expect(back).toHaveLength(1);
    expect(back[0].amountCents).toBe(2 * UNIT);
    expect(await t.db.select().from(vouchers).where(eq(vouchers.sourceBookingId, refunder.id))).toHaveLength(
      0,
    );
    expect(await bookingRow(refunder.id)).toMatchObject({
      bookingStatus: "cancelled",
      cancelReason: "weather",
      refundAmountCents: 2 * UNIT,
    });
    expect(await mails(refunder.customerEmail, "weather_refund")).toHaveLength(1);
    expect((await pageOf(refundLink)).page?.weather.outcome).toMatchObject({
      choice: "refund",
      refundCents: 2 * UNIT,
    });

    // Every choice at once for one booking: whichever is claimed first happens, and only it.
    const raceLink = await linkOf(racer.customerEmail);
    const everything = await Promise.all([
      choose(raceLink, { choice: "credit" }),
      choose(raceLink, { choice: "refund" }),
      choose(raceLink, { choice: "move", date: target.date }),
      choose(raceLink, { choice: "refund" }),
      choose(raceLink, { choice: "credit" }),
    ]);
    expect(everything.map((r) => r.status)).toEqual([303, 303, 303, 303, 303]);
    const won = (await offerOf(racer.id)).choice;
    const racerVouchers = await t.db.select().from(vouchers).where(eq(vouchers.sourceBookingId, racer.id));
    const racerRefunds = await t.db.select().from(refunds).where(eq(refunds.bookingId, racer.id));
    const racerChanges = await t.db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.bookingId, racer.id));
    expect({
      credit: racerVouchers.length,
      refund: racerRefunds.length,
      move: racerChanges.length,
    }).toEqual({
      credit: won === "credit" ? 1 : 0,
      refund: won === "refund" ? 1 : 0,
      move: won === "move" ? 1 : 0,
    });
    expect((await bookingRow(racer.id)).bookingStatus).toBe(won === "move" ? "confirmed" : "cancelled");

    // The manage page states each outcome; the admin list shows them.
    const manage = (await (
      await app.request(`/my-booking/${creditLink}`, { headers: newClient() })
    ).json()) as {
      weather: { open: boolean; outcome: { choice: string } | null };
    };
    expect(manage.weather).toMatchObject({ open: false, outcome: { choice: "credit" } });
    const list = (await (await app.request("/api/admin/weather", authed(token))).json()) as {
      cancellations: {
        date: string;
        offers: { reference: string; choice: string | null; voucher_code_hint: string | null }[];
      }[];
    };
    const mine = list.cancellations.find((c) => c.date === date);
    expect(
      mine?.offers
        .filter((o) => o.reference !== racer.reference)
        .map((o) => o.choice)
        .sort(),
    ).toEqual(["credit", "move", "refund"]);
    expect(mine?.offers.find((o) => o.choice === "credit")?.voucher_code_hint).toBe(
      `…${issued[0].codeSuffix}`,
    );
    const counts = (await (
      await app.request(`/api/admin/weather/counts?adventure=${ADVENTURE}`, authed(token))
    ).json()) as {
      dates: { date: string; waiting: number; move: number; credit: number; refund: number }[];
    };
    expect(counts.dates.find((d) => d.date === date)).toEqual({
      date,
      waiting: 0,
      move: 1 + (won === "move" ? 1 : 0),
      credit: 1 + (won === "credit" ? 1 : 0),
      refund: 1 + (won === "refund" ? 1 : 0),
    });
    expect(t.logs.join("\n")).not.toContain(moveLink);
  });

  it("applies the operator's default after respond_by, not before, and only once", async () => {
    const date = ownDate();
    await openDate(date);
    const quiet = await paid("wx-default@example.com", date);
    expect((await cancelDate({ date, default_choice: "refund", respond_days: 2 })).status).toBe(201);

    clock.advance(2 * DAY_MS - 60_000);
    await t.services.sweeper.sweep();
    expect((await offerOf(quiet.id)).choice).toBeNull();
    expect((await bookingRow(quiet.id)).bookingStatus).toBe("confirmed");

    clock.advance(2 * 60_000);
    await Promise.all([t.services.sweeper.sweep(), t.services.sweeper.sweep()]);
    clock.advance(60_000);
    await t.services.sweeper.sweep();
    expect(await offerOf(quiet.id)).toMatchObject({ choice: "refund", decidedBy: "default" });
    const back = await t.db.select().from(refunds).where(eq(refunds.bookingId, quiet.id));
    expect(back).toHaveLength(1);
    expect(back[0].amountCents).toBe(2 * UNIT);
    expect(await mails(quiet.customerEmail, "weather_refund")).toHaveLength(1);
  });

  it("lets the operator record a phoned answer, every adventure on a date at once", async () => {
    const date = ownDate();
    await openDate(date);
    await openDate(date, OTHER_ADVENTURE);
    const target = await openDate(addDays(date, 1), OTHER_ADVENTURE);
    const diver = await paid("wx-phone-a@example.com", date);
    const camper = await paid("wx-phone-b@example.com", date, OTHER_ADVENTURE);
    const res = await cancelDate({ date, adventure_id: null });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ offers: 2 });
    const closed = await t.db.select().from(availability).where(eq(availability.date, date));
    expect(closed.every((r) => !r.isAvailable)).toBe(true);

    const camperOffer = await offerOf(camper.id);
    // The list offers the dates an open answer may move to, for an answer taken by phone.
    const listed = (await (await app.request("/api/admin/weather", authed(token))).json()) as {
      cancellations: { date: string; offers: { id: string; move_dates: { date: string }[] }[] }[];
    };
    const camperListed = listed.cancellations
      .find((c) => c.date === date)
      ?.offers.find((o) => o.id === camperOffer.id);
    expect(camperListed?.move_dates.some((d) => d.date === target.date)).toBe(true);
    const moved = await app.request(
      `/api/admin/weather/offers/${camperOffer.id}/choice`,
      authed(token, "POST", { choice: "move", date: target.date }),
    );
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      choice: "move",
      decidedBy: "operator",
      movedToDate: target.date,
    });

    const diverOffer = await offerOf(diver.id);
    const credit = await app.request(
      `/api/admin/weather/offers/${diverOffer.id}/choice`,
      authed(token, "POST", { choice: "credit" }),
    );
    expect(credit.status).toBe(200);
    const outcome = (await credit.json()) as { voucher: { codeHint: string; balanceCents: number } };
    expect(outcome.voucher.balanceCents).toBe(2 * UNIT);
    // Counted per adventure: a call-off of every adventure counts each booking under its own.
    const countsFor = async (adventure?: string) =>
      (
        (await (
          await app.request(
            `/api/admin/weather/counts${adventure ? `?adventure=${adventure}` : ""}`,
            authed(token),
          )
        ).json()) as { dates: { date: string }[] }
      ).dates.find((d) => d.date === date);
    expect(await countsFor(ADVENTURE)).toEqual({ date, waiting: 0, move: 0, credit: 1, refund: 0 });
    expect(await countsFor(OTHER_ADVENTURE)).toEqual({ date, waiting: 0, move: 1, credit: 0, refund: 0 });
    expect(await countsFor()).toEqual({ date, waiting: 0, move: 1, credit: 1, refund: 0 });
    const everyAdventure = (await (await app.request("/api/admin/weather", authed(token))).json()) as {
      cancellations: { date: string; adventure_title: string }[];
    };
    expect(everyAdventure.cancellations.find((c) => c.date === date)?.adventure_title).toBe(
      "Every adventure",
    );
    // A repeat answers the same outcome.
    const repeat = await app.request(
      `/api/admin/weather/offers/${diverOffer.id}/choice`,
      authed(token, "POST", { choice: "refund" }),
    );
    expect(await repeat.json()).toMatchObject({
      choice: "credit",
      voucher: { codeHint: outcome.voucher.codeHint },
    });
  });

  it("gives a voucher part back to its voucher in full; credit and refund cover what the card paid", async () => {
    const date = ownDate();
    await openDate(date);
    const part = 5_000;
    const bookWithVoucher = async (email: string) => {
      const created = await placeBooking(date, email, { voucherCents: part });
      const paidRes = await app.request(
        `/api/payments/v1/test-checkout/${created.session_id}/pay`,
        jsonRequest("POST", CARD, newClient()),
      );
      expect(paidRes.status).toBe(200);
      expect(await bookingRow(created.booking_id)).toMatchObject({
        bookingStatus: "confirmed",
        voucherCents: part,
        totalAmountCents: 2 * UNIT,
      });
      const [v] = await t.db
        .select()
        .from(vouchers)
        .where(eq(vouchers.id, created.voucherId as string));
      expect(v.balanceCents).toBe(0);
      return { bookingId: created.booking_id, voucherId: created.voucherId as string };
    };
    const saver = await bookWithVoucher("wx-part-credit@example.com");
    const refunder = await bookWithVoucher("wx-part-refund@example.com");
    expect((await cancelDate({ date })).status).toBe(201);

    const credit = await chooseAsOperator((await offerOf(saver.bookingId)).id, { choice: "credit" });
    expect(credit.voucher?.balanceCents).toBe(2 * UNIT - part);
    const refund = await chooseAsOperator((await offerOf(refunder.bookingId)).id, { choice: "refund" });
    expect(refund.refundCents).toBe(2 * UNIT - part);
    for (const { voucherId } of [saver, refunder]) {
      const [back] = await t.db.select().from(vouchers).where(eq(vouchers.id, voucherId));
      expect(back.balanceCents).toBe(part);
    }
    const cardBack = await t.db.select().from(refunds).where(eq(refunds.bookingId, refunder.bookingId));
    expect(cardBack.map((r) => r.amountCents)).toEqual([2 * UNIT - part]);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, saver.bookingId))).toHaveLength(0);
  });

  it("refunds in full a booking on a called-off date that is cancelled another way, inside the no-refund window", async () => {
    // Two days out: the policy alone would refund nothing.
    const date = addDays(sydneyDate(clock.now()), 2);
    const b = await paid("wx-near@example.com", date, OTHER_ADVENTURE);
    expect((await cancelDate({ date, adventure_id: OTHER_ADVENTURE })).status).toBe(201);
    const res = await app.request(
      `/api/admin/bookings/${b.id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(res.status).toBe(200);
    const back = await t.db.select().from(refunds).where(eq(refunds.bookingId, b.id));
    expect(back.map((r) => r.amountCents)).toEqual([2 * UNIT]);
    // The offer is closed: the default never applies to it.
    clock.advance(4 * DAY_MS);
    await t.services.sweeper.sweep();
    expect((await offerOf(b.id)).choice).toBeNull();
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, b.id))).toHaveLength(1);
  });

  it("while a booking waits on its answer, its page promises the full refund and offers no paid date change", async () => {
    // Five days out: the policy alone would refund half.
    const date = addDays(sydneyDate(clock.now()), 5);
    await openDate(date, OTHER_ADVENTURE);
    await openDate(addDays(date, 14), OTHER_ADVENTURE);
    const b = await paid("wx-waiting@example.com", date, OTHER_ADVENTURE);
    const before = await manageOf(await mintLink(b.id));
    expect(before.view.refundPercent).toBe(50);
    expect(before.dateChange.reason).toBeNull();

    expect((await cancelDate({ date, adventure_id: OTHER_ADVENTURE })).status).toBe(201);
    const link = await linkOf("wx-waiting@example.com");
    const waiting = await manageOf(link);
    expect(waiting.view.refundPercent).toBe(100);
    expect(waiting.view.refundTodayCents).toBe(2 * UNIT);
    expect(waiting.dateChange.reason).toBe(RESCHEDULE_BLOCK_TEXT.weather);
    // Answered (here: moved for free), the booking is an ordinary one again on its new date.
    expect((await choose(link, { choice: "move", date: addDays(date, 14) })).status).toBe(303);
    const moved = await manageOf(link);
    expect(moved.view.date).toBe(addDays(date, 14));
    expect(moved.dateChange.reason).not.toBe(RESCHEDULE_BLOCK_TEXT.weather);
  });

  it("credit for a booking its voucher paid in full, a refund still pending, and a booking that left the date", async () => {
    const date = ownDate();
    const slot = await openDate(date);
    // Room for the five bookings of two and an open checkout of one.
    await t.db.update(availability).set({ availableSpots: 11 }).where(eq(availability.id, slot.id));
    const next = await openDate(addDays(date, 1));
    // Paid wholly by a voucher: no checkout, confirmed at once.
    const byVoucher = await placeBooking(date, "wx-all-voucher@example.com", { voucherCents: 2 * UNIT });
    const voucherPaid = byVoucher.booking_id;
    expect(await bookingRow(voucherPaid)).toMatchObject({
      bookingStatus: "confirmed",
      voucherCents: 2 * UNIT,
    });
    const saver = await paid("wx-named@example.com", date);
    const refunder = await paid("wx-pending@example.com", date);
    const leaver = await paid("wx-left@example.com", date);
    const { booking: mover } = await insertBooking(t.db, {
      adventureId: ADVENTURE,
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: UNIT,
      date,
      email: "wx-moved-away@example.com",
      lastName: "",
    });
    // A checkout still open on the date: the call-off ends it at the provider too.
    const checkout = await placeBooking(date, "wx-open@example.com", { groupSize: 1 });
    expect((await cancelDate({ date })).status).toBe(201);
    type Listed = {
      booking_id: string;
      name: string;
      choice: string | null;
      decided_at: string | null;
      open: boolean;
      move_dates: { date: string }[];
    };
    const listed = async () =>
      (
        (await (await app.request("/api/admin/weather", authed(token))).json()) as {
          cancellations: { date: string; offers: Listed[] }[];
        }
      ).cancellations.find((c) => c.date === date)?.offers ?? [];
    const countsOf = async () =>
      (
        (await (
          await app.request(`/api/admin/weather/counts?adventure=${ADVENTURE}`, authed(token))
        ).json()) as { dates: { date: string }[] }
      ).dates.find((d) => d.date === date);
    // Before any answer: five open offers, each with the dates it may move to, all five waiting.
    const before = await listed();
    expect(before).toHaveLength(5);
    for (const o of before) {
      expect(o).toMatchObject({ choice: null, decided_at: null, open: true });
      expect(o.move_dates.map((d) => d.date)).toContain(next.date);
    }
    expect(before.find((o) => o.booking_id === mover.id)?.name).toBe("Mia");
    expect(await countsOf()).toEqual({ date, waiting: 5, move: 0, credit: 0, refund: 0 });
    // A booking moved off the date another way no longer waits on an answer.
    await t.db.update(bookings).set({ selectedDate: next.date }).where(eq(bookings.id, mover.id));
    expect(await countsOf()).toEqual({ date, waiting: 4, move: 0, credit: 0, refund: 0 });

    expect(await bookingRow(checkout.booking_id)).toMatchObject({
      bookingStatus: "cancelled",
      cancelReason: "expired",
      holdsSpots: false,
    });
    const [ended] = await t.db.select().from(payments).where(eq(payments.bookingId, checkout.booking_id));
    expect(ended.status).toBe("cancelled");
    const late = await app.request(
      `/api/payments/v1/test-checkout/${checkout.session_id}/pay`,
      jsonRequest("POST", CARD, newClient()),
    );
    expect(late.status).not.toBe(200);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, checkout.booking_id))).toHaveLength(
      0,
    );
    // Each offer's private link is a weather link.
    const [link] = await t.db
      .select()
      .from(bookingLinks)
      .where(and(eq(bookingLinks.bookingId, saver.id), eq(bookingLinks.channel, "weather")));
    expect(link).toBeDefined();

    // Credit with nothing left to credit: the voucher has it all back, no second voucher, and an email says so.
    const nothing = await chooseAsOperator((await offerOf(voucherPaid)).id, { choice: "credit" });
    expect(nothing).toMatchObject({ choice: "credit", voucher: null, refundCents: 0 });
    expect(await t.db.select().from(vouchers).where(eq(vouchers.sourceBookingId, voucherPaid))).toHaveLength(
      0,
    );
    expect(
      (
        await t.db
          .select()
          .from(vouchers)
          .where(eq(vouchers.id, byVoucher.voucherId as string))
      )[0].balanceCents,
    ).toBe(2 * UNIT);
    expect((await offerOf(voucherPaid)).voucherId).toBeNull();
    const [told] = await mails("wx-all-voucher@example.com", "weather_refund");
    expect(told.textBody).toContain("Nothing was paid by card");
    expect(told.textBody).toContain("back on that voucher");
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, voucherPaid))).toHaveLength(0);

    // A credit voucher names who it is for and what it came from.
    await chooseAsOperator((await offerOf(saver.id)).id, { choice: "credit" });
    const [credit] = await t.db.select().from(vouchers).where(eq(vouchers.sourceBookingId, saver.id));
    expect(credit).toMatchObject({ recipientName: "Mia Nguyen", recipientEmail: "wx-named@example.com" });
    const [issuedEntry] = await t.db
      .select()
      .from(voucherEntries)
      .where(eq(voucherEntries.voucherId, credit.id));
    expect(issuedEntry.note).toBe(`Weather credit for ${saver.reference}`);

    // The outcome's refund counts a refund the provider has not taken yet, and not one that failed.
    const offer = (await offerOf(refunder.id)).id;
    expect((await chooseAsOperator(offer, { choice: "refund" })).refundCents).toBe(2 * UNIT);
    await t.db.update(refunds).set({ status: "pending" }).where(eq(refunds.bookingId, refunder.id));
    expect((await chooseAsOperator(offer, { choice: "credit" })).refundCents).toBe(2 * UNIT);
    await t.db.update(refunds).set({ status: "failed" }).where(eq(refunds.bookingId, refunder.id));
    expect((await chooseAsOperator(offer, { choice: "refund" })).refundCents).toBe(0);

    // A booking cancelled another way since the call-off has no choices left.
    const cancelled = await app.request(
      `/api/admin/bookings/${leaver.id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(cancelled.status).toBe(200);
    const gone = await app.request(
      `/api/admin/weather/offers/${(await offerOf(leaver.id)).id}/choice`,
      authed(token, "POST", { choice: "credit" }),
    );
    expect(gone.status).toBe(409);
    expect(((await gone.json()) as { detail: string }).detail).toBe(
      "This booking is no longer on the cancelled date, so the weather choices do not apply.",
    );
    expect(await t.db.select().from(vouchers).where(eq(vouchers.sourceBookingId, leaver.id))).toHaveLength(0);
    const unknown = await app.request(
      "/api/admin/weather/offers/unknown/choice",
      authed(token, "POST", { choice: "credit" }),
    );
    expect(((await unknown.json()) as { detail: string }).detail).toBe("Weather offer not found");

    // The counts: two credits and a refund; the bookings that left the date wait on nothing.
    expect(await countsOf()).toEqual({ date, waiting: 0, move: 0, credit: 2, refund: 1 });
    // The list: this date's five offers under it, none open, so none offers dates to move to.
    const offers = await listed();
    expect(offers.map((o) => o.booking_id).sort()).toEqual(
      [voucherPaid, saver.id, refunder.id, leaver.id, mover.id].sort(),
    );
    expect(offers.filter((o) => o.open || o.move_dates.length > 0)).toEqual([]);
    expect(offers.find((o) => o.booking_id === leaver.id)).toMatchObject({ choice: null, open: false });
    expect(offers.find((o) => o.booking_id === saver.id)?.decided_at).toBe(clock.now().toISOString());
  });

  it("refuses bad input with 400s naming the field, and everything without the token", async () => {
    const past = addDays(sydneyDate(clock.now()), -1);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await cancelDate(body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as { detail: string; errors: Record<string, string> };
      expect(Object.keys(json.errors)).toContain(field);
      expect(json.detail).toContain(`${field}:`);
    };
    await bad({ date: past }, "date");
    await bad({ date: "2031-02-30x" }, "date");
    await bad({ date: ownDate(), respond_days: 0 }, "respond_days");
    await bad({ date: ownDate(), respond_days: 31 }, "respond_days");
    await bad({ date: ownDate(), respond_days: 1.5 }, "respond_days");
    await bad({ date: ownDate(), default_choice: "move" }, "default_choice");
    await bad({ date: ownDate(), message: "  " }, "message");
    await bad({ date: ownDate(), adventure_id: "no-such-adventure" }, "adventure_id");
    await bad({ date: ownDate(), adventure_id: "" }, "adventure_id");

    const date = ownDate();
    await openDate(date);
    const b = await paid("wx-bad@example.com", date);
    expect((await cancelDate({ date })).status).toBe(201);
    const offer = await offerOf(b.id);
    const noDate = await app.request(
      `/api/admin/weather/offers/${offer.id}/choice`,
      authed(token, "POST", { choice: "move" }),
    );
    expect(noDate.status).toBe(400);
    expect(((await noDate.json()) as { errors: Record<string, string> }).errors).toHaveProperty("date");
    const wrongChoice = await app.request(
      `/api/admin/weather/offers/${offer.id}/choice`,
      authed(token, "POST", { choice: "cash" }),
    );
    expect(wrongChoice.status).toBe(400);
    // A date that is not open for the adventure (the cancelled one itself) is refused and nothing changes.
    const closedDate = await app.request(
      `/api/admin/weather/offers/${offer.id}/choice`,
      authed(token, "POST", { choice: "move", date }),
    );
    expect(closedDate.status).toBe(400);
    expect((await offerOf(b.id)).choice).toBeNull();
    const link = await linkOf(b.customerEmail);
    const formMissing = await choose(link, { choice: "move" });
    expect(formMissing.status).toBe(400);
    expect(Object.keys(((await formMissing.json()) as { errors: object }).errors)).toEqual(["date"]);
    expect((await choose(link, { choice: "nothing" })).status).toBe(400);
    expect((await app.request("/my-booking/not-a-real-token/weather", { headers: newClient() })).status).toBe(
      404,
    );
    expect(
      (
        await app.request(
          "/api/admin/weather/offers/unknown/choice",
          authed(token, "POST", { choice: "credit" }),
        )
      ).status,
    ).toBe(404);

    for (const [method, path] of [
      ["GET", "/api/admin/weather"],
      ["GET", "/api/admin/weather/counts"],
      ["POST", "/api/admin/weather/preview"],
      ["POST", "/api/admin/weather"],
      ["POST", `/api/admin/weather/offers/${offer.id}/choice`],
    ]) {
      const res = await app.request(
        path,
        jsonRequest(method, method === "POST" ? { choice: "credit" } : undefined),
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await offerOf(b.id)).choice).toBeNull();
    expect(
      await t.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.id, b.id), inArray(bookings.bookingStatus, ["confirmed"]))),
    ).toHaveLength(1);
  });
});
