/**
 * The cancellation and date-change rules as the console sends them: the
 * site's (Admin → Settings) and an adventure's override. The rules themselves,
 * and which field is wrong, are app/lib/policy.ts's (`rulesIssue`).
 */
import { type PolicyIssue, rulesIssue } from "../policy.ts";
import { z } from "../zod.ts";

const count = (label: string) => z.number({ error: `${label} must be a number` }).optional();

const beforeSchema = z.object({
  daysBefore: count("Days before"),
  hoursBefore: count("Hours before"),
});

const tierSchema = beforeSchema.extend({
  refundPercent: z.number({ error: "Refund must be a number" }),
});

const rulesShape = {
  tiers: z.array(tierSchema, { error: "Tiers must be a list" }),
  changeCutoff: beforeSchema.nullable(),
  movedKeepsOriginalTerms: z.boolean({ error: "Moved bookings' terms must be true or false" }),
};

const addIssue = (issue: PolicyIssue | null, ctx: z.RefinementCtx) => {
  if (!issue) return;
  ctx.addIssue({
    code: "custom",
    path: issue.path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
    message: issue.message,
  });
};

/** The site's rules: every part given. */
export const policyRulesSchema = z.object(rulesShape).superRefine((r, ctx) => addIssue(rulesIssue(r), ctx));
export type PolicyRulesInput = z.infer<typeof policyRulesSchema>;

/** An adventure's override: each part optional (left out, the site's applies); null for none. */
export const policyOverrideSchema = z
  .object({
    tiers: rulesShape.tiers.optional(),
    changeCutoff: rulesShape.changeCutoff.optional(),
    movedKeepsOriginalTerms: rulesShape.movedKeepsOriginalTerms.optional(),
  })
  .superRefine((r, ctx) => addIssue(rulesIssue(r), ctx))
  .nullable();
