/**
 * The site's name is the one in the settings (Admin → Website, Global
 * Elements: site title) wherever it is shown: page titles, the sender and
 * subjects of emails, the authenticator's issuer. Renaming the site renames
 * them all; DEFAULT_SITE_NAME is only the name until the operator sets one.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_NAME } from "../../app/lib/site.ts";
import * as bookPage from "../../app/routes/public/book.tsx";
import * as faqPage from "../../app/routes/public/faq.tsx";
import * as legalPage from "../../app/routes/public/legal.tsx";
import * as notFoundPage from "../../app/routes/public/not-found.tsx";
import { emailOutbox } from "../../server/db/schema.ts";
import { loadSiteContent } from "../../server/domain/content/content.server.ts";
import type { Mailer, Sender } from "../../server/email/sender.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { createTestApp, type TestContext } from "../helpers/test-app.ts";

const RENAMED = "Reef & Ridge Adventures";
const sent: { from: Sender; to: string; subject: string }[] = [];
const mailer: Mailer = {
  sendMail: async (message) => {
    sent.push({ from: message.from, to: message.to, subject: message.subject });
  },
};

let t: TestContext;
let token: string;
beforeAll(async () => {
  // MAIL_FROM as it comes: an address, the sender's name left to the settings.
  t = await createTestApp(
    { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, SMTP_URL: "smtp://127.0.0.1:9" },
    { mailer },
  );
  token = await login(t);
  await t.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
});
afterAll(() => t?.close());

async function rename(title: string) {
  const list = (await (await t.app.request("/api/admin/content/global", authed(token))).json()) as {
    id: string;
    section: string;
  }[];
  const row = list.find((s) => s.section === "site_title");
  if (!row) throw new Error("no site_title section");
  const res = await t.app.request(`/api/admin/content/${row.id}`, authed(token, "PUT", { content: title }));
  expect(res.status).toBe(200);
}

/** A route's <title>, with the root loader's data as the server gives it now. */
async function titleOf(route: { meta?: unknown }, extra: Record<string, unknown> = {}) {
  const content = await loadSiteContent(t.db);
  const meta = route.meta as (args: unknown) => { title?: string }[];
  const tags = meta({
    matches: [{ loaderData: { content, origin: "https://tidewater.example" } }],
    location: { pathname: "/cancellation" },
    params: {},
    ...extra,
  });
  return tags.find((tag) => tag.title)?.title;
}

/** An operator-issued voucher: an email whose subject carries the site's name. */
async function issueVoucher(email: string) {
  const res = await t.app.request("/api/admin/vouchers", authed(token, "POST", { amount: 50, email }));
  expect(res.status).toBe(201);
  await t.services.outbox.flush();
  const mail = sent.find((m) => m.to === email);
  if (!mail) throw new Error(`no email to ${email}`);
  return mail;
}

describe("the site's name comes from the settings", () => {
  it("is the default until renamed", async () => {
    expect(await titleOf(faqPage)).toBe(`FAQ | ${DEFAULT_SITE_NAME}`);
    const mail = await issueVoucher("before@example.com");
    expect(mail.from).toEqual({ name: DEFAULT_SITE_NAME, address: "bookings@tidewaterdive.com.au" });
    expect(mail.subject).toContain(`Your ${DEFAULT_SITE_NAME} voucher`);
  });

  it("renaming the site renames the page titles, the email's sender and its subject", async () => {
    await rename(RENAMED);
    expect(await titleOf(faqPage)).toBe(`FAQ | ${RENAMED}`);
    expect(await titleOf(bookPage)).toBe(`Book Your Adventure | ${RENAMED}`);
    expect(await titleOf(legalPage, { loaderData: { page: "cancellation" } })).toBe(
      `Cancellation Policy | ${RENAMED}`,
    );
    expect(await titleOf(notFoundPage)).toContain(RENAMED);

    const mail = await issueVoucher("after@example.com");
    expect(mail.from).toEqual({ name: RENAMED, address: "bookings@tidewaterdive.com.au" });
    expect(mail.subject).toContain(`Your ${RENAMED} voucher`);
  });

  it("a sender named in MAIL_FROM stays as configured", async () => {
    const named = await createTestApp(
      { MAIL_FROM: "Bookings Desk <desk@tidewater.test>", SMTP_URL: "smtp://127.0.0.1:9" },
      { mailer },
    );
    try {
      await named.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.status, "pending"));
      const { enqueueEmail } = await import("../../server/email/outbox.server.ts");
      await enqueueEmail(named.db, {
        kind: "test",
        to: "desk-check@example.com",
        subject: "Hello",
        text: "Hi",
      });
      await named.services.outbox.flush();
      expect(sent.find((m) => m.to === "desk-check@example.com")?.from).toBe(
        "Bookings Desk <desk@tidewater.test>",
      );
    } finally {
      await named.close();
    }
  });
});
