import { asc, eq } from "drizzle-orm";
import { FAQ_CATEGORIES } from "../../../app/lib/categories.ts";
import { withPolicyWords } from "../../../app/lib/policy-words.ts";
import type { DB } from "../../db/client.server.ts";
import { faqs } from "../../db/schema.ts";
import { siteRules } from "./policy.server.ts";

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
  // An answer may name the policy by marker: the site's policy fills it in.
  const policy = await siteRules(db);
  const groups = new Map<string, PublicFaq[]>();
  for (const r of rows) {
    const category = r.category.trim() || "General";
    const list = groups.get(category) ?? [];
    list.push({ ...r, answer: withPolicyWords(r.answer, policy), category });
    groups.set(category, list);
  }
  return [...groups.entries()]
    .map(([category, items]) => ({ category, items }))
    .sort(
      (a, b) => categoryRank(a.category) - categoryRank(b.category) || a.category.localeCompare(b.category),
    );
}
