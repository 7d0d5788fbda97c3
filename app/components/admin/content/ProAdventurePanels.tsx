/**
 * The fields of the professional editor's Basic Info, Details, Media and
 * Pricing tabs. The editor owns the form and renders each set inside its tab
 * panel; `text` registers a field there with its current message.
 */
import type { Control } from "react-hook-form";
import { ADVENTURE_CATEGORIES, SKILL_LEVELS } from "../../../lib/adventure-catalogue";
import { CURRENCIES, currencyCode } from "../../../lib/currency";
import { MAX_GROUP_SIZE } from "../../../lib/group-size";
import { CAMPING_MIN_AGE, DIVING_MIN_AGE } from "../../../lib/readiness";
import { SelectField, TextAreaField, TextField } from "../ui";
import { ALT_TEXT_HINT, FormImageField, GALLERY_HINT } from "./FormImageField";
import { Options } from "./options";
import type { ProFieldProps, ProForm, ProText } from "./pro-form";

const LIST_HINT = "One per line";

export function ProBasicFields({
  text,
  titleField,
  slugField,
  slug,
  slugLinked,
}: {
  text: ProText;
  titleField: ProFieldProps;
  slugField: ProFieldProps;
  slug: string;
  slugLinked: boolean;
}) {
  return (
    <>
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
          <Options choices={ADVENTURE_CATEGORIES} />
        </SelectField>
        <SelectField label="Skill level" {...text("skill_level")}>
          <Options choices={SKILL_LEVELS} />
        </SelectField>
        <TextField label="Duration" {...text("duration")} placeholder="e.g. 3 hours, 2 days / 1 night" />
        <TextField label="Location" {...text("location")} />
      </div>
    </>
  );
}

export function ProDetailsFields({
  text,
  minAgeField,
  policyText,
}: {
  text: ProText;
  minAgeField: ProFieldProps;
  policyText?: string;
}) {
  return (
    <>
      <div className="grid gap-5 lg:grid-cols-2">
        <TextAreaField label="Highlights" {...text("highlights")} rows={5} hint={LIST_HINT} />
        <TextAreaField label="What's included" {...text("included_items")} rows={5} hint={LIST_HINT} />
        <TextAreaField label="Not included" {...text("excluded_items")} rows={4} hint={LIST_HINT} />
        <TextAreaField label="What to bring" {...text("what_to_bring")} rows={4} hint={LIST_HINT} />
        <TextAreaField label="Best for" {...text("best_for")} rows={4} hint={LIST_HINT} />
        <TextAreaField label="Tags" {...text("tags")} rows={4} hint={LIST_HINT} />
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
        value={policyText ?? "The site's cancellation policy (Admin → Settings)."}
        readOnly
        rows={3}
        hint="Made from the cancellation policy under Admin → Settings (or this adventure's own rules below): refunds are worked out from it, so it is not edited here."
      />
      <TextAreaField label="Terms and conditions" {...text("terms_conditions")} rows={4} />
    </>
  );
}

export function ProMediaFields({
  control,
  text,
  errors,
  heroImageAlt,
}: {
  control: Control<ProForm>;
  text: ProText;
  errors: Record<string, string>;
  heroImageAlt: string;
}) {
  return (
    <>
      <FormImageField
        control={control}
        name="hero_image"
        label="Hero image"
        error={errors.hero_image}
        hint="Shown at the top of the adventure page and on its card"
        previewAlt={heroImageAlt || "Hero image preview"}
      />
      <TextField label="Hero image alt text" {...text("hero_image_alt")} hint={ALT_TEXT_HINT} />
      <TextAreaField label="Gallery images" {...text("gallery_images")} rows={4} hint={GALLERY_HINT} />
    </>
  );
}

export function ProPricingFields({
  text,
  basePriceField,
  groupMinField,
}: {
  text: ProText;
  basePriceField: ProFieldProps;
  groupMinField: ProFieldProps;
}) {
  return (
    <>
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
          label="Booking cut-off (hours)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...text("booking_cutoff_hours")}
          hint="Bookings close this many hours before the start time; leave empty for none"
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
    </>
  );
}
