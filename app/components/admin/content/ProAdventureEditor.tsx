import { ExternalLink, Save } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, type RegisterOptions, useForm, useWatch } from "react-hook-form";
import {
  coerceProNumbers,
  joinLines,
  type ProNumberFields,
  priceDisplayFor,
  proAdventureSchema,
  seoLengthStatus,
  splitLines,
} from "../../../lib/admin-forms";
import {
  ADVENTURE_CATEGORIES,
  DEFAULT_CATEGORY,
  DEFAULT_SKILL_LEVEL,
  SKILL_LEVELS,
} from "../../../lib/adventure-catalogue";
import { CURRENCIES, currencyCode, DEFAULT_CURRENCY } from "../../../lib/currency";
import { DEFAULT_GROUP_SIZE, groupSizeRange, MAX_GROUP_SIZE } from "../../../lib/group-size";
import { adventurePolicyText } from "../../../lib/policy";
import { CAMPING_MIN_AGE, DIVING_MIN_AGE } from "../../../lib/readiness";
import { slugify } from "../../../lib/slug";
import { Button, Card, SelectField, Tabs, TextAreaField, TextField, tabPanelProps } from "../ui";
import { ErrorSummary, Toggle } from "./bits";
import { errorMessages, payloadResolver, SERVER_ERROR, setServerErrors } from "./form-schema";
import { ImageField } from "./MediaPicker";
import type { ProAdventure } from "./types";

/** The Adventure Settings switches: the only things that decide visibility and booking. */
const SETTINGS_TOGGLES = [
  { name: "is_active", label: "Active", hint: "Shown on the website" },
  { name: "is_featured", label: "Featured", hint: "Listed first and on the home page" },
  { name: "requires_certification", label: "Requires certification", hint: "Only for certified divers" },
  { name: "booking_enabled", label: "Booking enabled", hint: "Visitors can book and pay online" },
] as const;

export const PRO_TABS = [
  { id: "basic", label: "Basic Info" },
  { id: "details", label: "Details" },
  { id: "media", label: "Media" },
  { id: "pricing", label: "Pricing" },
  { id: "seo", label: "SEO" },
] as const;
type TabId = (typeof PRO_TABS)[number]["id"];

const LIST_FIELDS = [
  "highlights",
  "included_items",
  "excluded_items",
  "itinerary",
  "what_to_bring",
  "best_for",
  "tags",
  "gallery_images",
] as const;
type ListField = (typeof LIST_FIELDS)[number];

type TextFields = Omit<
  ProAdventure,
  | keyof ProNumberFields
  | ListField
  | "id"
  | "is_active"
  | "is_featured"
  | "requires_certification"
  | "booking_enabled"
  | "created_at"
  | "updated_at"
  // Not the operator's text: the one policy's words (app/lib/policy.ts), shown read-only.
  | "cancellation_policy"
>;

export type ProForm = TextFields &
  ProNumberFields &
  Record<ListField, string> & {
    is_active: boolean;
    is_featured: boolean;
    requires_certification: boolean;
    booking_enabled: boolean;
  };

/** Blank defaults for a new adventure: category scuba-diving, beginner, AUD, active and bookable. */
export function blankProForm(): ProForm {
  return {
    title: "",
    slug: "",
    tagline: "",
    short_description: "",
    full_description: "",
    hero_image: "",
    hero_image_alt: "",
    gallery_images: "",
    base_price: "",
    currency: currencyCode(DEFAULT_CURRENCY),
    price_display: "",
    duration: "",
    group_size_min: String(DEFAULT_GROUP_SIZE.min),
    group_size_max: String(DEFAULT_GROUP_SIZE.max),
    skill_level: DEFAULT_SKILL_LEVEL,
    category: DEFAULT_CATEGORY,
    tags: "",
    location: "",
    meeting_point: "",
    what_to_bring: "",
    included_items: "",
    excluded_items: "",
    highlights: "",
    itinerary: "",
    best_for: "",
    is_active: true,
    is_featured: false,
    requires_certification: false,
    booking_enabled: true,
    min_age: "12",
    max_age: "",
    fitness_requirements: "",
    meta_title: "",
    meta_description: "",
    meta_keywords: "",
    social_image: "",
    advance_booking_days: "1",
    terms_conditions: "",
    sort_order: "0",
  };
}

/** An existing adventure in the form (missing lists become empty). */
export function proFormFrom(a: ProAdventure): ProForm {
  const num = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  const form = blankProForm();
  for (const key of Object.keys(form) as (keyof ProForm)[]) {
    const v = (a as unknown as Record<string, unknown>)[key];
    if (typeof v === "string" || typeof v === "boolean") (form as Record<string, unknown>)[key] = v;
  }
  for (const key of LIST_FIELDS) form[key] = joinLines(Array.isArray(a[key]) ? a[key] : []);
  form.base_price = num(a.base_price);
  // Stored lower-case, shown and chosen as the code people read.
  form.currency = currencyCode(a.currency);
  // What the adventure can really be booked for: a row saved before the
  // business maximum applied here opens with its range cut to that maximum.
  const range = groupSizeRange(a);
  form.group_size_min = num(range.min);
  form.group_size_max = num(range.max);
  form.min_age = num(a.min_age);
  form.max_age = num(a.max_age);
  form.advance_booking_days = num(a.advance_booking_days);
  form.sort_order = num(a.sort_order);
  return form;
}

