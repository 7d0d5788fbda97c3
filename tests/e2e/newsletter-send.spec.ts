import { randomUUID } from "node:crypto";
import { E2E_SMTP_PORT } from "../../playwright.config";
import { type APIRequestContext, expect, type Page, test } from "../fixtures/test";
import { adminToken, bearer, mailMatching, signIn, uniqueEmail } from "../helpers/e2e-api";
import { subscribeConfirmed } from "../helpers/e2e-newsletter";
import { seriousViolations } from "../helpers/page-checks";
import { header, mimePart, type SmtpSink, startSmtpSink } from "../helpers/smtp";

/**
 * The operator writes a newsletter and sends it to the active subscribers;
 * every email carries List-Unsubscribe with the one-click marker and a visible
 * link. Opening the link shows a page whose button unsubscribes (with
 * JavaScript on and off, at a phone width), and the admin list shows it; the
 * mail client's one-click POST (another reader's link) works against the
 * running site too.
 */
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const ONE_CLICK = "List-Unsubscribe=One-Click";

let sink: SmtpSink;
test.beforeAll(async () => {
  sink = await startSmtpSink(E2E_SMTP_PORT);
});
test.afterAll(async () => {
  await sink?.close();
});

interface Subscriber {
  id: string;
  email: string;
  status: string;
}

/** A reader who signed up and confirmed from the email (double opt-in). */
const subscribe = (request: APIRequestContext, email: string) => subscribeConfirmed(request, sink, email);

async function statusOf(request: APIRequestContext, token: string, email: string): Promise<string> {
  const res = await request.get("/api/admin/newsletter/subscribers", { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as Subscriber[]).find((s) => s.email === email)?.status ?? "missing";
}

/** Leaves the test's subscribers out of later sends (subscribers cannot be deleted). */
async function retire(request: APIRequestContext, token: string, emails: string[]) {
  const res = await request.get("/api/admin/newsletter/subscribers", { headers: bearer(token) });
  for (const s of (await res.json()) as Subscriber[]) {
    if (!emails.includes(s.email) || s.status !== "active") continue;
    await request.put(`/api/admin/newsletter/subscribers/${s.id}`, {
      headers: bearer(token),
      data: { status: "inactive" },
    });
  }
}

/** The newsletter email a reader received, its unsubscribe link checked in the headers and the body. */
async function newsletterLink(reader: string, subject: string): Promise<string> {
  const mail = await mailMatching(sink.messages, (m) => m.to.includes(reader) && m.subject === subject);
  const listUnsubscribe = header(mail.raw, "List-Unsubscribe");
  const link = /^<(http:\/\/localhost:\d+\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43})>$/.exec(
    listUnsubscribe,
  )?.[1];
  expect(link, listUnsubscribe).toBeTruthy();
  expect(header(mail.raw, "List-Unsubscribe-Post")).toBe(ONE_CLICK);
  expect(mimePart(mail.raw, /text\/plain/)).toContain(`Unsubscribe with one click: ${link}`);
  expect(mimePart(mail.raw, /text\/html/)).toContain(`href="${link}"`);
  return link as string;
}

/** Opens the link, checks that opening alone changed nothing, and presses the button. */
async function unsubscribeInBrowser(
  page: Page,
  request: APIRequestContext,
  token: string,
  reader: string,
  link: string,
  checks?: () => Promise<void>,
) {
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole("heading", { name: "Unsubscribe from our newsletter" })).toBeVisible();
  expect(await statusOf(request, token, reader)).toBe("active");
  await checks?.();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  expect(await statusOf(request, token, reader)).toBe("unsubscribed");
  await checks?.();
}

