/**
 * Where a checkout returns when the site is opened at another address than
 * PUBLIC_URL. The old failure: PUBLIC_URL http://localhost:PORT, the site
 * opened at 127.0.0.1 (or a LAN address on a phone): the gift voucher form's
 * 303 went to localhost, which the page's CSP (form-action 'self') blocks, so
 * the button did nothing. Now a local visitor's address is followed when
 * PUBLIC_URL is local too, and never otherwise (ADR 29).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as giftPage from "../../app/routes/public/gift-vouchers.tsx";
import { payments } from "../../server/db/schema.ts";
import { appWithRoutes, formPost, reactRouterPages } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

const GIFT = {
  amount: "100",
  custom_amount: "",
  purchaser_name: "Ana Lima",
  purchaser_email: "ana@example.com",
  recipient_name: "Ben",
  recipient_email: "",
  message: "",
};

async function setUp(publicUrl: string) {
  const t = await createTestApp({ PUBLIC_URL: publicUrl });
  const pages = appWithRoutes(
    t.services,
    await reactRouterPages({ "routes/public/gift-vouchers.tsx": giftPage }),
  );
  return { t, pages };
}

async function ledgerOf(t: TestContext, checkoutUrl: string) {
  const sessionId = checkoutUrl.split("/").at(-1) as string;
  const [row] = await t.db.select().from(payments).where(eq(payments.sessionId, sessionId));
  return row;
}

describe("PUBLIC_URL is local (a try-out)", () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp("http://localhost:3999");
  });
  afterAll(() => s?.t.close());

  it("the gift voucher form at 127.0.0.1 goes to a checkout on 127.0.0.1, and returns there", async () => {
    const res = await s.pages.request("/gift-vouchers", formPost(GIFT, { Host: "127.0.0.1:3999" }));
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    // Same origin as the page, so form-action 'self' lets the browser follow it.
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:3999\/checkout\/test\/cs_test_/);
    const row = await ledgerOf(s.t, location);
    expect(row.successUrl).toMatch(/^http:\/\/127\.0\.0\.1:3999\/gift-vouchers\/success\?session_id=/);
    expect(row.cancelUrl).toBe("http://127.0.0.1:3999/gift-vouchers?cancelled=1");
    // Cancel at the checkout closes it and leads back to the gift voucher page, not to /book.
    const back = await s.t.app.request(`/api/payments/v1/checkout/cancel/${row.id}`);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("http://127.0.0.1:3999/gift-vouchers?cancelled=1");
    expect((await ledgerOf(s.t, location)).status).toBe("cancelled");
  });

  it("a phone on the LAN books through the API and comes back to the LAN address", async () => {
    const date = await firstOpenDate(s.t.app, "dive-exhibition");
    const res = await s.t.app.request(
      "/api/bookings",
      jsonRequest("POST", bookingPayload({ selected_date: date, group_size: 1 }), {
        Host: "192.168.1.20:3999",
      }),
    );
    expect(res.status).toBe(201);
    const { checkout_url } = (await res.json()) as { checkout_url: string };
    expect(checkout_url).toMatch(/^http:\/\/192\.168\.1\.20:3999\/checkout\/test\//);
    expect((await ledgerOf(s.t, checkout_url)).successUrl).toMatch(/^http:\/\/192\.168\.1\.20:3999\/book\?/);
  });

  it("a public Host is never followed", async () => {
    const res = await s.pages.request("/gift-vouchers", formPost(GIFT, { Host: "evil.example" }));
    expect(res.headers.get("location")).toMatch(/^http:\/\/localhost:3999\/checkout\/test\//);
  });
});

describe("PUBLIC_URL is public (a deployment)", () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp("https://tidewater.example");
  });
  afterAll(() => s?.t.close());

  it("every checkout returns to PUBLIC_URL, whatever the Host says", async () => {
    for (const host of ["127.0.0.1:3999", "192.168.1.20", "evil.example"]) {
      const res = await s.pages.request("/gift-vouchers", formPost(GIFT, { Host: host }));
      expect(res.headers.get("location")).toMatch(/^https:\/\/tidewater\.example\/checkout\/test\//);
    }
  });
});
