/**
 * Newsletter subscribers for the operator: the list and status changes. (The
 * footer's sign-up and its confirmation are in newsletter-signup.)
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import {
  newsletterSubscribers,
  type SUBSCRIBER_ROW_STATUSES,
  type SUBSCRIBER_STATUSES,
} from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";

/** A status the operator can set. */
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
/** A row's status: one of those, or "pending" (signed up, not yet confirmed). */
export type SubscriberRowStatus = (typeof SUBSCRIBER_ROW_STATUSES)[number];
type Row = typeof newsletterSubscribers.$inferSelect;

export interface AdminSubscriber {
  id: string;
  email: string;
  status: SubscriberRowStatus;
  subscribed_at: string;
  source: string;
}

const toAdmin = (r: Row): AdminSubscriber => ({
  id: r.id,
  email: r.email,
  status: r.status,
  subscribed_at: r.subscribedAt.toISOString(),
  source: r.source,
});

export async function listSubscribers(db: DB, status?: SubscriberRowStatus): Promise<AdminSubscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(status ? eq(newsletterSubscribers.status, status) : undefined)
    .orderBy(desc(newsletterSubscribers.subscribedAt), asc(newsletterSubscribers.email));
  return rows.map(toAdmin);
}

/**
 * An active subscriber can be unsubscribed (or set inactive); any other status
 * can be reactivated. A pending address has not confirmed its own sign-up: the
 * operator cannot put it on the list (that is the double opt-in), and an
 * unconfirmed sign-up lapses by itself.
 */
export function canChangeSubscriber(from: SubscriberRowStatus, to: SubscriberStatus): boolean {
  if (from === "pending") return false;
  return from === "active" ? to !== "active" : to === "active";
}

export async function setSubscriberStatus(
  db: DB,
  id: string,
  to: SubscriberStatus,
): Promise<AdminSubscriber> {
  const [current] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!current) throw notFound("Subscriber not found");
  if (!canChangeSubscriber(current.status, to)) {
    throw conflict(
      current.status === "pending"
        ? "This address has not confirmed its sign-up yet: it joins the list from the link in its confirmation email."
        : current.status === to
          ? `This subscriber is already ${to}.`
          : `An ${current.status} subscriber can only be reactivated.`,
    );
  }
  const row = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(newsletterSubscribers)
      .set({
        status: to,
        // Reactivating starts a new subscription.
        ...(to === "active" ? { subscribedAt: sql`now()` } : {}),
      })
      .where(
        and(
          eq(newsletterSubscribers.id, id),
          ne(newsletterSubscribers.status, to),
          eq(newsletterSubscribers.status, current.status),
        ),
      )
      .returning();
    if (changed) {
      await recordAudit(tx, {
        action: "update",
        entity: "newsletter_subscriber",
        entityId: id,
        before: { status: current.status },
        after: { status: changed.status },
      });
    }
    return changed;
  });
  if (!row) throw conflict("This subscriber was changed at the same time. Reload and try again.");
  return toAdmin(row);
}
