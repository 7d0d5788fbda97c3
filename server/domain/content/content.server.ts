import { eq } from "drizzle-orm";
import type { DB } from "../../db/client.server.ts";
import { contentSections } from "../../db/schema.ts";

/** page -> section -> content, active sections only. */
export type SiteContent = Record<string, Record<string, string>>;

export async function loadSiteContent(db: DB): Promise<SiteContent> {
  const rows = await db
    .select({
      page: contentSections.page,
      section: contentSections.section,
      content: contentSections.content,
    })
    .from(contentSections)
    .where(eq(contentSections.isActive, true));
  const out: SiteContent = {};
  for (const r of rows) {
    out[r.page] ??= {};
    out[r.page][r.section] = r.content;
  }
  return out;
}
