/**
 * The newsletter sign-up's double opt-in: a sign-up (the API or the footer's
 * no-JavaScript post) keeps the address pending and sends one confirmation
 * email with a single-use, expiring link whose page confirms only from its
 * button; a repeated sign-up sends at most one email an hour; someone who left
 * stays off the list until they confirm again; every address gets the same
 * answer; campaigns reach confirmed subscribers only; and sign-ups nobody
 * confirms are forgotten. Time is a test clock.
 */
import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CONFIRM_BY_EMAIL,
  CONFIRM_LINK_DAYS,
  SIGN_UP_ANSWER,
  SUBSCRIBED_MESSAGE,
} from "../../app/lib/newsletter.ts";
import * as newsletterPage from "../../app/routes/public/newsletter.tsx";
import * as confirmPage from "../../app/routes/public/newsletter-confirm.tsx";
import { emailOutbox, newsletterConfirmLinks, newsletterSubscribers } from "../../server/db/schema.ts";
import { hashToken } from "../../server/domain/access/auth.server.ts";
import { CONFIRM_RESEND_MS } from "../../server/domain/messaging/newsletter-signup.server.ts";
import { sealedText } from "../../server/email/outbox.server.ts";
import { LINK_REMOVED } from "../../server/email/secrets.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import {
  CONFIRM_LINK,
  confirmationEmails,
  confirmationTokens,
  subscribeConfirmed,
} from "../helpers/newsletter.ts";
import { appWithRoutes, formPost, reactRouterPages } from "../helpers/page-routes.ts";
import { createTestApp, jsonRequest, type TestContext, testClock } from "../helpers/test-app.ts";

const DAY = 86_400_000;
const clock = testClock(new Date("2031-03-10T01:00:00Z"));
let t: TestContext;
let pages: ReturnType<typeof appWithRoutes>;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  pages = appWithRoutes(
    t.services,
    await reactRouterPages({
      "routes/public/newsletter.tsx": newsletterPage,
      "routes/public/newsletter-confirm.tsx": confirmPage,
    }),
  );
});
// The test clock moves days ahead; a fresh operator session per test outlives it.
beforeEach(async () => {
  token = await login(t);
});
afterAll(async () => {
  await t?.close();
});

let made = 0;
const fresh = (tag: string) => `signup-${tag}-${++made}@example.com`;

const signUp = (email: string) => t.app.request("/api/newsletter/subscribe", jsonRequest("POST", { email }));

async function statusOf(email: string): Promise<string | undefined> {
  const [row] = await t.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email.toLowerCase()));
  return row?.status;
}

const openLink = (tok: string) => pages.request(`/newsletter/confirm/${tok}`);
const pressConfirm = (tok: string) => pages.request(`/newsletter/confirm/${tok}`, formPost({}));
/** The page's state: the loader's data, or the confirm form's answer (the one form result). */
const stateOf = async (res: Response) => {
  const body = (await res.json()) as { state?: string; data?: { state: string } };
  return body.state ?? body.data?.state;
};

const setStatus = (id: string, status: string) =>
  t.app.request(`/api/admin/newsletter/subscribers/${id}`, authed(token, "PUT", { status }));

