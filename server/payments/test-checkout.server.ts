/**
 * The built-in test checkout: a payment provider played by this site when no
 * Stripe key is configured. Its sessions
 * live in their own table; the page /checkout/test/{id} collects a test card.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { CARD_TEXT, TEST_CARDS, type TestCardInput } from "../../app/lib/booking.ts";
import { isPaid } from "../../app/lib/paid.ts";
import type { DB } from "../db/client.server.ts";
import { testCheckoutSessions } from "../db/schema.ts";
import { HttpError, notFound } from "../errors.server.ts";
import {
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderRefund,
  type ProviderSessionState,
  type RefundRequest,
  WebhookRejected,
} from "./provider.server.ts";

export type TestSessionRow = typeof testCheckoutSessions.$inferSelect;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = prefix;
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

/** What the page shows: a session as the visitor may see it, expiry applied. */
export function effectiveStatus(row: TestSessionRow, now: Date): TestSessionRow["status"] {
  return row.status === "open" && row.expiresAt.getTime() <= now.getTime() ? "expired" : row.status;
}

export async function findTestSession(db: DB, id: string): Promise<TestSessionRow | null> {
  if (!/^cs_test_[A-Za-z0-9]{8,64}$/.test(id)) return null;
  const [row] = await db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, id));
  return row ?? null;
}

export function createTestProvider(options: {
  db: DB;
  publicUrl: string;
  now?: () => Date;
}): PaymentProvider & {
  pay(sessionId: string, card: TestCardInput): Promise<{ redirectUrl: string }>;
} {
  const { db, publicUrl } = options;
  const now = options.now ?? (() => new Date());

  async function load(id: string): Promise<TestSessionRow> {
    const row = await findTestSession(db, id);
    if (!row) throw notFound("Checkout session not found");
    return row;
  }

  return {
    name: "test",

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const id = randomId("cs_test_");
      await db.insert(testCheckoutSessions).values({
        id,
        kind: request.kind,
        name: request.name,
        description: request.description ?? "",
        unitAmountCents: request.unitAmountCents,
        quantity: request.quantity,
        amountTotalCents: request.unitAmountCents * request.quantity,
        currency: request.currency,
        customerEmail: request.customerEmail ?? null,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        metadata: request.metadata,
        expiresAt: request.expiresAt,
        createdAt: now(),
      });
      return { id, url: `${request.siteUrl ?? publicUrl}/checkout/test/${id}`, expiresAt: request.expiresAt };
    },

    async retrieve(sessionId: string): Promise<ProviderSessionState> {
      const row = await load(sessionId);
      return {
        id: row.id,
        status: effectiveStatus(row, now()),
        paymentStatus: row.paymentStatus,
        amountTotalCents: row.amountTotalCents,
        currency: row.currency,
        paymentId: row.paymentId ?? undefined,
        customerEmail: row.customerEmail ?? undefined,
        metadata: row.metadata,
      };
    },

    async expire(sessionId: string): Promise<void> {
      await db
        .update(testCheckoutSessions)
        .set({ status: "expired" })
        .where(and(eq(testCheckoutSessions.id, sessionId), eq(testCheckoutSessions.status, "open")));
    },

    /**
     * Refunds like Stripe: once per idempotency key (a repeated key answers the
     * first refund), never more than what is left of the payment. The key and
     * the amount are added in one conditional update of the session's row.
     */
    async refund({ sessionId, amountCents, idempotencyKey }: RefundRequest): Promise<ProviderRefund> {
      const row = await load(sessionId);
      const earlier = row.refunds[idempotencyKey];
      if (earlier) return { refundId: earlier.id, status: "succeeded" };
      if (!isPaid(row)) throw new HttpError(409, "This payment was never completed");
      const refundId = randomId("re_test_");
      const entry = JSON.stringify({ [idempotencyKey]: { id: refundId, amount: amountCents } });
      const rows = await db
        .update(testCheckoutSessions)
        .set({
          refundedCents: sql`${testCheckoutSessions.refundedCents} + ${amountCents}`,
          refunds: sql`${testCheckoutSessions.refunds} || ${entry}::jsonb`,
        })
        .where(
          and(
            eq(testCheckoutSessions.id, sessionId),
            sql`${testCheckoutSessions.refunds} -> ${idempotencyKey}::text is null`,
            sql`${testCheckoutSessions.refundedCents} + ${amountCents} <= ${testCheckoutSessions.amountTotalCents}`,
          ),
        )
        .returning({ id: testCheckoutSessions.id });
      if (rows.length === 1) return { refundId, status: "succeeded" };
      // Lost a race to the same key: answer the refund that won.
      const again = (await load(sessionId)).refunds[idempotencyKey];
      if (again) return { refundId: again.id, status: "succeeded" };
      throw new HttpError(409, "The refund is larger than what is left of the payment");
    },

    verifyWebhook(_rawBody: string, _signature: string | undefined): ProviderEvent {
      throw new WebhookRejected("Stripe webhooks are not configured on this site");
    },

    /**
     * Charges a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is
     * declined, any other valid number is declined too (no other test cards).
     */
    async pay(sessionId: string, card: TestCardInput) {
      const row = await load(sessionId);
      const status = effectiveStatus(row, now());
      if (status === "expired") throw new HttpError(410, "This checkout session has expired.");
      if (status === "complete") return { redirectUrl: successRedirect(row) };
      if (row.kind === "custom" && !card.email && !row.customerEmail) {
        throw new HttpError(400, "email: Enter your email address for the receipt", {
          email: "Enter your email address for the receipt",
        });
      }
      if (card.card_number !== TEST_CARDS.success) {
        throw new HttpError(402, CARD_TEXT.declined, { card_number: CARD_TEXT.declined });
      }
      const paid = await db
        .update(testCheckoutSessions)
        .set({
          status: "complete",
          paymentStatus: "paid",
          paymentId: randomId("pi_test_"),
          cardLast4: card.card_number.slice(-4),
          customerEmail: row.customerEmail ?? (card.email || null),
          paidAt: now(),
        })
        .where(
          and(
            eq(testCheckoutSessions.id, sessionId),
            eq(testCheckoutSessions.status, "open"),
            gt(testCheckoutSessions.expiresAt, now()),
          ),
        )
        .returning({ id: testCheckoutSessions.id });
      if (paid.length === 0) {
        const again = await load(sessionId);
        if (isPaid(again)) return { redirectUrl: successRedirect(again) };
        throw new HttpError(410, "This checkout session has expired.");
      }
      return { redirectUrl: successRedirect(row) };
    },
  };
}

function successRedirect(row: TestSessionRow): string {
  return row.successUrl.replaceAll("{CHECKOUT_SESSION_ID}", row.id);
}
