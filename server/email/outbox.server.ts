import type { DB } from "../db/client.server.ts";
import { emailOutbox } from "../db/schema.ts";

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: string }[];
  /** Same key twice = one email (e.g. one confirmation per booking). */
  dedupeKey?: string;
  /** Extra message headers (List-Unsubscribe on newsletters); transactional emails carry none. */
  headers?: Record<string, string>;
}

/**
 * Stores an email for the sender to deliver. Call it inside the transaction
 * of the change it reports, so the email exists exactly when the change does.
 * Returns false when an email with the same dedupe key already exists.
 */
export async function enqueueEmail(db: DB, email: OutgoingEmail): Promise<boolean> {
  const rows = await db
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? "",
      attachments: email.attachments ?? [],
      dedupeKey: email.dedupeKey ?? null,
      headers: email.headers ?? {},
    })
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}
