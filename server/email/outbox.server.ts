import { and, eq, notExists, sql } from "drizzle-orm";
import type { DB } from "../db/client.server.ts";
import { type EmailAttachment, emailOutbox, emailOutboxSealed } from "../db/schema.ts";
import { type EmailText, holdsSecrets, scrubEmail } from "./secrets.server.ts";

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
  /** Same key twice = one email (e.g. one confirmation per booking). */
  dedupeKey?: string;
  /** Extra message headers (List-Unsubscribe on newsletters); transactional emails carry none. */
  headers?: Record<string, string>;
  /** The row's id, when the caller must name the email it queued (the email log answers with it). */
  id?: string;
  /** The booking it is about: the booking's page lists it in its email log. */
  bookingId?: string | null;
}

/** Why a sealed email can no longer be sent: what it must say is gone (a restore keeps none). */
export const SEALED_TEXT_LOST =
  "Not sent: its private links or voucher codes were not kept (a restored backup holds none). Send the customer a new link or code.";

/**
 * Stores an email for the sender to deliver. Call it inside the transaction
 * of the change it reports, so the email exists exactly when the change does.
 * An email with private links or voucher codes is stored with them replaced
 * by a marker, and sealed: the text to send waits apart until it is sent.
 * Returns false when an email with the same dedupe key already exists.
 */
export async function enqueueEmail(db: DB, email: OutgoingEmail): Promise<boolean> {
  const full: EmailText = {
    subject: email.subject,
    text: email.text,
    html: email.html ?? "",
    headers: email.headers ?? {},
  };
  const sealed = holdsSecrets(full);
  const stored = sealed ? scrubEmail(full) : full;
  const insert = async (tx: DB) => {
    const rows = await tx
      .insert(emailOutbox)
      .values({
        ...(email.id ? { id: email.id } : {}),
        kind: email.kind,
        toAddress: email.to,
        subject: stored.subject,
        textBody: stored.text,
        htmlBody: stored.html,
        attachments: email.attachments ?? [],
        dedupeKey: email.dedupeKey ?? null,
        headers: stored.headers,
        bookingId: email.bookingId ?? null,
        sealed,
      })
      .onConflictDoNothing()
      .returning({ id: emailOutbox.id });
    if (sealed && rows[0]) {
      await tx.insert(emailOutboxSealed).values({
        emailId: rows[0].id,
        subject: full.subject,
        textBody: full.text,
        htmlBody: full.html,
        headers: full.headers,
      });
    }
    return rows.length > 0;
  };
  // The two rows of a sealed email are written together even when the caller holds no transaction.
  return sealed ? db.transaction((tx) => insert(tx as unknown as DB)) : insert(db);
}

/** What a sealed email will send, or null once it has left pending (or was never sealed). */
export async function sealedText(db: DB, emailId: string): Promise<EmailText | null> {
  const [row] = await db.select().from(emailOutboxSealed).where(eq(emailOutboxSealed.emailId, emailId));
  return row ? { subject: row.subject, text: row.textBody, html: row.htmlBody, headers: row.headers } : null;
}

/**
 * After a restore: the backup left every sealed text out, so an unsent email
 * that needs one can never be sent as written. It is marked failed with the
 * reason (the dashboard counts it) rather than sent with markers in place of
 * its link or code. Answers how many.
 */
export async function failSealedWithoutText(db: DB): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: "failed", lastError: SEALED_TEXT_LOST })
    .where(
      and(
        eq(emailOutbox.sealed, true),
        eq(emailOutbox.status, "pending"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(emailOutboxSealed)
            .where(eq(emailOutboxSealed.emailId, emailOutbox.id)),
        ),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}
