/**
 * A built-in test checkout paid with the success card and settled at once, as its page does:
 * the payment's ledger row, for the tests of what follows a payment.
 */
import { eq } from "drizzle-orm";
import { TEST_CARDS } from "../../app/lib/booking.ts";
import { type PaymentRow, payments } from "../../server/db/schema.ts";
import { payTestCheckout } from "../../server/domain/bookings/settle.server.ts";
import { bookingDeps } from "../../server/services.server.ts";
import type { TestContext } from "./test-app.ts";

const SUCCESS_CARD = {
  card_number: TEST_CARDS.success,
  expiry: "12/40",
  cvc: "123",
  name: "Mia Nguyen",
  email: "",
};

export async function payTestSession(t: TestContext, sessionId: string): Promise<PaymentRow> {
  const checkout = t.services.testCheckout;
  if (!checkout) throw new Error("This app takes payments through Stripe: there is no test checkout to pay");
  await payTestCheckout(bookingDeps(t.services), checkout, sessionId, SUCCESS_CARD);
  const [row] = await t.db.select().from(payments).where(eq(payments.sessionId, sessionId));
  if (row?.paymentStatus !== "paid") throw new Error(`Checkout ${sessionId} is not paid`);
  return row;
}
