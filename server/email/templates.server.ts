/**
 * Booking and payment emails: plain text first (what every client shows),
 * plus simple inline-styled HTML. Dates in en-AU, amounts in the payment's
 * currency (AUD for bookings).
 */
import { formatDateAU } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import { peopleText } from "../../app/lib/group-size.ts";
import { formatMoney } from "../../app/lib/money.ts";
import type { AnyPolicy } from "../../app/lib/policy.ts";
import { cancellationSummary } from "../../app/lib/policy-words.ts";
import { hasCategoryLines, type PriceLine, priceLineRow } from "../../app/lib/price-lines.ts";
import type { SiteInfo } from "../../app/lib/site.ts";
import type { BookingPaymentMethod } from "../db/schema.ts";
import type { OutgoingEmail } from "./outbox.server.ts";

export interface BookingFacts {
  id: string;
  reference: string;
  adventureTitle: string;
  selectedDate: string;
  /** The departure's own start time ("HH:MM"), where its date has one. */
  startTime: string;
  groupSize: number;
  unitPriceCents: number;
  totalAmountCents: number;
  currency: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  specialRequirements: string;
  /** The part a voucher paid (0 when none). */
  voucherCents?: number;
  /** A promo code's discount on the subtotal, and the code (none when not given). */
  promoCode?: string | null;
  promoDiscountCents?: number;
  /** How the rest is paid (bookings.payment_method); card when not given. */
  paymentMethod?: BookingPaymentMethod;
  /** The booking's price lines (categories, extras); none for the spec's booking. */
  priceLines?: PriceLine[];
}

const PAID_BY: Record<BookingPaymentMethod, string> = {
  card: "Paid by card",
  cash: "Paid in cash",
  bank_transfer: "Paid by bank transfer",
  on_the_day: "To pay on the day",
};

/**
 * The money lines of a booking's emails: the total, and when a voucher paid a
 * part or the rest is not a card payment, what paid what. A booking paid on
 * the day says so instead of "Total paid".
 */
function paymentLines(b: BookingFacts): [string, string][] {
  const method = b.paymentMethod ?? "card";
  const voucher = b.voucherCents ?? 0;
  const rest = b.totalAmountCents - voucher;
  const discount = b.promoDiscountCents ?? 0;
  const lines: [string, string][] = discount
    ? [
        ["Subtotal", formatMoney(b.totalAmountCents + discount, b.currency, true)],
        [`Promo code ${b.promoCode ?? ""}`.trim(), `-${formatMoney(discount, b.currency, true)}`],
      ]
    : [];
  lines.push([
    method === "on_the_day" && rest > 0 ? "Total" : "Total paid",
    formatMoney(b.totalAmountCents, b.currency, true),
  ]);
  if (voucher) lines.push(["Paid with a voucher", formatMoney(voucher, b.currency, true)]);
  if (rest > 0 && (voucher || method !== "card"))
    lines.push([PAID_BY[method], formatMoney(rest, b.currency, true)]);
  return lines;
}

/**
 * The price as the emails show it: the spec's price per person, or with price lines the price
 * per person (when no category was booked) followed by one row per line.
 */
function priceRows(b: BookingFacts): [string, string][] {
  const lines = b.priceLines ?? [];
  const perPerson: [string, string] = ["Price per person", formatMoney(b.unitPriceCents, b.currency, true)];
  return [...(hasCategoryLines(lines) ? [] : [perPerson]), ...lines.map((l) => priceLineRow(l, b.currency))];
}

export interface AdventureFacts {
  duration: string;
  location: string;
  meetingPoint: string;
  whatToBring: string[];
  startTime?: string;
  /** The refund terms the booking is under (its adventure's effective policy and the date they count from). */
  terms?: { policy: AnyPolicy; date: string };
}

type Email = Omit<OutgoingEmail, "kind" | "to" | "dedupeKey">;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The one frame of every HTML email. A complete document (character set,
 * phone-width viewport, a title): mail clients that open it in a browser
 * tab, and screen readers announcing it, get the email's heading as its name.
 */
