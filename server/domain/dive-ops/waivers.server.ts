/**
 * The operator's waiver, versioned: saving a text publishes it as the next
 * version, and participants accept the newest one. Old versions stay, since
 * each acceptance names the version that was read.
 */
import { desc } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { waivers } from "../../db/schema.ts";
import { conflict } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";

export type WaiverRow = typeof waivers.$inferSelect;

/** The version participants accept now; null while none has been published. */
export async function currentWaiver(db: DB): Promise<WaiverRow | null> {
  const [row] = await db.select().from(waivers).orderBy(desc(waivers.version)).limit(1);
  return row ?? null;
}

/** Every version, newest first, without their texts. */
export async function waiverHistory(db: DB) {
  return db
    .select({ version: waivers.version, title: waivers.title, createdAt: waivers.createdAt })
    .from(waivers)
    .orderBy(desc(waivers.version));
}

/**
 * Publishes a text as the next version. Two saves at once both read the
 * same newest version; the primary key lets one of them in and the other is
 * told to reload (409) rather than silently publishing over it.
 */
export async function publishWaiver(
  db: DB,
  input: { title: string; body: string; basedOn: number | null },
  at: Date,
): Promise<WaiverRow> {
  return db.transaction(async (tx) => {
    const current = await currentWaiver(tx);
    if ((current?.version ?? null) !== input.basedOn) {
      throw conflict(
        "The waiver was changed by someone else since you opened it: reload to see the new version.",
      );
    }
    const [row] = await tx
      .insert(waivers)
      .values({ version: (current?.version ?? 0) + 1, title: input.title, body: input.body, createdAt: at })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw conflict(
        "The waiver was changed by someone else since you opened it: reload to see the new version.",
      );
    }
    await recordAudit(tx, {
      action: "create",
      entity: "waiver",
      entityId: String(row.version),
      before: null,
      after: { version: row.version, title: row.title, body: row.body },
    });
    return row;
  });
}
