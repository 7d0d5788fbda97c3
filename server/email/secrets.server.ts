/**
 * What in an email is a live secret, and its stored form without it. An
 * email's private links (the booking link and the pages under it, a waitlist
 * offer, a newsletter's unsubscribe link, a sign-up's confirmation link, a
 * staff invitation or password reset) open
 * something for whoever holds them, and a voucher code is money: the outbox
 * stores every email with them replaced by a marker that still tells the
 * operator what was there.
 *
 * The patterns follow the links this site mints (a token of 20 or more
 * URL-safe characters after one of these paths) and the voucher code format.
 * The migration that scrubbed the emails stored before this rule repeats
 * them in SQL; its test holds the two to the same result. (Confirmation and
 * checkout-release links and staff invitations came later: no email stored before that migration holds one.)
 */
import { VOUCHER_CODE_ALPHABET, voucherCodeHint } from "../../app/lib/vouchers.ts";

export const LINK_REMOVED = "[link removed after sending]";

/** A voucher code's stored form: its last four characters, as the operator's screens show it. */
export const codeRemoved = (suffix: string) =>
  `[voucher ${voucherCodeHint(suffix)}, code removed after sending]`;

/** A whole address whose path or query carries a token; it ends where the address ends. */
const TOKEN_LINK =
  /https?:\/\/[^\s"'<>]*(?:\/my-booking\/|\/newsletter\/(?:unsubscribe|confirm)\/|\/checkouts\/release\/|\/staff\/(?:invite|reset)\/|offer=)[A-Za-z0-9_-]{20,}[^\s"'<>]*/g;

const CODE_CHAR = `[${VOUCHER_CODE_ALPHABET}]`;
const VOUCHER_CODE = new RegExp(`\\bTW-${CODE_CHAR}{4}-${CODE_CHAR}{4}\\b`, "g");

/** `text` with every private link and voucher code replaced by its marker. */
export function scrubSecrets(text: string): string {
  return text.replace(TOKEN_LINK, LINK_REMOVED).replace(VOUCHER_CODE, (code) => codeRemoved(code.slice(-4)));
}

export interface EmailText {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The email as the outbox stores it for reading; the same object when it holds no secret. */
export function scrubEmail(email: EmailText): EmailText {
  const headers = Object.fromEntries(Object.entries(email.headers).map(([k, v]) => [k, scrubSecrets(v)]));
  return {
    subject: scrubSecrets(email.subject),
    text: scrubSecrets(email.text),
    html: scrubSecrets(email.html),
    headers,
  };
}

/** Whether the stored form differs from what must be sent. */
export function holdsSecrets(email: EmailText): boolean {
  const scrubbed = scrubEmail(email);
  return (
    scrubbed.subject !== email.subject ||
    scrubbed.text !== email.text ||
    scrubbed.html !== email.html ||
    JSON.stringify(scrubbed.headers) !== JSON.stringify(email.headers)
  );
}
