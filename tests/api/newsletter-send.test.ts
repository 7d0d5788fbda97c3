/**
 * Sending the newsletter: one email per active subscriber, each with its own
 * List-Unsubscribe link and the one-click marker (RFC 8058), once per campaign
 * however often the send arrives; the one-click POST and the page's button
 * unsubscribe, opening the page does not, and a wrong token reveals nothing.
 * Subscribers are active once they confirm from their sign-up email; a
 * pending sign-up gets no campaign.
 * Transactional emails carry no unsubscribe headers.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as unsubscribePage from "../../app/routes/public/newsletter-unsubscribe.tsx";
import {
  bookings,
  emailOutbox,
  newsletterSubscribers,
  newsletterUnsubscribeLinks,
} from "../../server/db/schema.ts";
import { hashToken } from "../../server/domain/access/auth.server.ts";
import { enqueueEmail, sealedText } from "../../server/email/outbox.server.ts";
import { LINK_REMOVED } from "../../server/email/secrets.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { subscribeConfirmed } from "../helpers/newsletter.ts";
import { appWithRoutes } from "../helpers/page-routes.ts";
import { header, type SmtpSink, startSmtpSink } from "../helpers/smtp.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Sam Payer" };
const ONE_CLICK = "List-Unsubscribe=One-Click";

/** A test app and its admin token. */
interface Ctx {
  t: TestContext;
  token: string;
}

let t: TestContext;
let app: ReturnType<typeof appWithRoutes>;
let token: string;
let main: Ctx;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD });
  app = appWithRoutes(t.services, (method, path) => {
    const page = /^\/newsletter\/unsubscribe\/([^/]+)$/.exec(path);
    if (!page) return null;
    const get = method === "GET" || method === "HEAD";
    return { fn: get ? unsubscribePage.loader : unsubscribePage.action, params: { token: page[1] } };
  });
  token = await login(t);
  main = { t, token };
});
afterAll(async () => {
  await t?.close();
});

let made = 0;
/**
 * Subscribers of the test's own: signed up in the footer and confirmed from
 * the email (or left pending), then set by the operator's status change.
 */
async function subscribers(statuses: ("active" | "unsubscribed" | "inactive" | "pending")[], on: Ctx = main) {
  const run = ++made;
  const emails: Record<string, string[]> = { active: [], unsubscribed: [], inactive: [], pending: [] };
  for (const [i, status] of statuses.entries()) {
    const email = `news-${run}-${i}-${status}@example.com`;
    if (status === "pending") {
      const res = await on.t.app.request("/api/newsletter/subscribe", jsonRequest("POST", { email }));
      expect(res.status).toBe(200);
      emails.pending.push(email);
      continue;
    }
    const id = await subscribeConfirmed(on.t, email);
    if (status !== "active") {
      const put = await on.t.app.request(
        `/api/admin/newsletter/subscribers/${id}`,
        authed(on.token, "PUT", { status }),
      );
      expect(put.status).toBe(200);
    }
    emails[status].push(email);
  }
  return emails;
}

const WINTER = { subject: "Winter dives", body: "Hello!\n\nWater is 17°C." };
const send = (campaignId: string, draft = WINTER, on: Ctx = main) =>
  on.t.app.request(
    "/api/admin/newsletter/send",
    authed(on.token, "POST", { campaign_id: campaignId, ...draft }),
  );

async function campaignRows(campaignId: string, on: Ctx = main) {
  return on.t.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `newsletter:${campaignId}:%`));
}

async function activeEmails(): Promise<string[]> {
  const rows = await t.db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "active"));
  return rows.map((r) => r.email).sort();
}

