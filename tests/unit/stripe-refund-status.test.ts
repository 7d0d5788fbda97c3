import { expect, it } from "vitest";
import { toRefund } from "../../server/payments/stripe.server.ts";

// A refund is recorded as done only when Stripe says it succeeded; one waiting on the customer or
// on the bank (requires_action, pending, or no status yet) stays pending, and a failure keeps its reason.
it("Stripe's refund statuses become ours: final ones as they are, anything else pending", () => {
  expect(
    ["succeeded", "failed", "canceled", "pending", "requires_action", null, undefined].map(
      (status) => toRefund({ id: "re_1", status }).status,
    ),
  ).toEqual(["succeeded", "failed", "canceled", "pending", "pending", "pending", "pending"]);
  expect(toRefund({ id: "re_2", status: "failed", failure_reason: "expired_or_canceled_card" })).toEqual({
    refundId: "re_2",
    status: "failed",
    failureReason: "expired_or_canceled_card",
  });
  expect(toRefund({ id: "re_3", status: "succeeded", failure_reason: null })).toEqual({
    refundId: "re_3",
    status: "succeeded",
  });
});
