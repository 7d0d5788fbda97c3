/**
 * The /book form's promo code without JavaScript: the field is posted with
 * the form, the page action books with it at the discounted total (303 to
 * the checkout), and a refused code comes back under the field with what was
 * typed.
 */
import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as bookAction } from "../../app/routes/public/book.tsx";
import { createApp } from "../../server/app.server.ts";
import { bookings, promoCodes } from "../../server/db/schema.ts";
import type { Services } from "../../server/services.server.ts";
import { formPost } from "../helpers/page-routes.ts";
import { createTestApp, firstOpenDate, type TestContext } from "../helpers/test-app.ts";

type ActionResult = Response | { data: unknown; init: ResponseInit | null };

/** The app with /book's action in place of the renderer (the real middleware and context before it). */
function withBookAction(services: Services) {
  return createApp(services, {
    renderDocument: async (request: Request, context: RouterContextProvider) => {
      let result: ActionResult;
      try {
        result = (await bookAction({ request, context, params: {} } as unknown as Parameters<
          typeof bookAction
        >[0])) as ActionResult;
      } catch (thrown) {
        result = thrown as ActionResult;
      }
      if (result instanceof Response) return result;
      return new Response(JSON.stringify(result.data), {
        status: result.init?.status ?? 200,
        headers: { "Content-Type": "application/json" },
      });
    },
  });
}

let t: TestContext;
let app: ReturnType<typeof createApp>;
let clients = 0;
const newClient = () => ({ "X-Forwarded-For": `203.0.113.7, 198.51.100.${++clients}` });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY_HOPS: "1" });
  app = withBookAction(t.services);
  await t.db.insert(promoCodes).values({ code: "NOJS20", kind: "fixed", amountCents: 2000 });
});
afterAll(() => t?.close());

const fields = (date: string, promoCode: string) => ({
  adventureId: "dive-exhibition",
  customerFirstName: "Noor",
  customerLastName: "Plain",
  customerEmail: "noor.plain@example.com",
  customerPhone: "",
  groupSize: "2",
  selectedDate: date,
  specialRequirements: "",
  promoCode,
});

describe("POST /book with a promo code", () => {
  it("books at the discounted total and answers 303 to the checkout", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    const res = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(fields(date, " nojs20 "), newClient()),
    );
    expect(res.status).toBe(303);
    const sessionId = (res.headers.get("Location") ?? "").split("/").pop() ?? "";
    const [row] = await t.db.select().from(bookings).where(eq(bookings.checkoutSessionId, sessionId));
    expect(row).toMatchObject({ promoCode: "NOJS20", promoDiscountCents: 2000 });
    expect(row.totalAmountCents).toBe(row.unitPriceCents * 2 - 2000);
  });

  it("answers a refused code under its field, keeping what was typed", async () => {
    const date = await firstOpenDate(t.app, "dive-exhibition", 2);
    const res = await app.request(
      "/book?adventure=dive-exhibition",
      formPost(fields(date, "nosuch"), newClient()),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string>; values: Record<string, string> };
    expect(body.errors).toEqual({ promoCode: "This promo code is not valid" });
    expect(body.values.promoCode).toBe("nosuch");
  });
});
