/**
 * Rows of backups made before secrets were stored at rest hashed or scrubbed
 * (ADR 21), put into today's form on restore, as the migration did to a live
 * database, with the app's own rules: a voucher's code becomes its hash and
 * last four characters, a clear unsubscribe token becomes a hashed link, and
 * an email keeps only its markers (an unsent one that carried secrets is then
 * failed like any unsent email whose live text a backup does not hold).
 */
import { voucherCodeSuffix } from "../../app/lib/vouchers.ts";
import { hashToken } from "../domain/access/auth.server.ts";
import { hashVoucherCode } from "../domain/vouchers/vouchers.server.ts";
import { holdsSecrets, scrubEmail } from "../email/secrets.server.ts";

type Row = Record<string, unknown>;

export interface LegacyUpgrade {
  /** The columns the upgraded rows have (the backup's, less the old ones, plus the new ones). */
  columns: string[];
  row(row: Row): Row;
}

/** Unsubscribe links found in old subscriber rows, to insert after them. */
export interface LegacyLinks {
  unsubscribeLinks: { token_hash: string; subscriber_id: string }[];
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** How to upgrade the rows of `table` from a backup with these columns, or null when they are current. */
export function legacyUpgrade(table: string, columns: string[], found: LegacyLinks): LegacyUpgrade | null {
  const replace = (removed: string[], added: string[]) => [
    ...columns.filter((c) => !removed.includes(c)),
    ...added.filter((c) => !columns.includes(c)),
  ];
  if (table === "vouchers" && columns.includes("code")) {
    return {
      columns: replace(["code"], ["code_hash", "code_suffix"]),
      row: ({ code, ...row }) => {
        // A gift still waiting for its payment gets its code when it is activated.
        const coded = row.status !== "pending_payment" && text(code) !== "";
        return {
          ...row,
          code_hash: coded ? hashVoucherCode(text(code)) : null,
          code_suffix: coded ? voucherCodeSuffix(text(code)) : "",
        };
      },
    };
  }
  if (table === "newsletter_subscribers" && columns.includes("unsubscribe_token")) {
    return {
      columns: replace(["unsubscribe_token"], []),
      row: ({ unsubscribe_token, ...row }) => {
        const token = text(unsubscribe_token);
        if (token) found.unsubscribeLinks.push({ token_hash: hashToken(token), subscriber_id: text(row.id) });
        return row;
      },
    };
  }
  if (table === "email_outbox" && !columns.includes("sealed")) {
    return {
      columns: replace([], ["sealed"]),
      row: (row) => {
        const email = {
          subject: text(row.subject),
          text: text(row.text_body),
          html: text(row.html_body),
          headers: (row.headers ?? {}) as Record<string, string>,
        };
        const stored = scrubEmail(email);
        return {
          ...row,
          subject: stored.subject,
          text_body: stored.text,
          html_body: stored.html,
          headers: stored.headers,
          sealed: row.status === "pending" && holdsSecrets(email),
        };
      },
    };
  }
  return null;
}
