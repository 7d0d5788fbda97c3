/**
 * The emails a settled payment sends, composed from the stored rows: the
 * visitor's confirmation (with the trip as an .ics calendar file) and the
 * operator's notice for a booking, the receipt and notice for a custom
 * payment. Each is queued in the outbox inside the caller's transaction with
 * a dedupe key, so a payment settled twice still mails once.
 */

import { eq } from "drizzle-orm";
import { startTimeText } from "../../../app/lib/departure.ts";
import { peopleText } from "../../../app/lib/group-size.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { bookingReadiness, stillNeededText } from "../../../app/lib/readiness.ts";
import type { SiteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { type BookingRow, invoices, type PaymentRow, participants, waivers } from "../../db/schema.ts";
import {
  buildBookingIcs,
  departureSchedule,
  scheduleFromItinerary,
  tripDays,
} from "../../email/ics.server.ts";
import { invoiceAttachments } from "../../email/invoice-templates.server.ts";
import { enqueueEmail, type OutgoingEmail } from "../../email/outbox.server.ts";
import {
  type BookingFacts,
  bookingConfirmationEmail,
  operatorNoticeEmail,
  paymentReceiptEmail,
} from "../../email/templates.server.ts";
import type { AdventureRow } from "../content/adventures.server.ts";
import { bookingInvoice } from "../money/invoices.server.ts";
import { bookingTerms } from "./booking-terms.server.ts";
import { withPaperwork } from "./price-categories.server.ts";

export function toFacts(b: BookingRow): BookingFacts {
  return {
    id: b.id,
    reference: b.reference,
    adventureTitle: b.adventureTitle,
    selectedDate: b.selectedDate,
    startTime: b.startTime,
    groupSize: b.groupSize,
    unitPriceCents: b.unitPriceCents,
    totalAmountCents: b.totalAmountCents,
    currency: b.currency,
    customerFirstName: b.customerFirstName,
    customerLastName: b.customerLastName,
    customerEmail: b.customerEmail,
    customerPhone: b.customerPhone,
    specialRequirements: b.specialRequirements,
    voucherCents: b.voucherCents,
    promoCode: b.promoCode,
    promoDiscountCents: b.promoDiscountCents,
    paymentMethod: b.paymentMethod,
    priceLines: b.priceLines,
  };
}

/**
 * The trip's start time ("9:00 am"): the departure's own where it has one, else the
 * itinerary's; null when neither names one.
 */
export function startTimeLabel(itinerary: string[], startTime = ""): string | null {
  if (startTime) return startTimeText(startTime);
  // Only the start is read, and the duration never moves it.
  const schedule = scheduleFromItinerary(itinerary, "");
  if (!schedule) return null;
  // The itinerary's clock time is Sydney local already; UTC here only formats it unchanged.
  return new Intl.DateTimeFormat("en-AU", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(
    new Date(Date.UTC(2000, 0, 1, schedule.start.hour, schedule.start.minute)),
  );
}

/** The booked trip as a calendar event (one VEVENT, the trip's days and times): the email's and the manage page's. */
export function bookingIcs(booking: BookingRow, adventure: AdventureRow, site: SiteInfo, at: Date): string {
  return buildBookingIcs({
    uid: booking.id,
    date: booking.selectedDate,
    title: `${adventure.title} (${site.title})`,
    description: `Booking ${booking.reference}: ${peopleText(booking.groupSize)}.${adventure.meetingPoint ? ` Meeting point: ${adventure.meetingPoint}.` : ""}${site.phone ? ` Contact: ${site.phone}.` : ""}`,
    location: adventure.meetingPoint || adventure.location,
    schedule: departureSchedule(adventure.itinerary, adventure.duration, booking.startTime),
    days: tripDays(adventure.duration),
    organizerEmail: site.email || undefined,
    organizerName: site.title,
    stamp: at,
  });
}

type ConfirmationFacts = {
  booking: BookingRow;
  adventure: AdventureRow;
  site: SiteInfo;
  at: Date;
  manageUrl: string;
};

/**
 * The customer's confirmation with the .ics file and the private link: the
 * one composition, for the first confirmation and for one the operator sends
 * again from the booking's page (with a fresh link).
 */
export async function confirmationEmail(db: DB, m: ConfirmationFacts): Promise<OutgoingEmail> {
  const { booking, adventure, site, at, manageUrl } = m;
  // One after another: `db` is often the transaction that confirmed the booking, and one
  // transaction's client takes one query at a time.
  const people = await withPaperwork(
    db,
    [booking],
    await db.select().from(participants).where(eq(participants.bookingId, booking.id)),
  );
  const [waiver] = await db.select({ version: waivers.version }).from(waivers).limit(1);
  const terms = await bookingTerms(db, booking);
  // The readiness rule decides what the confirmation leads with: what the group still has to give.
  const waiverRequired = waiver !== undefined;
  const stillNeeded = stillNeededText(
    bookingReadiness(booking.groupSize, people, adventure, waiverRequired),
    adventure,
    waiverRequired,
  );
  const confirmation = bookingConfirmationEmail(
    toFacts(booking),
    {
      duration: adventure.duration,
      location: adventure.location,
      meetingPoint: adventure.meetingPoint,
      whatToBring: adventure.whatToBring,
      startTime: startTimeLabel(adventure.itinerary, booking.startTime) ?? undefined,
      terms,
    },
    site,
    at,
    manageUrl,
    stillNeeded,
  );
  // The booking's invoice (issued when it was confirmed) goes with it, as its printable page.
  const invoice = await bookingInvoice(db, booking.id);
  return {
    kind: "booking_confirmation",
    bookingId: booking.id,
    to: booking.customerEmail,
    ...confirmation,
    attachments: [
      {
        filename: `booking-${booking.reference}.ics`,
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: bookingIcs(booking, adventure, site, at),
      },
      ...(invoice ? await invoiceAttachments(invoice, site) : []),
    ],
  };
}

/** A confirmed booking: the visitor's confirmation, once, and the operator's notice. */
export async function enqueueBookingEmails(tx: DB, m: ConfirmationFacts & { notify: string }): Promise<void> {
  const { booking, site, notify } = m;
  await enqueueEmail(tx, {
    ...(await confirmationEmail(tx, m)),
    dedupeKey: `booking_confirmation:${booking.id}`,
  });
  await enqueueEmail(tx, {
    kind: "booking_notice",
    bookingId: booking.id,
    to: notify,
    ...operatorNoticeEmail(toFacts(booking), site),
    dedupeKey: `booking_notice:${booking.id}`,
  });
}

/** A paid custom payment: the payer's receipt (when they gave an email) and the operator's notice. */
export async function enqueueCustomPaymentEmails(
  tx: DB,
  m: { payment: PaymentRow; site: SiteInfo; notify: string; at: Date },
): Promise<void> {
  const { payment, site, notify, at } = m;
  if (payment.customerEmail) {
    const facts = {
      sessionId: payment.sessionId,
      description: "Custom payment",
      unitAmountCents: payment.unitAmountCents,
      quantity: payment.quantity,
      amountTotalCents: payment.amountTotalCents,
      currency: payment.currency,
      paidAt: at,
    };
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.sourceKey, `payment:${payment.id}`));
    await enqueueEmail(tx, {
      kind: "payment_receipt",
      to: payment.customerEmail,
      ...paymentReceiptEmail(facts, site),
      ...(invoice ? { attachments: await invoiceAttachments(invoice, site) } : {}),
      dedupeKey: `payment_receipt:${payment.id}`,
    });
  }
  const money = formatMoney(payment.amountTotalCents, payment.currency, true);
  await enqueueEmail(tx, {
    kind: "payment_notice",
    to: notify,
    subject: `Custom payment received: ${money}`,
    text: `A custom payment of ${money} (${payment.quantity} x ${formatMoney(payment.unitAmountCents, payment.currency, true)}) was paid${payment.customerEmail ? ` by ${payment.customerEmail}` : ""}.\nSession: ${payment.sessionId}`,
    dedupeKey: `payment_notice:${payment.id}`,
  });
}
