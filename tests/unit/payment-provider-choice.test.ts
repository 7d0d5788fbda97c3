import { expect, it } from "vitest";
import type { DB } from "../../server/db/client.server.ts";
import type { Env } from "../../server/env.server.ts";
import { createPaymentProvider } from "../../server/payments/index.server.ts";

// The provider follows the configuration's decision (paymentsDecision): Stripe only when it was
// chosen and has its key; the test checkout otherwise, even beside a key the operator left set.
// Neither provider touches the database when it is made.
const choose = (paymentsMode: Env["paymentsMode"], STRIPE_SECRET_KEY?: string) => {
  const env = { paymentsMode, STRIPE_SECRET_KEY, publicUrl: "https://tidewater.example" } as Env;
  const made = createPaymentProvider(env, {} as DB, () => new Date());
  return [made.payments.name, made.testCheckout === made.payments];
};

it("makes Stripe only when Stripe was chosen with its key, and the test checkout otherwise", () => {
  expect(choose("stripe", "sk_test_fake")).toEqual(["stripe", false]);
  expect(choose("test", "sk_test_fake")).toEqual(["test", true]);
  expect(choose("test")).toEqual(["test", true]);
  expect(choose("stripe")).toEqual(["test", true]);
});
