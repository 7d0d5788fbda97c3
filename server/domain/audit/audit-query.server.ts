/**
 * Reading the audit log: the owner's filtered list (newest first), the same
 * entries as CSV, and the retention purge. The log is only ever added to by
 * recordAudit; the purge is the one delete, and the database's trigger
 * refuses it for entries younger than a year.
 */
import { and, count, desc, eq, gte, isNull, lt, or, type SQL } from "drizzle-orm";
import {
  AUDIT_PAGE_SIZE,
  type AuditEntryView,
  type AuditFilter,
  type AuditPage,
  OWNER_PERSON,
} from "../../../app/lib/audit-log.ts";
import { addDays, sydneyInstant } from "../../../app/lib/dates.ts";
import { csvLine, csvRecord } from "../../csv.server.ts";
import type { DB } from "../../db/client.server.ts";
import { type AuditLogRow, auditLog, bookings } from "../../db/schema.ts";
import { isSecretField } from "./changes.ts";

/** The conditions of a filter; a booking is matched by its id or its reference. */
async function auditWhere(db: DB, filter: AuditFilter): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.person) {
    conditions.push(
      filter.person === OWNER_PERSON ? isNull(auditLog.staffId) : eq(auditLog.staffId, filter.person),
    );
  }
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  if (filter.booking) {
    const [byReference] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.reference, filter.booking.toUpperCase()))
      .limit(1);
    conditions.push(eq(auditLog.bookingId, byReference?.id ?? filter.booking));
  }
  // Sydney calendar days, both ends included: from its midnight to the midnight after `to`.
  if (filter.from) conditions.push(gte(auditLog.occurredAt, sydneyInstant(filter.from)));
  if (filter.to) conditions.push(lt(auditLog.occurredAt, sydneyInstant(addDays(filter.to, 1))));
  return and(...conditions);
}

/**
 * An entry as the owner reads it. The entries were written with secrets and
 * medical answers as "changed"; the rule is applied again here, so an entry
 * written by a path that named a secret field unusually still shows no value.
 */
function toView(row: AuditLogRow, reference: string | null): AuditEntryView {
  const changes: AuditEntryView["changes"] = {};
  for (const [field, change] of Object.entries(row.changes ?? {})) {
    changes[field] = isSecretField(field) ? { changed: true } : (change as AuditEntryView["changes"][string]);
  }
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    recorded_at: row.recordedAt.toISOString(),
    staff_id: row.staffId,
    actor: row.actorLabel,
    address: row.address,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    booking_id: row.bookingId,
    booking_reference: reference,
    changes,
  };
}

const newestFirst = [desc(auditLog.occurredAt), desc(auditLog.id)];

async function entries(db: DB, where: SQL | undefined, limit: number, offset = 0) {
  const rows = await db
    .select({ entry: auditLog, reference: bookings.reference })
    .from(auditLog)
    .leftJoin(bookings, eq(bookings.id, auditLog.bookingId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ row: r.entry, view: toView(r.entry, r.reference) }));
}

/** One page of the filtered log, newest first, with the total the filter matches. */
export async function listAudit(
  db: DB,
  filter: AuditFilter,
  page = 1,
  pageSize = AUDIT_PAGE_SIZE,
): Promise<AuditPage> {
  const where = await auditWhere(db, filter);
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  return {
    entries: (await entries(db, where, pageSize, (page - 1) * pageSize)).map((e) => e.view),
    total,
    page,
    page_size: pageSize,
  };
}

const CSV_COLUMNS = [
  "occurred_at",
  "recorded_at",
  "actor",
  "staff_id",
  "address",
  "action",
  "entity",
  "entity_id",
  "booking_reference",
  "booking_id",
  "changes",
] as const;

/**
 * Every matching entry as CSV lines, newest first, read in batches (bounded
 * memory). The changes are the entry's JSON: every field, before and after,
 * exactly as recorded; cells pass the formula guard as every export's do.
 */
export async function* auditCsv(db: DB, filter: AuditFilter, batch = 1000): AsyncGenerator<string> {
  yield csvLine(CSV_COLUMNS);
  const where = await auditWhere(db, filter);
  // Keyset batches: an entry recorded during the download neither repeats nor shifts a row.
  let after: AuditLogRow | null = null;
  for (;;) {
    const cursor: SQL | undefined = after
      ? or(
          lt(auditLog.occurredAt, after.occurredAt),
          and(eq(auditLog.occurredAt, after.occurredAt), lt(auditLog.id, after.id)),
        )
      : undefined;
    const batchRows = await entries(db, and(where, cursor), batch);
    if (!batchRows.length) return;
    yield batchRows
      .map(({ view }) => csvRecord(CSV_COLUMNS, { ...view, changes: JSON.stringify(view.changes) }))
      .join("");
    if (batchRows.length < batch) return;
    after = batchRows[batchRows.length - 1].row;
  }
}

/**
 * Deletes the entries recorded more than `retentionDays` days before `now`
 * (at least 365: the database refuses younger ones, and the configuration
 * refuses a shorter retention at start). Answers how many went.
 */
export async function purgeAuditLog(db: DB, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const gone = await db
    .delete(auditLog)
    .where(lt(auditLog.recordedAt, cutoff))
    .returning({ id: auditLog.id });
  return gone.length;
}
