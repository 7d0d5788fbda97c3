/**
 * The public content version: a number that moves, at commit, with every write
 * to what visitors see (adventures, dates and spots, reviews, gallery, FAQs,
 * website text, media, settings). Database triggers keep it (migration
 * 0006_content_version), so no write path can forget it. A cached page is
 * served only while its version is still the current one.
 *
 * On PostgreSQL every process reads the number before each shared answer (one
 * indexed row, one read for the requests that arrive together): a write
 * committed by any process is seen by the next request to any other, with no
 * window. The embedded database belongs to one process,
 * and its notifications arrive before the writing query returns, so there the
 * number is kept in memory from the trigger's notification.
 */
import { sql } from "drizzle-orm";
import type { Database, DB } from "../db/client.server.ts";

export interface ContentVersion {
  current(): Promise<string>;
}

async function readContentVersion(db: DB): Promise<string> {
  // As text: a bigint arrives as a string from node-postgres but as a number from PGlite.
  const result = await db.execute(sql`select version::text as version from content_version where id = 1`);
  const row = (result as unknown as { rows: { version: string }[] }).rows[0];
  return row?.version ?? "0";
}

export function contentVersion(database: Database): ContentVersion {
  const { db, pglite } = database;
  if (!pglite) {
    // Requests that arrive in one turn of the event loop share one read, sent after the last of them
    // arrived (never one already on its way): each still sees every write committed before it came.
    let next: Promise<string> | undefined;
    return {
      current() {
        next ??= new Promise<string>((resolve, reject) =>
          setImmediate(() => {
            next = undefined;
            readContentVersion(db).then(resolve, reject);
          }),
        );
        return next;
      },
    };
  }
  let known: string | undefined;
  let watching: Promise<void> | undefined;
  const watch = async () => {
    await pglite.listen("content_version", (payload) => {
      known = payload;
    });
    // Read after listening: a write in between is then either in the read or in a notification.
    known = await readContentVersion(db);
  };
  return {
    async current() {
      if (known === undefined) {
        watching ??= watch().catch((error: unknown) => {
          watching = undefined;
          throw error;
        });
        await watching;
      }
      return known as string;
    },
  };
}
