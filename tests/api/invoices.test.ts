/**
 * Tax invoices and adjustment notes: issued once, in the transaction of what
 * they report, numbered without gaps or repeats also when bookings are paid in
 * parallel; receipts without GST until the business sets its ABN; each opened
 * only from its own booking's link or by the operator.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "../../app/lib/dates.ts";
import * as invoicePage from "../../app/routes/public/my-booking-invoice.ts";
import { availability, bookings, emailOutbox, invoices } from "../../server/db/schema.ts";
import { mintBookingLink } from "../../server/domain/bookings/booking-links.server.ts";
import { authed, login, TEST_ADMIN_PASSWORD } from "../helpers/admin.ts";
import { appWithRoutes, type RouteFn } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
  testClock,
} from "../helpers/test-app.ts";

const PAY = { card_number: "4242424242424242", expiry: "12/40", cvc: "123", name: "Tax Payer" };
/** The Australian Business Register's own example of a valid ABN. */
const ABN = "51824753556";
const clock = testClock();
let t: TestContext;
let token: string;
/** The app with the invoice page's loader answering its path. */
let pages: ReturnType<typeof appWithRoutes>;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, { now: clock.now });
  pages = appWithRoutes(t.services, (method, path) => {
    const m = /^\/my-booking\/([^/]+)\/invoices\/([^/]+)$/.exec(path);
    return m && method === "GET"
      ? { fn: invoicePage.loader as RouteFn, params: { token: m[1], number: m[2] } }
      : null;
  });
});
afterAll(() => t.close());

let n = 0;
let date: string;
beforeEach(async () => {
  token = await login(t);
  n += 1;
  date = addDays(await firstOpenDate(t.app, "dive-exhibition"), 60 + n * 3);
  await setDate(date, 20);
});

async function setDate(d: string, spots: number) {
  await t.db
    .insert(availability)
    .values({ adventureId: "dive-exhibition", date: d, availableSpots: spots })
    .onConflictDoUpdate({
      target: [availability.adventureId, availability.date, availability.startTime],
      set: { availableSpots: spots, bookedSpots: 0, isAvailable: true },
    });
}

async function setTax(body: Record<string, unknown>) {
  return t.app.request("/api/admin/invoice-settings", authed(token, "PUT", body));
}

/** A customer books and pays by card: the booking's id. */
async function bookAndPay(email: string, groupSize = 2) {
  const res = await t.app.request(
    "/api/bookings",
    jsonRequest(
      "POST",
      bookingPayload({ customer_email: email, selected_date: date, group_size: groupSize }),
    ),
  );
  expect(res.status).toBe(201);
  const created = (await res.json()) as { session_id: string; reference: string };
  await t.app.request(`/api/payments/v1/test-checkout/${created.session_id}/pay`, jsonRequest("POST", PAY));
  const [b] = await t.db.select().from(bookings).where(eq(bookings.reference, created.reference));
  expect(b.bookingStatus).toBe("confirmed");
  return b;
}

const documentsOf = (bookingId: string) =>
  t.db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.number));

