/**
 * One console write on one row, recorded with the row as it was before and
 * after: the row is read, the write runs, the row is read again and the
 * entry written, all in one transaction (the write's own), so the entry holds
 * exactly what changed. The write receives the transaction and must make
 * every query through it. Outside a console call the write runs as it
 * always did, with no transaction of its own.
 */
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DB } from "../../db/client.server.ts";
import { currentActor } from "./actor.server.ts";
import { recordAudit } from "./audit.server.ts";

type TableWithId = PgTable & { id: PgColumn };

export interface RowWrite<T> {
  action: string;
  entity: string;
  table: TableWithId;
  /** The row being changed or deleted; absent when the write creates it. */
  id?: string;
  /** The created row's id, from the write's answer. */
  idOf?: (result: T) => string | null | undefined;
  /** Further fields recorded as "changed" only. */
  redact?: readonly string[];
}

/** Columns every update touches: recording them would only repeat the entry's own time. */
const NOISE = new Set(["updated_at"]);

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row as the log names its fields (the database's column names). */
export function rowFields(row: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const name = snake(key);
    if (!NOISE.has(name)) out[name] = value;
  }
  return out;
}

async function snapshot(tx: DB, table: TableWithId, id: string) {
  const rows = (await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))) as Record<string, unknown>[];
  return rowFields(rows[0]);
}

/**
 * Runs `write` and records its change of one row. Nothing is recorded when
 * the row neither existed before nor after (the write found nothing to do).
 */
export async function auditedWrite<T>(db: DB, spec: RowWrite<T>, write: (tx: DB) => Promise<T>): Promise<T> {
  if (!currentActor()) return write(db);
  return db.transaction(async (tx) => {
    const before = spec.id ? await snapshot(tx, spec.table, spec.id) : null;
    const result = await write(tx);
    const id = spec.id ?? spec.idOf?.(result) ?? null;
    if (!id) return result;
    const after = await snapshot(tx, spec.table, id);
    if (!before && !after) return result;
    await recordAudit(tx, {
      action: spec.action,
      entity: spec.entity,
      entityId: id,
      before,
      after,
      redact: spec.redact,
    });
    return result;
  });
}
