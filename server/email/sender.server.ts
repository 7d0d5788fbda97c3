/**
 * Delivers the email outbox over SMTP (SMTP_URL), one pass per tick; the
 * polling loop is the periodic runner's (services.server.ts). Each pass claims
 * due rows with a conditional update (a lease on each row) that also stamps a
 * fresh claim token, so two passes or two processes never send the same email
 * at once; only the attempt holding the current token may record the outcome,
 * so an attempt whose claim ran out (and was claimed again elsewhere) cannot
 * overwrite it. These are per-row claims, not a lock on the job: the runner's
 * lease only spares other processes an empty pass, the claims keep every
 * email to one sender.
 * Failures back off and give up after MAX_ATTEMPTS. A sealed email is sent
 * with its live text; once it leaves pending a trigger deletes that text, so
 * the stored email keeps only its markers.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DB } from "../db/client.server.ts";
import { type EmailAttachment, emailOutbox, emailOutboxSealed } from "../db/schema.ts";
import type { Logger } from "../log.server.ts";
import { SEALED_TEXT_LOST } from "./outbox.server.ts";

export const MAX_ATTEMPTS = 10;
const BACKOFF_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000];
/**
 * How long a claimed email is reserved for the tick that claimed it. Far
 * longer than one SMTP attempt can take (the transport's timeouts below add
 * up to under a minute), so a live attempt always finishes inside its lease.
 */
export const LEASE_MS = 5 * 60_000;
const BATCH = 10;

/** Wait after the n-th failed attempt (1-based): 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, then 4 h. */
export function backoffMs(attempts: number): number {
  return BACKOFF_MS[Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1];
}

/** A sender as nodemailer takes it: the name is quoted and encoded for the header by the transport. */
export type Sender = string | { name: string; address: string };

/**
 * Who an email is from: MAIL_FROM as written when it names a sender
 * ("Name <address>"); a bare address goes out under the site's name from the
 * settings, so renaming the site renames the sender.
 */
export function senderOf(mailFrom: string, siteName: string | null): Sender {
  const address = mailFrom.trim();
  if (!siteName || /<[^>]+>\s*$/.test(address)) return address;
  return { name: siteName, address };
}

