/**
 * The app with Stripe as its payment provider, played by the local fake of
 * Stripe's API, and a way to deliver signed webhook events to it.
 */
import Stripe from "stripe";
import type { ServiceOptions } from "../../server/services.server.ts";
import { TEST_ADMIN_PASSWORD } from "./admin.ts";
import { type FakeStripe, startFakeStripe } from "./fake-stripe.ts";
import { createTestApp, type TestContext } from "./test-app.ts";

export const WEBHOOK_SECRET = "whsec_test_secret";
const signer = new Stripe("sk_test_fake");
let seq = 0;

export interface StripeTestApp {
  ctx: TestContext;
  fake: FakeStripe;
  /** Delivers a signed event of `type` about `object` to the webhook route. */
  deliver(type: string, object: unknown): Promise<Response> | Response;
  close(): Promise<void>;
}

export async function createStripeTestApp(options: ServiceOptions = {}): Promise<StripeTestApp> {
  const fake = await startFakeStripe();
  const ctx = await createTestApp(
    {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    },
    options,
  );
  return {
    ctx,
    fake,
    deliver(type, object) {
      seq++;
      const payload = JSON.stringify({
        id: `evt_test_${seq}_${Date.now()}`,
        object: "event",
        type,
        api_version: "2025-01-01",
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return ctx.app.request("/api/payments/v1/webhook/stripe", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
    },
    async close() {
      await ctx.close();
      await fake.close();
    },
  };
}
