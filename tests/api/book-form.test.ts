/**
 * The /book page's form without JavaScript: its action books through the same
 * schema and createBooking as POST /api/bookings (server price, held spots,
 * open-checkout cap by the same client key), answers 303 to the checkout or
 * the page's data with the server's messages and the typed values, and spends
 * the API's rate-limit budget. The test checkout's card form posts the same way.
 */
import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEXT } from "../../app/lib/booking.ts";
import { addDays } from "../../app/lib/dates.ts";
import { action as checkoutAction } from "../../app/routes/checkout/test-checkout.tsx";
import { action as bookAction } from "../../app/routes/public/book.tsx";
import { createApp } from "../../server/app.server.ts";
import { adventures, availability, bookings } from "../../server/db/schema.ts";
import type { Services } from "../../server/services.server.ts";
import { formPost } from "../helpers/page-routes.ts";
import {
  bookingPayload,
  createTestApp,
  firstOpenDate,
  jsonRequest,
  type TestContext,
} from "../helpers/test-app.ts";

type ActionResult = Response | { type?: string; data: unknown; init: ResponseInit | null };

/**
 * The app with a page handler that runs the route actions in place of the
 * renderer: every request still passes the real middleware (limits, form body
 * checks) and the context the server builds (client key, booking services).
 */
function withActions(services: Services) {
  return createApp(services, {
    renderDocument: async (request: Request, context: RouterContextProvider) => {
      const path = new URL(request.url).pathname;
      const checkout = /^\/checkout\/test\/([^/]+)$/.exec(path);
      const args = { request, context, params: checkout ? { sessionId: checkout[1] } : {} };
      let result: ActionResult;
      try {
        result = (
          path === "/book"
            ? await bookAction(args as unknown as Parameters<typeof bookAction>[0])
            : checkout
              ? await checkoutAction(args as unknown as Parameters<typeof checkoutAction>[0])
              : new Response("no action here", { status: 404 })
        ) as ActionResult;
      } catch (thrown) {
        result = thrown as ActionResult;
      }
      if (result instanceof Response) return result;
      return new Response(JSON.stringify(result.data), {
        status: result.init?.status ?? 200,
        headers: { ...(result.init?.headers as Record<string, string>), "Content-Type": "application/json" },
      });
    },
  });
}

let clients = 0;
/** A new client address (documentation range), so tests never share a counter. */
const newClient = () => ({ "X-Forwarded-For": `203.0.113.9, 198.51.100.${++clients}` });

const bookFields = (overrides: Record<string, string> = {}) => ({
  adventureId: "dive-exhibition",
  customerFirstName: "Noah",
  customerLastName: "Plain",
  customerEmail: "noah.plain@example.com",
  customerPhone: "+61 400 222 333",
  groupSize: "2",
  selectedDate: "",
  specialRequirements: "No script here",
  ...overrides,
});

/** The page's data: the form's result (app/lib/form-result.ts) with the typed values. */
interface PageData {
  ok: false;
  values: Record<string, string>;
  detail: string;
  errors: Record<string, string>;
}

