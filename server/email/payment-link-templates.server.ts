/**
 * The payment link the operator sends for a booking taken by phone: what is
 * held, until when, and the card checkout that confirms it. The checkout's
 * address is no private link to the booking (it can only pay it), so the
 * email is not sealed.
 */
import { formatDateTimeAU } from "../../app/lib/dates.ts";
import { departureText } from "../../app/lib/departure.ts";
import { peopleText } from "../../app/lib/group-size.ts";
import { formatMoney } from "../../app/lib/money.ts";
import type { SiteInfo } from "../../app/lib/site.ts";
import type { BookingRow } from "../db/schema.ts";
import { escapeHtml, layout, rows } from "./templates.server.ts";

export function paymentLinkEmail(
  b: BookingRow,
  payUrl: string,
  expiresAt: Date,
  site: SiteInfo,
): { subject: string; text: string; html: string } {
  const due = formatMoney(b.totalAmountCents - b.voucherCents, b.currency, true);
  const until = formatDateTimeAU(expiresAt);
  const details: [string, string][] = [
    ["Booking reference", b.reference],
    ["Adventure", b.adventureTitle],
    ["Date", departureText(b.selectedDate, b.startTime, "full")],
    ["Group", peopleText(b.groupSize)],
    ["To pay", due],
    ["Held until", until],
  ];
  if (b.voucherCents)
    details.push(["Already paid with a voucher", formatMoney(b.voucherCents, b.currency, true)]);
  const held = `We are holding ${peopleText(b.groupSize)} on ${b.adventureTitle}, ${departureText(b.selectedDate, b.startTime, "full")}, for you until ${until} (Sydney time).`;
  const after =
    "Your booking is confirmed as soon as you pay; the confirmation with everything you need follows by email. If the link runs out before you pay, the places are released: reply to this email for a new one.";
  const text = [
    `Hi ${b.customerFirstName},`,
    "",
    held,
    "",
    ...details.map(([k, v]) => `${k}: ${v}`),
    "",
    `Pay ${due} by card: ${payUrl}`,
    "",
    after,
    "",
    site.title,
  ].join("\n");
  const html = layout(
    site,
    "Complete your booking",
    `<p style="margin:0 0 12px">Hi ${escapeHtml(b.customerFirstName)},</p>
<p style="margin:0 0 12px">${escapeHtml(held)}</p>
${rows(details)}
<p style="margin:0 0 20px"><a href="${escapeHtml(payUrl)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#0f766e;color:#ffffff;font-weight:bold;text-decoration:none">Pay ${escapeHtml(due)} by card</a></p>
<p style="margin:0">${escapeHtml(after)}</p>`,
  );
  return {
    subject: `Complete your booking: ${b.adventureTitle} on ${departureText(b.selectedDate, b.startTime)} (${b.reference})`,
    text,
    html,
  };
}
