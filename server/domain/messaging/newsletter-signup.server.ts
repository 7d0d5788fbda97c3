/**
 * Newsletter sign-up with double opt-in, as trusted list services do it: the
 * footer's form never puts an address on the list by itself. It sends one
 * confirmation email with a single-use link (a random token of which only the
 * SHA-256 hash is stored, valid CONFIRM_LINK_DAYS); the address becomes active
 * only when the person presses the button on the page that link opens.
 *
 * - A new address is kept as "pending" until then; an unsubscribed or
 *   inactive one keeps its status. Nobody is put back on the list because
 *   someone typed their address.
 * - An address gets at most one confirmation email per CONFIRM_RESEND_MS,
 *   however often the form is sent, so the form cannot flood a mailbox.
 * - The caller answers the same for every address (new, pending, active,
 *   unsubscribed, spaced out): the form tells nobody who is on the list.
 * - A pending address whose sign-up is older than a link lives is forgotten
 *   (forgetUnconfirmedSignUps, from the periodic job).
 */
import { and, desc, eq, gt, lt, lte, ne, sql } from "drizzle-orm";
import { CONFIRM_LINK_DAYS } from "../../../app/lib/newsletter.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { newsletterConfirmLinks, newsletterSubscribers } from "../../db/schema.ts";
import { newsletterConfirmEmail } from "../../email/newsletter-templates.server.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { hashToken, newToken } from "../access/auth.server.ts";
import { loadSiteContent } from "../content/content.server.ts";

export const NEWSLETTER_CONFIRM_KIND = "newsletter_confirm";

const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * 86_400_000;

/** The least time between two confirmation emails to one address. */
export const CONFIRM_RESEND_MS = 60 * 60_000;

/** Longer than any token we mint; anything longer is not looked up at all. */
const MAX_TOKEN_LENGTH = 100;

/** The page a confirmation email's link opens; its button confirms. */
export function confirmUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter/confirm/${token}`;
}

export interface SignUpDeps {
  db: DB;
  publicUrl: string;
  now: () => Date;
}

/**
 * A sign-up from the footer (the API or the page's form post). An active
 * address is left as it is; any other gets a confirmation email unless one
 * went to it within CONFIRM_RESEND_MS. Answers the address's row id (the same
 * for every sign-up of one address) and, for the log only, whether it emailed.
 */
export async function requestSubscription(
  deps: SignUpDeps,
  email: string,
): Promise<{ id: string; emailed: boolean }> {
  const address = email.trim().toLowerCase();
  const at = deps.now();
  const site = siteInfo(await loadSiteContent(deps.db));
  return deps.db.transaction(async (tx) => {
    // The upsert locks the row, so parallel sign-ups of one address take turns and the spacing holds.
    // A pending row's date is its latest sign-up (what forgetting it counts from); any other keeps its own.
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({ email: address, status: "pending", subscribedAt: at })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          subscribedAt: sql`case when ${newsletterSubscribers.status} = 'pending' then excluded.subscribed_at else ${newsletterSubscribers.subscribedAt} end`,
        },
      })
      .returning({ id: newsletterSubscribers.id, status: newsletterSubscribers.status });
    if (row.status === "active") return { id: row.id, emailed: false };
    const [latest] = await tx
      .select({ createdAt: newsletterConfirmLinks.createdAt })
      .from(newsletterConfirmLinks)
      .where(eq(newsletterConfirmLinks.subscriberId, row.id))
      .orderBy(desc(newsletterConfirmLinks.createdAt))
      .limit(1);
    if (latest && at.getTime() - latest.createdAt.getTime() < CONFIRM_RESEND_MS) {
      return { id: row.id, emailed: false };
    }
    const token = newToken();
    await tx.insert(newsletterConfirmLinks).values({
      tokenHash: hashToken(token),
      subscriberId: row.id,
      createdAt: at,
      expiresAt: new Date(at.getTime() + CONFIRM_LINK_MS),
    });
    await enqueueEmail(tx, {
      kind: NEWSLETTER_CONFIRM_KIND,
      to: address,
      ...newsletterConfirmEmail(site, confirmUrl(deps.publicUrl, token), CONFIRM_LINK_DAYS),
    });
    return { id: row.id, emailed: true };
  });
}

const usable = (token: string) => token.length > 0 && token.length <= MAX_TOKEN_LENGTH;

/** Whether the link can still confirm (unused, unexpired). Reading it changes nothing. */
export async function confirmLinkIsLive(db: DB, token: string, at: Date): Promise<boolean> {
  if (!usable(token)) return false;
  const [link] = await db
    .select({ subscriberId: newsletterConfirmLinks.subscriberId })
    .from(newsletterConfirmLinks)
    .where(
      and(eq(newsletterConfirmLinks.tokenHash, hashToken(token)), gt(newsletterConfirmLinks.expiresAt, at)),
    );
  return Boolean(link);
}

/**
 * The confirmation: a live link makes its address active (a new subscription,
 * dated now) and every confirmation link of that address stops working.
 * Answers false for an unknown, used or expired link, and changes nothing.
 */
export async function confirmByToken(db: DB, token: string, at: Date): Promise<boolean> {
  if (!usable(token)) return false;
  return db.transaction(async (tx) => {
    // Taking the link is its single use: of two presses at once, one deletes it and confirms.
    const [link] = await tx
      .delete(newsletterConfirmLinks)
      .where(
        and(eq(newsletterConfirmLinks.tokenHash, hashToken(token)), gt(newsletterConfirmLinks.expiresAt, at)),
      )
      .returning({ subscriberId: newsletterConfirmLinks.subscriberId });
    if (!link) return false;
    await tx.delete(newsletterConfirmLinks).where(eq(newsletterConfirmLinks.subscriberId, link.subscriberId));
    await tx
      .update(newsletterSubscribers)
      .set({ status: "active", subscribedAt: at })
      .where(
        and(eq(newsletterSubscribers.id, link.subscriberId), ne(newsletterSubscribers.status, "active")),
      );
    return true;
  });
}

/**
 * Removes links past their time, and the pending addresses nobody confirmed:
 * those whose latest sign-up is older than a link lives (so every link they
 * were sent has expired). A sign-up at the same moment updates the row first,
 * which takes it out of this delete. Answers how many addresses were forgotten.
 */
export async function forgetUnconfirmedSignUps(db: DB, at: Date): Promise<number> {
  await db.delete(newsletterConfirmLinks).where(lte(newsletterConfirmLinks.expiresAt, at));
  const forgotten = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        lt(newsletterSubscribers.subscribedAt, new Date(at.getTime() - CONFIRM_LINK_MS)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return forgotten.length;
}