describe("POST /book without JavaScript", () => {
  let t: TestContext;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY_HOPS: "1" });
    app = withActions(t.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("books at the server's price and answers 303 to the provider's checkout", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    const res = await app.request(
      "/book?adventure=dive-exhibition",
      // A total from the form is not a field of the payload: the server prices the booking.
      formPost({ ...bookFields({ selectedDate: date }), total_amount: "1" }, newClient()),
    );
    expect(res.status).toBe(303);
    const location = res.headers.get("Location") ?? "";
    expect(location).toMatch(/^http:\/\/localhost:3999\/checkout\/test\/[^/]+$/);
    const sessionId = location.split("/").pop() ?? "";
    const [row] = await t.db.select().from(bookings).where(eq(bookings.checkoutSessionId, sessionId));
    const [adventure] = await t.db.select().from(adventures).where(eq(adventures.id, "dive-exhibition"));
    const [slot] = await t.db
      .select()
      .from(availability)
      .where(and(eq(availability.adventureId, "dive-exhibition"), eq(availability.date, date)));
    const unit = slot.priceOverrideCents ?? adventure.basePriceCents;
    expect(row).toMatchObject({
      bookingStatus: "pending_payment",
      customerEmail: "noah.plain@example.com",
      groupSize: 2,
      selectedDate: date,
      unitPriceCents: unit,
      totalAmountCents: unit * 2,
      holdsSpots: true,
    });
    expect(row.clientKey).toBeTruthy();
  });

  it("missing fields: 400 with the spec's banner, the server's field messages and the typed values", async () => {
    const res = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(bookFields({ customerEmail: "", selectedDate: "" }), newClient()),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as PageData;
    expect(body.detail).toBe(TEXT.missingFields);
    expect(body.errors).toEqual({
      customerEmail: "Email is required",
      selectedDate: "Please choose a date",
    });
    expect(body.values).toMatchObject({
      customerFirstName: "Noah",
      customerLastName: "Plain",
      customerPhone: "+61 400 222 333",
      groupSize: "2",
      specialRequirements: "No script here",
    });
  });

  it("a date with two departures asks for the time beside the form, then books the one chosen", async () => {
    const date = addDays(await firstOpenDate(t.app, "dive-exhibition", 1), 70);
    await t.db.insert(availability).values([
      { adventureId: "dive-exhibition", date, startTime: "08:00", availableSpots: 4 },
      { adventureId: "dive-exhibition", date, startTime: "13:00", availableSpots: 4 },
    ]);
    const refused = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(bookFields({ selectedDate: date, customerEmail: "two.times@example.com" }), newClient()),
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as PageData;
    expect(body.errors).toEqual({ startTime: expect.stringMatching(/Please choose a departure time/) });
    expect(body.values.selectedDate).toBe(date);
    const booked = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(
        bookFields({ selectedDate: date, startTime: "13:00", customerEmail: "two.times@example.com" }),
        newClient(),
      ),
    );
    expect(booked.status).toBe(303);
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.customerEmail, "two.times@example.com"));
    expect(row).toMatchObject({ selectedDate: date, startTime: "13:00" });
  });

  it("a body that is not a form is a refused, empty form, never a server error", async () => {
    const res = await app.request("/book", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...newClient() },
      body: JSON.stringify({ customerFirstName: "Noah" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as PageData;
    expect(body.detail).toBe(TEXT.missingFields);
    expect(body.errors.adventureId).toBe("Please select an adventure");
  });

  it("a field the server refuses shows the server's detail, as the script's form does", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const res = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(bookFields({ customerEmail: "not-an-email", selectedDate: date }), newClient()),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as PageData;
    expect(body.detail).toBe("customer_email: Enter a valid email address");
    expect(body.errors).toEqual({ customerEmail: "Enter a valid email address" });
    expect(body.values.customerEmail).toBe("not-an-email");
    expect(body.values.selectedDate).toBe(date);
  });

  it("a group too large for the adventure is refused by the domain's rule, next to the group size", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const res = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(bookFields({ groupSize: "9", selectedDate: date }), newClient()),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as PageData;
    expect(body.errors.groupSize).toBe("Group size must be at most 4");
  });

  it("the test checkout's card form pays, settles and answers 303 to the success page", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const client = newClient();
    const booked = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(
        bookFields({ groupSize: "1", selectedDate: date, customerEmail: "pay.form@example.com" }),
        client,
      ),
    );
    const sessionId = (booked.headers.get("Location") ?? "").split("/").pop() ?? "";
    const card = { card_number: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123", name: "Noah Plain" };

    const declined = await app.request(
      `/checkout/test/${sessionId}`,
      formPost({ ...card, card_number: "4000 0000 0000 0002" }, client),
    );
    expect(declined.status).toBeGreaterThanOrEqual(400);
    expect(((await declined.json()) as { errors: unknown }).errors).toEqual({
      form: "Your card was declined.",
    });

    const paid = await app.request(`/checkout/test/${sessionId}`, formPost(card, client));
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toBe(
      `/book/success?confirmed=true&session_id=${encodeURIComponent(sessionId)}`,
    );
    const [row] = await t.db.select().from(bookings).where(eq(bookings.checkoutSessionId, sessionId));
    expect(row.bookingStatus).toBe("confirmed");
  });
});

describe("POST /book limits", () => {
  let t: TestContext;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    // The real rate limits and a cap of two open checkouts.
    t = await createTestApp({ TRUST_PROXY_HOPS: "1", RATE_LIMIT_FACTOR: "1", MAX_OPEN_CHECKOUTS: "2" });
    app = withActions(t.services);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shares the booking API's budget: 10 API calls, then the form gets the 429 page", async () => {
    const client = newClient();
    for (let i = 0; i < 10; i++) {
      expect((await app.request("/api/bookings", jsonRequest("POST", {}, client))).status).toBe(400);
    }
    const before = await t.db.select().from(bookings);
    const date = await firstOpenDate(t.app, "dive-exhibition", 1);
    const res = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(bookFields({ groupSize: "1", selectedDate: date, customerEmail: "late@example.com" }), client),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toMatch(/Too many requests from your connection\. Please wait \d+ minutes? and try again\./);
    expect(html).toContain('href="/book"');
    expect(await t.db.select().from(bookings)).toHaveLength(before.length);
  });

  it("and the other way round: 10 form posts, then the API is refused", async () => {
    const client = newClient();
    for (let i = 0; i < 10; i++) {
      expect((await app.request("/book", formPost(bookFields(), client))).status).toBe(400);
    }
    const refused = await app.request("/api/bookings", jsonRequest("POST", bookingPayload(), client));
    expect(refused.status).toBe(429);
  });

  it("the open-checkout cap counts the form's checkouts as the API counts them", async () => {
    const client = newClient();
    const date = await firstOpenDate(t.app, "guided-shore-dive", 1);
    for (let i = 0; i < 2; i++) {
      const res = await app.request(
        "/api/bookings",
        jsonRequest(
          "POST",
          bookingPayload({
            adventure_id: "guided-shore-dive",
            selected_date: date,
            group_size: 1,
            customer_email: "cap.form@example.com",
          }),
          client,
        ),
      );
      expect(res.status).toBe(201);
    }
    const res = await app.request(
      "/book?adventure=guided-shore-dive",
      formPost(
        bookFields({
          adventureId: "guided-shore-dive",
          groupSize: "1",
          selectedDate: date,
          customerEmail: "Cap.Form@example.com",
        }),
        client,
      ),
    );
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = (await res.json()) as PageData;
    expect(body.detail).toMatch(/^You already have 2 unfinished checkouts\./);
    expect(body.values.customerEmail).toBe("Cap.Form@example.com");
  });
});
