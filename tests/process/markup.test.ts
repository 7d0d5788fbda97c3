/**
 * The markup as the production build renders it, over a seeded database in
 * this process: valid HTML, judged by the W3C's Nu Html Checker, for every
 * public page (the sitemap's and those it leaves out), a booking's private
 * pages, the admin sign-in (drawn in the browser, so read from Chromium after
 * hydration) and every HTML email the site sends (from their real renderers),
 * all in one run of the checker (its Java start is the slow part); and
 * structured data that says what the pages say.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { chromium } from "playwright-core";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, sydneyDate } from "../../app/lib/dates.ts";
import { CONFIRM_LINK_DAYS } from "../../app/lib/newsletter.ts";
import { siteInfo } from "../../app/lib/site.ts";
import { createApp } from "../../server/app.server.ts";
import { type Database, openDatabase } from "../../server/db/client.server.ts";
import { availability, emailOutbox } from "../../server/db/schema.ts";
import { toFacts } from "../../server/domain/bookings/booking-emails.server.ts";
import { manageUrl, mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { loadSiteContent } from "../../server/domain/content/content.server.ts";
import {
  newsletterEmail,
  sendNewsletter,
  unsubscribeUrl,
} from "../../server/domain/messaging/newsletter-send.server.ts";
import { confirmUrl } from "../../server/domain/messaging/newsletter-signup.server.ts";
import { previewTripEmail } from "../../server/domain/messaging/trip-emails.server.ts";
import { issueVoucher } from "../../server/domain/vouchers/vouchers.server.ts";
import { newsletterConfirmEmail } from "../../server/email/newsletter-templates.server.ts";
import {
  bookingConfirmationEmail,
  latePaymentRefundEmail,
  operatorNoticeEmail,
  paymentReceiptEmail,
} from "../../server/email/templates.server.ts";
import { BUILT_IN_TRIP_EMAILS } from "../../server/email/trip-templates.server.ts";
import { giftReceiptEmail, voucherCodeEmail } from "../../server/email/voucher-templates.server.ts";
import { parseEnv } from "../../server/env.server.ts";
import { createLogger } from "../../server/log.server.ts";
import { buildServices, type Services } from "../../server/services.server.ts";
import { insertBooking } from "../helpers/admin.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../helpers/chromium.ts";
import { htmlErrors } from "../helpers/html-checker.ts";
import { confirmationTokens, subscribeConfirmed } from "../helpers/newsletter.ts";
import { sentText } from "../helpers/outbox.ts";
import { seededDataDir } from "../helpers/seeded-data-dir.ts";

const BUILD = path.resolve(process.env.BUILD_DIR ?? "build");

let database: Database;
let services: Services;
let app: ReturnType<typeof createApp>;
let data: ReturnType<typeof seededDataDir>;
let out: string;

beforeAll(async () => {
  // The database the built server migrated and seeded at the start of the run, copied.
  data = seededDataDir();
  out = mkdtempSync(path.join(tmpdir(), "tw-html-"));
  database = await openDatabase({ dataDir: path.join(data.dir, "db") });
  const env = parseEnv({
    NODE_ENV: "production",
    PORT: "3999",
    DATA_DIR: data.dir,
    PAYMENTS: "test",
    RATE_LIMIT_FACTOR: "1000",
  });
  services = buildServices({ database, env, log: createLogger("silent") });
  const build = (await import(path.join(BUILD, "server/index.js"))) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  app = createApp(services, {
    renderDocument: (request, context) => handler(request, context),
    clientDir: path.relative(process.cwd(), path.join(BUILD, "client")),
  });
});

afterAll(async () => {
  await services?.outbox.stop();
  await database?.close();
  data?.remove();
  if (out) rmSync(out, { recursive: true, force: true });
});

/** One file per document, named after what it is, so each error line says where it was found. */
function save(name: string, html: string) {
  writeFileSync(
    path.join(out, `${name.replace(/[^\w-]+/g, "_").replace(/^_|_$/g, "") || "home"}.html`),
    html,
  );
}

async function page(address: string): Promise<string> {
  const res = await app.request(address);
  if (res.status !== 200 && !(address === "/no-such-page" && res.status === 404)) {
    throw new Error(`${address} answered ${res.status}`);
  }
  expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
  return res.text();
}

/** The private pages of a paid booking on an open date, through the link its confirmation carries. */
async function privatePages(): Promise<[string, string][]> {
  const date = addDays(sydneyDate(), 30);
  const { booking, sessionId } = await insertBooking(database.db, { paid: true, holdSpots: true, date });
  const token = await mintBookingLink(database.db, booking.id, "email", new Date());
  const base = `/my-booking/${token}`;
  return [
    ["my-booking", base],
    ["my-booking-participant", `${base}/participants/1`],
    ["my-booking-reschedule", `${base}/reschedule`],
    ["book-success", `/book/success?session_id=${sessionId}&confirmed=true`],
  ];
}