async function subscriber(email: string) {
  const [row] = await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

/** The token of a campaign email's unsubscribe link, from the text it will send (stored sealed). */
async function linkToken(row: typeof emailOutbox.$inferSelect): Promise<string> {
  const live = await sealedText(t.db, row.id);
  const token = /\/newsletter\/unsubscribe\/([A-Za-z0-9_-]{43})>/.exec(
    live?.headers["List-Unsubscribe"] ?? "",
  )?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

/** Sends a campaign to a fresh active subscriber and answers the token of that subscriber's link. */
async function tokenOfNewSubscriber(): Promise<{ email: string; token: string }> {
  const { active } = await subscribers(["active"]);
  const campaign = randomUUID();
  expect((await send(campaign)).status).toBe(200);
  const [row] = (await campaignRows(campaign)).filter((r) => r.toAddress === active[0]);
  return { email: active[0], token: await linkToken(row) };
}

const oneClick = (tok: string, init: RequestInit = {}) =>
  app.request(`/newsletter/unsubscribe/${tok}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: ONE_CLICK,
    ...init,
  });

describe("sending a newsletter", () => {
  it("queues exactly one email per active subscriber, each with both unsubscribe headers", async () => {
    const mine = await subscribers(["active", "active", "unsubscribed", "inactive", "pending"]);
    const campaign = randomUUID();
    const everyoneActive = await activeEmails();
    const res = await send(campaign);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, campaign_id: campaign, queued: everyoneActive.length });

    const rows = await campaignRows(campaign);
    expect(rows.map((r) => r.toAddress).sort()).toEqual(everyoneActive);
    for (const email of mine.active) expect(rows.filter((r) => r.toAddress === email)).toHaveLength(1);
    for (const email of [...mine.unsubscribed, ...mine.inactive, ...mine.pending]) {
      expect(rows.some((r) => r.toAddress === email)).toBe(false);
    }
    for (const row of rows.filter((r) => mine.active.includes(r.toAddress))) {
      const link = `${t.services.env.publicUrl}/newsletter/unsubscribe/${await linkToken(row)}`;
      expect(row.kind).toBe("newsletter");
      expect(row.subject).toBe("Winter dives");
      // What is sent carries the reader's link; what is stored, a marker in its place.
      const live = await sealedText(t.db, row.id);
      expect(live?.headers).toEqual({ "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": ONE_CLICK });
      expect(live?.text).toContain(`Unsubscribe with one click: ${link}`);
      expect(live?.html).toContain(`href="${link}"`);
      expect(row.sealed).toBe(true);
      expect(row.headers).toEqual({
        "List-Unsubscribe": `<${LINK_REMOVED}>`,
        "List-Unsubscribe-Post": ONE_CLICK,
      });
      expect(row.textBody).toContain(`Unsubscribe with one click: ${LINK_REMOVED}`);
      expect(row.htmlBody).not.toContain("/newsletter/unsubscribe/");
    }
  });

  it("gives each email its own link, stores only its hash, and every link keeps working", async () => {
    const { active } = await subscribers(["active"]);
    const first = randomUUID();
    const second = randomUUID();
    expect((await send(first)).status).toBe(200);
    expect((await send(second)).status).toBe(200);
    const [a] = (await campaignRows(first)).filter((r) => r.toAddress === active[0]);
    const [b] = (await campaignRows(second)).filter((r) => r.toAddress === active[0]);
    const [tokenA, tokenB] = [await linkToken(a), await linkToken(b)];
    expect(tokenA).not.toBe(tokenB);
    const sub = await subscriber(active[0]);
    const stored = await t.db
      .select()
      .from(newsletterUnsubscribeLinks)
      .where(eq(newsletterUnsubscribeLinks.subscriberId, sub.id));
    expect(stored.map((l) => l.tokenHash).sort()).toEqual([hashToken(tokenA), hashToken(tokenB)].sort());
    expect(JSON.stringify(stored)).not.toContain(tokenA);
    // The older email's link unsubscribes as well as the newer one's.
    expect((await oneClick(tokenA)).status).toBe(200);
    expect((await subscriber(active[0])).status).toBe("unsubscribed");
  });

  it("sends a campaign once: a repeat is refused, parallel sends queue one set", async () => {
    await subscribers(["active", "active"]);
    const campaign = randomUUID();
    const results = await Promise.all([send(campaign), send(campaign), send(campaign)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const expected = await activeEmails();
    expect((await campaignRows(campaign)).map((r) => r.toAddress).sort()).toEqual(expected);

    const again = await send(campaign);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toBe(
      "This newsletter has already been sent.",
    );
    expect(await campaignRows(campaign)).toHaveLength(expected.length);
  });

  it("refuses a send with nobody on the list to send to, naming why, and queues nothing", async () => {
    // Everyone active is set aside for this test and put back after it.
    const active = await t.db
      .update(newsletterSubscribers)
      .set({ status: "inactive" })
      .where(eq(newsletterSubscribers.status, "active"))
      .returning({ id: newsletterSubscribers.id });
    try {
      const campaign = randomUUID();
      const res = await send(campaign);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        "There are no active subscribers to send to.",
      );
      expect(await campaignRows(campaign)).toEqual([]);
    } finally {
      if (active.length) {
        await t.db
          .update(newsletterSubscribers)
          .set({ status: "active" })
          .where(
            inArray(
              newsletterSubscribers.id,
              active.map((a) => a.id),
            ),
          );
      }
    }
  });

  it("answers 400 naming each bad field, and 401 without the admin token", async () => {
    const res = await t.app.request(
      "/api/admin/newsletter/send",
      authed(token, "POST", { campaign_id: "twice", subject: "", body: 7 }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors).toEqual({
      campaign_id: "Campaign id must be a UUID",
      subject: "Subject is required",
      body: "Message is required",
    });
    const anonymous = await t.app.request(
      "/api/admin/newsletter/send",
      jsonRequest("POST", { campaign_id: randomUUID(), subject: "Hi", body: "There" }),
    );
    expect(anonymous.status).toBe(401);
    expect(await campaignRows(randomUUID())).toHaveLength(0);
  });

  it("sends a test to the notification address, marked as a test and without unsubscribe headers", async () => {
    const set = await t.app.request(
      "/api/admin/settings",
      authed(token, "PUT", { notification_email: "operator-news@example.com" }),
    );
    expect(set.status).toBe(200);
    const res = await t.app.request(
      "/api/admin/newsletter/test",
      authed(token, "POST", { subject: "Draft", body: "Hello" }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, to: "operator-news@example.com" });
    const rows = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, "operator-news@example.com"), eq(emailOutbox.kind, "newsletter_test")),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0].subject).toBe("[Test] Draft");
    expect(rows[0].headers).toEqual({});
  });
});

describe("unsubscribing", () => {
  it("one-click POST unsubscribes with 200, without cookies and from another origin, and again is the same", async () => {
    const sub = await tokenOfNewSubscriber();
    const first = await oneClick(sub.token, {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example.net" },
    });
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const answer = await first.text();
    expect((await subscriber(sub.email)).status).toBe("unsubscribed");
    const again = await oneClick(sub.token);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(answer);
    expect((await subscriber(sub.email)).status).toBe("unsubscribed");
    // The token never reaches the log (the request line redacts it).
    expect(t.logs.some((l) => l.includes(sub.token))).toBe(false);
  });

  it("accepts the one-click POST as multipart/form-data too", async () => {
    const sub = await tokenOfNewSubscriber();
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const res = await app.request(`/newsletter/unsubscribe/${sub.token}`, { method: "POST", body: form });
    expect(res.status).toBe(200);
    expect((await subscriber(sub.email)).status).toBe("unsubscribed");
  });

  it("opening the link changes nothing; the page's button unsubscribes", async () => {
    const sub = await tokenOfNewSubscriber();
    const page = await app.request(`/newsletter/unsubscribe/${sub.token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect((await subscriber(sub.email)).status).toBe("active");

    const button = await app.request(`/newsletter/unsubscribe/${sub.token}`, {
      method: "POST",
      headers: { Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(button.status).toBe(200);
    expect(await button.json()).toEqual({ ok: true, status: 200, data: null });
    expect((await subscriber(sub.email)).status).toBe("unsubscribed");
  });

  it("a wrong token gets exactly the answers a right one gets, and changes nobody", async () => {
    const sub = await tokenOfNewSubscriber();
    const before = await activeEmails();
    const wrong = `${sub.token.slice(0, -1)}${sub.token.endsWith("A") ? "B" : "A"}`;
    for (const tok of [wrong, "x".repeat(500)]) {
      const page = await app.request(`/newsletter/unsubscribe/${tok}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(JSON.stringify(null));
      const click = await oneClick(tok);
      expect(click.status).toBe(200);
      expect(await click.text()).toBe("You're unsubscribed.");
      const button = await app.request(`/newsletter/unsubscribe/${tok}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "",
      });
      expect(await button.json()).toEqual({ ok: true, status: 200, data: null });
    }
    expect(await activeEmails()).toEqual(before);
    expect((await subscriber(sub.email)).status).toBe("active");
  });

  it("a subscriber who signs up again and confirms gets newsletters again, with a link that works", async () => {
    const sub = await tokenOfNewSubscriber();
    expect((await oneClick(sub.token)).status).toBe(200);
    // Signing up again is not enough: the address stays unsubscribed until the new email confirms it.
    await subscribeConfirmed(t, sub.email);
    const campaign = randomUUID();
    expect((await send(campaign)).status).toBe(200);
    const [row] = (await campaignRows(campaign)).filter((r) => r.toAddress === sub.email);
    expect((await oneClick(await linkToken(row))).status).toBe(200);
    expect((await subscriber(sub.email)).status).toBe("unsubscribed");
  });
});

describe("transactional emails and delivery", () => {
  /** Books and pays through the API and the test checkout, which queues the confirmation. */
  async function bookAndPay(email: string, on: Ctx = main) {
    const date = await firstOpenDate(on.t.app, "dive-exhibition", 2);
    const res = await on.t.app.request(
      "/api/bookings",
      jsonRequest("POST", bookingPayload({ customer_email: email, selected_date: date })),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { session_id: string; reference: string };
    const pay = await on.t.app.request(
      `/api/payments/v1/test-checkout/${created.session_id}/pay`,
      jsonRequest("POST", PAY),
    );
    expect(pay.status).toBe(200);
    const [booking] = await on.t.db.select().from(bookings).where(eq(bookings.reference, created.reference));
    expect(booking.bookingStatus).toBe("confirmed");
  }

  it("a booking confirmation and a default enqueueEmail carry no unsubscribe headers", async () => {
    const email = "news-booker@example.com";
    await bookAndPay(email);
    const [confirmation] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "booking_confirmation")));
    expect(confirmation.headers).toEqual({});

    const key = `plain-${randomUUID()}`;
    expect(
      await enqueueEmail(t.db, {
        kind: "test",
        to: "plain@example.com",
        subject: "Hi",
        text: "Hi",
        dedupeKey: key,
      }),
    ).toBe(true);
    const [plain] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));
    expect(plain.headers).toEqual({});
  });

  describe("over SMTP", () => {
    // A database of its own, so the outbox holds only this test's emails.
    let sink: SmtpSink;
    let mail: Ctx;
    beforeAll(async () => {
      sink = await startSmtpSink();
      const own = await createTestApp({
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        SMTP_URL: sink.url,
        MAIL_FROM: "Tidewater Test <news@tidewater.test>",
      });
      mail = { t: own, token: await login(own) };
    });
    afterAll(async () => {
      await mail?.t.close();
      await sink?.close();
    });

    it("a newsletter's message carries both headers; a booking confirmation carries neither", async () => {
      const { active } = await subscribers(["active"], mail);
      const campaign = randomUUID();
      const draft = { subject: "Reef report", body: "Visibility 15 m." };
      expect((await send(campaign, draft, mail)).status).toBe(200);
      const [row] = (await campaignRows(campaign, mail)).filter((r) => r.toAddress === active[0]);
      const live = await sealedText(mail.t.db, row.id);
      await bookAndPay("news-booker-smtp@example.com", mail);
      await mail.t.services.outbox.flush();

      const news = await sink.waitFor((m) => m.to.includes(active[0]) && m.subject === "Reef report");
      expect(header(news.raw, "List-Unsubscribe")).toMatch(/\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
      expect(header(news.raw, "List-Unsubscribe")).toBe(live?.headers["List-Unsubscribe"]);
      // Sent: the live text is gone, the stored email keeps its marker.
      expect(await sealedText(mail.t.db, row.id)).toBeNull();
      expect(header(news.raw, "List-Unsubscribe-Post")).toBe(ONE_CLICK);

      const confirmation = await sink.waitFor((m) => m.to.includes("news-booker-smtp@example.com"));
      expect(header(confirmation.raw, "List-Unsubscribe")).toBe("");
      expect(header(confirmation.raw, "List-Unsubscribe-Post")).toBe("");
      const [sent] = await mail.t.db
        .select({ status: emailOutbox.status })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, row.id));
      expect(sent.status).toBe("sent");
    });
  });
});
