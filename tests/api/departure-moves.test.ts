/**
 * Moves between departures of one date (a morning and an afternoon dive): the
 * customer's date change lists each departure and moves to another time on
 * the same date (freeing the old departure's spots, holding the new one's),
 * refuses a date with several departures without a time (naming start_time),
 * and counts its hours to the departure's own start; two bookings racing for
 * the last room on a departure never overbook. The operator's change picks a
 * departure the same way.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstBookableDate } from "../../app/lib/booking-window.ts";
import { addDays, formatDateAU, sydneyDate } from "../../app/lib/dates.ts";
import { departureAt } from "../../app/lib/departure.ts";
import { DEFAULT_POLICY_RULES } from "../../app/lib/policy.ts";
import * as reschedulePage from "../../app/routes/public/my-booking-reschedule.tsx";
import * as weatherPage from "../../app/routes/public/my-booking-weather.tsx";
import {
  adventures,
  availability,
  bookingChanges,
  bookings,
  emailOutbox,
  payments,
  waitlistEntries,
} from "../../server/db/schema.ts";
import { toFacts } from "../../server/domain/bookings/booking-emails.server.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { cancelBooking } from "../../server/domain/bookings/cancel-booking.server.ts";
import { refundLatePayment } from "../../server/domain/bookings/late-payment.server.ts";
import { mailContext } from "../../server/domain/bookings/reschedule-move.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import { appWithRoutes, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

const routeFor: RouteFor = (method, path): ReturnType<RouteFor> => {
  const get = method === "GET" || method === "HEAD";
  const re = /^\/my-booking\/([^/]+)\/reschedule$/.exec(path);
  if (re)
    return { fn: (get ? reschedulePage.loader : reschedulePage.action) as RouteFn, params: { token: re[1] } };
  const weather = /^\/my-booking\/([^/]+)\/weather$/.exec(path);
  if (weather)
    return { fn: (get ? weatherPage.loader : weatherPage.action) as RouteFn, params: { token: weather[1] } };
  return null;
};

let clients = 0;
/** A new client address (documentation range), so tests never share a rate-limit counter. */
const newClient = () => ({ "X-Forwarded-For": `203.0.113.7, 198.51.100.${++clients}` });

const ADVENTURE = "dive-exhibition";
const UNIT = 10_000;

interface Option {
  date: string;
  startTime: string;
  key: string;
  display: string;
  differenceCents: number;
}
interface Page {
  offer: { offered: boolean; reason?: string; options?: Option[] };
  picked: Option | null;
}

