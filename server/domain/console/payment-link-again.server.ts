/**
 * A payment link sent again: the customer lost the email or the text with the
 * link to pay their phone booking (or a change's difference). The same
 * checkout, the same expiry: a copy of the email, queued for the customer.
 * The checkout's address can only pay, so the email is not sealed (ADR 23).
 */
import { and, eq } from "drizzle-orm";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { bookingChanges, bookings, payments } from "../../db/schema.ts";
import { changeLinkEmail } from "../../email/booking-change-templates.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { paymentLinkEmail } from "../../email/payment-link-templates.server.ts";
import { conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { loadSiteContent } from "../content/content.server.ts";

export async function sendPaymentLinkAgain(
  db: DB,
  m: { bookingId: string; paymentId: string; at: Date },
): Promise<{ to: string }> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, m.paymentId), eq(payments.bookingId, m.bookingId)));
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, m.bookingId));
  if (!payment || !booking) throw notFound("Payment link not found");
  if (payment.status !== "open" || payment.paymentStatus !== "unpaid" || payment.expiresAt <= m.at) {
    throw conflict("This payment link is no longer open: it was paid, cancelled or ran out.");
  }
  const site = siteInfo(await loadSiteContent(db));
  const [change] =
    payment.kind === "reschedule"
      ? await db.select().from(bookingChanges).where(eq(bookingChanges.paymentId, payment.id))
      : [];
  const email = change
    ? changeLinkEmail({ booking, change, payUrl: payment.checkoutUrl, expiresAt: payment.expiresAt, site })
    : { kind: "payment_link", ...paymentLinkEmail(booking, payment.checkoutUrl, payment.expiresAt, site) };
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      ...email,
      to: booking.customerEmail,
      bookingId: booking.id,
      // A copy each time the operator asks (the first one's key stays the original's).
      dedupeKey: `payment_link_again:${payment.id}:${m.at.getTime()}`,
    });
    await recordAudit(tx, {
      action: "send_link",
      entity: "payment",
      entityId: payment.id,
      bookingId: booking.id,
      before: null,
      after: { to: booking.customerEmail, amount_cents: payment.amountTotalCents, kind: payment.kind },
    });
  });
  return { to: booking.customerEmail };
}