/** The built-in checkout page of a fresh booking (what a customer pays on without Stripe). */
async function testCheckoutPage(): Promise<string> {
  const dates = (await (await app.request("/api/adventures/guided-shore-dive/dates")).json()) as {
    date: string;
    available: boolean;
  }[];
  const open = dates.find((d) => d.available);
  if (!open) throw new Error("no open date");
  const res = await app.request("/api/bookings", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      adventure_id: "guided-shore-dive",
      selected_date: open.date,
      group_size: 1,
      customer_first_name: "Ava",
      customer_last_name: "Walker",
      customer_email: "ava.markup@example.com",
      customer_phone: "+61 400 111 222",
    }),
  });
  const body = (await res.json()) as { checkout_url: string };
  return new URL(body.checkout_url).pathname;
}

/** The unsubscribe page of a newsletter reader's own link (a reader who confirmed their sign-up). */
async function unsubscribePage(): Promise<string> {
  await subscribeConfirmed({ app, db: database.db, services }, "reader.markup@example.com");
  await sendNewsletter(
    { db: database.db, publicUrl: services.env.publicUrl },
    { campaignId: "markup-check", subject: "News", body: "Hello." },
  );
  const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "newsletter"));
  const link = /\/newsletter\/unsubscribe\/[\w-]+/.exec(await sentText(database.db, row))?.[0];
  if (!link) throw new Error("no unsubscribe link in the newsletter");
  return link;
}

