/**
 * The operator's email log: every email the site sent or will send (the
 * outbox), in one list and per booking, with its stored body, and the two
 * ways to send one again.
 *
 * The stored text of an email that carried a private link or a voucher code
 * holds a marker in its place (ADR 21), so the log never shows a customer's
 * secret. That live text is gone once the email leaves pending, so a failed
 * email of that kind cannot be retried or copied: the booking's confirmation
 * is composed again instead, with a fresh link.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, bookings, emailOutbox } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { confirmationEmail } from "../bookings/booking-emails.server.ts";
import { linkExpired, manageUrl, mintBookingLink } from "../bookings/booking-links.server.ts";
import { loadSiteContent } from "../content/content.server.ts";

export const EMAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_PAGE_SIZE = 50;

type Row = typeof emailOutbox.$inferSelect;

export interface EmailLogItem {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  booking_id: string | null;
  /** It carried a private link or a voucher code: the log shows a marker in its place. */
  sealed: boolean;
}

const item = (r: Row): EmailLogItem => ({
  id: r.id,
  kind: r.kind,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
  sent_at: r.sentAt?.toISOString() ?? null,
  booking_id: r.bookingId,
  sealed: r.sealed,
});

export async function listEmails(
  db: DB,
  filter: { status?: EmailStatus; q?: string; page: number },
): Promise<{ emails: EmailLogItem[]; total: number; page: number; page_size: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(emailOutbox.status, filter.status));
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(emailOutbox.toAddress, like), ilike(emailOutbox.subject, like));
    if (match) conditions.push(match);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(EMAIL_PAGE_SIZE)
      .offset((filter.page - 1) * EMAIL_PAGE_SIZE),
    db.select({ total: count() }).from(emailOutbox).where(where),
  ]);
  return { emails: rows.map(item), total, page: filter.page, page_size: EMAIL_PAGE_SIZE };
}

/** One booking's emails, newest first. */
export async function bookingEmails(db: DB, bookingId: string): Promise<EmailLogItem[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.bookingId, bookingId))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id));
  return rows.map(item);
}

async function loadEmail(db: DB, id: string): Promise<Row> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw notFound("Email not found");
  return row;
}

/** An email with its stored bodies (markers in place of links and codes) and its attachments' names. */
export async function emailDetail(db: DB, id: string) {
  const row = await loadEmail(db, id);
  return {
    ...item(row),
    text_body: row.textBody,
    html_body: row.htmlBody,
    attachments: row.attachments.map((a) => a.filename),
  };
}

const SEALED_AGAIN =
  "This email carried a private link or a voucher code, which is not kept once sending stops. Send the booking's confirmation again from its page (with a fresh link), or the voucher a new code.";

/** A failed email goes back to the queue, due now, with its attempts counted afresh. */
export async function retryEmail(db: DB, id: string): Promise<EmailLogItem> {
  const before = await loadEmail(db, id);
  if (before.status !== "failed")
    throw conflict(`Only a failed email can be retried; this one is ${before.status}.`);
  if (before.sealed) throw conflict(SEALED_AGAIN);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(), claimToken: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
      .returning();
    if (!row) throw conflict("This email was changed at the same time. Reload and try again.");
    await recordAudit(tx, {
      action: "retry",
      entity: "email",
      entityId: id,
      bookingId: row.bookingId,
      before: { status: before.status, attempts: before.attempts, kind: before.kind, to: before.toAddress },
      after: { status: row.status, attempts: row.attempts, kind: row.kind, to: row.toAddress },
    });
    return row;
  });
  return item(updated);
}

/** A copy of a sent or failed email, queued as a new one (the same text, to the same address). */
export async function sendEmailAgain(db: DB, id: string): Promise<EmailLogItem> {
  const row = await loadEmail(db, id);
  if (row.sealed) throw conflict(SEALED_AGAIN);
  if (row.status === "pending") throw conflict("This email is still waiting to be sent.");
  const copy = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(emailOutbox)
      .values({
        kind: row.kind,
        toAddress: row.toAddress,
        subject: row.subject,
        textBody: row.textBody,
        htmlBody: row.htmlBody,
        attachments: row.attachments,
        headers: row.headers,
        bookingId: row.bookingId,
      })
      .returning();
    await recordAudit(tx, {
      action: "send_again",
      entity: "email",
      entityId: inserted.id,
      bookingId: row.bookingId,
      before: null,
      after: { copy_of: row.id, kind: row.kind, to: row.toAddress, subject: row.subject },
    });
    return inserted;
  });
  return item(copy);
}

/**
 * The booking's confirmation again, with a fresh private link (the "resend"
 * channel, which ends the last re-sent one). Not for a booking whose links
 * the operator revoked, nor one past the day its links stop working.
 */
export async function resendConfirmation(
  deps: { db: DB; now: () => Date; env: { publicUrl: string } },
  bookingId: string,
): Promise<EmailLogItem> {
  const { db, env } = deps;
  const at = deps.now();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw notFound("Booking not found");
  if (booking.bookingStatus !== "confirmed" && booking.bookingStatus !== "completed") {
    throw conflict("Only a confirmed or completed booking has a confirmation to send.");
  }
  if (booking.linksRevokedAt) {
    throw conflict("This booking's links were revoked: a confirmation would carry a new one.");
  }
  const [adventure] = await db.select().from(adventures).where(eq(adventures.id, booking.adventureId));
  if (!adventure) throw notFound("The booking's adventure no longer exists");
  if (linkExpired(booking, adventure, at)) {
    throw conflict(
      "This booking's links stopped working 60 days after the trip; there is nothing to resend.",
    );
  }
  const site = siteInfo(await loadSiteContent(db));
  const id = randomUUID();
  await db.transaction(async (tx) => {
    const token = await mintBookingLink(tx, booking.id, "resend", at);
    const url = manageUrl(env.publicUrl, token);
    const email = await confirmationEmail(tx, { booking, adventure, site, at, manageUrl: url });
    await enqueueEmail(tx, { ...email, id });
    // The email carries a fresh private link: the log names the email, never its text.
    await recordAudit(tx, {
      action: "resend_confirmation",
      entity: "email",
      entityId: id,
      bookingId: booking.id,
      before: null,
      after: { kind: email.kind, to: email.to },
    });
  });
  return item(await loadEmail(db, id));
}
