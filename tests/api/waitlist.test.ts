/**
 * The waitlist for full dates: joining (only a published date that cannot
 * take the group), and the offer email that follows whenever spots come back
 * (a cancellation through cancelBooking, an expired hold closed by the sweep,
 * the operator adding spots), sent once to the first waiting groups that fit;
 * the offer link lapsing on the app's clock, parallel releases never offering
 * one entry twice, and a booking made from the offer ending the entry.
 */
import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import * as adventurePage from "../../app/routes/public/adventure.tsx";
import * as bookPage from "../../app/routes/public/book.tsx";
import { createApp } from "../../server/app.server.ts";
import { availability, emailOutbox, waitlistEntries } from "../../server/db/schema.ts";
import { offerByToken } from "../../server/domain/bookings/waitlist.server.ts";
import { OFFER_TTL_MS } from "../../server/domain/bookings/waitlist-offers.server.ts";
import { limitFor } from "../../server/security/public-limits.server.ts";
import type { Services } from "../../server/services.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { sentText } from "../helpers/outbox.ts";
import {
  bookingPayload,
  createTestApp,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const ADVENTURE = "dive-exhibition";
const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Sam Payer" };
const OFFER_LINK =
  /http:\/\/localhost:3999\/book\?adventure=dive-exhibition&date=(\d{4}-\d{2}-\d{2})&offer=([A-Za-z0-9_-]{43})\b/;

type RouteFn = (args: never) => unknown;
type RouteResult = Response | { type?: string; data: unknown; init: ResponseInit | null };

/** The app with the pages' loaders and actions in place of the renderer (real middleware and context). */
function withPages(services: Services) {
  return createApp(services, {
    renderDocument: async (request: Request, context: RouterContextProvider) => {
      const path = new URL(request.url).pathname;
      const get = request.method === "GET";
      const slug = /^\/adventures\/([^/]+)$/.exec(path)?.[1];
      const fn = (
        path === "/book"
          ? get
            ? bookPage.loader
            : bookPage.action
          : slug && !get
            ? adventurePage.action
            : null
      ) as RouteFn | null;
      if (!fn) return new Response("no route here", { status: 404 });
      let result: RouteResult;
      try {
        result = (await fn({ request, context, params: { slug } } as never)) as RouteResult;
      } catch (thrown) {
        result = thrown as RouteResult;
      }
      if (result instanceof Response) return result;
      const wrapped = result && "type" in result && result.type === "DataWithResponseInit" ? result : null;
      return new Response(JSON.stringify(wrapped ? wrapped.data : result), {
        status: wrapped?.init?.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    },
  });
}

const formPost = (fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

describe("waitlist", () => {
  let t: TestContext;
  let admin: string;
  const clock = testClock();
  let day = 0;
  let mailbox = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
    admin = await login(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A date of its own for each test, well past the booking notice. */
  const newDate = () => addDays(sydneyDate(clock.now()), 400 + ++day);
  const newEmail = (who: string) => `${who}.${++mailbox}@example.com`;

  /** A published date with `spots` spots, all taken by confirmed bookings of the given sizes. */
  async function fullDate(groups: number[]) {
    const date = newDate();
    const spots = groups.reduce((a, b) => a + b, 0);
    const [slot] = await t.db
      .insert(availability)
      .values({ adventureId: ADVENTURE, date, availableSpots: spots })
      .returning();
    const booked = [];
    for (const groupSize of groups) {
      booked.push(
        (
          await insertBooking(t.db, {
            paid: true,
            holdSpots: true,
            groupSize,
            date,
            email: newEmail("booked"),
          })
        ).booking,
      );
    }
    return { date, slot, booked };
  }

  const join = (body: Record<string, unknown>) => t.app.request("/api/waitlist", jsonRequest("POST", body));

  async function joinOk(date: string, email: string, groupSize: number) {
    // The queue is in joining order; people join at different instants.
    clock.advance(1);
    const res = await join({ adventure_id: ADVENTURE, date, email, group_size: groupSize });
    expect(res.status).toBe(200);
    return (await res.json()) as { success: boolean; message: string };
  }

  const cancel = (bookingId: string) =>
    t.app.request(`/api/admin/bookings/${bookingId}/status`, authed(admin, "PUT", { status: "cancelled" }));

  const mails = (to: string, kind: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));

  async function entry(date: string, email: string) {
    const [row] = await t.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.date, date), eq(waitlistEntries.email, email)));
    return row;
  }

  /** The token of the one offer email sent to an address. */
  async function offerToken(email: string): Promise<string> {
    const sent = await mails(email, "waitlist_offer");
    expect(sent).toHaveLength(1);
    const link = OFFER_LINK.exec(await sentText(t.db, sent[0]));
    expect(link).not.toBeNull();
    return (link as RegExpExecArray)[2];
  }

  it("puts a visitor on a full date's waitlist, once, with one confirmation email", async () => {
    const { date } = await fullDate([2, 2]);
    const email = newEmail("Wait.Er").toUpperCase();
    const first = await joinOk(date, email, 2);
    expect(first.message).toContain("You're on the waitlist");
    // Joining again updates the entry; the answer is the same.
    const again = await joinOk(date, email, 3);
    expect(again).toEqual(first);
    const rows = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.date, date));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: email.toLowerCase(), groupSize: 3, status: "waiting" });
    const joined = await mails(email.toLowerCase(), "waitlist_joined");
    expect(joined).toHaveLength(1);
    expect(joined[0].subject).toContain("You're on the waitlist");
  });

  it("takes a date that is full only for the group, and refuses one with room", async () => {
    const date = newDate();
    await t.db.insert(availability).values({ adventureId: ADVENTURE, date, availableSpots: 4 });
    await insertBooking(t.db, { paid: true, holdSpots: true, groupSize: 3, date, email: newEmail("b") });
    const room = await join({ adventure_id: ADVENTURE, date, email: newEmail("w"), group_size: 1 });
    expect(room.status).toBe(400);
    const body = (await room.json()) as { errors: Record<string, string> };
    expect(body.errors.date).toContain("still has room for 1 person");
    await joinOk(date, newEmail("w"), 2);
  });

  it("names the field of every bad input", async () => {
    const { date } = await fullDate([4]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date, email: "a@example.com", group_size: 1 }, "adventure_id", "Please select an adventure"],
      [{ adventure_id: ADVENTURE, date, group_size: 1 }, "email", "Email is required"],
      [
        { adventure_id: ADVENTURE, date, email: "nope", group_size: 1 },
        "email",
        "Enter a valid email address",
      ],
      [{ adventure_id: ADVENTURE, date, email: "a@example.com", group_size: 9 }, "group_size", "at most 4"],
      [
        { adventure_id: ADVENTURE, date: "2031-02-30", email: "a@example.com", group_size: 1 },
        "date",
        "real date",
      ],
      [
        { adventure_id: "no-such-trip", date, email: "a@example.com", group_size: 1 },
        "adventure_id",
        "not available",
      ],
      [
        { adventure_id: ADVENTURE, date: newDate(), email: "a@example.com", group_size: 1 },
        "date",
        "not open",
      ],
    ];
    for (const [body, field, text] of cases) {
      const res = await join(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { errors: Record<string, string> };
      expect(answer.errors[field]).toContain(text);
    }
    const notJson = await t.app.request("/api/waitlist", { method: "POST", body: "x" });
    expect(notJson.status).toBe(415);
  });

  it("spends a public write budget: the API and the adventure page's form share one, /book's is the booking one", () => {
    expect(limitFor("POST", "/api/waitlist")?.name).toBe("waitlist");
    expect(limitFor("POST", `/adventures/${ADVENTURE}`)?.name).toBe("waitlist");
    expect(limitFor("POST", `/adventures/${ADVENTURE}.data`)?.name).toBe("waitlist");
    expect(limitFor("POST", "/book")?.name).toBe("booking");
    expect(limitFor("GET", `/adventures/${ADVENTURE}`)).toBeUndefined();
  });

  it("emails the first waiting group that fits, once, when a booking on the full date is cancelled", async () => {
    const { date, booked } = await fullDate([2, 2]);
    const big = newEmail("big");
    const small = newEmail("small");
    const pair = newEmail("pair");
    await joinOk(date, big, 3);
    await joinOk(date, small, 1);
    await joinOk(date, pair, 2);

    const res = await cancel(booked[0].id);
    expect(res.status).toBe(200);
    // Two spots: the group of three does not fit and keeps its place; one person fits; then one spot is left.
    expect((await entry(date, big)).status).toBe("waiting");
    expect((await entry(date, small)).status).toBe("offered");
    expect((await entry(date, pair)).status).toBe("waiting");
    const offer = await mails(small, "waitlist_offer");
    expect(offer).toHaveLength(1);
    expect(await sentText(t.db, offer[0])).toMatch(OFFER_LINK);
    expect(await mails(big, "waitlist_offer")).toHaveLength(0);

    // Cancelling again changes nothing and sends nothing more.
    expect((await cancel(booked[0].id)).status).toBe(409);
    expect(await mails(small, "waitlist_offer")).toHaveLength(1);
    // The stored hash is of the emailed token, not the token itself.
    const token = await offerToken(small);
    expect((await entry(date, small)).offerTokenHash).not.toBe(token);
  });

  it("offers the spots of a hold the sweep ends", async () => {
    const date = newDate();
    await t.db.insert(availability).values({ adventureId: ADVENTURE, date, availableSpots: 2 });
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ selected_date: date, group_size: 2, customer_email: newEmail("slow") }),
      ),
    );
    expect(res.status).toBe(201);
    const waiting = newEmail("sweep");
    await joinOk(date, waiting, 2);
    expect(await t.services.sweeper.sweep()).toEqual({ closed: 0 });
    expect((await entry(date, waiting)).status).toBe("waiting");

    clock.advance(31 * 60_000);
    await t.services.sweeper.sweep();
    expect((await entry(date, waiting)).status).toBe("offered");
    await offerToken(waiting);
  });

  it("offers spots the operator adds, and a date opened again", async () => {
    const { date, slot } = await fullDate([2]);
    const first = newEmail("added");
    const second = newEmail("reopened");
    await joinOk(date, first, 2);
    await joinOk(date, second, 1);
    const close = await t.app.request(
      `/api/admin/availability/${slot.id}`,
      authed(admin, "PUT", { available_spots: 4, is_available: false }),
    );
    expect(close.status).toBe(200);
    // Closed: nobody is offered a date that cannot be booked.
    expect(await mails(first, "waitlist_offer")).toHaveLength(0);
    const reopen = await t.app.request(
      `/api/admin/availability/${slot.id}`,
      authed(admin, "PUT", { is_available: true }),
    );
    expect(reopen.status).toBe(200);
    expect((await entry(date, first)).status).toBe("offered");
    expect(await mails(second, "waitlist_offer")).toHaveLength(0);
    await offerToken(first);
    const more = await t.app.request(
      `/api/admin/availability/${slot.id}`,
      authed(admin, "PUT", { available_spots: 5 }),
    );
    expect(more.status).toBe(200);
    expect((await entry(date, second)).status).toBe("offered");
    expect(await mails(first, "waitlist_offer")).toHaveLength(1);
  });

  it("keeps an offer link valid for its time, then passes the spots on", async () => {
    const { date, booked } = await fullDate([1]);
    const first = newEmail("first");
    const next = newEmail("next");
    await joinOk(date, first, 1);
    await joinOk(date, next, 1);
    expect((await cancel(booked[0].id)).status).toBe(200);
    const token = await offerToken(first);
    const live = await offerByToken(t.db, token, clock.now());
    expect(live).toMatchObject({ adventureId: ADVENTURE, date, groupSize: 1, email: first });
    expect(live?.expiresAt.getTime()).toBe(clock.now().getTime() + OFFER_TTL_MS);
    expect(await offerByToken(t.db, `${token}x`, clock.now())).toBeNull();

    clock.advance(OFFER_TTL_MS - 1000);
    expect(await offerByToken(t.db, token, clock.now())).not.toBeNull();
    clock.advance(1000);
    expect(await offerByToken(t.db, token, clock.now())).toBeNull();
    await t.services.sweeper.sweep();
    expect((await entry(date, first)).status).toBe("expired");
    expect((await entry(date, next)).status).toBe("offered");
    await offerToken(next);
    // A day on, the admin session has ended too.
    admin = await login(t);
  });

  it("never offers one entry twice when bookings are cancelled at once", async () => {
    const { date, booked } = await fullDate([1, 1, 1, 1]);
    const queue = [newEmail("q1"), newEmail("q2"), newEmail("q3"), newEmail("q4"), newEmail("q5")];
    for (const email of queue) await joinOk(date, email, 1);
    const answers = await Promise.all(booked.map((b) => cancel(b.id)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    for (const email of queue.slice(0, 4)) expect(await mails(email, "waitlist_offer")).toHaveLength(1);
    expect(await mails(queue[4], "waitlist_offer")).toHaveLength(0);
    expect((await entry(date, queue[4])).status).toBe("waiting");
  });

  it("ends a lapsed offer and takes a cancellation on the same date at once, offering each spot once", async () => {
    const { date, booked } = await fullDate([1, 1]);
    const queue = [newEmail("lapse"), newEmail("r2"), newEmail("r3"), newEmail("r4")];
    for (const email of queue) await joinOk(date, email, 1);
    expect((await cancel(booked[0].id)).status).toBe(200);
    expect((await entry(date, queue[0])).status).toBe("offered");
    clock.advance(OFFER_TTL_MS);
    admin = await login(t);
    const [, answer] = await Promise.all([t.services.sweeper.sweep(), cancel(booked[1].id)]);
    expect(answer.status).toBe(200);
    // Two spots free, the lapsed offer's and the cancelled booking's: the next two in line.
    expect((await entry(date, queue[0])).status).toBe("expired");
    for (const email of queue.slice(1, 3)) expect(await mails(email, "waitlist_offer")).toHaveLength(1);
    expect((await entry(date, queue[3])).status).toBe("waiting");
  });

  it("marks the entry booked when the offered person books and pays", async () => {
    const { date, booked } = await fullDate([2]);
    const email = newEmail("lucky");
    await joinOk(date, email, 2);
    expect((await cancel(booked[0].id)).status).toBe(200);
    await offerToken(email);
    const res = await t.app.request(
      "/api/bookings",
      jsonRequest(
        "POST",
        bookingPayload({ selected_date: date, group_size: 2, customer_email: email.toUpperCase() }),
      ),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { session_id: string };
    // Not before the booking is paid: an unpaid hold may still lapse.
    expect((await entry(date, email)).status).toBe("offered");
    const pay = await t.app.request(
      `/api/payments/v1/test-checkout/${created.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(pay.status).toBe(200);
    expect((await entry(date, email)).status).toBe("booked");
  });

  it("lets the operator see a date's waitlist and remove someone", async () => {
    const { date, booked } = await fullDate([1]);
    const first = newEmail("removed");
    const second = newEmail("stays");
    await joinOk(date, first, 1);
    await joinOk(date, second, 1);
    const list = await t.app.request(
      `/api/admin/waitlist?adventure_id=${ADVENTURE}&date=${date}`,
      authed(admin),
    );
    expect(list.status).toBe(200);
    const body = (await list.json()) as { entries: { id: string; email: string; status: string }[] };
    expect(body.entries.map((e) => [e.email, e.status])).toEqual([
      [first, "waiting"],
      [second, "waiting"],
    ]);
    const all = await t.app.request(`/api/admin/waitlist?adventure_id=${ADVENTURE}`, authed(admin));
    const upcoming = ((await all.json()) as { entries: { date: string; email: string }[] }).entries;
    expect(upcoming.filter((e) => e.date === date).map((e) => e.email)).toEqual([first, second]);
    expect((await t.app.request(`/api/admin/waitlist?adventure_id=${ADVENTURE}&date=${date}`)).status).toBe(
      401,
    );
    const bad = await t.app.request(`/api/admin/waitlist?adventure_id=${ADVENTURE}&date=soon`, authed(admin));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.date).toBeTruthy();

    // Offered, then removed: the link stops working and the spot goes to the next one.
    expect((await cancel(booked[0].id)).status).toBe(200);
    const token = await offerToken(first);
    const removed = await t.app.request(`/api/admin/waitlist/${body.entries[0].id}`, authed(admin, "DELETE"));
    expect(removed.status).toBe(200);
    expect(await offerByToken(t.db, token, clock.now())).toBeNull();
    expect((await entry(date, first)).status).toBe("removed");
    expect((await entry(date, second)).status).toBe("offered");
    const missing = await t.app.request("/api/admin/waitlist/no-such-entry", authed(admin, "DELETE"));
    expect(missing.status).toBe(404);
  });

  describe("pages", () => {
    let pages: ReturnType<typeof createApp>;
    beforeAll(() => {
      pages = withPages(t.services);
    });

    const waitlistForm = (fields: Record<string, string>) => ({
      intent: "waitlist",
      waitlistAdventureId: ADVENTURE,
      ...fields,
    });

    it("joins from /book and from the adventure page without JavaScript, naming bad fields", async () => {
      const { date } = await fullDate([4]);
      const email = newEmail("form");
      const ok = await pages.request(
        "/book",
        formPost(waitlistForm({ waitlistDate: date, waitlistEmail: email, waitlistGroupSize: "2" })),
      );
      expect(ok.status).toBe(200);
      const joined = (await ok.json()) as { ok: true; intent: string; data: { message: string } };
      expect(joined.intent).toBe("waitlist");
      expect(joined.data.message).toContain("You're on the waitlist");
      expect((await entry(date, email)).groupSize).toBe(2);
      // No booking was attempted: the form's intent decided.
      const bad = await pages.request(
        `/adventures/${ADVENTURE}`,
        formPost(waitlistForm({ waitlistDate: date, waitlistEmail: "nope", waitlistGroupSize: "7" })),
      );
      expect(bad.status).toBe(400);
      const refused = (await bad.json()) as { ok: false; intent: string; errors: Record<string, string> };
      expect(refused.intent).toBe("waitlist");
      expect(refused.errors.waitlistEmail).toBe("Enter a valid email address");
      expect(refused.errors.waitlistGroupSize).toContain("at most 4");
      const other = newEmail("adventure-page");
      const fromAdventure = await pages.request(
        `/adventures/${ADVENTURE}`,
        formPost(waitlistForm({ waitlistDate: date, waitlistEmail: other, waitlistGroupSize: "1" })),
      );
      expect(fromAdventure.status).toBe(200);
      expect((await entry(date, other)).status).toBe("waiting");
    });

    it("shows an offer link's banner and filled form while it is live, a neutral note after", async () => {
      const { date, booked } = await fullDate([2]);
      const email = newEmail("banner");
      await joinOk(date, email, 2);
      expect((await cancel(booked[0].id)).status).toBe(200);
      const token = await offerToken(email);
      const open = async (query: string) => {
        const res = await pages.request(`/book?${query}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { offer: { live: boolean; message: string; prefill?: unknown } | null })
          .offer;
      };
      const live = await open(`adventure=${ADVENTURE}&date=${date}&offer=${token}`);
      expect(live?.live).toBe(true);
      expect(live?.message).toMatch(/^A spot opened on .+ — book before /);
      expect(live?.prefill).toEqual({ selectedDate: date, groupSize: "2", customerEmail: email });
      // The token belongs to one adventure and date.
      expect((await open(`adventure=guided-shore-dive&date=${date}&offer=${token}`))?.live).toBe(false);
      expect((await open(`adventure=${ADVENTURE}&date=${addDays(date, 1)}&offer=${token}`))?.live).toBe(
        false,
      );
      expect(await open(`adventure=${ADVENTURE}`)).toBeNull();

      // Someone else books a spot first: the link says so, and joining again keeps the place in line.
      await insertBooking(t.db, {
        paid: true,
        holdSpots: true,
        groupSize: 1,
        date,
        email: newEmail("quick"),
      });
      const later = newEmail("later");
      await joinOk(date, later, 2);
      const taken = await open(`adventure=${ADVENTURE}&date=${date}&offer=${token}`);
      expect(taken).toEqual({ live: false, message: expect.stringContaining("booked by someone else") });
      await joinOk(date, email, 2);
      expect((await entry(date, email)).status).toBe("waiting");
      expect(await offerByToken(t.db, token, clock.now())).toBeNull();
      const queue = await t.app.request(
        `/api/admin/waitlist?adventure_id=${ADVENTURE}&date=${date}`,
        authed(admin),
      );
      const order = ((await queue.json()) as { entries: { email: string }[] }).entries.map((e) => e.email);
      expect(order).toEqual([email, later]);

      clock.advance(OFFER_TTL_MS);
      const lapsed = await open(`adventure=${ADVENTURE}&date=${date}&offer=${token}`);
      expect(lapsed).toEqual({
        live: false,
        message: expect.stringContaining("expired or was already used"),
      });
      admin = await login(t);
    });
  });
});
