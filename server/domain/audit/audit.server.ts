/**
 * Recording a console write in the audit log, inside the transaction of the
 * write itself: the entry and the change commit or roll back together, so
 * the log never claims a change that did not happen nor misses one that did.
 * Outside a console call (a customer's own page, a webhook, a job) nothing is
 * recorded: the log answers "which of us did this".
 */
import { sql } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { auditLog, staffMembers } from "../../db/schema.ts";
import { type AuditActor, currentActor } from "./actor.server.ts";
import { fieldChanges } from "./changes.ts";

/** How the log names the owner, who signs in with the site's own password. */
export const OWNER_LABEL = "Owner";

export interface AuditEntry {
  /** What was done: "create", "update", "delete", or the operation's own verb ("refund", "check_in"). */
  action: string;
  /** The kind of thing changed, as the log's filter names it ("booking", "availability", "voucher"...). */
  entity: string;
  entityId: string;
  /** The booking the change concerns, when there is one (the log's booking filter). */
  bookingId?: string | null;
  /** The fields before the change (null: the thing was created). */
  before?: Record<string, unknown> | null;
  /** The fields after the change (null: the thing was deleted). */
  after?: Record<string, unknown> | null;
  /** Further fields of this entity recorded as "changed" only. */
  redact?: readonly string[];
  /** When the action happened, if earlier than now (an action queued offline and synced later). */
  occurredAt?: Date;
}

/**
 * Writes one entry for the console user of the current request (or `actor`,
 * when given); does nothing outside a console call. `tx` must be the
 * transaction of the write being recorded.
 */
export async function recordAudit(tx: DB, entry: AuditEntry, actor: AuditActor | null = currentActor()) {
  if (!actor) return;
  const label =
    actor.staffId === null
      ? sql`${OWNER_LABEL}`
      : sql`coalesce((select coalesce(nullif(${staffMembers.name}, ''), ${staffMembers.email}) from ${staffMembers} where ${staffMembers.id} = ${actor.staffId}), ${actor.staffId})`;
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    actorLabel: label,
    address: actor.address,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    bookingId: entry.bookingId ?? null,
    changes: fieldChanges(entry.before ?? null, entry.after ?? null, entry.redact),
    ...(entry.occurredAt ? { occurredAt: entry.occurredAt } : {}),
  });
}
