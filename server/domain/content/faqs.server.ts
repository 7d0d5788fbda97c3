import { asc, eq } from "drizzle-orm";
import { FAQ_CATEGORIES } from "../../../app/lib/categories.ts";
import type { DB } from "../../db/client.server.ts";
import { faqs } from "../../db/schema.ts";

export interface PublicFaq {
  id: string;
  question: string;
  answer: string;
  category: string;
}

export interface FaqGroup {
  category: string;
  items: PublicFaq[];
}

/** Known categories first in their fixed order; any other category after them, alphabetically. */
function categoryRank(category: string): number {
  const i = (FAQ_CATEGORIES as readonly string[]).indexOf(category);
  return i === -1 ? FAQ_CATEGORIES.length : i;
}

/** Active FAQs grouped by category, each group in the operator's order. Empty groups are left out. */
export async function listFaqGroups(db: DB): Promise<FaqGroup[]> {
  const rows = await db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer, category: faqs.category })
    .from(faqs)
    .where(eq(faqs.isActive, true))
    .orderBy(asc(faqs.order), asc(faqs.createdAt), asc(faqs.id));
  const groups = new Map<string, PublicFaq[]>();
  for (const r of rows) {
    const category = r.category.trim() || "General";
    const list = groups.get(category) ?? [];
    list.push({ ...r, category });
    groups.set(category, list);
  }
  return [...groups.entries()]
    .map(([category, items]) => ({ category, items }))
    .sort(
      (a, b) => categoryRank(a.category) - categoryRank(b.category) || a.category.localeCompare(b.category),
    );
}
