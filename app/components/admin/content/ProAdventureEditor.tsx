import { ExternalLink, Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, type RegisterOptions, useForm, useWatch } from "react-hook-form";
import { priceDisplayFor, proAdventureSchema } from "../../../lib/admin-forms";
import { DEFAULT_POLICY_RULES, type PolicyOverride, type PolicyRules } from "../../../lib/policy";
import { slugify } from "../../../lib/slug";
import { PolicyRulesEditor } from "../settings/PolicySettings";
import { Button, Card, CheckboxField, Tabs, tabPanelProps } from "../ui";
import { ErrorSummary, Toggle } from "./bits";
import { errorMessages, payloadResolver, SERVER_ERROR, setServerErrors } from "./form-schema";
import { ProBasicFields, ProDetailsFields, ProMediaFields, ProPricingFields } from "./ProAdventurePanels";
import { ProSeoFields } from "./ProSeoFields";
import {
  checkedPayload,
  firstErrorTab,
  PRO_TABS,
  type ProForm,
  type ProText,
  proPayload,
  type TabId,
} from "./pro-form";

export { blankProForm, PRO_TABS, type ProForm, proFormFrom, proPayload } from "./pro-form";

/** The Adventure Settings switches: the only things that decide visibility and booking. */
const SETTINGS_TOGGLES = [
  { name: "is_active", label: "Active", hint: "Shown on the website" },
  { name: "is_featured", label: "Featured", hint: "Listed first and on the home page" },
  { name: "requires_certification", label: "Requires certification", hint: "Only for certified divers" },
  { name: "booking_enabled", label: "Booking enabled", hint: "Visitors can book and pay online" },
] as const;

const resolver = payloadResolver<ProForm>(proAdventureSchema, checkedPayload);

/**
 * The professional editor: tabs Basic Info, Details, Media, Pricing and SEO,
 * the Adventure Settings block and the save button, with the form validated
 * by the same schema as the API. `onSave` answers with the server's field
 * errors when the save was refused, which the form then shows.
 */