describe("signing up", () => {
  it("keeps the address pending and sends one confirmation email with a single-use link, hashed at rest", async () => {
    const email = fresh("new");
    const res = await signUp(email);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; id: string; message: string };
    expect(body).toEqual({ success: true, id: expect.any(String), message: SIGN_UP_ANSWER });
    // The thank-you stays word for word; the request to confirm is said beside it.
    expect(body.message).toBe(`${SUBSCRIBED_MESSAGE} ${CONFIRM_BY_EMAIL}`);
    expect(await statusOf(email)).toBe("pending");

    const [mail, ...more] = await confirmationEmails(t.db, email);
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe("Confirm your Tidewater Dive & Camp newsletter subscription");
    expect(mail.headers).toEqual({});
    // Stored with the link as a marker; the live text waits sealed until sent.
    expect(mail.sealed).toBe(true);
    expect(mail.textBody).toContain(`Confirm your subscription: ${LINK_REMOVED}`);
    expect(mail.htmlBody).not.toMatch(CONFIRM_LINK);
    const live = await sealedText(t.db, mail.id);
    const [tok] = await confirmationTokens(t.db, email);
    const link = `${t.services.env.publicUrl}/newsletter/confirm/${tok}`;
    expect(live?.text).toContain(`Confirm your subscription: ${link}`);
    expect(live?.text).toContain(`The link works once, for ${CONFIRM_LINK_DAYS} days.`);
    expect(live?.html).toContain(`href="${link}"`);
    expect(live?.html).toMatch(/<title>Confirm your subscription<\/title>/);

    const links = await t.db
      .select()
      .from(newsletterConfirmLinks)
      .where(eq(newsletterConfirmLinks.subscriberId, body.id));
    expect(links).toEqual([
      {
        tokenHash: hashToken(tok),
        subscriberId: body.id,
        createdAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + CONFIRM_LINK_DAYS * DAY),
      },
    ]);
    expect(JSON.stringify(links)).not.toContain(tok);
  });

  it("opening the link changes nothing; the page's button confirms once; the link then says it was used", async () => {
    const email = fresh("confirm");
    await signUp(email);
    const [tok] = await confirmationTokens(t.db, email);

    const page = await openLink(tok);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(await stateOf(page)).toBe("ready");
    expect(await statusOf(email)).toBe("pending");

    clock.advance(60_000);
    const pressed = await pressConfirm(tok);
    expect(pressed.status).toBe(200);
    expect(await stateOf(pressed)).toBe("confirmed");
    const [row] = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(row.status).toBe("active");
    expect(row.subscribedAt).toEqual(clock.now());

    // Used: the page and its button both say so, and nothing changes.
    expect(await stateOf(await openLink(tok))).toBe("invalid");
    expect(await stateOf(await pressConfirm(tok))).toBe("invalid");
    expect(await statusOf(email)).toBe("active");
    // The token never reaches the log (the request line redacts it), nor does the address.
    const logged = t.logs.join("\n");
    expect(logged).not.toContain(tok);
    expect(logged).not.toContain(email);
  });

  it("a link past its days answers that it has expired, and confirms nothing", async () => {
    const email = fresh("expired");
    await signUp(email);
    const [tok] = await confirmationTokens(t.db, email);
    clock.advance(CONFIRM_LINK_DAYS * DAY - 1);
    expect(await stateOf(await openLink(tok))).toBe("ready");
    clock.advance(1);
    expect(await stateOf(await openLink(tok))).toBe("invalid");
    expect(await stateOf(await pressConfirm(tok))).toBe("invalid");
    expect(await statusOf(email)).toBe("pending");
  });

  it("an unknown or overlong token gets the same expired-or-used page and changes nobody", async () => {
    const email = fresh("wrong");
    await signUp(email);
    const [tok] = await confirmationTokens(t.db, email);
    const wrong = `${tok.slice(0, -1)}${tok.endsWith("A") ? "B" : "A"}`;
    for (const bad of [wrong, "x".repeat(500)]) {
      expect(await stateOf(await openLink(bad))).toBe("invalid");
      expect(await stateOf(await pressConfirm(bad))).toBe("invalid");
    }
    expect(await statusOf(email)).toBe("pending");
    expect(await stateOf(await openLink(tok))).toBe("ready");
  });
});

describe("repeated sign-ups", () => {
  it("send at most one confirmation email an hour per address, however often or in parallel", async () => {
    const email = fresh("repeat");
    const answers = await Promise.all([signUp(email), signUp(email.toUpperCase()), signUp(email)]);
    for (const a of answers) expect(a.status).toBe(200);
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(1);
    for (let i = 0; i < 5; i++) {
      clock.advance(10 * 60_000 - 1);
      expect((await signUp(email)).status).toBe(200);
    }
    // 50 minutes and a little less after the first email: still one.
    expect(await confirmationEmails(t.db, email)).toHaveLength(1);
    clock.advance(CONFIRM_RESEND_MS - 5 * (10 * 60_000 - 1) - 1);
    await signUp(email);
    expect(await confirmationEmails(t.db, email)).toHaveLength(1);
    clock.advance(1);
    await signUp(email);
    await signUp(email);
    expect(await confirmationEmails(t.db, email)).toHaveLength(2);

    // Both emails' links work until one is used; then neither does.
    const [first, second] = await confirmationTokens(t.db, email);
    expect(await stateOf(await openLink(first))).toBe("ready");
    expect(await stateOf(await pressConfirm(second))).toBe("confirmed");
    expect(await stateOf(await pressConfirm(first))).toBe("invalid");
    expect(await statusOf(email)).toBe("active");
  });

  it("an active subscriber who signs up again gets no email and stays as they are", async () => {
    const email = fresh("active-again");
    await subscribeConfirmed(t, email);
    clock.advance(CONFIRM_RESEND_MS * 3);
    expect((await signUp(email)).status).toBe(200);
    expect(await confirmationEmails(t.db, email)).toHaveLength(1);
    expect(await statusOf(email)).toBe("active");
  });
});

describe("someone who left", () => {
  it.each(["unsubscribed", "inactive"] as const)(
    "an %s address that signs up again stays so until it confirms from the new email",
    async (left) => {
      const email = fresh(left);
      const id = await subscribeConfirmed(t, email);
      expect((await setStatus(id, left)).status).toBe(200);
      clock.advance(CONFIRM_RESEND_MS);

      expect((await signUp(email)).status).toBe(200);
      expect(await statusOf(email)).toBe(left);
      const campaign = randomUUID();
      expect((await sendCampaign(campaign)).status).toBe(200);
      expect(await campaignRecipients(campaign)).not.toContain(email);

      const tokens = await confirmationTokens(t.db, email);
      expect(tokens).toHaveLength(2);
      expect(await stateOf(await pressConfirm(tokens[1]))).toBe("confirmed");
      expect(await statusOf(email)).toBe("active");
    },
  );
});

