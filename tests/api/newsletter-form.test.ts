/**
 * The footer's newsletter box before its script runs (or without JavaScript):
 * a form post to /newsletter, whose action signs up through the same schema
 * and requestSubscription() as the API (pending, one confirmation email),
 * answers the thank-you, and spends the API's rate-limit budget. The address
 * never reaches a URL or the log.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_UP_ANSWER } from "../../app/lib/newsletter.ts";
import * as newsletterPage from "../../app/routes/public/newsletter.tsx";
import { newsletterSubscribers } from "../../server/db/schema.ts";
import { confirmationEmails } from "../helpers/newsletter.ts";
import { appWithRoutes, formPost, reactRouterPages } from "../helpers/page-routes.ts";
import { createTestApp, jsonRequest, type TestContext } from "../helpers/test-app.ts";

let t: TestContext;
let pages: ReturnType<typeof appWithRoutes>;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HOPS: "1", RATE_LIMIT_FACTOR: "1" });
  pages = appWithRoutes(
    t.services,
    await reactRouterPages({ "routes/public/newsletter.tsx": newsletterPage }),
  );
});
afterAll(async () => {
  await t?.close();
});

let clients = 0;
const newClient = () => ({ "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` });

const subscriber = async (email: string) =>
  (await t.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];

describe("POST /newsletter (the footer box without JavaScript)", () => {
  it("signs the address up, as the API does, and answers the thank-you; the log never holds it", async () => {
    const from = t.logs.length;
    const res = await pages.request(
      "/newsletter",
      formPost({ email: " Ava.Form@Example.com " }, newClient()),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, status: 200, data: { message: SIGN_UP_ANSWER } });
    // Pending until the person follows the link in the one confirmation email.
    expect(await subscriber("ava.form@example.com")).toMatchObject({ status: "pending" });
    expect(await confirmationEmails(t.db, "ava.form@example.com")).toHaveLength(1);
    // Again: the same answer, still one row.
    const again = await pages.request(
      "/newsletter",
      formPost({ email: "ava.form@example.com" }, newClient()),
    );
    expect(again.status).toBe(200);
    const rows = await t.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "ava.form@example.com"));
    expect(rows).toHaveLength(1);
    expect(await confirmationEmails(t.db, "ava.form@example.com")).toHaveLength(1);
    expect(t.logs.slice(from).join("\n").toLowerCase()).not.toContain("ava.form");
  });

  it("a wrong address is a 400 with the schema's message and the typed value; nothing is stored", async () => {
    const res = await pages.request("/newsletter", formPost({ email: "not-an-address" }, newClient()));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      status: 400,
      detail: "Enter a valid email address",
      errors: { email: "Enter a valid email address" },
      values: { email: "not-an-address" },
    });
    const empty = await pages.request("/newsletter", formPost({}, newClient()));
    expect(((await empty.json()) as { detail: string }).detail).toBe("Email is required");
    expect(await subscriber("not-an-address")).toBeUndefined();
  });

  it("spends the API's budget: past 5 an hour the page answers 429 and stores nothing", async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.request(
        "/api/newsletter/subscribe",
        jsonRequest("POST", { email: `budget.${i}@example.com` }, client),
      );
      expect(res.status).toBe(200);
    }
    const res = await pages.request("/newsletter", formPost({ email: "budget.form@example.com" }, client));
    expect(res.status).toBe(429);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await subscriber("budget.form@example.com")).toBeUndefined();
  });
});