export function ProAdventureEditor({
  initial,
  policyText,
  initialOverride = null,
  effectiveRules = DEFAULT_POLICY_RULES,
  isNew,
  onSave,
  onCancel,
}: {
  initial: ProForm;
  /** The adventure's effective cancellation policy in words, as the server made it. */
  policyText?: string;
  /** The adventure's own cancellation rules, or null when the site's apply. */
  initialOverride?: PolicyOverride | null;
  /** The rules the adventure follows now: where its own rules start from when they are turned on. */
  effectiveRules?: PolicyRules;
  isNew: boolean;
  onSave: (
    payload: ReturnType<typeof proPayload> & { policy_override: PolicyOverride | null },
  ) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors: formErrors, isDirty, isSubmitting: saving },
  } = useForm<ProForm>({ defaultValues: initial, resolver, shouldFocusError: false });
  const [tab, setTab] = useState<TabId>("basic");
  // The adventure's own cancellation rules: null while the site's apply.
  const [override, setOverride] = useState<PolicyOverride | null>(initialOverride);
  const [ownPolicy, setOwnPolicy] = useState(initialOverride !== null);
  const [policyErrors, setPolicyErrors] = useState<Record<string, string>>({});
  // The slug follows the title while they match (always for a new adventure) until the slug is edited by hand.
  const [slugLinked, setSlugLinked] = useState(isNew || initial.slug === slugify(initial.title));
  const formRef = useRef<HTMLFormElement>(null);
  const [title, slug, shortDescription, heroImageAlt, metaTitle, metaDescription] = useWatch({
    control,
    name: ["title", "slug", "short_description", "hero_image_alt", "meta_title", "meta_description"],
  });
  const errors = errorMessages(formErrors);
  // The summary speaks for the form's own checks; the server's refusal has its own notice.
  const localErrors = errorMessages(formErrors, SERVER_ERROR);

  // Closing the tab with unsaved changes asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const text: ProText = (key: keyof ProForm, options?: RegisterOptions<ProForm>) => ({
    ...register(key, options),
    error: errors[key],
  });

  const titleField = text("title", {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      if (slugLinked) setValue("slug", slugify(e.target.value), { shouldDirty: true });
      clearErrors(["title", "slug"]);
    },
  });
  const slugField = text("slug", {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
      setSlugLinked(e.target.value === "" || e.target.value === slugify(title)),
  });
  const basePriceField = text("base_price", {
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value.trim();
      if (value) setValue("price_display", priceDisplayFor(value), { shouldDirty: true });
    },
  });
  // The cross-field rules: changing a minimum checks its maximum again.
  const groupMinField = text("group_size_min", { deps: ["group_size_max"] });
  const minAgeField = text("min_age", { deps: ["max_age"] });

  const submit = handleSubmit(
    async (values) => {
      const serverErrors = await onSave({
        ...proPayload(values),
        policy_override: ownPolicy ? override : null,
      });
      setServerErrors(setError, serverErrors);
      setPolicyErrors(serverErrors);
      if (Object.keys(serverErrors).some((k) => k.startsWith("policy_override"))) setTab("details");
      const first = firstErrorTab(serverErrors);
      if (first) setTab(first[1]);
    },
    (found) => {
      const first = firstErrorTab(errorMessages(found));
      if (!first) return;
      setTab(first[1]);
      requestAnimationFrame(() => {
        formRef.current?.querySelector<HTMLElement>(`[name="${first[0]}"]`)?.focus();
      });
    },
  );

  const canSave = title.trim() !== "" && slug.trim() !== "" && !saving;
  const panel = (id: TabId) => ({
    ...tabPanelProps("pro", id),
    hidden: tab !== id,
    className: "space-y-5 pt-5",
  });

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={isNew ? "New adventure" : `Edit ${initial.title}`}
    >
      <div className="space-y-5">
        <ErrorSummary errors={localErrors} />
        <Card bodyClassName="px-4 pb-5 sm:px-5">
          <Tabs tabs={PRO_TABS} value={tab} onChange={setTab} label="Adventure details" idPrefix="pro" />

          <div {...panel("basic")}>
            <ProBasicFields
              text={text}
              titleField={titleField}
              slugField={slugField}
              slug={slug}
              slugLinked={slugLinked}
            />
          </div>
          <div {...panel("details")}>
            <ProDetailsFields text={text} minAgeField={minAgeField} policyText={policyText} />
            <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4" data-testid="own-policy">
              <legend className="px-1 text-sm font-semibold text-ocean-900">Cancellation rules</legend>
              <CheckboxField
                label="This adventure has its own cancellation policy"
                hint="Off: the site's policy (Admin → Settings) applies. On: these rules replace it for this adventure's bookings."
                checked={ownPolicy}
                onChange={(e) => {
                  setOwnPolicy(e.target.checked);
                  if (e.target.checked && !override) setOverride(effectiveRules);
                }}
              />
              {policyErrors.policy_override ? (
                <p className="text-sm text-coral-700" role="alert">
                  {policyErrors.policy_override}
                </p>
              ) : null}
              {ownPolicy ? (
                <PolicyRulesEditor
                  initial={{ ...effectiveRules, ...override }}
                  onChange={setOverride}
                  errors={policyErrors}
                  prefix="policy_override."
                  idPrefix="adventure-policy"
                />
              ) : null}
            </fieldset>
          </div>
          <div {...panel("media")}>
            <ProMediaFields control={control} text={text} errors={errors} heroImageAlt={heroImageAlt} />
          </div>
          <div {...panel("pricing")}>
            <ProPricingFields text={text} basePriceField={basePriceField} groupMinField={groupMinField} />
          </div>
          <div {...panel("seo")}>
            <ProSeoFields
              control={control}
              text={text}
              errors={errors}
              title={title}
              slug={slug}
              shortDescription={shortDescription}
              metaTitle={metaTitle}
              metaDescription={metaDescription}
            />
          </div>
        </Card>

        <Card
          title="Adventure Settings"
          description="These switches decide what the public sees and can book."
        >
          <div className="divide-y divide-slate-100">
            {SETTINGS_TOGGLES.map((t) => (
              <Controller
                key={t.name}
                control={control}
                name={t.name}
                render={({ field }) => (
                  <Toggle
                    label={t.label}
                    hint={t.hint}
                    name={field.name}
                    checked={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
            ))}
          </div>
        </Card>

        <div className="sticky bottom-0 z-10 -mx-3 flex items-center gap-2 border-t border-slate-200 bg-slate-50/95 px-3 py-3 backdrop-blur sm:mx-0 sm:justify-end sm:rounded-2xl sm:border sm:px-4">
          {!isNew && initial.slug ? (
            <a
              href={`/adventures/${initial.slug}`}
              target="_blank"
              rel="noreferrer"
              className="hidden items-center justify-center gap-1.5 rounded-xl px-3 py-2 text-sm font-medium text-slate-600 hover:bg-white sm:mr-auto sm:inline-flex"
            >
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              View on site
            </a>
          ) : null}
          <Button variant="secondary" onClick={onCancel} disabled={saving} className="flex-1 sm:flex-none">
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            busy={saving}
            disabled={!canSave}
            className="flex-[2] sm:flex-none"
          >
            <Save aria-hidden="true" className="h-4 w-4" />
            {saving ? "Saving…" : isNew ? "Create Adventure" : "Save Adventure"}
          </Button>
        </div>
      </div>
    </form>
  );
}
