/**
 * Where a booking link stops: the success page's address carries the checkout
 * session id, which mints the booking's link on the first view only, within
 * an hour of the payment, and never after the operator revoked the links;
 * every link of a booking stops working 60 days after the trip's last day
 * (old links too: the rule is computed from the booking), and its page then
 * says how to get a fresh one. On a fake clock.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/dates.ts";
import * as successPage from "../../app/routes/public/book-success.tsx";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import * as calendarFile from "../../app/routes/public/my-booking-calendar.ts";
import * as findPage from "../../app/routes/public/my-booking-find.tsx";
import * as participantPage from "../../app/routes/public/my-booking-participant.tsx";
import type { createApp } from "../../server/app.server.ts";
import { bookingLinks, bookings, emailOutbox } from "../../server/db/schema.ts";
import { linkLastDay, mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, formPost, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const routeFor: RouteFor = (method, path) => {
  const get = method === "GET" || method === "HEAD";
  if (path === "/book/success" && get) return { fn: successPage.loader as RouteFn, params: {} };
  if (path === "/my-booking" && !get) return { fn: findPage.action as RouteFn, params: {} };
  const ics = /^\/my-booking\/([^/]+)\/calendar\.ics$/.exec(path);
  if (ics && get) return { fn: calendarFile.loader as RouteFn, params: { token: ics[1] } };
  const person = /^\/my-booking\/([^/]+)\/participants\/([^/]+)$/.exec(path);
  if (person && get)
    return { fn: participantPage.loader as RouteFn, params: { token: person[1], position: person[2] } };
  const page = /^\/my-booking\/([^/]+)$/.exec(path);
  if (page && get) return { fn: managePage.loader as RouteFn, params: { token: page[1] } };
  return null;
};

let current = new Date();
const now = () => new Date(current);
const MINUTE = 60_000;

let t: TestContext;
let app: ReturnType<typeof createApp>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" }, { now });
  app = appWithRoutes(t.services, routeFor);
  admin = await login(t);
});
afterAll(() => t?.close());

let clients = 0;
const newClient = () => ({ "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` });
const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Sam Payer" };

/** Books and pays through the API and the test checkout at the clock's time, as a customer would. */
async function bookAndPay(email: string) {
  current = new Date();
  const date = await firstOpenDate(t.app, "dive-exhibition", 2);
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest("POST", bookingPayload({ customer_email: email, selected_date: date })),
  );
  expect(res.status).toBe(201);
  const created = (await res.json()) as { session_id: string; reference: string };
  const pay = await t.app.request(
    `/api/payments/v1/test-checkout/${created.session_id}/pay`,
    jsonRequest("POST", PAY),
  );
  expect(pay.status).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.reference, created.reference));
  expect(booking.bookingStatus).toBe("confirmed");
  return { booking, sessionId: created.session_id };
}