/** The payload the API takes: lists split, numbers coerced. */
export function proPayload(f: ProForm) {
  const lists = Object.fromEntries(LIST_FIELDS.map((k) => [k, splitLines(f[k])]));
  return { ...f, ...lists, ...coerceProNumbers(f) };
}

const FIELD_TAB: Record<string, TabId> = {
  title: "basic",
  slug: "basic",
  tagline: "basic",
  short_description: "basic",
  full_description: "basic",
  category: "basic",
  skill_level: "basic",
  duration: "basic",
  location: "basic",
  highlights: "details",
  included_items: "details",
  excluded_items: "details",
  itinerary: "details",
  what_to_bring: "details",
  best_for: "details",
  tags: "details",
  meeting_point: "details",
  fitness_requirements: "details",
  min_age: "details",
  max_age: "details",
  terms_conditions: "details",
  hero_image: "media",
  hero_image_alt: "media",
  gallery_images: "media",
  social_image: "media",
  base_price: "pricing",
  currency: "pricing",
  price_display: "pricing",
  group_size_min: "pricing",
  group_size_max: "pricing",
  advance_booking_days: "pricing",
  sort_order: "pricing",
  meta_title: "seo",
  meta_description: "seo",
  meta_keywords: "seo",
};

const SEO_TONES = {
  empty: "text-slate-500",
  short: "text-amber-700",
  good: "text-emerald-700",
  long: "text-coral-700",
} as const;

function SeoCounter({ id, length, min, max }: { id: string; length: number; min: number; max: number }) {
  const status = seoLengthStatus(length, min, max);
  const advice =
    status === "good"
      ? "good length"
      : status === "long"
        ? "longer than recommended"
        : status === "short"
          ? "shorter than recommended"
          : "not set";
  return (
    <p
      id={id}
      className={`mt-1 text-xs font-medium ${SEO_TONES[status]}`}
      aria-live="polite"
      data-status={status}
    >
      {length} characters · recommended {min}–{max} ({advice})
    </p>
  );
}

/** What the schema checks: the payload, with an empty base price missing (it is required). */
function checkedPayload(f: ProForm) {
  const payload = proPayload(f);
  return f.base_price.trim() === "" ? { ...payload, base_price: undefined } : payload;
}
const resolver = payloadResolver<ProForm>(proAdventureSchema, checkedPayload);

/** The first field with an error that sits on a tab, and that tab. */
function firstErrorTab(errors: Record<string, string>): [string, TabId] | null {
  const first = Object.keys(errors).find((k) => FIELD_TAB[k]);
  return first ? [first, FIELD_TAB[first]] : null;
}

/**
 * The professional editor: tabs Basic Info, Details, Media, Pricing and SEO,
 * the Adventure Settings block and the save button, with the form validated
 * by the same schema as the API. `onSave` answers with the server's field
 * errors when the save was refused, which the form then shows.
 */