describe("without an ABN", () => {
  it("a paid booking gets a receipt with no GST, opened from its own link only", async () => {
    await setTax({ legal_name: "", abn: "", gst_registered: false });
    const b = await bookAndPay("receipt@example.com");
    const [doc] = await documentsOf(b.id);
    expect(doc).toMatchObject({ kind: "invoice", taxInvoice: false, totalCents: 19_000, gstCents: 0 });
    const link = await t.db.transaction((tx) => mintBookingLink(tx, b.id, "email", clock.now()));
    const page = await pages.request(`/my-booking/${link}/invoices/${doc.number}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1>Receipt</h1>");
    expect(html).not.toContain("GST included");
    expect(html).toContain("$190.00");

    // Another booking's link does not open it.
    const other = await bookAndPay("other@example.com", 1);
    const otherLink = await t.db.transaction((tx) => mintBookingLink(tx, other.id, "email", clock.now()));
    expect((await pages.request(`/my-booking/${otherLink}/invoices/${doc.number}`)).status).toBe(404);
    expect((await pages.request(`/my-booking/not-a-token/invoices/${doc.number}`)).status).toBe(404);
  });
});

describe("with an ABN registered for GST", () => {
  it("a booking's tax invoice shows the ABN and the GST; its cancellation refund an adjustment note", async () => {
    expect(
      (await setTax({ legal_name: "Tidewater Pty Ltd", abn: "51 824 753 556", gst_registered: true })).status,
    ).toBe(200);
    const b = await bookAndPay("tax@example.com");
    const [invoice] = await documentsOf(b.id);
    expect(invoice).toMatchObject({
      kind: "invoice",
      taxInvoice: true,
      sellerName: "Tidewater Pty Ltd",
      sellerAbn: ABN,
      totalCents: 19_000,
      gstCents: 1_727, // 190 / 11 = 17.27
      buyerEmail: "tax@example.com",
    });

    const cancel = await t.app.request(
      `/api/admin/bookings/${b.id}/status`,
      authed(token, "PUT", { status: "cancelled" }),
    );
    expect(cancel.status).toBe(200);
    const [, note] = await documentsOf(b.id);
    expect(note).toMatchObject({
      kind: "adjustment",
      refersToId: invoice.id,
      totalCents: 19_000,
      gstCents: 1_727,
    });
    expect(note.number).toBeGreaterThan(invoice.number);

    const view = await t.app.request(`/api/admin/invoices/${note.id}`, authed(token));
    const body = (await view.json()) as { title: string; number: string; html: string };
    expect(body.title).toBe("Adjustment note");
    expect(body.html).toContain("ABN 51 824 753 556");
    expect(body.html).toContain(`Adjusts tax invoice INV-${String(invoice.number).padStart(6, "0")}`);

    const found = await t.app.request(
      `/api/admin/invoices?q=${encodeURIComponent(b.reference)}`,
      authed(token),
    );
    const list = (await found.json()) as { invoices: { id: string }[] };
    expect(list.invoices.map((i) => i.id).sort()).toEqual([invoice.id, note.id].sort());

    const sent = await t.app.request(`/api/admin/invoices/${invoice.id}/send`, authed(token, "POST"));
    expect(sent.status).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, "tax@example.com"), eq(emailOutbox.kind, "invoice")));
    expect(mail.subject).toBe(
      `Tax invoice INV-${String(invoice.number).padStart(6, "0")} from Tidewater Pty Ltd`,
    );
    // A PDF on A4 and the printable page.
    const [pdf, page] = mail.attachments;
    expect(pdf).toMatchObject({ contentType: "application/pdf", encoding: "base64" });
    const bytes = Buffer.from(pdf.content, "base64");
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain("/MediaBox [0 0 595.28 841.89]");
    expect(page.content).toContain("<h1>Tax invoice</h1>");
  });

  it("a dearer change by the operator is invoiced for the difference, referring to the booking's invoice", async () => {
    await setTax({ legal_name: "Tidewater Pty Ltd", abn: ABN, gst_registered: true });
    const b = await bookAndPay("grow@example.com", 1);
    const res = await t.app.request(
      `/api/admin/bookings/${b.id}/change`,
      authed(token, "POST", {
        group_size: 2,
        settlement: "owed",
        expected_difference_cents: 9_500,
        request_key: crypto.randomUUID(),
      }),
    );
    expect(res.status).toBe(201);
    const [invoice, extra] = await documentsOf(b.id);
    expect(extra).toMatchObject({
      kind: "invoice",
      refersToId: invoice.id,
      totalCents: 9_500,
      gstCents: 864,
    });
  });
});

describe("numbers", () => {
  it("run without gaps or repeats when many bookings are paid at once", async () => {
    await setTax({ legal_name: "", abn: ABN, gst_registered: true });
    const dates = [date, addDays(date, 1), addDays(date, 2)];
    for (const d of dates) await setDate(d, 20);
    const before = (await t.db.select().from(invoices)).length;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const payload = bookingPayload({
          customer_email: `many${i}@example.com`,
          selected_date: dates[i % 3],
          group_size: 1,
          payment: "cash",
        });
        delete payload.host_url;
        return t.app.request("/api/admin/bookings", authed(token, "POST", payload));
      }),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = (
      await t.db.select({ n: invoices.number }).from(invoices).orderBy(asc(invoices.number))
    ).map((r) => r.n);
    expect(numbers).toHaveLength(before + 50);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0] + i));
  });
});

describe("the settings", () => {
  it("refuse an ABN that fails its check, and tax invoices without one, naming the field", async () => {
    for (const body of [
      { legal_name: "", abn: "51824753557", gst_registered: true },
      { legal_name: "", abn: "", gst_registered: true },
      { legal_name: "", abn: "12", gst_registered: false },
    ]) {
      const res = await setTax(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(((await res.json()) as { errors: object }).errors)).toEqual(["abn"]);
    }
    expect((await t.app.request("/api/admin/invoice-settings")).status).toBe(401);
    expect((await t.app.request("/api/admin/invoices")).status).toBe(401);
  });
});
