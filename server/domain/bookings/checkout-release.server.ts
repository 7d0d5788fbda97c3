/**
 * "Release my unfinished checkouts", by email. A customer refused a checkout
 * because their address already has MAX_OPEN_CHECKOUTS open (abandoned tabs,
 * a payment page closed) asks for a link; the email goes to that address only,
 * so only its owner can end its checkouts.
 *
 * - The link's token is 256-bit, only its SHA-256 is stored, one live link per
 *   address (a new one replaces the old), valid RELEASE_LINK_MS, and deleted
 *   once nothing of its address is left to release: it is used up by the
 *   releases it was sent for.
 * - An address gets at most one such email per RELEASE_RESEND_MS, and none when
 *   it has no unfinished checkout; the caller answers every address the same.
 * - A release ends the checkout through `closeAtProvider`, the hold sweep's own
 *   path: the provider's session is expired, then the ledger row is settled by
 *   its conditional claim, so spots come back once and a payment completing at
 *   the same moment ends in exactly one outcome (paid, or released).
 */
import { and, desc, eq, gt, lte, sql } from "drizzle-orm";
import { formatDateAU } from "../../../app/lib/dates.ts";
import { formatMoney } from "../../../app/lib/money.ts";
import { siteInfo } from "../../../app/lib/site.ts";
import type { DB } from "../../db/client.server.ts";
import { checkoutReleaseLinks, payments } from "../../db/schema.ts";
import { enqueueEmail } from "../../email/outbox.server.ts";
import { hashToken, newToken } from "../access/auth.server.ts";
import { loadSiteContent } from "../content/content.server.ts";
import { listOpenCheckouts, normalEmail, type OpenCheckout } from "../money/checkout-cap.server.ts";
import type { BookingDeps } from "../money/checkout-ledger.server.ts";
import { closeAtProvider } from "./settle.server.ts";

/** A release link lives an hour: longer than any checkout it can end (30 minutes). */
export const RELEASE_LINK_MS = 60 * 60_000;

/** The least time between two release emails to one address. */
export const RELEASE_RESEND_MS = 10 * 60_000;

/** Longer than any token we mint; anything longer is not looked up at all. */
const MAX_TOKEN_LENGTH = 100;

export const CHECKOUT_RELEASE_KIND = "checkout_release";

