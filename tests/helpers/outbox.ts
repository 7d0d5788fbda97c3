/**
 * What an outbox email will send: the stored row keeps private links and
 * voucher codes as markers, the sealed text (while the email is unsent) is
 * what the customer gets. Tests read links and codes from here.
 */
import type { DB } from "../../server/db/client.server.ts";
import type { emailOutbox } from "../../server/db/schema.ts";
import { sealedText } from "../../server/email/outbox.server.ts";

type Row = typeof emailOutbox.$inferSelect;

/** The text part the email sends (its sealed text while unsent, the stored one otherwise). */
export async function sentText(db: DB, row: Row): Promise<string> {
  return (await sealedText(db, row.id))?.text ?? row.textBody;
}

/** The HTML part the email sends. */
export async function sentHtml(db: DB, row: Row): Promise<string> {
  return (await sealedText(db, row.id))?.html ?? row.htmlBody;
}

/** The first voucher code in the text an email sends. */
export async function voucherCodeOf(db: DB, row: Row): Promise<string> {
  const code = /TW-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(await sentText(db, row))?.[0];
  if (!code) throw new Error(`no voucher code in email ${row.kind}`);
  return code;
}
