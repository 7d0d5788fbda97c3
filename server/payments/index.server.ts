/** Builds the payment provider the configuration chose (env.paymentsMode, see paymentsDecision). */
import type { DB } from "../db/client.server.ts";
import type { Env } from "../env.server.ts";
import type { PaymentProvider } from "./provider.server.ts";
import { createStripeProvider } from "./stripe.server.ts";
import { createTestProvider } from "./test-checkout.server.ts";

export type TestCheckout = ReturnType<typeof createTestProvider>;

export function createPaymentProvider(
  env: Env,
  db: DB,
  now: () => Date,
): { payments: PaymentProvider; testCheckout?: TestCheckout } {
  if (env.paymentsMode === "stripe" && env.STRIPE_SECRET_KEY) {
    return {
      payments: createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        apiBase: env.STRIPE_API_BASE,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        now,
      }),
    };
  }
  const testCheckout = createTestProvider({ db, publicUrl: env.publicUrl, now });
  return { payments: testCheckout, testCheckout };
}