describe("a booking moves between departures", () => {
  const clock = testClock();
  let t: TestContext;
  let app: ReturnType<typeof appWithRoutes>;
  let day = 0;
  beforeAll(async () => {
    t = await createTestApp(
      { TRUST_PROXY_HOPS: "1", ADMIN_PASSWORD: TEST_ADMIN_PASSWORD },
      { now: clock.now },
    );
    app = appWithRoutes(t.services, routeFor);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A date of this test's own, far enough out that no other test or the seed uses it. */
  const ownDate = (from = 150) => addDays(sydneyDate(clock.now()), from + ++day);

  /** One departure per start time on `date`, each with the room given, at $100 a person. */
  async function departures(date: string, times: string[], spots = 8, booked = 0) {
    const rows = await t.db
      .insert(availability)
      .values(
        times.map((startTime) => ({
          adventureId: ADVENTURE,
          date,
          startTime,
          availableSpots: spots,
          bookedSpots: booked,
          priceOverrideCents: UNIT,
        })),
      )
      .returning();
    return Object.fromEntries(rows.map((r) => [r.startTime, r]));
  }

  /** A paid, confirmed booking of 2 at $100 each on `slot` (its spots held), and its emailed link. */
  async function paidOn(slot: { id: string; date: string; startTime: string }, email: string) {
    const { booking } = await insertBooking(t.db, {
      adventureId: ADVENTURE,
      paid: true,
      groupSize: 2,
      unitPriceCents: UNIT,
      date: slot.date,
      email,
    });
    await t.db
      .update(bookings)
      .set({ availabilityId: slot.id, startTime: slot.startTime, holdsSpots: true })
      .where(eq(bookings.id, booking.id));
    const [row] = await t.db.select().from(availability).where(eq(availability.id, slot.id));
    await t.db
      .update(availability)
      .set({ bookedSpots: row.bookedSpots + 2 })
      .where(eq(availability.id, slot.id));
    const token = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", clock.now()));
    return { booking, token };
  }

  const page = async (token: string, query = "") => {
    const res = await app.request(`/my-booking/${token}/reschedule${query}`, { headers: newClient() });
    return ((await res.json()) as { page: Page }).page;
  };
  const confirm = (token: string, fields: Record<string, string>) =>
    app.request(`/my-booking/${token}/reschedule`, {
      method: "POST",
      headers: {
        Accept: "text/html,application/xhtml+xml",
        "Content-Type": "application/x-www-form-urlencoded",
        ...newClient(),
      },
      body: new URLSearchParams(fields).toString(),
    });
  const booked = async (id: string) =>
    (await t.db.select().from(availability).where(eq(availability.id, id)))[0].bookedSpots;
  const bookingRow = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  it("moves from the 08:00 to the 13:00 on the same date: the 08:00's spots are freed, the 13:00's held", async () => {
    const date = ownDate();
    const slots = await departures(date, ["08:00", "13:00"]);
    const email = "morning-to-afternoon@example.com";
    const { booking, token } = await paidOn(slots["08:00"], email);
    expect(await booked(slots["08:00"].id)).toBe(2);

    // The list offers the afternoon of the same date, by its own key, and never the booking's own departure.
    const listed = await page(token);
    const afternoon = listed.offer.options?.find((o) => o.date === date && o.startTime === "13:00");
    expect(afternoon).toMatchObject({ key: `${date}T13:00`, differenceCents: 0 });
    expect(afternoon?.display).toContain("1:00 pm");
    expect(listed.offer.options?.some((o) => o.date === date && o.startTime === "08:00")).toBe(false);
    // The list's choice opens the review of that departure.
    expect((await page(token, `?date=${date}T13:00`)).picked).toMatchObject({ startTime: "13:00" });

    const res = await confirm(token, { date, start_time: "13:00", difference: "0" });
    expect(res.status).toBe(303);
    expect(await bookingRow(booking.id)).toMatchObject({
      selectedDate: date,
      startTime: "13:00",
      availabilityId: slots["13:00"].id,
      holdsSpots: true,
    });
    expect(await booked(slots["08:00"].id)).toBe(0);
    expect(await booked(slots["13:00"].id)).toBe(2);
    const [change] = await t.db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, booking.id));
    expect(change).toMatchObject({ fromStartTime: "08:00", toStartTime: "13:00", status: "done" });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "booking_rescheduled")));
    expect(mail.textBody).toContain("8:00 am");
    expect(mail.subject).toContain("1:00 pm");

    // Back to its own departure again is no move.
    const same = await confirm(token, { date, start_time: "13:00", difference: "0" });
    expect(same.status).toBe(400);
    expect(((await same.json()) as { detail: string }).detail).toMatch(/^start_time: .*already on/);
  });

  it("refuses a date with two departures without a time, naming start_time, and holds nothing", async () => {
    const from = await departures(ownDate(), [""]);
    const { booking, token } = await paidOn(from[""], "no-time@example.com");
    const date = ownDate();
    const slots = await departures(date, ["08:00", "13:00"]);

    const res = await confirm(token, { date, difference: "0" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: string; errors: Record<string, string> };
    expect(body.detail).toMatch(/^start_time: .*2 departures/);
    expect(body.errors.start_time).toContain("Please choose a departure time");
    const wrong = await confirm(token, { date, start_time: "10:00", difference: "0" });
    expect(((await wrong.json()) as { detail: string }).detail).toMatch(
      /^start_time: There is no departure at 10:00 am/,
    );
    const badTime = await confirm(token, { date, start_time: "1pm", difference: "0" });
    expect(badTime.status).toBe(400);
    expect(((await badTime.json()) as { detail: string }).detail).toMatch(/^start_time: /);

    expect(await booked(slots["08:00"].id)).toBe(0);
    expect(await booked(slots["13:00"].id)).toBe(0);
    expect(await bookingRow(booking.id)).toMatchObject({ availabilityId: from[""].id, startTime: "" });
    // Without times the move reads as it always did: the date alone.
    const plain = await departures(ownDate(), [""]);
    const listed = await page(token);
    expect(listed.offer.options?.find((o) => o.date === plain[""].date)).toMatchObject({
      key: plain[""].date,
      startTime: "",
    });
    expect((await confirm(token, { date: plain[""].date, difference: "0" })).status).toBe(303);
    expect(await bookingRow(booking.id)).toMatchObject({ availabilityId: plain[""].id, startTime: "" });
  });

  it("counts the date-change cut-off in hours to the booking's own departure", async () => {
    const date = addDays(sydneyDate(clock.now()), 3);
    const slots = await departures(date, ["06:00", "22:00"]);
    // A cut-off that falls between the two: 14:00 on the date is exactly this many hours away.
    const hours = Math.floor((departureAt(date, 14 * 60).getTime() - clock.now().getTime()) / 3_600_000);
    const terms = {
      ...DEFAULT_POLICY_RULES,
      tiers: [{ daysBefore: 0, refundPercent: 100 }],
      changeCutoff: { hoursBefore: hours },
      startMinutes: null,
    };
    const early = await paidOn(slots["06:00"], "early-cutoff@example.com");
    const late = await paidOn(slots["22:00"], "late-cutoff@example.com");
    for (const b of [early, late]) {
      await t.db.update(bookings).set({ policyTerms: terms }).where(eq(bookings.id, b.booking.id));
    }
    await departures(ownDate(), [""]);
    expect((await page(early.token)).offer).toMatchObject({ offered: false });
    expect((await page(late.token)).offer).toMatchObject({ offered: true });
  });

  it("never overbooks: two bookings racing for the last room on the 13:00", async () => {
    const date = ownDate();
    const slots = await departures(date, ["08:00", "13:00"]);
    await t.db.update(availability).set({ availableSpots: 4 }).where(eq(availability.id, slots["13:00"].id));
    await t.db.update(availability).set({ bookedSpots: 2 }).where(eq(availability.id, slots["13:00"].id));
    const a = await paidOn(slots["08:00"], "race-morning-a@example.com");
    const b = await paidOn(slots["08:00"], "race-morning-b@example.com");
    const answers = await Promise.all(
      [a, b].map((x) => confirm(x.token, { date, start_time: "13:00", difference: "0" })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([303, 409]);
    expect(await booked(slots["13:00"].id)).toBe(4);
    expect(await booked(slots["08:00"].id)).toBe(2);
    const onAfternoon = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.selectedDate, date), eq(bookings.startTime, "13:00")));
    expect(onAfternoon).toHaveLength(1);
  });

  it("the operator moves a booking to another departure: the preview and the change carry its time", async () => {
    const admin = await login(t);
    const date = ownDate();
    const slots = await departures(date, ["08:00", "13:00"]);
    const { booking } = await paidOn(slots["08:00"], "operator-move@example.com");
    const path = `/api/admin/bookings/${booking.id}/change`;

    // Another date with two departures needs the time, named as the field.
    const other = ownDate();
    await departures(other, ["08:00", "13:00"]);
    const untimed = await t.app.request(`${path}?date=${other}`, authed(admin));
    expect(untimed.status).toBe(400);
    expect(((await untimed.json()) as { errors: Record<string, string> }).errors.start_time).toContain(
      "2 departures",
    );
    // Its own date without a time is its own departure: a change of the group alone.
    const bigger = await t.app.request(`${path}?date=${date}&group_size=3`, authed(admin));
    expect(bigger.status).toBe(200);
    expect(await bigger.json()).toMatchObject({
      from_start_time: "08:00",
      start_time: "08:00",
      group_size: 3,
    });

    const preview = await t.app.request(`${path}?date=${date}&start_time=13:00`, authed(admin));
    expect(preview.status).toBe(200);
    const plan = (await preview.json()) as { difference_cents: number; settlements: string[] };
    expect(plan).toMatchObject({
      from_date: date,
      from_start_time: "08:00",
      date,
      start_time: "13:00",
      difference_cents: 0,
      settlements: ["none"],
    });

    const body = {
      date,
      start_time: "13:00",
      settlement: "none",
      expected_difference_cents: 0,
      request_key: "operator-departure-move-0001",
    };
    const res = await t.app.request(path, authed(admin, "POST", body));
    expect(res.status).toBe(201);
    expect(await bookingRow(booking.id)).toMatchObject({
      selectedDate: date,
      startTime: "13:00",
      availabilityId: slots["13:00"].id,
    });
    expect(await booked(slots["08:00"].id)).toBe(0);
    expect(await booked(slots["13:00"].id)).toBe(2);
    // The same submission again answers the first change, with its departure.
    const again = await t.app.request(path, authed(admin, "POST", body));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ repeated: true, plan: { start_time: "13:00" } });
    expect(await booked(slots["13:00"].id)).toBe(2);
  });

  it("the waitlist of a date whose two departures are full gets the offer when the 13:00 frees a spot", async () => {
    const date = ownDate();
    const slots = await departures(date, ["08:00", "13:00"], 2);
    await paidOn(slots["08:00"], "full-morning@example.com");
    const afternoon = await paidOn(slots["13:00"], "full-afternoon@example.com");
    const join = (email: string) =>
      t.app.request(
        "/api/waitlist",
        jsonRequest("POST", { adventure_id: ADVENTURE, date, email, group_size: 2 }),
      );
    const joined = await join("waiting-saturday@example.com");
    expect(joined.status).toBe(200);

    await cancelBooking(
      { db: t.db, env: t.services.env, log: t.services.log, payments: t.services.payments, now: clock.now },
      afternoon.booking.id,
      { by: "customer" },
    );
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.date, date), eq(waitlistEntries.email, "waiting-saturday@example.com")));
    expect(entry.status).toBe("offered");
    const [offer] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, "waiting-saturday@example.com"),
          eq(emailOutbox.kind, "waitlist_offer"),
        ),
      );
    // The link opens the date; the form asks for the time.
    const text = await sentText(t.db, offer);
    expect(text).toContain(`/book?adventure=${ADVENTURE}&date=${date}&offer=`);
    expect(text).toContain("the 1:00 pm departure");

    // With room on one departure there is no waiting: it says which.
    const room = await join("too-early@example.com");
    expect(room.status).toBe(400);
    expect(((await room.json()) as { errors: Record<string, string> }).errors.date).toContain(
      "1:00 pm still has room for 2 people",
    );
  });

  it("a late payment refunded on a full departure offers each other date once, and the notice names the departure", async () => {
    const date = ownDate();
    const slots = await departures(date, ["08:00", "13:00"], 2);
    // The first date the email lists gets a second departure with room: it is still listed once.
    const [adventureRow] = await t.db.select().from(adventures).where(eq(adventures.id, ADVENTURE));
    const [first] = await t.db
      .select({ date: availability.date })
      .from(availability)
      .where(
        and(
          eq(availability.adventureId, ADVENTURE),
          eq(availability.isAvailable, true),
          gte(availability.date, firstBookableDate(sydneyDate(clock.now()), adventureRow.advanceBookingDays)),
          sql`${availability.availableSpots} - ${availability.bookedSpots} >= 2`,
        ),
      )
      .orderBy(asc(availability.date))
      .limit(1);
    const other = first?.date ?? ownDate();
    await departures(other, ["15:30"]);
    const email = "late-departure@example.com";
    const { booking } = await paidOn(slots["08:00"], email);
    await t.db
      .update(bookings)
      .set({ bookingStatus: "cancelled", holdsSpots: false })
      .where(eq(bookings.id, booking.id));
    const current = await bookingRow(booking.id);
    const [payment] = await t.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const adventure = adventureRow;
    const { site, notify } = await mailContext(t.db);
    await t.db.transaction((tx) =>
      refundLatePayment(tx, {
        booking: current,
        facts: toFacts(current),
        payment,
        adventure,
        site,
        notify,
        publicUrl: t.services.env.publicUrl,
        at: clock.now(),
        cause: "date_full",
      }),
    );
    const [customer] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "late_payment_refund")));
    const text = await sentText(t.db, customer);
    const otherDay = formatDateAU(other, "full");
    expect(text.split(otherDay)).toHaveLength(2);
    const [notice] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, booking.id), eq(emailOutbox.kind, "late_payment_notice")));
    expect(notice.subject).toContain("8:00 am was full");
    expect((await bookingRow(booking.id)).attention).toContain("8:00 am no longer had 2 free spots");
  });

  it("a weather call-off closes every departure of the date, names the booking's, and its free move picks a departure", async () => {
    const admin = await login(t);
    const date = ownDate();
    const slots = await departures(date, ["08:00", "13:00"]);
    const afternoon = await paidOn(slots["13:00"], "weather-afternoon@example.com");
    const morning = await paidOn(slots["08:00"], "weather-morning@example.com");
    const other = ownDate();
    const next = await departures(other, ["08:00", "13:00"]);

    const called = await t.app.request(
      "/api/admin/weather",
      authed(admin, "POST", {
        adventure_id: ADVENTURE,
        date,
        message: "Big swell: not safe to dive.",
        default_choice: "credit",
        respond_days: 3,
      }),
    );
    expect(called.status).toBe(201);
    const rows = await t.db.select().from(availability).where(eq(availability.date, date));
    expect(rows.filter((r) => r.adventureId === ADVENTURE).map((r) => r.isAvailable)).toEqual([false, false]);

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, "weather-afternoon@example.com"),
          eq(emailOutbox.kind, "weather_offer"),
        ),
      );
    expect(mail.subject).toContain("1:00 pm is cancelled");
    const link = /\/my-booking\/([A-Za-z0-9_-]{20,})\/weather/.exec(await sentText(t.db, mail))?.[1] ?? "";
    const choicePage = (await (
      await app.request(`/my-booking/${link}/weather`, { headers: newClient() })
    ).json()) as { page: { weather: { startTime: string }; dates: { key: string; display: string }[] } };
    expect(choicePage.page.weather.startTime).toBe("13:00");
    expect(choicePage.page.dates.find((d) => d.key === `${other}T08:00`)?.display).toContain("8:00 am");

    const post = (token: string, fields: Record<string, string>) =>
      app.request(`/my-booking/${token}/weather`, {
        method: "POST",
        headers: {
          Accept: "text/html,application/xhtml+xml",
          "Content-Type": "application/x-www-form-urlencoded",
          ...newClient(),
        },
        body: new URLSearchParams(fields).toString(),
      });
    const moved = await post(link, { choice: "move", date: `${other}T08:00` });
    expect(moved.status).toBe(303);
    expect(await bookingRow(afternoon.booking.id)).toMatchObject({
      selectedDate: other,
      startTime: "08:00",
      availabilityId: next["08:00"].id,
    });
    expect(await booked(next["08:00"].id)).toBe(2);
    expect(await booked(slots["13:00"].id)).toBe(0);

    // The operator records a phoned move to a date with two departures: without the time it is refused, naming it.
    const { cancellations } = (await (await t.app.request("/api/admin/weather", authed(admin))).json()) as {
      cancellations: { date: string; offers: { id: string; reference: string; start_time?: string }[] }[];
    };
    const listed = cancellations.find((c) => c.date === date) ?? { offers: [] };
    const offer = listed.offers.find((o) => o.reference === morning.booking.reference);
    expect(offer?.start_time).toBe("08:00");
    const untimed = await t.app.request(
      `/api/admin/weather/offers/${offer?.id}/choice`,
      authed(admin, "POST", { choice: "move", date: other }),
    );
    expect(untimed.status).toBe(400);
    expect(((await untimed.json()) as { errors: Record<string, string> }).errors.start_time).toContain(
      "2 departures",
    );
    const timed = await t.app.request(
      `/api/admin/weather/offers/${offer?.id}/choice`,
      authed(admin, "POST", { choice: "move", date: other, start_time: "13:00" }),
    );
    expect(timed.status).toBe(200);
    expect(await bookingRow(morning.booking.id)).toMatchObject({ selectedDate: other, startTime: "13:00" });
  });
});
