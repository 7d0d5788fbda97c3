/**
 * "Manage my booking": the private link in the confirmation email and on the
 * success page (a random token stored only as its hash), the page it opens,
 * its calendar file, the two-step cancel without JavaScript (through the one
 * cancelBooking: refunded once however many confirms arrive), the operator's
 * revocation, and the re-send form (same answer for any address, rate limited).
 */
import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import { refundCents } from "../../app/lib/policy-refund.ts";
import { siteInfo } from "../../app/lib/site.ts";
import * as successPage from "../../app/routes/public/book-success.tsx";
import * as managePage from "../../app/routes/public/my-booking.tsx";
import * as calendarFile from "../../app/routes/public/my-booking-calendar.ts";
import * as findPage from "../../app/routes/public/my-booking-find.tsx";
import type { createApp } from "../../server/app.server.ts";
import {
  adventures,
  availability,
  bookingLinks,
  bookings,
  emailOutbox,
  refunds,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { loadSiteContent } from "../../server/domain/content/content.server.ts";
import { limitFor } from "../../server/security/public-limits.server.ts";
import type { Services } from "../../server/services.server.ts";
import { authed, insertBooking, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { readEvents } from "../helpers/ical.ts";
import { sentHtml, sentText } from "../helpers/outbox.ts";
import { appWithRoutes, formPost, type RouteFn, type RouteFor } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

/** Which route module answers a page request (the renderer is replaced by the route's loader or action). */
const routeFor: RouteFor = (method, path) => {
  const get = method === "GET" || method === "HEAD";
  const ics = /^\/my-booking\/([^/]+)\/calendar\.ics$/.exec(path);
  if (ics && get) return { fn: calendarFile.loader as RouteFn, params: { token: ics[1] } };
  const page = /^\/my-booking\/([^/]+)$/.exec(path);
  if (page)
    return { fn: (get ? managePage.loader : managePage.action) as RouteFn, params: { token: page[1] } };
  if (path === "/my-booking" && !get) return { fn: findPage.action as RouteFn, params: {} };
  if (path === "/book/success" && get) return { fn: successPage.loader as RouteFn, params: {} };
  return null;
};

const withRoutes = (services: Services) => appWithRoutes(services, routeFor);

let clients = 0;
/** A new client address (documentation range), so tests never share a rate-limit counter. */
const newClient = () => ({ "X-Forwarded-For": `203.0.113.7, 198.51.100.${++clients}` });

interface View {
  reference: string;
  status: string;
  adventureTitle: string;
  group: string;
  paid: boolean;
  paidCents: number;
  refundedCents: number;
  refundPercent: number;
  refundTodayCents: number;
  canCancel: boolean;
  googleCalendarUrl: string;
}

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Sam Payer" };
const LINK = /http:\/\/localhost:3999\/my-booking\/([A-Za-z0-9_-]{43})\b/;
const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");

describe("manage my booking", () => {
  let t: TestContext;
  let app: ReturnType<typeof createApp>;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, TRUST_PROXY_HOPS: "1" });
    app = withRoutes(t.services);
    admin = await login(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const open = (token: string) => app.request(`/my-booking/${token}`, { headers: newClient() });
  const view = async (token: string) => {
    const res = await open(token);
    return {
      status: res.status,
      headers: res.headers,
      view: ((await res.json()) as { view: View | null }).view,
    };
  };

  /** Books and pays through the API and the test checkout, as a customer would. */
  async function bookAndPay(email: string) {
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

  async function mails(to: string, kind: string) {
    return t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
  }

  /** A paid, confirmed booking with spots held and a live link, on a date the test chooses. */
  async function paidBookingWithLink(date: string, email: string) {
    const { booking, sessionId } = await insertBooking(t.db, {
      paid: true,
      holdSpots: true,
      groupSize: 2,
      unitPriceCents: 10_000,
      date,
      email,
    });
    const token = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "email", new Date()));
    return { booking, sessionId, token };
  }

  it("the confirmation email links to a private page with the trip and what cancelling refunds today", async () => {
    const email = "manage-email@example.com";
    const { booking } = await bookAndPay(email);
    const [confirmation] = await mails(email, "booking_confirmation");
    const token = LINK.exec(await sentText(t.db, confirmation))?.[1] ?? "";
    expect(token).not.toBe("");
    expect(await sentHtml(t.db, confirmation)).toContain(`/my-booking/${token}`);

    const page = await view(token);
    expect(page.status).toBe(200);
    expect(page.view).toMatchObject({
      reference: booking.reference,
      status: "confirmed",
      adventureTitle: booking.adventureTitle,
      group: "2 people",
      paid: true,
      paidCents: booking.totalAmountCents,
      canCancel: true,
      refundTodayCents: refundCents(booking.totalAmountCents, booking.selectedDate, new Date()),
    });
    expect(page.view?.googleCalendarUrl).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?/);
    // The token rides in the URL: never cached, indexed, or sent on as a Referer to another site
    // (same-origin, not no-referrer: under no-referrer the page's own form posts carry `Origin: null`,
    // which React Router refuses for a document POST).
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");

    // Only the token's hash is stored.
    const links = await t.db.select().from(bookingLinks).where(eq(bookingLinks.bookingId, booking.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ channel: "email", tokenHash: sha256(token), revokedAt: null });
    expect(JSON.stringify(links)).not.toContain(token);
  });

  it("serves the booking's calendar file from the link", async () => {
    const { booking, token } = await paidBookingWithLink(addDays(sydneyDate(), 20), "ics@example.com");
    const res = await app.request(`/my-booking/${token}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    expect(res.headers.get("content-disposition")).toContain(`booking-${booking.reference}.ics`);
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    const ics = await res.text();
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain(booking.reference);
    // Read as a calendar app reads it: the seeded Discover Scuba Diving advertises 3 hours from 8:00.
    const [event] = readEvents(ics);
    expect(event).toMatchObject({
      zone: "Australia/Sydney",
      start: `${booking.selectedDate}T08:00:00`,
      end: `${booking.selectedDate}T11:00:00`,
      seconds: 3 * 3600,
    });
    // The manage page's Google Calendar link gives the same times.
    const page = await view(token);
    const dates = new URL(page.view?.googleCalendarUrl ?? "").searchParams.get("dates");
    const day = booking.selectedDate.replaceAll("-", "");
    expect(dates).toBe(`${day}T080000/${day}T110000`);
    expect((await app.request("/my-booking/not-a-token/calendar.ics")).status).toBe(404);
  });

  it("answers a wrong token with the same 404 page, whatever the token", async () => {
    for (const token of ["nope", "A".repeat(43), "x".repeat(500)]) {
      const page = await view(token);
      expect(page.status).toBe(404);
      expect(page.view).toBeNull();
      expect(page.headers.get("referrer-policy")).toBe("same-origin");
    }
  });

  it("the success page shows a link of its own beside the emailed one", async () => {
    // How often and until when it mints one: booking-link-limits.test.ts.
    const { booking, sessionId } = await bookAndPay("manage-success@example.com");
    const res = await app.request(`/book/success?session_id=${sessionId}&confirmed=true`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { summary: Record<string, unknown>; manageLink: string };
    // The booking's id stays on the server.
    expect(body.summary).not.toHaveProperty("bookingId");
    const [adventure] = await t.db.select().from(adventures).where(eq(adventures.id, booking.adventureId));
    expect(adventure.heroImageAlt).not.toBe("");
    expect(body.summary).toMatchObject({
      kind: "booking",
      reference: booking.reference,
      status: "confirmed",
      adventureTitle: booking.adventureTitle,
      adventureSlug: adventure.slug,
      image: adventure.heroImage,
      imageAlt: adventure.heroImageAlt,
      date: booking.selectedDate,
      groupSize: booking.groupSize,
      amountTotalCents: booking.totalAmountCents,
      firstName: booking.customerFirstName,
      email: "manage-success@example.com",
    });
    expect(body.manageLink).toMatch(/^\/my-booking\/[A-Za-z0-9_-]{43}$/);
    expect((await view(body.manageLink.split("/").pop() ?? "")).view?.reference).toBe(booking.reference);
    // The emailed link is another channel: still live.
    const [confirmation] = await mails("manage-success@example.com", "booking_confirmation");
    expect((await view(LINK.exec(await sentText(t.db, confirmation))?.[1] ?? "")).status).toBe(200);
  });

  it("the operator's revocation switches off every link of the booking", async () => {
    const { booking, token } = await paidBookingWithLink(addDays(sydneyDate(), 20), "revoke@example.com");
    const other = await t.db.transaction((tx) => mintBookingLink(tx, booking.id, "resend", new Date()));
    expect((await view(token)).status).toBe(200);

    const anonymous = await t.app.request(`/api/admin/bookings/${booking.id}/revoke-links`, {
      method: "POST",
    });
    expect(anonymous.status).toBe(401);
    expect((await view(token)).status).toBe(200);

    const res = await t.app.request(`/api/admin/bookings/${booking.id}/revoke-links`, authed(admin, "POST"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, revoked: 2 });
    expect((await view(token)).status).toBe(404);
    expect((await view(other)).status).toBe(404);
    const missing = await t.app.request(
      "/api/admin/bookings/00000000-0000-4000-8000-000000000000/revoke-links",
      authed(admin, "POST"),
    );
    expect(missing.status).toBe(404);
  });

  it("re-sends links to a known address only, with the same answer for any address", async () => {
    const { booking } = await paidBookingWithLink(addDays(sydneyDate(), 30), "resend-known@example.com");
    const known = await app.request(
      "/my-booking",
      formPost({ email: "Resend-Known@example.com" }, newClient()),
    );
    const unknown = await app.request(
      "/my-booking",
      formPost({ email: "resend-nobody@example.com" }, newClient()),
    );
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    // The same answer whether or not the address has booked.
    expect(await known.json()).toEqual({
      ok: true,
      status: 200,
      data: null,
      values: { email: "Resend-Known@example.com" },
    });
    expect(await unknown.json()).toEqual({
      ok: true,
      status: 200,
      data: null,
      values: { email: "resend-nobody@example.com" },
    });

    expect(await mails("resend-nobody@example.com", "booking_link")).toHaveLength(0);
    const sent = await mails("resend-known@example.com", "booking_link");
    expect(sent).toHaveLength(1);
    const sentBody = await sentText(t.db, sent[0]);
    const token = LINK.exec(sentBody)?.[1] ?? "";
    expect((await view(token)).view?.reference).toBe(booking.reference);
    const site = siteInfo(await loadSiteContent(t.db)).title;
    const tripLine = (b: typeof booking) =>
      `${b.adventureTitle}, ${departureText(b.selectedDate, b.startTime, "full")} (${b.reference}):`;
    expect(sent[0]).toMatchObject({
      subject: "Your booking link",
      bookingId: booking.id,
      dedupeKey: expect.stringMatching(/^booking_link:[0-9a-f]{16}$/),
    });
    expect(sentBody.split("\n")).toEqual([
      "Hi Mia,",
      "",
      "Here is the private link to your booking. It shows your trip details and lets you cancel online.",
      "",
      tripLine(booking),
      expect.stringMatching(/\/my-booking\/[A-Za-z0-9_-]{43}$/),
      "",
      "Keep this email to yourself: anyone with a link can see and cancel that booking. Any earlier link sent by a re-send request no longer works.",
      "If you did not ask for this, you can ignore this email.",
      "",
      site,
    ]);
    // Two bookings of the address: one email lists both, the later trip first, and belongs to neither alone.
    const { booking: later } = await paidBookingWithLink(
      addDays(sydneyDate(), 60),
      "resend-known@example.com",
    );
    await app.request("/my-booking", formPost({ email: " resend-known@example.com " }, newClient()));
    const both = (await mails("resend-known@example.com", "booking_link")).find((m) => m.id !== sent[0].id);
    expect(both).toMatchObject({ subject: "Your booking links", bookingId: null });
    const bothBody = await sentText(t.db, both as (typeof sent)[number]);
    expect(bothBody.split("\n").slice(2, 10)).toEqual([
      "Here are the private links to your bookings. Each shows the trip details and lets you cancel online.",
      "",
      tripLine(later),
      expect.stringMatching(/\/my-booking\/[A-Za-z0-9_-]{43}$/),
      "",
      tripLine(booking),
      expect.stringMatching(/\/my-booking\/[A-Za-z0-9_-]{43}$/),
      "",
    ]);

    const invalid = await app.request("/my-booking", formPost({ email: "not an email" }, newClient()));
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({
      ok: false,
      detail: "Enter a valid email address",
      errors: { email: "Enter a valid email address" },
    });
  });

  it("cancels in two steps without JavaScript and refunds the policy amount once for 5 parallel confirms", async () => {
    // 4 Sydney days out: the policy refunds 50%.
    const date = addDays(sydneyDate(), 4);
    const { booking, sessionId, token } = await paidBookingWithLink(date, "manage-cancel@example.com");
    const before = await view(token);
    expect(before.view).toMatchObject({ canCancel: true, refundPercent: 50, refundTodayCents: 10_000 });
    const [slot] = await t.db
      .select()
      .from(availability)
      .where(eq(availability.id, booking.availabilityId ?? ""));

    const review = await app.request(`/my-booking/${token}`, formPost({ intent: "review" }, newClient()));
    expect(review.status).toBe(200);
    expect(await review.json()).toEqual({ ok: true, status: 200, data: null, intent: "review" });
    const [still] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(still.bookingStatus).toBe("confirmed");

    const confirms = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.request(`/my-booking/${token}`, formPost({ intent: "confirm" }, newClient())),
      ),
    );
    for (const res of confirms) {
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/my-booking/${token}`);
    }

    const rows = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 10_000, status: "succeeded", reason: "cancellation" });
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, sessionId));
    expect(session.refundedCents).toBe(10_000);
    expect(Object.keys(session.refunds)).toHaveLength(1);
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({
      bookingStatus: "cancelled",
      cancelReason: "customer",
      holdsSpots: false,
      refundAmountCents: 10_000,
    });
    const [slotAfter] = await t.db.select().from(availability).where(eq(availability.id, slot.id));
    expect(slotAfter.bookedSpots).toBe(slot.bookedSpots - 2);

    // One email to the customer, one notice to the operator, each saying what went back.
    const told = await mails("manage-cancel@example.com", "booking_cancelled");
    expect(told).toHaveLength(1);
    expect(told[0].subject).toBe(`Your booking ${booking.reference} has been cancelled`);
    expect(await sentText(t.db, told[0])).toBe(
      [
        `Hi ${booking.customerFirstName},`,
        "",
        `Your booking ${booking.reference} for ${booking.adventureTitle} on ${booking.selectedDate} has been cancelled.`,
        "A refund of $100.00 is on its way to your card; it usually shows within 5-10 business days.",
        "",
        "If you have any questions, just reply to this email.",
      ].join("\n"),
    );
    const notices = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "booking_cancelled_notice"),
          eq(emailOutbox.dedupeKey, `booking_cancelled_notice:${booking.id}`),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0].toAddress).not.toBe("manage-cancel@example.com");
    expect(notices[0].subject).toBe(`Booking ${booking.reference} cancelled by the customer`);
    expect(await sentText(t.db, notices[0])).toBe(
      [
        `${booking.customerFirstName} ${booking.customerLastName} (manage-cancel@example.com) cancelled booking ${booking.reference} online.`,
        "",
        `Adventure: ${booking.adventureTitle}`,
        `Date: ${departureText(booking.selectedDate, booking.startTime, "full")}`,
        "Group: 2 people",
        "Refund under the cancellation policy: $100.00",
        "",
        "The spots are open again. The refund is shown in the bookings list until the payment provider confirms it.",
      ].join("\n"),
    );

    const page = await view(token);
    expect(page.view).toMatchObject({ status: "cancelled", refundedCents: 10_000, canCancel: false });
    // A late confirm changes nothing.
    const again = await app.request(`/my-booking/${token}`, formPost({ intent: "confirm" }, newClient()));
    expect(again.status).toBe(303);
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
  });

  it("does not offer or accept a cancellation once the trip date has passed", async () => {
    const { booking, token } = await paidBookingWithLink(
      addDays(sydneyDate(), -1),
      "manage-past@example.com",
    );
    expect((await view(token)).view).toMatchObject({ canCancel: false, refundTodayCents: 0 });
    const res = await app.request(`/my-booking/${token}`, formPost({ intent: "confirm" }, newClient()));
    expect(res.status).toBe(303);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.bookingStatus).toBe("confirmed");
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(0);
  });

  it("keeps every token out of the log", async () => {
    const { token } = await paidBookingWithLink(addDays(sydneyDate(), 20), "manage-log@example.com");
    expect((await open(token)).status).toBe(200);
    expect((await app.request(`/my-booking/${token}/calendar.ics`)).status).toBe(200);
    const review = await app.request(`/my-booking/${token}`, formPost({ intent: "review" }, newClient()));
    expect(review.status).toBe(200);
    const log = t.logs.join("\n");
    expect(log).not.toContain(token);
    expect(log).toContain("/my-booking/[redacted]/calendar.ics");
    // Nor any token this file mailed or showed: every booking-link path in the log is redacted.
    for (const m of log.matchAll(/\/my-booking\/([^"/?\s]+)/g)) expect(m[1]).toMatch(/^\[redacted\]/);
    const mailed = await t.db
      .select()
      .from(emailOutbox)
      .where(inArray(emailOutbox.kind, ["booking_confirmation", "booking_link"]));
    for (const row of mailed) {
      const emailed = LINK.exec(await sentText(t.db, row))?.[1];
      if (emailed) expect(log).not.toContain(emailed);
    }
  });
});

describe("re-sending links is rate limited", () => {
  let t: TestContext;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_FACTOR: "1", TRUST_PROXY_HOPS: "1" });
    app = withRoutes(t.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("names the policies for the link's forms", () => {
    expect(limitFor("POST", "/my-booking")?.name).toBe("booking-link-resend");
    expect(limitFor("POST", "/my-booking.data")?.name).toBe("booking-link-resend");
    expect(limitFor("POST", "/my-booking/abc")?.name).toBe("booking-link");
    expect(limitFor("POST", "/my-booking/abc.data")?.name).toBe("booking-link");
    expect(limitFor("GET", "/my-booking/abc")).toBeUndefined();
  });

  it("answers the sixth request in an hour from one client with 429", async () => {
    const client = { "X-Forwarded-For": "203.0.113.7, 198.51.100.200" };
    for (let i = 0; i < 5; i++) {
      const res = await app.request("/my-booking", formPost({ email: `limit${i}@example.com` }, client));
      expect(res.status).toBe(200);
    }
    const refused = await app.request("/my-booking", formPost({ email: "limit@example.com" }, client));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.text()).toContain("Too many requests from your connection");
    // Another client still gets through.
    const other = await app.request(
      "/my-booking",
      formPost({ email: "limit@example.com" }, { "X-Forwarded-For": "203.0.113.7, 198.51.100.201" }),
    );
    expect(other.status).toBe(200);
  });
});