describe("the answer tells nobody who is on the list", () => {
  it("is the same for a new, pending, active, unsubscribed and inactive address, from the API and the page", async () => {
    const addresses = {
      new: fresh("same-new"),
      pending: fresh("same-pending"),
      active: fresh("same-active"),
      unsubscribed: fresh("same-unsub"),
      inactive: fresh("same-inactive"),
    };
    await signUp(addresses.pending);
    await subscribeConfirmed(t, addresses.active);
    for (const left of ["unsubscribed", "inactive"] as const) {
      const id = await subscribeConfirmed(t, addresses[left]);
      expect((await setStatus(id, left)).status).toBe(200);
    }
    for (const email of Object.values(addresses)) {
      const api = await signUp(email);
      expect(api.status).toBe(200);
      const { id: _id, ...rest } = (await api.json()) as Record<string, unknown>;
      expect(rest).toEqual({ success: true, message: SIGN_UP_ANSWER });
      const page = await pages.request("/newsletter", formPost({ email }));
      expect(page.status).toBe(200);
      expect(await page.json()).toEqual({ ok: true, status: 200, data: { message: SIGN_UP_ANSWER } });
    }
  });
});

async function sendCampaign(campaignId: string) {
  return t.app.request(
    "/api/admin/newsletter/send",
    authed(token, "POST", { campaign_id: campaignId, subject: "Spring dives", body: "Hello." }),
  );
}

async function campaignRecipients(campaignId: string): Promise<string[]> {
  const rows = await t.db
    .select({ to: emailOutbox.toAddress })
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `newsletter:${campaignId}:%`));
  return rows.map((r) => r.to);
}

describe("campaigns and the operator's list", () => {
  it("a campaign goes to confirmed subscribers only, never to a pending sign-up", async () => {
    const pending = fresh("campaign-pending");
    const confirmed = fresh("campaign-confirmed");
    await signUp(pending);
    await subscribeConfirmed(t, confirmed);
    const campaign = randomUUID();
    expect((await sendCampaign(campaign)).status).toBe(200);
    const to = await campaignRecipients(campaign);
    expect(to).toContain(confirmed);
    expect(to).not.toContain(pending);

    // Once confirmed, the next campaign reaches it.
    const [tok] = await confirmationTokens(t.db, pending);
    expect(await stateOf(await pressConfirm(tok))).toBe("confirmed");
    const next = randomUUID();
    expect((await sendCampaign(next)).status).toBe(200);
    expect(await campaignRecipients(next)).toContain(pending);
  });

  it("lists pending sign-ups as pending (and by that filter), with no status change for the operator", async () => {
    const email = fresh("admin-pending");
    const { id } = (await (await signUp(email)).json()) as { id: string };
    const all = (await (await t.app.request("/api/admin/newsletter/subscribers", authed(token))).json()) as {
      id: string;
      email: string;
      status: string;
      subscribed_at: string;
    }[];
    expect(all.find((s) => s.id === id)).toMatchObject({ email, status: "pending" });
    const only = (await (
      await t.app.request("/api/admin/newsletter/subscribers?status=pending", authed(token))
    ).json()) as { status: string; email: string }[];
    expect(only.every((s) => s.status === "pending")).toBe(true);
    expect(only.map((s) => s.email)).toContain(email);

    for (const status of ["active", "unsubscribed", "inactive"]) {
      const res = await setStatus(id, status);
      expect(res.status).toBe(409);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/not confirmed its sign-up yet/);
    }
    expect(await statusOf(email)).toBe("pending");
    // The old dashboard counts active subscribers only.
    const stats = (await (await t.app.request("/api/admin/dashboard/stats", authed(token))).json()) as {
      total_newsletter_subscribers: number;
    };
    const active = await t.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "active"));
    expect(stats.total_newsletter_subscribers).toBe(active.length);
  });
});

describe("sign-ups nobody confirms", () => {
  it("are forgotten once every link they were sent has expired; someone who left keeps their row", async () => {
    const pending = fresh("forget");
    const left = fresh("forget-left");
    await signUp(pending);
    const id = await subscribeConfirmed(t, left);
    expect((await setStatus(id, "unsubscribed")).status).toBe(200);
    clock.advance(CONFIRM_RESEND_MS);
    await signUp(left);

    clock.advance(CONFIRM_LINK_DAYS * DAY - CONFIRM_RESEND_MS);
    await t.services.tripEmails.run();
    expect(await statusOf(pending)).toBe("pending");

    clock.advance(CONFIRM_RESEND_MS + 1);
    const result = await t.services.tripEmails.run();
    expect(result.signUpsForgotten).toBeGreaterThanOrEqual(1);
    expect(await statusOf(pending)).toBeUndefined();
    expect(await statusOf(left)).toBe("unsubscribed");
    const links = await t.db
      .select()
      .from(newsletterConfirmLinks)
      .where(eq(newsletterConfirmLinks.subscriberId, id));
    expect(links).toEqual([]);
    // Signing up again starts afresh.
    await signUp(pending);
    expect(await statusOf(pending)).toBe("pending");
    expect(await confirmationEmails(t.db, pending)).toHaveLength(2);
  });
});
