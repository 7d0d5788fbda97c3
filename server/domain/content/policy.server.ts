/**
 * The cancellation and date-change rules as the operator sets them: the site's
 * default (a setting, Admin → Settings) and an adventure's own override (its
 * row). `adventurePolicy` is the one resolution every refund, date change and
 * sentence about them reads (app/lib/policy.ts holds the rules themselves).
 */
import { eq } from "drizzle-orm";
import {
  DEFAULT_POLICY_RULES,
  type EffectivePolicy,
  effectivePolicy,
  type PolicyRules,
  rulesIssue,
} from "../../../app/lib/policy.ts";
import type { DB } from "../../db/client.server.ts";
import { adventures, settings } from "../../db/schema.ts";
import { notFound } from "../../errors.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { getSetting, setSetting } from "./settings.server.ts";

const SITE_POLICY_KEY = "cancellation_policy";

/**
 * The site's rules: the operator's setting, or the built-in default when none
 * is set (so a site nobody configured refunds and reads exactly as before).
 * A stored value that no longer passes the rules is ignored for the default.
 */
export async function siteRules(db: DB): Promise<PolicyRules> {
  const stored = await getSetting<PolicyRules>(db, SITE_POLICY_KEY);
  if (!stored || rulesIssue(stored)) return DEFAULT_POLICY_RULES;
  return { ...DEFAULT_POLICY_RULES, ...stored };
}

/** Whether the operator has set the site's rules (the settings page says when the built-in default applies). */
export async function siteRulesSet(db: DB): Promise<boolean> {
  return (await getSetting(db, SITE_POLICY_KEY)) != null;
}

/**
 * Stores the site's rules (validated by the caller's schema); null goes back
 * to the built-in default. The audit entry holds the stored rules before and after.
 */
export async function setSiteRules(db: DB, rules: PolicyRules | null): Promise<void> {
  await db.transaction(async (tx) => {
    const before = (await getSetting<PolicyRules>(tx, SITE_POLICY_KEY)) ?? null;
    if (rules === null) await tx.delete(settings).where(eq(settings.key, SITE_POLICY_KEY));
    else await setSetting(tx, SITE_POLICY_KEY, rules);
    await recordAudit(tx, {
      action: "update",
      entity: "policy",
      entityId: SITE_POLICY_KEY,
      before: { ...(before ?? {}) },
      after: { ...(rules ?? {}) },
    });
  });
}

type PolicySource = Pick<typeof adventures.$inferSelect, "policyOverride" | "itinerary">;

/** The effective policy of an adventure whose row is at hand, given the site's rules. */
export function policyOf(site: PolicyRules, adventure: PolicySource): EffectivePolicy {
  return effectivePolicy(site, adventure.policyOverride, adventure.itinerary);
}

/** The effective policy of an adventure: its override over the site's rules, counted from its start time. */
export async function adventurePolicy(db: DB, adventure: PolicySource | string): Promise<EffectivePolicy> {
  let row: PolicySource | undefined;
  if (typeof adventure === "string") {
    [row] = await db
      .select({ policyOverride: adventures.policyOverride, itinerary: adventures.itinerary })
      .from(adventures)
      .where(eq(adventures.id, adventure))
      .limit(1);
    if (!row) throw notFound("Adventure not found");
  } else row = adventure;
  return policyOf(await siteRules(db), row);
}