async function successView(sessionId: string) {
  const res = await app.request(`/book/success?confirmed=true&session_id=${sessionId}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as {
    summary: { reference: string; email: string } | null;
    manageLink: string | null;
  };
}

const tokenOf = (link: string | null) => link?.split("/").pop() ?? "";
const openPage = (token: string) => app.request(`/my-booking/${token}`, { headers: newClient() });
const successLinks = (bookingId: string) =>
  t.db
    .select()
    .from(bookingLinks)
    .where(and(eq(bookingLinks.bookingId, bookingId), eq(bookingLinks.channel, "success_page")));

describe("the success page's link", () => {
  it("is minted by the first view only: a later view shows the booking, no link, and where the link went", async () => {
    const { booking, sessionId } = await bookAndPay("success-once@example.com");
    const first = await successView(sessionId);
    expect(first.manageLink).toMatch(/^\/my-booking\/[A-Za-z0-9_-]{43}$/);
    expect(first.summary?.reference).toBe(booking.reference);

    current = new Date(current.getTime() + 5 * MINUTE);
    const later = await successView(sessionId);
    // The confirmation still shows, with the address the link was emailed to, but no fresh link.
    expect(later.manageLink).toBeNull();
    expect(later.summary).toMatchObject({ reference: booking.reference, email: "success-once@example.com" });
    // The first view's link was not replaced by the later view: it still opens the booking.
    expect((await openPage(tokenOf(first.manageLink))).status).toBe(200);
    expect(await successLinks(booking.id)).toHaveLength(1);
  });

  it("is minted once between parallel first views", async () => {
    const { booking, sessionId } = await bookAndPay("success-parallel@example.com");
    const views = await Promise.all(Array.from({ length: 4 }, () => successView(sessionId)));
    expect(views.filter((v) => v.manageLink !== null)).toHaveLength(1);
    expect(await successLinks(booking.id)).toHaveLength(1);
  });

  it("is minted within an hour of the payment, not after", async () => {
    const inTime = await bookAndPay("success-in-time@example.com");
    current = new Date(current.getTime() + 59 * MINUTE);
    expect((await successView(inTime.sessionId)).manageLink).not.toBeNull();

    const late = await bookAndPay("success-late@example.com");
    current = new Date(current.getTime() + 61 * MINUTE);
    const view = await successView(late.sessionId);
    expect(view.summary?.reference).toBe(late.booking.reference);
    expect(view.manageLink).toBeNull();
    expect(await successLinks(late.booking.id)).toHaveLength(0);
  });

  it("is never minted after the operator revoked the booking's links, even on a first view", async () => {
    const { booking, sessionId } = await bookAndPay("success-revoked@example.com");
    const revoke = await t.app.request(
      `/api/admin/bookings/${booking.id}/revoke-links`,
      authed(admin, "POST"),
    );
    expect(revoke.status).toBe(200);
    current = new Date(current.getTime() + MINUTE);
    expect((await successView(sessionId)).manageLink).toBeNull();
    expect(await successLinks(booking.id)).toHaveLength(0);
  });
});

describe("links expire 60 days after the trip's last day", () => {
  /** The midnight that ends a Sydney day: 14:00 UTC outside daylight saving (these trips are in winter). */
  const endOfSydneyDay = (day: string) => new Date(`${day}T14:00:00Z`);

  it("counts from the last day of a two-day trip", () => {
    expect(linkLastDay({ selectedDate: "2031-06-07" }, { duration: "2 days (weekend)" })).toBe("2031-08-07");
    expect(linkLastDay({ selectedDate: "2031-06-07" }, { duration: "3 hours" })).toBe("2031-08-06");
  });

  it("opens the booking until then; after, every page of the link says it expired and offers the re-send form", async () => {
    const trip = "2031-06-07";
    const { booking } = await insertBooking(t.db, {
      adventureId: "camping-diving-2day",
      adventureTitle: "Camping & Diving Weekend",
      date: trip,
      paid: true,
      email: "expiry@example.com",
    });
    // A link minted long before the rule existed follows it as well: expiry is the booking's.
    const token = await t.db.transaction((tx) =>
      mintBookingLink(tx, booking.id, "email", new Date("2031-05-01T00:00:00Z")),
    );
    // The trip's last day is the day after it starts; its links work through the 60th day after that.
    const lastLinkDay = addDays(trip, 1 + 60);

    current = new Date(endOfSydneyDay(lastLinkDay).getTime() - MINUTE); // 23:59 that day
    expect((await openPage(token)).status).toBe(200);

    current = endOfSydneyDay(lastLinkDay); // midnight: the next day
    const page = await openPage(token);
    expect(page.status).toBe(410);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.json()).toMatchObject({ view: null, expired: true });
    const person = await app.request(`/my-booking/${token}/participants/1`);
    expect(person.status).toBe(410);
    expect(await person.json()).toMatchObject({ form: null, expired: true });
    expect((await app.request(`/my-booking/${token}/calendar.ics`)).status).toBe(404);
  });

  it("re-sends links only for bookings whose links still work", async () => {
    const email = "expiry-resend@example.com";
    current = new Date("2031-09-01T02:00:00Z");
    const { booking: old } = await insertBooking(t.db, { date: "2031-06-20", paid: true, email });
    const { booking: next } = await insertBooking(t.db, { date: "2031-10-04", paid: true, email });
    const res = await app.request("/my-booking", formPost({ email }, newClient()));
    expect(res.status).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mail.textBody).toContain(next.reference);
    expect(mail.textBody).not.toContain(old.reference);
  });
});
