/**
 * Voucher emails: the code for whoever will use it (a gift's recipient, or
 * the customer the operator issued it to) and the buyer's receipt. The code
 * is in the email only, never in a page address; the site keeps only its
 * hash, so the caller passes the code it has just minted.
 */
import { formatDateAU, sydneyDate } from "../../app/lib/dates.ts";
import { formatMoney } from "../../app/lib/money.ts";
import type { SiteInfo } from "../../app/lib/site.ts";
import type { VoucherRow } from "../db/schema.ts";
import { escapeHtml, layout } from "./templates.server.ts";

interface Composed {
  subject: string;
  text: string;
  html: string;
}

const codeBlock = (code: string) =>
  `<p style="margin:16px 0;padding:14px 18px;background:#f0fdfa;border:1px dashed #0f766e;border-radius:10px;font-size:22px;font-weight:bold;letter-spacing:2px;text-align:center;color:#0b2545">${escapeHtml(code)}</p>`;

/** The code, its value, its expiry and how to use it, for the person who will book with it. */
export function voucherCodeEmail(v: VoucherRow, code: string, site: SiteInfo, publicUrl: string): Composed {
  const amount = formatMoney(v.balanceCents, v.currency, true);
  const until = formatDateAU(sydneyDate(v.expiresAt), "full");
  const name = v.recipientName || v.purchaserName;
  const from =
    v.source === "gift" && v.purchaserName && v.recipientEmail
      ? `${v.purchaserName} has sent you a ${site.title} gift voucher worth ${amount}.`
      : `Here is your ${site.title} voucher worth ${amount}.`;
  const bookUrl = `${publicUrl}/book`;
  const lines = [
    name ? `Hi ${name},` : "Hi,",
    "",
    from,
    ...(v.message ? ["", `"${v.message}"`] : []),
    "",
    `Voucher code: ${code}`,
    `Value: ${amount}`,
    `Valid until: ${until}`,
    "",
    `To use it, choose a trip at ${bookUrl} and enter the code under "Have a voucher?". The voucher pays as much of the booking as its balance covers; whatever is left stays on the code for next time.`,
    "",
    site.title,
  ];
  const html = layout(
    site,
    "Your voucher",
    `<p style="margin:0 0 12px">${escapeHtml(name ? `Hi ${name},` : "Hi,")}</p>
<p style="margin:0 0 12px">${escapeHtml(from)}</p>
${v.message ? `<p style="margin:0 0 12px;font-style:italic">"${escapeHtml(v.message)}"</p>` : ""}
${codeBlock(code)}
<p style="margin:0 0 12px">Value: <strong>${escapeHtml(amount)}</strong><br>Valid until: <strong>${escapeHtml(until)}</strong></p>
<p style="margin:0 0 12px">To use it, <a href="${escapeHtml(bookUrl)}" style="color:#0f766e;font-weight:bold">choose a trip</a> and enter the code under "Have a voucher?". The voucher pays as much of the booking as its balance covers; whatever is left stays on the code for next time.</p>`,
  );
  return { subject: `Your ${site.title} voucher: ${amount}`, text: lines.join("\n"), html };
}

/** The buyer's receipt for a gift voucher sent to someone else, with a copy of the code. */
export function giftReceiptEmail(v: VoucherRow, code: string, site: SiteInfo): Composed {
  const amount = formatMoney(v.initialCents, v.currency, true);
  const to = v.recipientName ? `${v.recipientName} (${v.recipientEmail})` : v.recipientEmail;
  const lines = [
    `Hi ${v.purchaserName},`,
    "",
    `Thank you for your gift voucher of ${amount}. We have emailed it to ${to}.`,
    "",
    `Voucher code (your copy): ${code}`,
    `Valid until: ${formatDateAU(sydneyDate(v.expiresAt), "full")}`,
    "",
    site.title,
  ];
  const html = layout(
    site,
    "Your gift voucher is on its way",
    `<p style="margin:0 0 12px">Hi ${escapeHtml(v.purchaserName)},</p>
<p style="margin:0 0 12px">Thank you for your gift voucher of <strong>${escapeHtml(amount)}</strong>. We have emailed it to ${escapeHtml(to)}.</p>
<p style="margin:0 0 4px">Your copy of the code:</p>
${codeBlock(code)}
<p style="margin:0">Valid until ${escapeHtml(formatDateAU(sydneyDate(v.expiresAt), "full"))}.</p>`,
  );
  return {
    subject: `Gift voucher sent: ${amount} for ${v.recipientName || v.recipientEmail}`,
    text: lines.join("\n"),
    html,
  };
}