export interface Mailer {
  sendMail(message: {
    from: Sender;
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** Stable per outbox row, so a receiver can tell a repeat from a new message. */
    messageId?: string;
    attachments?: EmailAttachment[];
    /** Extra headers stored with the email (e.g. List-Unsubscribe). */
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
}

export interface OutboxSender {
  /** One pass over due emails; answers how many were sent. */
  tick(): Promise<number>;
  /** Lets go of the SMTP connection (after the last pass). */
  close(): void;
}

export interface SenderOptions {
  db: DB;
  log: Logger;
  smtpUrl?: string;
  /** MAIL_FROM: an address, or "Name <address>" to fix the sender's name. */
  from: string;
  /** The site's name as the settings give it now: the sender's name when MAIL_FROM gives none. */
  siteName?: () => Promise<string>;
  now?: () => Date;
  /** Tests may inject a mailer; otherwise nodemailer over smtpUrl. */
  mailer?: Mailer;
}

export function createOutboxSender(options: SenderOptions): OutboxSender {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  let mailer: Mailer | undefined = options.mailer;
  let warnedNoSmtp = false;

  function getMailer(): Mailer | undefined {
    if (mailer) return mailer;
    const url = options.smtpUrl;
    if (!url) return undefined;
    // nodemailer (~20 MB resident once loaded) is read when the first email goes out, not at start:
    // a site without SMTP, or with nothing to send yet, never holds it.
    const transport = import("nodemailer").then(
      ({ default: nodemailer }) =>
        nodemailer.createTransport({
          url,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        }) as unknown as Mailer,
    );
    mailer = {
      sendMail: async (message) => (await transport).sendMail(message),
      close: () => {
        transport.then((t) => t.close?.()).catch(() => {});
      },
    };
    return mailer;
  }

  // The Message-ID's domain: the sender's own (RFC 5322 wants a domain the sender controls).
  const messageDomain = /@([^>\s]+)>?\s*$/.exec(options.from)?.[1] ?? "localhost";

  async function claim(time: Date, token: string) {
    // Rows get next_attempt_at from the database clock (microseconds); a JS Date
    // has milliseconds. One millisecond of slack keeps a just-queued email due.
    const at = new Date(time.getTime() + 1);
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, at)))
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    return db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(time.getTime() + LEASE_MS), claimToken: token })
      .where(
        and(
          inArray(emailOutbox.id, due),
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, at),
        ),
      )
      .returning();
  }

  async function pass(): Promise<number> {
    const transport = getMailer();
    if (!transport) {
      if (!warnedNoSmtp) {
        const [{ n }] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(eq(emailOutbox.status, "pending"));
        log.warn("SMTP_URL is not set: emails are kept in the email_outbox table until it is", {
          pending: n,
        });
        warnedNoSmtp = true;
      }
      return 0;
    }
    // One token per attempt: a later claim of the same row replaces it.
    const token = randomUUID();
    const rows = await claim(now(), token);
    const mine = (id: string) =>
      and(eq(emailOutbox.id, id), eq(emailOutbox.claimToken, token), eq(emailOutbox.status, "pending"));
    const sealedIds = rows.filter((r) => r.sealed).map((r) => r.id);
    const sealedRows = sealedIds.length
      ? await db.select().from(emailOutboxSealed).where(inArray(emailOutboxSealed.emailId, sealedIds))
      : [];
    const from = rows.length
      ? senderOf(options.from, options.siteName ? await options.siteName() : null)
      : "";
    let sent = 0;
    for (const row of rows) {
      const live = row.sealed ? sealedRows.find((r) => r.emailId === row.id) : row;
      if (!live) {
        // Never send the markers in place of a link or a code: the operator sees it failed, and why.
        const [marked] = await db
          .update(emailOutbox)
          .set({ status: "failed", lastError: SEALED_TEXT_LOST, attempts: row.attempts + 1 })
          .where(mine(row.id))
          .returning({ id: emailOutbox.id });
        if (marked) log.error("email given up: its sealed text is missing", { id: row.id, kind: row.kind });
        continue;
      }
      try {
        await transport.sendMail({
          from,
          to: row.toAddress,
          subject: live.subject,
          text: live.textBody,
          html: live.htmlBody || undefined,
          messageId: `<${row.id}@${messageDomain}>`,
          headers: Object.keys(live.headers).length ? live.headers : undefined,
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
            ...(a.encoding ? { encoding: a.encoding } : {}),
          })),
        });
        const [marked] = await db
          .update(emailOutbox)
          .set({ status: "sent", sentAt: now(), attempts: row.attempts + 1, lastError: null })
          .where(mine(row.id))
          .returning({ id: emailOutbox.id });
        if (marked) sent++;
        else
          log.warn("email sent after its claim had passed to another attempt", {
            id: row.id,
            kind: row.kind,
          });
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        const failed = attempts >= MAX_ATTEMPTS;
        const [marked] = await db
          .update(emailOutbox)
          .set({
            attempts,
            lastError: message.slice(0, 1000),
            status: failed ? "failed" : "pending",
            nextAttemptAt: new Date(now().getTime() + backoffMs(attempts)),
          })
          .where(mine(row.id))
          .returning({ id: emailOutbox.id });
        // Another attempt holds the row now; its outcome stands.
        if (!marked) continue;
        // The SMTP server's reply can quote the recipient: the log gets its codes, the outbox row the text.
        const smtp = error as { code?: unknown; responseCode?: unknown; command?: unknown };
        (failed ? log.error : log.warn)(failed ? "email given up" : "email send failed, will retry", {
          id: row.id,
          kind: row.kind,
          attempts,
          code: typeof smtp.code === "string" ? smtp.code : undefined,
          smtp_status: typeof smtp.responseCode === "number" ? smtp.responseCode : undefined,
          command: typeof smtp.command === "string" ? smtp.command : undefined,
        });
      }
    }
    return sent;
  }

  return {
    tick: pass,
    close() {
      mailer?.close?.();
      if (!options.mailer) mailer = undefined;
    },
  };
}