export function layout(site: SiteInfo, heading: string, body: string): string {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head><body style="margin:0;background:#f4f7fb;font-family:Arial,Helvetica,sans-serif;color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f7fb;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#0b2545;padding:20px 28px;color:#ffffff;font-size:18px;font-weight:bold">${escapeHtml(site.title)}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;color:#0b2545">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:18px 28px;background:#f8fafc;color:#64748b;font-size:12px">${escapeHtml(site.title)} · ${escapeHtml(site.address)}${site.email ? ` · ${escapeHtml(site.email)}` : ""}${site.phone ? ` · ${escapeHtml(site.phone)}` : ""}</td></tr>
</table></td></tr></table></body></html>`;
}

/** Label and value pairs as the two-column table every email uses. */
export function rows(pairs: [string, string][]): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-collapse:collapse;margin:8px 0 20px">${pairs
    .map(
      ([k, v]) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #e2e8f0;color:#64748b;width:40%">${escapeHtml(k)}</td><td style="padding:8px 0;border-bottom:1px solid #e2e8f0;font-weight:bold">${escapeHtml(v)}</td></tr>`,
    )
    .join("")}</table>`;
}

export function bookingConfirmationEmail(
  b: BookingFacts,
  a: AdventureFacts,
  site: SiteInfo,
  confirmedAt: Date,
  manageUrl: string,
  /** What the group still has to give before the trip (readiness.stillNeededText), or null. */
  stillNeeded: string | null = null,
): Email & { subject: string } {
  const when = formatDateAU(b.selectedDate, "full") + (a.startTime ? `, ${a.startTime}` : "");
  const details: [string, string][] = [
    ["Booking reference", b.reference],
    ["Adventure", b.adventureTitle],
    ["Date", when],
    ["Duration", a.duration],
    ["Group", peopleText(b.groupSize)],
    ...priceRows(b),
    ...paymentLines(b),
  ];
  if (a.meetingPoint) details.push(["Meeting point", a.meetingPoint]);
  const policy = a.terms
    ? cancellationSummary(a.terms.date, confirmedAt, a.terms.policy)
    : cancellationSummary(b.selectedDate, confirmedAt);
  const contact = [site.phone && `phone or WhatsApp ${site.phone}`, site.email && `email ${site.email}`]
    .filter(Boolean)
    .join(", or ");
  const lines = [
    `Hi ${b.customerFirstName},`,
    "",
    `Your booking is confirmed. ${site.guideName} is looking forward to meeting you!`,
    "",
    ...(stillNeeded
      ? [
          `Before your trip we still need ${stillNeeded}. Each person can fill in their own, here: ${manageUrl}#participants`,
          "",
        ]
      : []),
    ...details.map(([k, v]) => `${k}: ${v}`),
    "",
  ];
  if (a.whatToBring.length) lines.push("What to bring:", ...a.whatToBring.map((w) => `- ${w}`), "");
  if (b.specialRequirements) lines.push(`Your notes: ${b.specialRequirements}`, "");
  lines.push(
    `Cancellation: ${policy}. Weather cancellations are always refunded or rescheduled for free.`,
    "",
    "The attached calendar file adds the trip to your calendar.",
    "",
    `View your booking or cancel it online: ${manageUrl}`,
    "This link is private to you: anyone who has it can see and cancel this booking.",
    "",
  );
  if (contact) lines.push(`Questions? Reach us by ${contact}.`);
  lines.push("", site.title);
  const text = lines.join("\n");
  const html = layout(
    site,
    "Your booking is confirmed",
    `<p style="margin:0 0 12px">Hi ${escapeHtml(b.customerFirstName)},</p>
<p style="margin:0 0 12px">Your booking is confirmed. ${escapeHtml(site.guideName)} is looking forward to meeting you!</p>
${stillNeeded ? `<p style="margin:0 0 16px;padding:12px 14px;background:#fffbeb;border:1px solid #fde68a;border-radius:8px"><strong>Before your trip</strong> we still need ${escapeHtml(stillNeeded)}. Each person can fill in their own.<br><a href="${escapeHtml(`${manageUrl}#participants`)}" style="color:#0f766e;font-weight:bold">Add your group's details</a></p>` : ""}
${rows(details)}
${a.whatToBring.length ? `<h2 style="font-size:16px;color:#0b2545;margin:0 0 8px">What to bring</h2><ul style="margin:0 0 20px;padding-left:20px">${a.whatToBring.map((w) => `<li style="margin:4px 0">${escapeHtml(w)}</li>`).join("")}</ul>` : ""}
${b.specialRequirements ? `<p style="margin:0 0 12px"><strong>Your notes:</strong> ${escapeHtml(b.specialRequirements)}</p>` : ""}
<p style="margin:0 0 12px"><strong>Cancellation:</strong> ${escapeHtml(policy)}. Weather cancellations are always refunded or rescheduled for free.</p>
<p style="margin:0 0 12px">The attached calendar file adds the trip to your calendar.</p>
<p style="margin:0 0 12px"><a href="${escapeHtml(manageUrl)}" style="color:#0f766e;font-weight:bold">View or cancel your booking</a><br><span style="color:#64748b;font-size:13px">This link is private to you: anyone who has it can see and cancel this booking.</span></p>
${contact ? `<p style="margin:0">Questions? Reach us by ${escapeHtml(contact)}.</p>` : ""}`,
  );
  return {
    subject: `Booking confirmed: ${b.adventureTitle} on ${departureText(b.selectedDate, b.startTime)} (${b.reference})`,
    text,
    html,
  };
}

/** The operator's notice says whether the money is in: a booking paid on the day is confirmed, not paid. */
function noticeLead(b: BookingFacts): string {
  return b.paymentMethod === "on_the_day" && b.totalAmountCents > (b.voucherCents ?? 0)
    ? "A new booking has been confirmed; it is paid on the day."
    : "A new booking has been paid and confirmed.";
}

export function operatorNoticeEmail(
  b: BookingFacts,
  site: SiteInfo,
  warning?: string,
): Email & { subject: string } {
  const pairs: [string, string][] = [
    ["Reference", b.reference],
    ["Adventure", b.adventureTitle],
    ["Date", departureText(b.selectedDate, b.startTime, "full")],
    ["Group", peopleText(b.groupSize)],
    ...paymentLines(b),
    ["Customer", `${b.customerFirstName} ${b.customerLastName}`.trim()],
    ["Email", b.customerEmail],
    ["Phone", b.customerPhone || "not given"],
    ["Special requirements", b.specialRequirements || "none"],
  ];
  const text = [
    ...(warning ? [`ATTENTION: ${warning}`, ""] : []),
    noticeLead(b),
    "",
    ...pairs.map(([k, v]) => `${k}: ${v}`),
    "",
    "See all bookings in the admin area: Bookings.",
  ].join("\n");
  const html = layout(
    site,
    "New booking",
    `${warning ? `<p style="margin:0 0 12px;padding:12px;border-radius:8px;background:#fdeced;color:#a3242f"><strong>Attention:</strong> ${escapeHtml(warning)}</p>` : ""}
<p style="margin:0 0 12px">${escapeHtml(noticeLead(b))}</p>${rows(pairs)}
<p style="margin:0">See all bookings in the admin area: Bookings.</p>`,
  );
  return {
    subject: `New booking ${b.reference}: ${b.adventureTitle}, ${departureText(b.selectedDate, b.startTime)}, ${peopleText(b.groupSize)}`,
    text,
    html,
  };
}

export interface ReceiptFacts {
  sessionId: string;
  description: string;
  unitAmountCents: number;
  quantity: number;
  amountTotalCents: number;
  currency: string;
  paidAt: Date;
}

export function paymentReceiptEmail(r: ReceiptFacts, site: SiteInfo): Email & { subject: string } {
  const paidOn = new Intl.DateTimeFormat("en-AU", {
    timeZone: "Australia/Sydney",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(r.paidAt);
  const pairs: [string, string][] = [
    ["For", r.description],
    ["Amount", formatMoney(r.unitAmountCents, r.currency, true)],
    ["Quantity", String(r.quantity)],
    ["Total paid", formatMoney(r.amountTotalCents, r.currency, true)],
    ["Paid on", paidOn],
    ["Receipt number", r.sessionId.slice(-12).toUpperCase()],
  ];
  const text = [
    "Thank you, we have received your payment.",
    "",
    ...pairs.map(([k, v]) => `${k}: ${v}`),
    "",
    site.email ? `Questions? Email ${site.email}${site.phone ? ` or call ${site.phone}` : ""}.` : "",
    site.title,
  ]
    .filter((l, i, all) => l !== "" || all[i - 1] !== "")
    .join("\n");
  const html = layout(
    site,
    "Payment received",
    `<p style="margin:0 0 12px">Thank you, we have received your payment.</p>${rows(pairs)}
${site.email ? `<p style="margin:0">Questions? Email ${escapeHtml(site.email)}${site.phone ? ` or call ${escapeHtml(site.phone)}` : ""}.</p>` : ""}`,
  );
  return {
    subject: `Payment received: ${formatMoney(r.amountTotalCents, r.currency, true)} to ${site.title}`,
    text,
    html,
  };
}

/**
 * A payment that arrived after the booking's hold was released, for a date
 * that filled meanwhile: the money goes back in full and the customer sees
 * other open dates of the same adventure.
 */
export function latePaymentRefundEmail(
  b: BookingFacts,
  otherDates: string[],
  bookUrl: string,
  site: SiteInfo,
  cause: "date_full" | "booking_cancelled",
  /** What went back to the card: the payment, which is less than the total when a voucher paid a part. */
  refundedCents: number,
): Email & { subject: string } {
  const amount = formatMoney(refundedCents, b.currency, true);
  const date = departureText(b.selectedDate, b.startTime, "full");
  const list = otherDates.map((d) => formatDateAU(d, "full"));
  const why =
    cause === "date_full"
      ? `It reached us after the 30 minutes we hold spots during checkout, and ${date} filled up in the meantime, so we could not confirm your booking.`
      : "It reached us after the booking had been cancelled, so we could not confirm it.";
  const text = [
    `Hi ${b.customerFirstName},`,
    "",
    `Thank you for your payment for ${b.adventureTitle} (booking ${b.reference}). ${why}`,
    "",
    `We have refunded the full ${amount} to your card; it usually shows within 5-10 business days.`,
    "",
    ...(list.length
      ? [
          `These dates still have room for ${peopleText(b.groupSize)}:`,
          ...list.map((d) => `- ${d}`),
          "",
          `Book again at ${bookUrl}`,
        ]
      : [`No other dates are open right now; reply to this email and we will find one for you.`]),
    "",
    `Sorry for the trouble. Reply to this email if you have any questions.`,
    site.title,
  ].join("\n");
  const html = layout(
    site,
    cause === "date_full" ? "Your date filled up: full refund" : "Your payment is refunded in full",
    `<p style="margin:0 0 12px">Hi ${escapeHtml(b.customerFirstName)},</p>
<p style="margin:0 0 12px">Thank you for your payment for ${escapeHtml(b.adventureTitle)} (booking ${escapeHtml(b.reference)}). ${escapeHtml(why)}</p>
<p style="margin:0 0 12px"><strong>We have refunded the full ${escapeHtml(amount)} to your card</strong>; it usually shows within 5-10 business days.</p>
${
  list.length
    ? `<p style="margin:0 0 8px">These dates still have room for ${escapeHtml(peopleText(b.groupSize))}:</p><ul style="margin:0 0 12px">${list.map((d) => `<li>${escapeHtml(d)}</li>`).join("")}</ul><p style="margin:0 0 12px"><a href="${escapeHtml(bookUrl)}" style="color:#0e7490">Book again</a></p>`
    : `<p style="margin:0 0 12px">No other dates are open right now; reply to this email and we will find one for you.</p>`
}
<p style="margin:0">Sorry for the trouble. Reply to this email if you have any questions.</p>`,
  );
  return {
    subject:
      cause === "date_full"
        ? `Your payment for ${b.reference} has been refunded: ${departureText(b.selectedDate, b.startTime)} filled up`
        : `Your payment for ${b.reference} has been refunded`,
    text,
    html,
  };
}
