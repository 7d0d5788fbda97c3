/**
 * The site's cancellation and date-change rules (Admin → Settings): tiers in
 * days or hours before the departure with their refund, the cut-off for free
 * date changes, and whether a moved booking keeps its first date's terms. The
 * words customers read are previewed from the same functions the site uses,
 * and the server checks the rules again (`rulesIssue`), naming the field.
 */
import { Plus, Save, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useAdminWrite } from "../../../lib/admin-data";
import { type PolicyRules, type RefundTier, rulesIssue } from "../../../lib/policy";
import { changeWindowText, policyRows, policySentence } from "../../../lib/policy-words";
import { Alert, Badge, Button, Card, CheckboxField, SelectField, TextField, useFlash } from "../ui";

type Unit = "days" | "hours";
interface TierRow {
  amount: string;
  unit: Unit;
  refund: string;
}
interface CutoffRow {
  derived: boolean;
  amount: string;
  unit: Unit;
}

const rowOf = (t: { daysBefore?: number; hoursBefore?: number }) =>
  t.hoursBefore !== undefined
    ? { amount: String(t.hoursBefore), unit: "hours" as const }
    : { amount: String(t.daysBefore ?? 0), unit: "days" as const };

const before = (amount: string, unit: Unit) =>
  unit === "hours" ? { hoursBefore: Number(amount) } : { daysBefore: Number(amount) };

const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));

function toRules(tiers: TierRow[], cutoff: CutoffRow, keep: boolean): PolicyRules {
  return {
    tiers: tiers.map(
      (t): RefundTier => ({ ...before(String(num(t.amount)), t.unit), refundPercent: num(t.refund) }),
    ),
    changeCutoff: cutoff.derived ? null : before(String(num(cutoff.amount)), cutoff.unit),
    movedKeepsOriginalTerms: keep,
  };
}

/**
 * The rules' fields and the preview of their words: the site's settings and
 * an adventure's own rules use the same editor. It owns what is typed and
 * reports the rules on every change; `errors` are the server's, by path
 * under `prefix` ("policy." or "policy_override.").
 */
