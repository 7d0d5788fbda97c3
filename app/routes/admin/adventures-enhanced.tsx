import { Database, Plus, Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Controller, type RegisterOptions, useForm, useWatch } from "react-hook-form";
import {
  Alert,
  Badge,
  Button,
  Card,
  CheckboxField,
  EmptyState,
  FlashAlert,
  PageHeader,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useFlash,
} from "../../components/admin";
import { ErrorSummary, focusFirstError } from "../../components/admin/content/bits";
import { errorMessages, payloadResolver, setServerErrors } from "../../components/admin/content/form-schema";
import { ImageField } from "../../components/admin/content/MediaPicker";
import { CloseFormButton, EditDeleteButtons } from "../../components/admin/content/screen";
import type { SimpleAdventure } from "../../components/admin/content/types";
import { Img } from "../../components/Img";
import { adminAction, adminGet, dataOr, failureText, useAdminWrite } from "../../lib/admin-data";
import {
  joinComma,
  joinLines,
  parseDecimal,
  parseInteger,
  simpleAdventureSchema,
  splitComma,
  splitLines,
} from "../../lib/admin-forms";
import {
  ADVENTURE_CATEGORIES,
  categoryLabel,
  DEFAULT_CATEGORY,
  DEFAULT_SKILL_LEVEL,
  SKILL_LEVELS,
} from "../../lib/adventure-catalogue";
import { serverDetail } from "../../lib/form-result";
import { DEFAULT_GROUP_SIZE, groupSizeText } from "../../lib/group-size";
import { slugify } from "../../lib/slug";
import type { Route } from "./+types/adventures-enhanced";

interface SimpleForm {
  slug: string;
  title: string;
  short_description: string;
  description: string;
  detailed_description: string;
  image: string;
  image_alt: string;
  gallery_images: string;
  features: string;
  duration: string;
  group_size: string;
  price: string;
  price_num: string;
  category: string;
  skill_level: string;
  tags: string;
  included: string;
  itinerary: string;
  location: string;
  best_for: string;
  featured: boolean;
  sort_order: string;
}

const blank = (): SimpleForm => ({
  slug: "",
  title: "",
  short_description: "",
  description: "",
  detailed_description: "",
  image: "",
  image_alt: "",
  gallery_images: "",
  features: "",
  duration: "",
  group_size: groupSizeText(DEFAULT_GROUP_SIZE),
  price: "",
  price_num: "",
  category: DEFAULT_CATEGORY,
  skill_level: DEFAULT_SKILL_LEVEL,
  tags: "",
  included: "",
  itinerary: "",
  location: "",
  best_for: "",
  featured: false,
  sort_order: "0",
});

const fromAdventure = (a: SimpleAdventure): SimpleForm => ({
  slug: a.slug,
  title: a.title,
  short_description: a.short_description,
  description: a.description,
  detailed_description: a.detailed_description,
  image: a.image,
  image_alt: a.image_alt,
  gallery_images: joinLines(a.gallery_images),
  features: joinComma(a.features),
  duration: a.duration,
  group_size: a.group_size,
  price: a.price,
  price_num: String(a.price_num),
  category: a.category,
  skill_level: a.skill_level,
  tags: joinComma(a.tags),
  included: joinLines(a.included),
  itinerary: joinLines(a.itinerary),
  location: a.location,
  best_for: joinLines(a.best_for),
  featured: a.featured,
  sort_order: String(a.sort_order),
});

/** Features and tags comma-separated, included and itinerary one per line, numbers parsed. */
const toPayload = (f: SimpleForm) => ({
  ...f,
  gallery_images: splitLines(f.gallery_images),
  features: splitComma(f.features),
  tags: splitComma(f.tags),
  included: splitLines(f.included),
  itinerary: splitLines(f.itinerary),
  best_for: splitLines(f.best_for),
  price_num: parseDecimal(f.price_num),
  sort_order: parseInteger(f.sort_order),
});

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-slate-100 pt-5 first:border-0 first:pt-0">
      <legend className="float-left mb-1 w-full font-display text-lg font-semibold text-ocean-900">
        {title}
      </legend>
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

export async function clientLoader() {
  return { adventures: await adminGet<SimpleAdventure[]>("/api/admin/adventures/db") };
}
export const clientAction = adminAction;

const resolver = payloadResolver<SimpleForm>(simpleAdventureSchema, toPayload);

/**
 * The add/edit form of one adventure. `onSave` answers with the server's
 * field errors when the save was refused, which the form then shows.
 */