export function ProAdventureEditor({
  initial,
  isNew,
  onSave,
  onCancel,
}: {
  initial: ProForm;
  isNew: boolean;
  onSave: (payload: ReturnType<typeof proPayload>) => Promise<Record<string, string>>;
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
  // The slug follows the title while they match (always for a new adventure) until the slug is edited by hand.
  const [slugLinked, setSlugLinked] = useState(isNew || initial.slug === slugify(initial.title));
  const formRef = useRef<HTMLFormElement>(null);
  const seoTitleId = useId();
  const seoDescId = useId();
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

  const text = (key: keyof ProForm, options?: RegisterOptions<ProForm>) => ({
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
      const serverErrors = await onSave(proPayload(values));
      setServerErrors(setError, serverErrors);
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
  const listHint = "One per line";

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
            <TextField label="Title" required {...titleField} maxLength={200} />
            <TextField
              label="Slug"
              required
              {...slugField}
              hint={
                <>
                  The page address: /adventures/<strong>{slug || "…"}</strong>
                  {slugLinked ? " (follows the title)" : ""}
                </>
              }
              autoCapitalize="none"
              spellCheck={false}
            />
            <TextField label="Tagline" {...text("tagline")} hint="One line under the title" />
            <TextAreaField
              label="Short description"
              {...text("short_description")}
              rows={3}
              hint="Shown on the adventure cards"
            />
            <TextAreaField
              label="Full description"
              {...text("full_description")}
              rows={8}
              hint="Paragraphs separated by a blank line"
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField label="Category" {...text("category")}>
                {ADVENTURE_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </SelectField>
              <SelectField label="Skill level" {...text("skill_level")}>
                {SKILL_LEVELS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </SelectField>
              <TextField
                label="Duration"
                {...text("duration")}
                placeholder="e.g. 3 hours, 2 days / 1 night"
              />
              <TextField label="Location" {...text("location")} />
            </div>
          </div>

          <div {...panel("details")}>
            <div className="grid gap-5 lg:grid-cols-2">
              <TextAreaField label="Highlights" {...text("highlights")} rows={5} hint={listHint} />
              <TextAreaField label="What's included" {...text("included_items")} rows={5} hint={listHint} />
              <TextAreaField label="Not included" {...text("excluded_items")} rows={4} hint={listHint} />
              <TextAreaField label="What to bring" {...text("what_to_bring")} rows={4} hint={listHint} />
              <TextAreaField label="Best for" {...text("best_for")} rows={4} hint={listHint} />
              <TextAreaField label="Tags" {...text("tags")} rows={4} hint={listHint} />
            </div>
            <TextAreaField
              label="Itinerary"
              {...text("itinerary")}
              rows={6}
              hint="One step per line, e.g. 8:00 AM - Meet at the beach"
            />
            <TextField label="Meeting point" {...text("meeting_point")} />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Minimum age"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                hint={`Never below ${DIVING_MIN_AGE} with diving or ${CAMPING_MIN_AGE} for camping: a lower number is raised to that`}
                {...minAgeField}
              />
              <TextField
                label="Maximum age"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...text("max_age")}
                hint="Leave empty for no limit"
              />
            </div>
            <TextAreaField label="Fitness requirements" {...text("fitness_requirements")} rows={3} />
            <TextAreaField
              label="Cancellation policy"
              value={adventurePolicyText()}
              readOnly
              rows={3}
              hint="The same for every adventure: refunds are worked out from it, so it is not edited here."
            />
            <TextAreaField label="Terms and conditions" {...text("terms_conditions")} rows={4} />
          </div>

          <div {...panel("media")}>
            <Controller
              control={control}
              name="hero_image"
              render={({ field }) => (
                <ImageField
                  label="Hero image"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.hero_image}
                  hint="Shown at the top of the adventure page and on its card"
                  previewAlt={heroImageAlt || "Hero image preview"}
                />
              )}
            />
            <TextField
              label="Hero image alt text"
              {...text("hero_image_alt")}
              hint="Describe the photo for people who cannot see it"
            />
            <TextAreaField
              label="Gallery images"
              {...text("gallery_images")}
              rows={4}
              hint="One image URL per line"
            />
          </div>

          <div {...panel("pricing")}>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Base price"
                required
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                {...basePriceField}
                hint="Per person; the booking total is this times the group size"
              />
              <SelectField label="Currency" {...text("currency")}>
                {CURRENCIES.map((c) => (
                  <option key={c} value={currencyCode(c)}>
                    {currencyCode(c)}
                  </option>
                ))}
              </SelectField>
            </div>
            <TextField
              label="Price display"
              {...text("price_display")}
              hint="The price text visitors see, e.g. From $95"
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                label="Minimum group size"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_GROUP_SIZE}
                step={1}
                {...groupMinField}
              />
              <TextField
                label="Maximum group size"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_GROUP_SIZE}
                step={1}
                {...text("group_size_max")}
                hint={`One instructor takes at most ${MAX_GROUP_SIZE} people`}
              />
              <TextField
                label="Advance booking (days)"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...text("advance_booking_days")}
                hint="How many days ahead a trip must be booked"
              />
              <TextField
                label="Sort order"
                type="number"
                inputMode="numeric"
                step={1}
                {...text("sort_order")}
                hint="Lower numbers show first"
              />
            </div>
          </div>

          <div {...panel("seo")}>
            <div>
              <TextField label="Meta title" {...text("meta_title")} aria-describedby={seoTitleId} />
              <SeoCounter id={seoTitleId} length={metaTitle.length} min={50} max={60} />
            </div>
            <div>
              <TextAreaField
                label="Meta description"
                {...text("meta_description")}
                rows={3}
                aria-describedby={seoDescId}
              />
              <SeoCounter id={seoDescId} length={metaDescription.length} min={150} max={160} />
            </div>
            <TextField label="Meta keywords" {...text("meta_keywords")} hint="Comma-separated" />
            <Controller
              control={control}
              name="social_image"
              render={({ field }) => (
                <ImageField
                  label="Social sharing image"
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.social_image}
                  hint="Shown when the page is shared; the hero image is used when empty"
                />
              )}
            />
            <section
              className="rounded-xl border border-slate-200 bg-slate-50 p-4"
              aria-label="Search result preview"
            >
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
                Search result preview
              </p>
              <p className="mt-2 truncate text-base text-[#1a0dab]">
                {metaTitle || title || "Adventure title"}
              </p>
              <p className="truncate text-xs text-emerald-800">/adventures/{slug || "…"}</p>
              <p className="mt-1 line-clamp-2 text-sm text-slate-600">
                {metaDescription || shortDescription || "Add a meta description to control this text."}
              </p>
            </section>
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
