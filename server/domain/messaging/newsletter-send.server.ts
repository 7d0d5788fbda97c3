/**
 * The operator's newsletter: composing the email, sending one campaign to every
 * active subscriber through the outbox, and the subscriber's one-click
 * unsubscribe.
 *
 * Every newsletter email carries List-Unsubscribe (RFC 2369) with an HTTPS link
 * and List-Unsubscribe-Post (RFC 8058), so mail clients offer an Unsubscribe
 * button that POSTs to the link; the same link is in the text and HTML body.
 * Transactional emails (bookings, replies, notices) never carry these headers.
 *
 * Each email gets its own link: a random token of which only the SHA-256 hash
 * is stored (newsletter_unsubscribe_links), kept so that every email's link
 * keeps working. A link only ever unsubscribes one address, which the person
 * can undo by signing up again in the footer and confirming by email.
 */
import { and, asc, eq, inArray, like, ne, sql } from "drizzle-orm";
import { type NewsletterDraft, newsletterParagraphs } from "../../../app/lib/newsletter.ts";
import { type SiteInfo, siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { emailOutbox, newsletterSubscribers, newsletterUnsubscribeLinks } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { layout as emailLayout, escapeHtml } from "../../email/templates.server.ts";
import { conflict } from "../../errors.server.ts";
import { hashToken, newToken } from "../access/auth.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { getNotificationEmail } from "../content/settings.server.ts";

export const NEWSLETTER_KIND = "newsletter";
export const NEWSLETTER_TEST_KIND = "newsletter_test";

/** Longer than any token we mint; anything longer is not looked up at all. */
const MAX_TOKEN_LENGTH = 100;

/** The page a newsletter's unsubscribe link opens (and the one-click POST target). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter/unsubscribe/${token}`;
}

/** The headers that make a mail client show its own Unsubscribe button (one click, RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Shown in the operator's test email, where no subscriber's link exists. */
export const TEST_UNSUBSCRIBE_NOTE = "Each subscriber's email has their own one-click unsubscribe link here.";

/**
 * The newsletter as an email: the operator's paragraphs, then why the reader
 * gets it and how to stop. `unsubscribe` is the reader's link (null in a test send).
 */
export function newsletterEmail(
  draft: NewsletterDraft,
  site: SiteInfo,
  unsubscribe: string | null,
): { subject: string; text: string; html: string } {
  const paragraphs = newsletterParagraphs(draft.body);
  const why = `You get this email because you subscribed to news from ${site.title}.`;
  const text = [
    ...paragraphs.flatMap((p) => [p, ""]),
    "--",
    why,
    unsubscribe ? `Unsubscribe with one click: ${unsubscribe}` : TEST_UNSUBSCRIBE_NOTE,
    "",
  ].join("\n");
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 14px;line-height:1.6">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  const footer = unsubscribe
    ? `<a href="${escapeHtml(unsubscribe)}" style="color:#0f766e">Unsubscribe</a> with one click.`
    : escapeHtml(TEST_UNSUBSCRIBE_NOTE);
  const html = emailLayout(
    site,
    draft.subject,
    `${body}
<p style="margin:24px 0 0;padding-top:14px;border-top:1px solid #e2e8f0;color:#64748b;font-size:13px">${escapeHtml(why)} ${footer}</p>`,
  );
  return { subject: draft.subject, text, html };
}

/** One campaign's emails share this dedupe key prefix; one key per (campaign, subscriber). */
const campaignKeyPrefix = (campaignId: string) => `newsletter:${campaignId}:`;

/** A new unsubscribe link token for one email to a subscriber; only its hash is stored. */
async function mintUnsubscribeToken(tx: DB, subscriberId: string, at: Date): Promise<string> {
  const token = newToken();
  await tx
    .insert(newsletterUnsubscribeLinks)
    .values({ tokenHash: hashToken(token), subscriberId, createdAt: at });
  return token;
}

export interface NewsletterSendDeps {
  db: DB;
  publicUrl: string;
  now?: () => Date;
}

/**
 * Queues one email per active subscriber in one transaction, each with its own
 * unsubscribe link and headers. A campaign goes out once: the campaign id is
 * locked for the transaction, a campaign that already has emails is refused,
 * and each email's dedupe key (campaign, subscriber) makes a second insert a
 * no-op, so a repeated, double-clicked or parallel send emails nobody twice.
 */
export async function sendNewsletter(
  deps: NewsletterSendDeps,
  input: NewsletterDraft & { campaignId: string },
): Promise<{ queued: number }> {
  const site = siteInfo(await loadSiteContent(deps.db));
  const prefix = campaignKeyPrefix(input.campaignId);
  const at = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${prefix}))`);
    const [earlier] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `${prefix}%`))
      .limit(1);
    if (earlier) throw conflict("This newsletter has already been sent.");
    const recipients = await tx
      .select({ id: newsletterSubscribers.id, email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "active"))
      .orderBy(asc(newsletterSubscribers.id));
    if (recipients.length === 0) throw conflict("There are no active subscribers to send to.");
    let queued = 0;
    for (const r of recipients) {
      const link = unsubscribeUrl(deps.publicUrl, await mintUnsubscribeToken(tx, r.id, at));
      const email = newsletterEmail(input, site, link);
      const added = await enqueueEmail(tx, {
        kind: NEWSLETTER_KIND,
        to: r.email,
        ...email,
        headers: listUnsubscribeHeaders(link),
        dedupeKey: `${prefix}${r.id}`,
      });
      if (added) queued++;
    }
    await recordAudit(tx, {
      action: "send",
      entity: "newsletter",
      entityId: input.campaignId,
      after: { subject: input.subject, recipients: queued },
    });
    return { queued };
  });
}

/** The draft to the operator's notification address, marked as a test; no subscriber, so no unsubscribe headers. */
export async function sendNewsletterTest(db: DB, draft: NewsletterDraft): Promise<{ to: string }> {
  const content = await loadSiteContent(db);
  const to = await getNotificationEmail(db, content);
  const email = newsletterEmail(draft, siteInfo(content), null);
  await enqueueEmail(db, {
    kind: NEWSLETTER_TEST_KIND,
    to,
    ...email,
    subject: `[Test] ${email.subject}`,
  });
  return { to };
}

/**
 * The link's one job: the subscriber behind the token becomes unsubscribed.
 * Idempotent, and silent about unknown tokens: the caller answers the same
 * either way, so the link tells nobody whether an address is on the list.
 * Answers whether this call changed a status (for the log only).
 */
export async function unsubscribeByToken(db: DB, token: string): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const rows = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed" })
    .where(
      and(
        inArray(
          newsletterSubscribers.id,
          db
            .select({ id: newsletterUnsubscribeLinks.subscriberId })
            .from(newsletterUnsubscribeLinks)
            .where(eq(newsletterUnsubscribeLinks.tokenHash, hashToken(token))),
        ),
        ne(newsletterSubscribers.status, "unsubscribed"),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
