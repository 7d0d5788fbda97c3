import { useEffect, useRef } from "react";
import { type RegisterOptions, useForm, useWatch } from "react-hook-form";
import { simpleAdventureSchema } from "../../../lib/admin-forms";
import { ADVENTURE_CATEGORIES, SKILL_LEVELS } from "../../../lib/adventure-catalogue";
import { slugify } from "../../../lib/slug";
import { Button, CheckboxField, SelectField, TextAreaField, TextField } from "../ui";
import { ErrorSummary, focusFirstError } from "./bits";
import { ALT_TEXT_HINT, FormImageField, GALLERY_HINT } from "./FormImageField";
import { errorMessages, payloadResolver, setServerErrors } from "./form-schema";
import { Options } from "./options";
import { type SimpleForm, simplePayload } from "./simple-form";

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

const resolver = payloadResolver<SimpleForm>(simpleAdventureSchema, simplePayload);

/**
 * The add/edit form of one adventure. `onSave` answers with the server's
 * field errors when the save was refused, which the form then shows.
 */
export function SimpleAdventureForm({
  initial,
  isNew,
  onSave,
  onCancel,
}: {
  initial: SimpleForm;
  isNew: boolean;
  onSave: (payload: ReturnType<typeof simplePayload>) => Promise<Record<string, string>>;
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
      const serverErrors = await onSave(simplePayload(values));
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
        <FormImageField
          control={control}
          name="image"
          label="Main image URL"
          required
          error={errors.image}
          previewAlt={imageAlt || "Main image preview"}
        />
        <TextField label="Image alt text" {...field("image_alt")} hint={ALT_TEXT_HINT} />
        <TextAreaField label="Gallery images" {...field("gallery_images")} rows={3} hint={GALLERY_HINT} />
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
            <Options choices={ADVENTURE_CATEGORIES} />
          </SelectField>
          <SelectField label="Skill level" {...field("skill_level")}>
            <Options choices={SKILL_LEVELS} />
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