/** The page a sign-up's confirmation link opens, from the email the sign-up sent. */
async function confirmPage(): Promise<string> {
  const email = "signup.markup@example.com";
  await app.request("/api/newsletter/subscribe", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const [token] = await confirmationTokens(database.db, email);
  return `/newsletter/confirm/${token}`;
}

/**
 * The admin sign-in as the browser draws it (the server sends a loading
 * screen; the form is client-side), and what the browser logged on the way.
 */
async function adminSignIn(): Promise<{ html: string; console: string[] }> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const tab = await browser.newPage();
    const logged: string[] = [];
    tab.on("console", (message) => logged.push(`${message.type()}: ${message.text()}`));
    await tab.goto(`http://127.0.0.1:${port}/admin`);
    await tab.getByRole("button", { name: "Sign in" }).waitFor();
    return { html: await tab.content(), console: logged };
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** Every HTML email, each kind rendered by the code that sends it, from the seeded site's rows. */
async function emails(): Promise<[string, string][]> {
  const html = (email: { html?: string }) => {
    if (!email.html) throw new Error("an email without its HTML part");
    return email.html;
  };
  const at = new Date();
  const content = await loadSiteContent(database.db);
  const site = siteInfo(content);
  const publicUrl = services.env.publicUrl;
  const { booking } = await insertBooking(database.db, {
    paid: true,
    date: addDays(sydneyDate(), 20),
    specialRequirements: "Vegetarian <lunch> & a 5 mm wetsuit",
  });
  const facts = { ...toFacts(booking), voucherCents: 5_000 };
  const adventure = {
    duration: "3 hours",
    location: "Clovelly",
    meetingPoint: "Clovelly Beach car park",
    whatToBring: ["Swimwear", "Towel"],
    startTime: "9:00 am",
  };
  const manage = manageUrl(publicUrl, "a-private-token");
  const gift = await issueVoucher(database.db, {
    amountCents: 20_000,
    currency: "aud",
    source: "gift",
    at,
    purchaserName: "Sam Giver",
    purchaserEmail: "sam@example.com",
    recipientName: "Riley",
    recipientEmail: "riley@example.com",
    message: "Happy birthday!",
  });
  const receipt = {
    sessionId: "cs_test_receipt000000",
    description: "Private dive lesson",
    unitAmountCents: 12_000,
    quantity: 2,
    amountTotalCents: 24_000,
    currency: "aud",
    paidAt: at,
  };
  const draft = { subject: "Autumn dive dates", body: "New dates are open.\n\nSee you in the water!" };
  const trip = (kind: "reminder" | "thank_you") =>
    previewTripEmail(database.db, publicUrl, { kind, ...BUILT_IN_TRIP_EMAILS[kind] }, at);
  return [
    ["email-booking-confirmation", html(bookingConfirmationEmail(facts, adventure, site, at, manage))],
    ["email-booking-notice", html(operatorNoticeEmail(facts, site))],
    ["email-booking-notice-warning", html(operatorNoticeEmail(facts, site, "Paid after the hold ended"))],
    ["email-payment-receipt", html(paymentReceiptEmail(receipt, site))],
    [
      "email-late-payment-refund",
      html(
        latePaymentRefundEmail(
          facts,
          [addDays(sydneyDate(), 40)],
          `${publicUrl}/book`,
          site,
          "date_full",
          facts.totalAmountCents,
        ),
      ),
    ],
    [
      "email-late-payment-refund-cancelled",
      html(latePaymentRefundEmail(facts, [], `${publicUrl}/book`, site, "booking_cancelled", 5_000)),
    ],
    ["email-trip-reminder", html(await trip("reminder"))],
    ["email-trip-thank-you", html(await trip("thank_you"))],
    ["email-voucher-code", html(voucherCodeEmail(gift, gift.code, site, publicUrl))],
    ["email-gift-receipt", html(giftReceiptEmail(gift, gift.code, site))],
    ["email-newsletter", html(newsletterEmail(draft, site, unsubscribeUrl(publicUrl, "a-reader-token")))],
    ["email-newsletter-test", html(newsletterEmail(draft, site, null))],
    [
      "email-newsletter-confirm",
      html(newsletterConfirmEmail(site, confirmUrl(publicUrl, "a-confirm-token"), CONFIRM_LINK_DAYS)),
    ],
  ];
}

describe("HTML validity (Nu Html Checker)", () => {
  it("finds no error on any public page, private booking page, the admin sign-in or any email", async () => {
    const sitemap = await (await app.request("/sitemap.xml")).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(listed.length).toBeGreaterThan(10);
    const documents: [string, string][] = [
      ...listed.map((p): [string, string] => [p, p]),
      ["book-adventure", "/book?adventure=guided-shore-dive"],
      ["adventures-filtered", "/adventures?category=camping"],
      ["my-booking-find", "/my-booking"],
      ["not-found", "/no-such-page"],
      ["admin-loading", "/admin/pro-dashboard"],
      ["test-checkout", await testCheckoutPage()],
      ["newsletter-unsubscribe", await unsubscribePage()],
      ["newsletter-confirm", await confirmPage()],
      ["newsletter-confirm-expired-or-used", `/newsletter/confirm/${"x".repeat(43)}`],
      ["checkout-release-request", "/checkouts/release"],
      ["checkout-release-sent", "/checkouts/release?sent=1"],
      ["checkout-release-expired-or-used", `/checkouts/release/${"x".repeat(43)}`],
      ...(await privatePages()),
    ];
    for (const [name, address] of documents) save(name, await page(address));
    const signIn = await adminSignIn();
    save("admin-sign-in", signIn.html);
    // Every answer's Permissions-Policy names only features the browser knows (or it warns).
    expect(signIn.console.filter((line) => /permissions.policy/i.test(line))).toEqual([]);
    for (const [name, html] of await emails()) save(name, html);

    expect(htmlErrors(out)).toEqual([]);
    // The checker's Java start takes seconds on a quiet machine and minutes on a crowded one.
  }, 300_000);
});

/** Every JSON-LD block of a page (LocalBusiness, Product, …). */
function structuredData(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return blocks.map((m) => JSON.parse(m[1]) as Record<string, unknown>);
}

const ofType = (html: string, type: string) => structuredData(html).find((d) => d["@type"] === type);

/** What a visitor reads in an element marked with this test id (tags stripped), or null. */
function shownText(html: string, testId: string): string | null {
  const m = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return m
    ? m[2]
        .replace(/<[^>]+>/g, "")
        .replace(/&amp;/g, "&")
        .trim()
    : null;
}

describe("structured data says what the pages say", () => {
  it("an adventure's rating is shown where it is marked up, and only there", async () => {
    const sitemap = await (await app.request("/sitemap.xml")).text();
    const adventurePages = [...sitemap.matchAll(/<loc>[^<]*(\/adventures\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(adventurePages).toHaveLength(9);
    let rated = 0;
    for (const address of adventurePages) {
      const html = await page(address);
      const product = ofType(html, "Product");
      expect(product, address).toBeDefined();
      const rating = product?.aggregateRating as { ratingValue: string; reviewCount: number } | undefined;
      const shown = shownText(html, "adventure-rating");
      if (!rating) {
        expect(shown, address).toBeNull();
        continue;
      }
      rated++;
      const reviews = `${rating.reviewCount} review${rating.reviewCount === 1 ? "" : "s"}`;
      expect(shown, address).toBe(`${rating.ratingValue} out of 5 · ${reviews}`);
    }
    // The six seeded reviews are on six adventures.
    expect(rated).toBe(6);
  });

  it("an adventure whose every date is full is sold out; one with a free spot is in stock", async () => {
    await database.db
      .update(availability)
      .set({ bookedSpots: sql`${availability.availableSpots}` })
      .where(eq(availability.adventureId, "night-dive-experience"));
    const offer = async (slug: string) => {
      const product = ofType(await page(`/adventures/${slug}`), "Product");
      return (product?.offers as { availability?: string } | undefined)?.availability;
    };
    expect(await offer("night-dive-experience")).toBe("https://schema.org/SoldOut");
    expect(await offer("scooter-dive-adventure")).toBe("https://schema.org/InStock");
  });

  it("the business's postal address has the street and postcode set in the admin settings", async () => {
    const business = ofType(await page("/gift-vouchers"), "LocalBusiness");
    // The seeded demo address (Admin → Settings → Business address).
    expect(business?.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "Shop 3, 88 Cumberland Street",
      addressLocality: "Sydney",
      addressRegion: "NSW",
      postalCode: "2000",
      addressCountry: "AU",
    });
  });
});