test("the operator composes and sends a newsletter; a reader unsubscribes from its link", async ({
  page,
  request,
}) => {
  // A whole journey: two readers sign up and confirm by email, the operator composes, tests, checks the
  // page's accessibility at two widths and sends, and a reader unsubscribes at two widths.
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const readers = [uniqueEmail("news-reader"), uniqueEmail("news-other")];
  try {
    await Promise.all(readers.map((reader) => subscribe(request, reader)));
    await signIn(page, token);
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/newsletter");
    await page.getByRole("button", { name: "Write a newsletter" }).click();

    const subject = `Reef report ${randomUUID().slice(0, 8)}`;
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill("Hello divers,\n\nVisibility is 15 m this week.\nBring a hood.");
    const preview = page.getByTestId("newsletter-preview");
    await expect(preview).toContainText(subject);
    await expect(preview.locator("p.whitespace-pre-line")).toHaveText([
      "Hello divers,",
      "Visibility is 15 m this week.\nBring a hood.",
    ]);
    await expect(preview).toContainText("Unsubscribe with one click.");
    expect(await seriousViolations(page)).toEqual([]);

    // The test goes to the operator's notification address, marked, and without unsubscribe headers.
    await page.getByRole("button", { name: "Send test to me" }).click();
    await expect(page.getByText(/^Test email sent to \S+@\S+\.$/)).toBeVisible();
    const testMail = await mailMatching(sink.messages, (m) => m.subject === `[Test] ${subject}`);
    expect(header(testMail.raw, "List-Unsubscribe")).toBe("");
    expect(readers.some((r) => testMail.to.includes(r))).toBe(false);
    await page.setViewportSize(PHONE);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize(DESKTOP);

    const sendButton = page.getByRole("button", { name: /^Send to \d+ active subscribers?$/ });
    const label = (await sendButton.textContent()) ?? "";
    const count = Number(/\d+/.exec(label)?.[0]);
    expect(count).toBeGreaterThanOrEqual(readers.length);
    await sendButton.click();
    const dialog = page.getByRole("dialog", { name: "Send this newsletter?" });
    await expect(dialog).toContainText(`“${subject}” goes to ${count} active subscribers now.`);
    await dialog.getByRole("button", { name: label.trim() }).click();
    await expect(page.getByText(`Newsletter queued for ${count} subscribers.`)).toBeVisible();
    // The composer closes after a send; opening it again starts a new newsletter.
    await expect(page.getByLabel("Subject")).toHaveCount(0);

    const link = await newsletterLink(readers[0], subject);
    const other = await newsletterLink(readers[1], subject);
    expect(other).not.toBe(link);

    await page.setViewportSize(PHONE);
    await unsubscribeInBrowser(page, request, token, readers[0], link, async () => {
      expect(await seriousViolations(page)).toEqual([]);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(sideways).toBeLessThanOrEqual(0);
    });
    expect(await statusOf(request, token, readers[1])).toBe("active");

    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/newsletter");
    const row = page.getByTestId("subscriber-row").filter({ hasText: readers[0] });
    await expect(row).toContainText("Unsubscribed");
    await expect(row.getByRole("button", { name: "Reactivate" })).toBeVisible();

    await test.step("a mail client's one-click POST unsubscribes, from another origin and without cookies", async () => {
      // The other reader's link, posted as a mail client does (this request context holds no cookies).
      for (let i = 0; i < 2; i++) {
        const res = await request.post(other, {
          form: { "List-Unsubscribe": "One-Click" },
          headers: { Origin: "https://mail.example.net" },
          maxRedirects: 0,
        });
        expect(res.status()).toBe(200);
        expect(await statusOf(request, token, readers[1])).toBe("unsubscribed");
      }
    });
  } finally {
    await retire(request, token, readers);
  }
});

/** A campaign sent through the API, for the tests about the reader's side. */
async function sendCampaign(request: APIRequestContext, token: string): Promise<string> {
  const subject = `Tide times ${randomUUID().slice(0, 8)}`;
  const res = await request.post("/api/admin/newsletter/send", {
    headers: bearer(token),
    data: { campaign_id: randomUUID(), subject, body: "High tide at 7:40 on Saturday." },
  });
  expect(res.status(), await res.text()).toBe(200);
  return subject;
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test("the unsubscribe page's button works as a plain form", async ({ page, request }) => {
    const token = await adminToken(request);
    const reader = uniqueEmail("news-nojs");
    try {
      await subscribe(request, reader);
      const link = await newsletterLink(reader, await sendCampaign(request, token));
      await unsubscribeInBrowser(page, request, token, reader, link);
    } finally {
      await retire(request, token, [reader]);
    }
  });
});