function SimpleAdventureForm({
  initial,
  isNew,
  onSave,
  onCancel,
}: {
  initial: SimpleForm;
  isNew: boolean;
  onSave: (payload: ReturnType<typeof toPayload>) => Promise<Record<string, string>>;
  onCancel: () => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    formState: { errors: formErrors, isSubmitting: saving },
  } = useForm<SimpleForm>({ defaultValues: initial, resolver, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);
  const [title, imageAlt] = useWatch({ control, name: ["title", "image_alt"] });
  const errors = errorMessages(formErrors);
  const field = (key: keyof SimpleForm, options?: RegisterOptions<SimpleForm>) => ({
    ...register(key, options),
    error: errors[key],
  });

  // Opening the form brings it into view.
  useEffect(() => {
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: "smooth", block: "start" }));
  }, []);

  const submit = handleSubmit(
    async (values) => {
      const serverErrors = await onSave(toPayload(values));
      setServerErrors(setError, serverErrors);
      focusFirstError(formRef.current, serverErrors);
    },
    (found) => focusFirstError(formRef.current, errorMessages(found)),
  );

  const slugHint = isNew
    ? "Filled in from the title; lowercase letters, digits and hyphens"
    : "The page address: /adventures/…";

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      className="scroll-mt-24 space-y-6"
      aria-label={isNew ? "Add New Adventure" : "Edit adventure"}
    >
      <ErrorSummary errors={errors} />
      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Title"
            required
            {...field("title", {
              // A new adventure's slug follows its title until the slug is edited by hand.
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
                const slug = getValues("slug");
                if (isNew && (slug === "" || slug === slugify(title))) {
                  setValue("slug", slugify(e.target.value), { shouldDirty: true });
                }
                clearErrors(["title", "slug"]);
              },
            })}
          />
          <TextField
            label="Slug"
            required
            {...field("slug")}
            hint={slugHint}
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <TextField
          label="Short description"
          required
          {...field("short_description")}
          hint="One line under the title"
        />
        <TextAreaField
          label="Full description"
          required
          {...field("description")}
          rows={3}
          hint="Shown on the adventure cards"
        />
        <TextAreaField
          label="Detailed description"
          {...field("detailed_description")}
          rows={6}
          hint="The long text of the adventure page"
        />
      </Section>

      <Section title="Images and Media">
        <Controller
          control={control}
          name="image"
          render={({ field: image }) => (
            <ImageField
              label="Main image URL"
              name={image.name}
              required
              value={image.value}
              onChange={image.onChange}
              error={errors.image}
              previewAlt={imageAlt || "Main image preview"}
            />
          )}
        />
        <TextField
          label="Image alt text"
          {...field("image_alt")}
          hint="Describe the photo for people who cannot see it"
        />
        <TextAreaField
          label="Gallery images"
          {...field("gallery_images")}
          rows={3}
          hint="One image URL per line"
        />
      </Section>

      <Section title="Adventure Details">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Duration" {...field("duration")} placeholder="e.g. 3 hours" />
          <TextField label="Group size" {...field("group_size")} placeholder="e.g. 1-4 people" />
          <TextField label="Location" {...field("location")} />
          <TextField
            label="Price"
            {...field("price")}
            placeholder="e.g. $95 per person"
            hint="The price text visitors see"
          />
          <TextField
            label="Price (number)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...field("price_num")}
            hint="Per person, used for bookings"
          />
          <SelectField label="Category" {...field("category")}>
            {ADVENTURE_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Skill level" {...field("skill_level")}>
            {SKILL_LEVELS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </SelectField>
        </div>
      </Section>

      <Section title="Features and Details">
        <TextAreaField label="Features" {...field("features")} rows={2} hint="Comma-separated" />
        <TextField label="Tags" {...field("tags")} hint="Comma-separated" />
        <div className="grid gap-4 lg:grid-cols-2">
          <TextAreaField label="Included" {...field("included")} rows={5} hint="One per line" />
          <TextAreaField label="Itinerary" {...field("itinerary")} rows={5} hint="One per line" />
        </div>
        <TextAreaField label="Best for" {...field("best_for")} rows={3} hint="One per line" />
      </Section>

      <Section title="Settings">
        <div className="grid gap-4 sm:grid-cols-2 sm:items-end">
          <CheckboxField
            label="Featured"
            hint="Listed first and on the home page"
            {...register("featured")}
          />
          <TextField
            label="Sort order"
            type="number"
            inputMode="numeric"
            step={1}
            {...field("sort_order")}
            hint="Lower numbers show first"
          />
        </div>
      </Section>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={saving}>
          {isNew ? "Create" : "Update"}
        </Button>
      </div>
    </form>
  );
}

