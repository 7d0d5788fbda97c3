/**
 * "Release my unfinished checkouts" by email: the cap per email offers it, the
 * cap per client address leaves room for a hotel's guests, every address gets
 * the same answer, the emailed link (stored hashed, the email with a marker)
 * lists the address's checkouts and releases them through the sweep's path,
 * spots come back once, another address's link releases nothing, and a
 * release racing a payment ends in exactly one outcome. Time is a test clock.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offersRelease, RELEASE_REQUESTED } from "../../app/lib/checkout-release.ts";
import { formatDateAU } from "../../app/lib/dates.ts";
import { siteInfo } from "../../app/lib/site.ts";
import * as releasePage from "../../app/routes/public/checkout-release.tsx";
import * as requestPage from "../../app/routes/public/checkout-release-request.tsx";
import {
  availability,
  bookings,
  checkoutReleaseLinks,
  emailOutbox,
  payments,
  testCheckoutSessions,
} from "../../server/db/schema.ts";
import { hashToken } from "../../server/domain/access/auth.server.ts";
import {
  CHECKOUT_RELEASE_KIND,
  RELEASE_LINK_MS,
  RELEASE_RESEND_MS,
} from "../../server/domain/bookings/checkout-release.server.ts";
import { loadSiteContent } from "../../server/domain/content/content.server.ts";
import { holdSweep } from "../../server/domain/jobs/hold-sweep.server.ts";
import { CLIENT_CAP_FACTOR } from "../../server/domain/money/checkout-cap.server.ts";
import { openGiftVoucherCheckout } from "../../server/domain/vouchers/gift-vouchers.server.ts";
import { LINK_REMOVED } from "../../server/email/secrets.server.ts";
import { bookingDeps } from "../../server/services.server.ts";
import { sentText } from "../helpers/outbox.ts";
import { appWithRoutes, formPost, reactRouterPages } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Race Test" };
const RELEASE_LINK = /\/checkouts\/release\/([A-Za-z0-9_-]{43})\b/;

let t: TestContext;
let pages: ReturnType<typeof appWithRoutes>;
const clock = testClock();

beforeAll(async () => {
  // The real cap (3 per email); each request names its client address in X-Forwarded-For.
  t = await createTestApp({ MAX_OPEN_CHECKOUTS: "", TRUST_PROXY_HOPS: "1" }, { now: clock.now });
  pages = appWithRoutes(
    t.services,
    await reactRouterPages({
      "routes/public/checkout-release.tsx": releasePage,
      "routes/public/checkout-release-request.tsx": requestPage,
    }),
  );
});
afterAll(() => t?.close());

let seq = 0;
const newClient = () => `198.51.100.${++seq}`;
const fresh = (tag: string) => `release-${tag}-${++seq}@example.com`;

async function book(email: string, client = newClient(), date?: string, groupSize = 1) {
  const selected = date ?? (await firstOpenDate(t.app, "dive-exhibition", 4));
  return t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({ customer_email: email, group_size: groupSize, selected_date: selected }),
      {
        "X-Forwarded-For": client,
      },
    ),
  );
}

async function openThree(email: string) {
  const date = await firstOpenDate(t.app, "dive-exhibition", 4);
  const made: { session_id: string; booking_id: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await book(email, newClient(), date);
    expect(res.status).toBe(201);
    made.push((await res.json()) as { session_id: string; booking_id: string });
  }
  return { date, made };
}

const askForLink = (email: string) =>
  t.app.request(
    "/api/checkouts/release-link",
    jsonRequest("POST", { email }, { "X-Forwarded-For": newClient() }),
  );

async function releaseEmails(email: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, CHECKOUT_RELEASE_KIND)));
}

async function tokenFor(email: string): Promise<string> {
  const rows = await releaseEmails(email);
  const token = RELEASE_LINK.exec(await sentText(t.db, rows.at(-1) as (typeof rows)[number]))?.[1];
  expect(token, `no release link to ${email}`).toBeTruthy();
  return token as string;
}

const listOf = async (token: string) =>
  (
    (await (await pages.request(`/checkouts/release/${token}`)).json()) as {
      checkouts: { id: string; what: string; started: string }[] | null;
    }
  ).checkouts;

const press = (token: string, release: string) =>
  pages.request(`/checkouts/release/${token}`, formPost({ release }, { "X-Forwarded-For": newClient() }));

async function bookedSpots(date: string): Promise<number> {
  const [row] = await t.db
    .select({ booked: availability.bookedSpots })
    .from(availability)
    .where(and(eq(availability.adventureId, "dive-exhibition"), eq(availability.date, date)));
  return row.booked;
}

describe("the cap's refusals", () => {
  it("the fourth checkout of one email is refused with the words that offer a release", async () => {
    const email = fresh("cap");
    await openThree(email);
    const res = await book(email);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await res.json()) as { detail: string; release_link?: string };
    expect(offersRelease(body.detail)).toBe(true);
    expect(body.release_link).toBe("/api/checkouts/release-link");
  });

  it("a hotel's guests behind one address are not locked out by each other's checkouts", async () => {
    const hotel = newClient();
    for (let i = 0; i < 3 * CLIENT_CAP_FACTOR; i++) {
      expect((await book(fresh(`guest${i}`), hotel)).status).toBe(201);
    }
    // Only far beyond several households is the shared address refused, in words that blame nobody.
    const res = await book(fresh("guest-last"), hotel);
    expect(res.status).toBe(429);
    const { detail, release_link } = (await res.json()) as { detail: string; release_link?: string };
    expect(detail).toMatch(/^Too many unfinished checkouts from your network right now\./);
    expect(release_link).toBeUndefined();
    expect(offersRelease(detail)).toBe(false);
  });
});

describe("asking for the link", () => {
  it("answers every address the same, mails only one with checkouts, once per spacing, the link stored hashed", async () => {
    const email = fresh("ask");
    await openThree(email);
    const nobody = fresh("nobody");
    const a = await askForLink(email);
    const b = await askForLink(nobody);
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    expect(await a.json()).toEqual(await b.json());
    expect(await releaseEmails(nobody)).toHaveLength(0);
    const [mail] = await releaseEmails(email);
    expect(mail.textBody).toContain(LINK_REMOVED);
    expect(mail.textBody).toContain("Discover Scuba Diving");
    const token = await tokenFor(email);
    const links = await t.db.select().from(checkoutReleaseLinks).where(eq(checkoutReleaseLinks.email, email));
    expect(links).toEqual([expect.objectContaining({ tokenHash: hashToken(token) })]);
    // Asked again at once, or until the spacing is over: the same answer, no second email.
    expect((await askForLink(email)).status).toBe(202);
    clock.advance(RELEASE_RESEND_MS - 1);
    expect((await askForLink(email)).status).toBe(202);
    expect(await releaseEmails(email)).toHaveLength(1);
    // Once it is over, a new link goes to the address as it was typed, and the first one stops working.
    clock.advance(1);
    const typed = ` ${email.toUpperCase()} `;
    expect((await askForLink(typed)).status).toBe(202);
    const [second] = await releaseEmails(email.toUpperCase());
    expect(second.subject).toBe("Release your unfinished checkouts");
    const newToken = await tokenFor(email.toUpperCase());
    const title = siteInfo(await loadSiteContent(t.db)).title;
    const [{ date }] = await t.db
      .select({ date: bookings.selectedDate })
      .from(bookings)
      .where(eq(bookings.customerEmail, email));
    const line = `- Discover Scuba Diving, ${formatDateAU(date)}, 1 person`;
    expect(await sentText(t.db, second)).toBe(
      [
        "Hello,",
        "",
        `Someone (we hope you) asked to release the unfinished checkouts of this address at ${title}:`,
        "",
        line,
        line,
        line,
        "",
        "Open this link to see them and release them (it works for 60 minutes):",
        `${t.services.env.publicUrl}/checkouts/release/${newToken}`,
        "",
        "Releasing a checkout gives its spots back; nothing is charged. If you did not ask for this, ignore this email: nothing changes and they end by themselves within 30 minutes.",
        "",
        title,
      ].join("\n"),
    );
    expect(await listOf(token)).toBeNull();
    expect(await listOf(newToken)).toHaveLength(3);
    // A link past its hour is gone from the table after the next sweep.
    clock.advance(RELEASE_LINK_MS);
    await holdSweep(bookingDeps(t.services));
    expect(
      await t.db.select().from(checkoutReleaseLinks).where(eq(checkoutReleaseLinks.email, email)),
    ).toEqual([]);
  });

  it("the page's form answers with a redirect to one sentence, and names a bad address", async () => {
    const res = await pages.request("/checkouts/release", formPost({ email: fresh("page") }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/checkouts/release?sent=1");
    expect(RELEASE_REQUESTED).toMatch(/^If this address has unfinished checkouts/);
    const bad = await pages.request("/checkouts/release", formPost({ email: "not-an-address" }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.email).toBeTruthy();
    const api = await t.app.request("/api/checkouts/release-link", jsonRequest("POST", { email: 42 }));
    expect(api.status).toBe(400);
    expect(((await api.json()) as { errors: Record<string, string> }).errors.email).toBeTruthy();
  });
});

describe("releasing", () => {
  it("lists the checkouts, releases one then the rest, gives the spots back once, and the link is used up", async () => {
    const email = fresh("free");
    const { date, made } = await openThree(email);
    const before = await bookedSpots(date);
    await askForLink(email);
    const token = await tokenFor(email);
    const listed = await listOf(token);
    expect(listed).toHaveLength(3);
    expect(listed?.[0].what).toMatch(/^Discover Scuba Diving, .+, 1 person$/);

    const [first] = await t.db.select().from(payments).where(eq(payments.sessionId, made[0].session_id));
    const one = await press(token, first.id);
    expect(one.status).toBe(303);
    expect(one.headers.get("location")).toBe(`/checkouts/release/${token}?released=1`);
    expect(await bookedSpots(date)).toBe(before - 1);
    const [ended] = await t.db.select().from(bookings).where(eq(bookings.id, made[0].booking_id));
    expect(ended).toMatchObject({
      bookingStatus: "cancelled",
      cancelReason: "checkout_cancelled",
      holdsSpots: false,
    });
    const [session] = await t.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, made[0].session_id));
    expect(session.status).toBe("expired");
    // The same button again releases nothing more.
    expect((await press(token, first.id)).headers.get("location")).toMatch(/released=0$/);
    expect(await bookedSpots(date)).toBe(before - 1);

    expect(await listOf(token)).toHaveLength(2);
    expect((await press(token, "all")).headers.get("location")).toMatch(/released=2$/);
    expect(await bookedSpots(date)).toBe(before - 3);
    expect(await listOf(token)).toBeNull();
    // The sweep finds nothing left to end, so nothing is given back twice.
    clock.advance(31 * 60_000);
    await holdSweep(bookingDeps(t.services));
    expect(await bookedSpots(date)).toBe(before - 3);
    // And the customer books again.
    expect((await book(email)).status).toBe(201);
  });

  it("a custom payment and a gift voucher count against the email's cap, and are listed and released like bookings", async () => {
    const email = fresh("mixed");
    const custom = await t.app.request(
      "/api/payments/v1/checkout/session",
      jsonRequest("POST", { amount: 20, customer_email: email }, { "X-Forwarded-For": newClient() }),
    );
    expect(custom.status).toBe(201);
    await openGiftVoucherCheckout(
      bookingDeps(t.services),
      {
        amountCents: 5_000,
        purchaserName: "Ruby Tran",
        purchaserEmail: email,
        recipientName: "Sam Tran",
        recipientEmail: "sam@example.com",
        message: "",
      },
      { clientKey: "gift-buyer" },
    );
    expect((await book(email, newClient(), undefined, 2)).status).toBe(201);
    // Three open: the email's cap is full.
    expect((await book(email)).status).toBe(429);

    await askForLink(email);
    const token = await tokenFor(email);
    expect((await listOf(token))?.map((c) => c.what).sort()).toEqual([
      expect.stringMatching(/^Discover Scuba Diving, .+, 2 people$/),
      "Gift voucher, $50.00",
      "Payment of $20.00",
    ]);
    expect((await press(token, "all")).headers.get("location")).toMatch(/released=3$/);
    expect((await book(email)).status).toBe(201);
  });

  it("another address's link cannot release a checkout", async () => {
    const owner = fresh("owner");
    const other = fresh("other");
    const { made } = await openThree(owner);
    expect((await book(other)).status).toBe(201);
    await askForLink(other);
    const token = await tokenFor(other);
    const [victim] = await t.db.select().from(payments).where(eq(payments.sessionId, made[0].session_id));
    expect((await press(token, victim.id)).headers.get("location")).toMatch(/released=0$/);
    const [still] = await t.db.select().from(payments).where(eq(payments.id, victim.id));
    expect(still.status).toBe("open");
    // An unknown token releases nothing and says so.
    expect(await listOf("x".repeat(43))).toBeNull();
    expect((await press("x".repeat(43), victim.id)).headers.get("location")).toMatch(/released=0$/);
  });

  it("a release racing the payment ends in exactly one outcome", async () => {
    for (let round = 0; round < 4; round++) {
      const email = fresh(`race${round}`);
      const date = await firstOpenDate(t.app, "dive-exhibition", 4);
      const res = await book(email, newClient(), date);
      const created = (await res.json()) as { session_id: string; booking_id: string };
      await askForLink(email);
      const token = await tokenFor(email);
      const before = await bookedSpots(date);
      const pay = () =>
        t.app.request(`/api/payments/v1/test-checkout/${created.session_id}/pay`, jsonRequest("POST", PAY));
      const [paid, released] = await Promise.all(
        round % 2 === 0 ? [pay(), press(token, "all")] : [pay(), press(token, "all")].reverse(),
      );
      const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, created.booking_id));
      const [payment] = await t.db.select().from(payments).where(eq(payments.sessionId, created.session_id));
      const payStatus = round % 2 === 0 ? paid.status : released.status;
      const location = (round % 2 === 0 ? released : paid).headers.get("location") ?? "";
      if (booking.bookingStatus === "confirmed") {
        expect(payment.paymentStatus).toBe("paid");
        expect(payStatus).toBe(200);
        expect(location).toMatch(/released=0$/);
        expect(await bookedSpots(date)).toBe(before);
      } else {
        expect(booking).toMatchObject({ bookingStatus: "cancelled", holdsSpots: false });
        expect(payment).toMatchObject({ paymentStatus: "unpaid", status: "cancelled" });
        expect(payStatus).toBe(410);
        expect(location).toMatch(/released=1$/);
        expect(await bookedSpots(date)).toBe(before - 1);
      }
      const [{ held }] = await t.db
        .select({ held: sql<number>`count(*)::int` })
        .from(bookings)
        .where(and(eq(bookings.id, created.booking_id), eq(bookings.holdsSpots, true)));
      expect(held).toBe(booking.bookingStatus === "confirmed" ? 1 : 0);
    }
  });
});

describe("bad input", () => {
  it("a release that names no checkout is a 400 naming the field", async () => {
    for (const release of ["", "some", "x".repeat(200)]) {
      const res = await press("x".repeat(43), release);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: Record<string, string> }).errors.release).toBeTruthy();
    }
  });
});
