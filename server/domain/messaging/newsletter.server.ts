/** Newsletter subscribers: the footer's sign-up, and for the operator the list and status changes. */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { newsletterSubscribers, type SUBSCRIBER_STATUSES } from "../../db/schema.ts";
import { conflict, notFound } from "../../errors.server.ts";

export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
type Row = typeof newsletterSubscribers.$inferSelect;

export interface AdminSubscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
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

/**
 * Signs an address up (the footer box, by the API or by the page's form post).
 * Idempotent: a known address is (re)activated, never duplicated, and keeps
 * its first subscription date while it stays active.
 */
export async function subscribe(db: DB, email: string): Promise<{ id: string }> {
  const [row] = await db
    .insert(newsletterSubscribers)
    .values({ email: email.toLowerCase(), status: "active" })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        status: "active",
        subscribedAt: sql`case when ${newsletterSubscribers.status} = 'active' then ${newsletterSubscribers.subscribedAt} else now() end`,
      },
    })
    .returning({ id: newsletterSubscribers.id });
  return row;
}

export async function listSubscribers(db: DB, status?: SubscriberStatus): Promise<AdminSubscriber[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(status ? eq(newsletterSubscribers.status, status) : undefined)
    .orderBy(desc(newsletterSubscribers.subscribedAt), asc(newsletterSubscribers.email));
  return rows.map(toAdmin);
}

/** An active subscriber can be unsubscribed (or set inactive); any other status can be reactivated. */
export function canChangeSubscriber(from: SubscriberStatus, to: SubscriberStatus): boolean {
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
      current.status === to
        ? `This subscriber is already ${to}.`
        : `An ${current.status} subscriber can only be reactivated.`,
    );
  }
  const [row] = await db
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
  if (!row) throw conflict("This subscriber was changed at the same time. Reload and try again.");
  return toAdmin(row);
}