/** Enhanced adventures management: the database adventures in the simple shape. */
export default function AdventuresEnhanced({ loaderData }: Route.ComponentProps) {
  const items = dataOr(loaderData.adventures, []);
  const loadError = failureText(
    loaderData.adventures,
    "Failed to fetch adventures",
    () => "Failed to load adventures",
  );
  const write = useAdminWrite();
  // The open form: what it edits, its values as opened, and a new key per opening
  // (Add or Edit starts afresh even on the adventure already open).
  const [opened, setOpened] = useState<{
    target: SimpleAdventure | "new";
    initial: SimpleForm;
    key: number;
  } | null>(null);
  const editing = opened?.target ?? null;
  const { flash, show, clear } = useFlash();
  const { confirm, dialog } = useConfirm();
  const isNew = editing === "new";

  const open = (target: SimpleAdventure | "new") => {
    setOpened((o) => ({
      target,
      initial: target === "new" ? blank() : fromAdventure(target),
      key: (o?.key ?? 0) + 1,
    }));
    clear();
  };
  const close = () => setOpened(null);

  /** Saves; answers with the server's field errors when it refused. */
  const save = async (payload: ReturnType<typeof toPayload>): Promise<Record<string, string>> => {
    clear();
    const target = editing && editing !== "new" ? editing : null;
    const res = target
      ? await write("PUT", `/api/admin/adventures/db/${encodeURIComponent(target.id)}`, payload)
      : await write("POST", "/api/admin/adventures/db", payload);
    if (!res.ok) {
      const title = target ? "Failed to update adventure" : "Failed to create adventure";
      show("error", serverDetail(res), title);
      return res.errors;
    }
    show("success", target ? `"${payload.title}" updated.` : `"${payload.title}" created.`);
    close();
    return {};
  };

  const remove = async (a: SimpleAdventure) => {
    const ok = await confirm({
      title: `Delete "${a.title}"?`,
      message: "Are you sure you want to delete this adventure?",
      confirmLabel: "Delete",
    });
    if (!ok) return;
    clear();
    const res = await write("DELETE", `/api/admin/adventures/db/${encodeURIComponent(a.id)}`);
    if (!res.ok) {
      show("error", serverDetail(res), "Failed to delete adventure");
      return;
    }
    if (editing !== "new" && editing?.id === a.id) close();
    show("success", `"${a.title}" deleted.`);
  };

  return (
    <>
      <PageHeader
        title="Enhanced Adventures Management"
        description="The adventures in the database, in the simple form. They are the same adventures the Professional manager edits and visitors see."
        actions={
          <Button variant="primary" onClick={() => open("new")}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add New Adventure
          </Button>
        }
      />
      {dialog}
      <div className="space-y-5">
        {loadError ? <Alert tone="error">{loadError}</Alert> : null}
        <FlashAlert flash={flash} onDismiss={clear} />

        {editing ? (
          <Card
            title={isNew ? "Add New Adventure" : `Edit: ${editing.title}`}
            actions={<CloseFormButton onClick={close} />}
          >
            <SimpleAdventureForm
              key={opened?.key}
              initial={opened?.initial ?? blank()}
              isNew={isNew}
              onSave={save}
              onCancel={close}
            />
          </Card>
        ) : null}

        {items.length === 0 && !loadError ? (
          <Card>
            <EmptyState
              icon={<Database className="h-6 w-6" />}
              title="No adventures found in database. Create your first adventure above."
            />
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Adventures in the database">
            {items.map((a) => (
              <li
                key={a.id}
                className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
                data-testid="enhanced-card"
              >
                <div className="relative aspect-[16/9] bg-slate-100">
                  <Img
                    src={a.image}
                    alt={a.image_alt || a.title}
                    sizes="(min-width: 1280px) 25vw, (min-width: 640px) 45vw, 100vw"
                    className="h-full w-full object-cover"
                  />
                  <div className="absolute top-2 left-2 flex gap-1">
                    {a.featured ? (
                      <Badge tone="amber">
                        <Star aria-hidden="true" className="mr-0.5 h-3 w-3" />
                        Featured
                      </Badge>
                    ) : null}
                    {!a.is_active ? <Badge tone="slate">Hidden</Badge> : null}
                  </div>
                </div>
                <div className="flex flex-1 flex-col p-4">
                  <h2 className="font-sans text-base font-semibold text-ocean-900">{a.title}</h2>
                  <p className="text-xs text-slate-500">/{a.slug}</p>
                  <p className="mt-2 line-clamp-2 text-sm text-slate-600">{a.description}</p>
                  <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-600">
                    <dt className="sr-only">Price</dt>
                    <dd className="font-semibold text-coral-700">{a.price || `$${a.price_num}`}</dd>
                    <dt className="sr-only">Duration</dt>
                    <dd>{a.duration}</dd>
                    <dt className="sr-only">Group size</dt>
                    <dd>{a.group_size}</dd>
                    <dt className="sr-only">Category</dt>
                    <dd>{categoryLabel(a.category)}</dd>
                  </dl>
                  <div className="mt-auto flex gap-2 pt-4">
                    <EditDeleteButtons
                      className="flex-1"
                      onEdit={() => open(a)}
                      onDelete={() => remove(a)}
                      editLabel={`Edit ${a.title}`}
                      deleteLabel={`Delete ${a.title}`}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