/** The page a release email's link opens. */
export function releaseUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/checkouts/release/${token}`;
}

/** What a checkout is, in a line of the email and the page. */
export function describeCheckout(c: OpenCheckout): string {
  if (c.kind === "voucher") return `Gift voucher, ${formatMoney(c.amountCents, c.currency, true)}`;
  if (c.kind === "custom") return `Payment of ${formatMoney(c.amountCents, c.currency, true)}`;
  const people = c.groupSize === 1 ? "1 person" : `${c.groupSize} people`;
  return `${c.adventure ?? "Booking"}, ${c.date ? formatDateAU(c.date) : ""}, ${people}`;
}

/**
 * Emails a release link to an address with unfinished checkouts, unless one
 * went to it within RELEASE_RESEND_MS. Answers whether it emailed, for the log
 * only: the caller answers the same whatever this says.
 */
export async function requestReleaseLink(deps: BookingDeps, email: string): Promise<{ emailed: boolean }> {
  const address = normalEmail(email);
  const at = deps.now();
  const site = siteInfo(await loadSiteContent(deps.db));
  return deps.db.transaction(async (tx) => {
    // Parallel requests for one address take turns, so the spacing holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout-release:${address}`}))`);
    const open = await listOpenCheckouts(tx, address, at);
    if (open.length === 0) return { emailed: false };
    const [latest] = await tx
      .select({ createdAt: checkoutReleaseLinks.createdAt })
      .from(checkoutReleaseLinks)
      .where(eq(checkoutReleaseLinks.email, address))
      .orderBy(desc(checkoutReleaseLinks.createdAt))
      .limit(1);
    if (latest && at.getTime() - latest.createdAt.getTime() < RELEASE_RESEND_MS) return { emailed: false };
    const token = newToken();
    await tx.delete(checkoutReleaseLinks).where(eq(checkoutReleaseLinks.email, address));
    await tx.insert(checkoutReleaseLinks).values({
      tokenHash: hashToken(token),
      email: address,
      createdAt: at,
      expiresAt: new Date(at.getTime() + RELEASE_LINK_MS),
    });
    const minutes = RELEASE_LINK_MS / 60_000;
    await enqueueEmail(tx, {
      kind: CHECKOUT_RELEASE_KIND,
      to: email.trim(),
      subject: "Release your unfinished checkouts",
      text: [
        "Hello,",
        "",
        `Someone (we hope you) asked to release the unfinished checkouts of this address at ${site.title}:`,
        "",
        ...open.map((c) => `- ${describeCheckout(c)}`),
        "",
        `Open this link to see them and release them (it works for ${minutes} minutes):`,
        releaseUrl(deps.env.publicUrl, token),
        "",
        "Releasing a checkout gives its spots back; nothing is charged. If you did not ask for this, ignore this email: nothing changes and they end by themselves within 30 minutes.",
        "",
        site.title,
      ].join("\n"),
    });
    return { emailed: true };
  });
}

const usable = (token: string) => token.length > 0 && token.length <= MAX_TOKEN_LENGTH;

async function liveLink(db: DB, token: string, at: Date): Promise<{ email: string } | null> {
  if (!usable(token)) return null;
  const [link] = await db
    .select({ email: checkoutReleaseLinks.email })
    .from(checkoutReleaseLinks)
    .where(and(eq(checkoutReleaseLinks.tokenHash, hashToken(token)), gt(checkoutReleaseLinks.expiresAt, at)));
  return link ?? null;
}

/** The page's list: the link's address's unfinished checkouts, or null for an unknown, used or expired link. */
export async function releaseLinkView(db: DB, token: string, at: Date): Promise<OpenCheckout[] | null> {
  const link = await liveLink(db, token, at);
  return link ? listOpenCheckouts(db, link.email, at) : null;
}

/**
 * Ends one checkout of the link's address (`which` its payment id) or all of
 * them ("all"). A payment id of another address is not among the link's
 * checkouts, so it is never touched. Answers how many this call released, or
 * null when the link cannot release (unknown, used or expired).
 */
export async function releaseCheckouts(
  deps: BookingDeps,
  token: string,
  which: string,
): Promise<{ released: number } | null> {
  const at = deps.now();
  const link = await liveLink(deps.db, token, at);
  if (!link) return null;
  const open = await listOpenCheckouts(deps.db, link.email, at);
  const chosen = which === "all" ? open : open.filter((c) => c.paymentId === which);
  let released = 0;
  for (const c of chosen) {
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, c.paymentId));
    if (!payment) continue;
    await closeAtProvider(deps, payment, "cancelled");
    // Counted only when this checkout ended unpaid (a payment that won the race stays paid).
    const [after] = await deps.db
      .select({ status: payments.status, paid: payments.paymentStatus })
      .from(payments)
      .where(eq(payments.id, c.paymentId));
    if (after?.paid === "unpaid" && (after.status === "cancelled" || after.status === "expired")) released++;
  }
  // Nothing left to release: the link is used up.
  if ((await listOpenCheckouts(deps.db, link.email, at)).length === 0) {
    await deps.db.delete(checkoutReleaseLinks).where(eq(checkoutReleaseLinks.tokenHash, hashToken(token)));
  }
  return { released };
}

/** Links past their time (the hold sweep's clean-up). */
export async function pruneReleaseLinks(db: DB, at: Date): Promise<void> {
  await db.delete(checkoutReleaseLinks).where(lte(checkoutReleaseLinks.expiresAt, at));
}