export function PolicyRulesEditor({
  initial,
  onChange,
  errors,
  prefix,
  idPrefix,
}: {
  initial: PolicyRules;
  onChange: (rules: PolicyRules) => void;
  errors: Record<string, string>;
  prefix: string;
  idPrefix: string;
}) {
  const [tiers, setTiers] = useState<TierRow[]>(() =>
    initial.tiers.map((t) => ({ ...rowOf(t), refund: String(t.refundPercent) })),
  );
  const [cutoff, setCutoff] = useState<CutoffRow>(() =>
    initial.changeCutoff
      ? { derived: false, ...rowOf(initial.changeCutoff) }
      : { derived: true, amount: "48", unit: "hours" },
  );
  const [keep, setKeep] = useState(initial.movedKeepsOriginalTerms);
  const rules = toRules(tiers, cutoff, keep);
  // The preview only while the rules hold: the same check the server makes.
  const issue = rulesIssue(rules);
  const report = useRef(onChange);
  report.current = onChange;
  const key = JSON.stringify(rules);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rules are compared by their JSON.
  useEffect(() => report.current(rules), [key]);

  const setTier = (i: number, patch: Partial<TierRow>) =>
    setTiers((all) => all.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const err = (path: string) =>
    errors[`${prefix}${path}`] ?? (issue && issue.path === path ? issue.message : undefined) ?? undefined;

  return (
    <>
      <ol className="space-y-3" aria-label="Refund tiers" data-testid="policy-tiers">
        {tiers.map((t, i) => {
          const last = i === tiers.length - 1;
          return (
            <li key={i} className="rounded-xl border border-slate-200 p-3" data-testid="policy-tier">
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-3 sm:grid-cols-[8rem_8rem_8rem_auto] sm:items-end">
                <TextField
                  label={i === 0 ? "From (or more)" : "From"}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  step={1}
                  value={t.amount}
                  onChange={(e) => setTier(i, { amount: e.target.value })}
                  error={err(`tiers.${i}.daysBefore`) ?? err(`tiers.${i}.hoursBefore`) ?? err(`tiers.${i}`)}
                  aria-label={`Tier ${i + 1}: starts this long before`}
                />
                <SelectField
                  label="Before the trip"
                  value={t.unit}
                  onChange={(e) => setTier(i, { unit: e.target.value as Unit })}
                  aria-label={`Tier ${i + 1}: unit`}
                >
                  <option value="days">days</option>
                  <option value="hours">hours</option>
                </SelectField>
                <TextField
                  label="Refund (%)"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={100}
                  step={1}
                  value={t.refund}
                  onChange={(e) => setTier(i, { refund: e.target.value })}
                  error={err(`tiers.${i}.refundPercent`)}
                  aria-label={`Tier ${i + 1}: refund percent`}
                />
                <div className="flex items-end">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={tiers.length === 1}
                    onClick={() => setTiers((all) => all.filter((_, j) => j !== i))}
                    aria-label={`Remove tier ${i + 1}`}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    Remove
                  </Button>
                </div>
              </div>
              {last ? (
                <p className="mt-2 text-xs text-slate-500">
                  The last tier starts at 0: it runs up to the trip.
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {errors[`${prefix}tiers`] || (issue?.path === "tiers" && issue.message) ? (
        <p className="mt-2 text-sm text-coral-700" role="alert">
          {errors[`${prefix}tiers`] ?? issue?.message}
        </p>
      ) : null}
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={tiers.length >= 10}
        onClick={() => setTiers((all) => [...all, { amount: "0", unit: "hours", refund: "0" }])}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add tier
      </Button>

      <div className="mt-6 grid gap-4 border-t border-slate-200 pt-5">
        <SelectField
          label="Free date changes"
          value={cutoff.derived ? "derived" : "cutoff"}
          onChange={(e) => setCutoff((c) => ({ ...c, derived: e.target.value === "derived" }))}
          hint="Customers move their booking from their booking link until then; by default, while cancelling would still refund something."
        >
          <option value="derived">While a refund remains</option>
          <option value="cutoff">Until a set time before the trip</option>
        </SelectField>
        {cutoff.derived ? null : (
          <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
            <TextField
              label="Close changes"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={cutoff.amount}
              onChange={(e) => setCutoff((c) => ({ ...c, amount: e.target.value }))}
              error={err("changeCutoff.daysBefore") ?? err("changeCutoff.hoursBefore") ?? err("changeCutoff")}
            />
            <SelectField
              label="Before the trip"
              value={cutoff.unit}
              onChange={(e) => setCutoff((c) => ({ ...c, unit: e.target.value as Unit }))}
              aria-label="Change cut-off unit"
            >
              <option value="days">days</option>
              <option value="hours">hours</option>
            </SelectField>
          </div>
        )}
        <CheckboxField
          label="A moved booking keeps the refund terms of its first date"
          hint="Off: the tiers count from the new date. On: they count from the date first booked, so moving a trip later does not win back a refund."
          checked={keep}
          onChange={(e) => setKeep(e.target.checked)}
        />
      </div>
      <div className="mt-6 border-t border-slate-200 pt-5" id={`${idPrefix}-preview`}>
        <h3 className="text-sm font-semibold text-ocean-900">What customers read</h3>
        {issue ? (
          <p className="text-sm text-coral-700" data-testid="policy-preview-issue">
            {issue.message}
          </p>
        ) : (
          <div className="space-y-3 text-sm text-slate-700" data-testid="policy-preview">
            <p className="font-medium text-ocean-900">{policySentence(rules)}.</p>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
              {policyRows(rules).map((r) => (
                <li key={r.when} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                  <span>{r.when}</span>
                  <span className="font-semibold">{r.refund}</span>
                </li>
              ))}
            </ul>
            <p>Date changes: free of charge {changeWindowText(rules)}.</p>
          </div>
        )}
      </div>
    </>
  );
}

export function PolicySettings({ policy, isDefault }: { policy: PolicyRules; isDefault: boolean }) {
  const write = useAdminWrite();
  const { flash, show, clear } = useFlash();
  const [rules, setRules] = useState(policy);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [usingDefault, setUsingDefault] = useState(isDefault);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    const res = await write<{ policy: PolicyRules; policy_is_default: boolean }>(
      "PUT",
      "/api/admin/settings",
      {
        policy: rules,
      },
    );
    setBusy(false);
    if (res.ok) {
      setErrors({});
      setUsingDefault(res.data.policy_is_default);
      show(
        "success",
        "Cancellation policy saved. Refunds and every page that states it follow it straight away.",
      );
    } else {
      setErrors(res.errors);
      show("error", res.network ? "Connection error" : `Failed to save the policy: ${res.detail}`);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-6" aria-label="Cancellation policy">
      <Card
        title="Cancellation policy"
        description="What a cancellation refunds, counted back from the departure. Every adventure follows it unless it has rules of its own; the adventure pages, the booking form, the cancellation page, the FAQ, the booking page and the emails all say it in these words."
      >
        {flash ? (
          <div className="mb-4">
            <Alert tone={flash.tone} onDismiss={clear}>
              {flash.text}
            </Alert>
          </div>
        ) : null}
        <div className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          {usingDefault ? (
            <Badge tone="slate">Built-in default</Badge>
          ) : (
            <Badge tone="green">Set by you</Badge>
          )}
          <span>
            Days are Sydney calendar days before the trip; hours count to the start time in the itinerary.
          </span>
        </div>
        <PolicyRulesEditor
          initial={policy}
          onChange={setRules}
          errors={errors}
          prefix="policy."
          idPrefix="site-policy"
        />
      </Card>
      <div className="flex justify-end">
        <Button type="submit" variant="primary" busy={busy}>
          <Save aria-hidden="true" className="h-4 w-4" />
          Save cancellation policy
        </Button>
      </div>
    </form>
  );
}
